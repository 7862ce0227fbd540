"""The report model: what a report says, independent of how it is rendered.

Another module builds a `Report` from an analysis session; `render_pdf` and `render_xlsx`
turn the same `Report` into PDF and Excel bytes. Every type is a frozen dataclass so a
report can be built once and rendered many times without surprises.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from analyst.errors import AnalystError
from analyst.record.chart import Chart

if TYPE_CHECKING:
    import pandas as pd

ValueFormat = Literal["money", "int", "number", "percent", "year", "code"]
"""How a figure is shown. ``percent`` values are fractions: 0.123 is shown as 12.3%;
``year`` a calendar year, 1995, and ``code`` an id or a zip code, 84091 (never grouped,
never with decimals)."""

DeltaUnit = Literal["relative", "points"]
"""How a change is measured: relative to the figure (money, counts: +12.0%) or, for a
ratio, in percentage points (a margin from 40.0% to 41.2%: +1.2 pp)."""

ColumnFormat = Literal["money", "int", "number", "percent", "year", "code", "text", "date",
                       "month"]
"""How a table column is shown; columns without an entry are inferred from their dtype."""


@dataclass(frozen=True)
class KPI:
    """One headline figure on the executive summary (a tile in the PDF, a row in Excel)."""

    label: str
    value: float | None
    """None (or NaN) is shown as a dash: the figure could not be computed."""
    format: ValueFormat = "number"
    currency: str | None = None
    """ISO code ("USD", "UAH") or a symbol ("$"); used when ``format`` is ``money``."""
    delta: float | None = None
    """The change as a fraction: relative (0.12 is shown as +12.0%) or, with
    `delta_unit` "points", the difference of two ratios (0.012 is +1.2 pp); None hides it."""
    delta_label: str = ""
    """What the change is measured against, e.g. "vs previous month"."""
    key: str = ""
    """What the figure is, whatever the language of its label ("total", "orders", "aov",
    "gross_margin", "quantity", "last_period"): a recurring report compares runs by it."""
    delta_unit: DeltaUnit = "relative"


@dataclass(frozen=True)
class ChartCells:
    """Where a section chart's values sit in the section's table, so the workbook's native
    chart references those cells (0-based data rows and columns of `Section.table`)."""

    x: int | None
    """The column of the categories or periods; None for a bridge of column totals (each
    bar the sum of a column: the workbook writes the bridge as formulas over them)."""
    series: tuple[int, ...]
    """The column of each series, in the chart's series order."""
    rows: tuple[int, ...]
    """The data rows drawn, ascending and next to each other."""
    mark_rows: tuple[int, ...] = ()
    """The data row of each of the chart's marks, in the chart's order (its colours)."""


@dataclass(frozen=True)
class Section:
    """One pinned result: heading, narrative, optional chart and optional table."""

    title: str
    narrative: str = ""
    """Plain text (never markup); blank lines separate paragraphs."""
    chart_path: Path | None = None
    """A PNG on disk (the charts module writes 200 dpi PNGs, sharp at print size)."""
    table: pd.DataFrame | None = None
    """Shown with its index when the index is not a plain 0..n-1 range."""
    column_formats: Mapping[str, ColumnFormat] = field(default_factory=dict)
    """Column name -> format; e.g. {"Revenue": "money", "Share": "percent"}."""
    currency: str | None = None
    """Currency of the ``money`` columns of the table."""
    row_formats: Mapping[int, ColumnFormat] = field(default_factory=dict)
    """Row position -> format of that row's numeric cells in columns without an entry in
    `column_formats`: a key-figures table holds money, counts and a percentage in one value
    column; the data overview's min and max are a year, a count or a measure by row."""
    chart: Chart | None = None
    """The step's chart record, already held to its table: drawn as vector paths in the
    PDF and as a native chart in the workbook, in place of `chart_path`."""
    chart_cells: ChartCells | None = None
    """Where `chart`'s values sit in `table`; None: the workbook cannot reference them (a
    bridge of column totals, a table summarised for the report)."""


@dataclass(frozen=True)
class Source:
    """One ingested table, for the methodology appendix."""

    file_name: str
    sha256: str
    sheet: str | None = None
    rows: int = 0
    assumptions: tuple[str, ...] = ()
    """Plain sentences: what ingestion assumed (header row, decimal comma, ...)."""
    excluded_rows: int = 0


@dataclass(frozen=True)
class Definition:
    """What a computed measure means, e.g. the ABC class thresholds."""

    name: str
    text: str


@dataclass(frozen=True)
class CodeStep:
    """The code of one executed step, reproduced in the appendix."""

    title: str
    code: str


@dataclass(frozen=True)
class Report:
    """Everything a rendered report contains."""

    title: str
    subtitle: str = ""
    """Data source and period covered, e.g. "sales_2026.xlsx · Jan-Oct 2026"."""
    generated_at: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))
    language_hint: str | None = None
    """"en", "uk", "ru", "zh", "ja": language of the fixed labels ("Contents", "Page 1 of 3").
    None detects it from the title, subtitle, section titles and narratives."""
    kpis: tuple[KPI, ...] = ()
    sections: tuple[Section, ...] = ()
    sources: tuple[Source, ...] = ()
    definitions: tuple[Definition, ...] = ()
    steps_code: tuple[CodeStep, ...] = ()
    include_code: bool = True
    """False leaves the code of the steps out of the appendix."""
    notice: str | None = None
    """None uses the standard notice (automated analysis, interpretations need review)
    in the report's language."""


class ReportError(AnalystError):
    """A report cannot be rendered; ``str()`` is one sentence saying what to do about it."""
