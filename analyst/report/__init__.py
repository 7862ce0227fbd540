"""Reports: the `Report` model, rendered to PDF (`render_pdf`) and Excel (`render_xlsx`).

The number formatting functions are public so the UI shows figures exactly as the report.
"""

from analyst.report.fonts import FontUnavailable
from analyst.report.formats import (
    excel_number_format,
    format_delta,
    format_int,
    format_money,
    format_number,
    format_percent,
    format_value,
)
from analyst.report.model import KPI, CodeStep, Definition, Report, ReportError, Section, Source
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
    "excel_number_format",
    "format_delta",
    "format_int",
    "format_money",
    "format_number",
    "format_percent",
    "format_value",
    "render_pdf",
    "render_xlsx",
]
