"""Reports: built from an analysis (`analyst.report.build.build_report`: answers and cards
-> `Report`), rendered to PDF (`render_pdf`) and Excel (`render_xlsx`).

Building reads the planner's records, so it is imported from `analyst.report.build`, never
with the package: the planner and the answers import the renderers' model, and the figures'
number formats are the house's (`analyst.words.number_formats`), not the report's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyst.lazy import on_first_use
from analyst.report.model import KPI, CodeStep, Definition, Report, ReportError, Section, Source

if TYPE_CHECKING:
    from analyst.report.fonts import FontUnavailable
    from analyst.report.pdf import render_pdf
    from analyst.report.xlsx import render_xlsx

__all__ = [
    "KPI",
    "CodeStep",
    "Definition",
    "FontUnavailable",
    "Report",
    "ReportError",
    "Section",
    "Source",
    "render_pdf",
    "render_xlsx",
]

# The renderers import reportlab and openpyxl (about 0.3 s of CPU), and the fonts module
# finds its files through matplotlib; the model is wanted by every command and screen. So
# the renderers are imported on first use (PEP 562), not with the package.
_ON_FIRST_USE = {"FontUnavailable": "analyst.report.fonts", "render_pdf": "analyst.report.pdf",
                 "render_xlsx": "analyst.report.xlsx"}


__getattr__ = on_first_use(__name__, _ON_FIRST_USE)
