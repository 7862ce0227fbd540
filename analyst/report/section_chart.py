"""A report section's chart: the step's chart record, held to the table it was made from,
and where its values sit in the section's table (for the workbook's native chart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pandas as pd

from analyst.brain.code.charts import shares_chart
from analyst.charting.check import agrees, stated
from analyst.events import Step
from analyst.record.artifact_tables import TABLE_SUFFIXES, read_step_table
from analyst.record.chart import Chart
from analyst.report.model import ChartCells, ColumnFormat
from sandbox import Workspace

DROPPED_COLUMNS = ("start",)
"""Columns `step_table` leaves out of a section's table (the period label says it)."""


@dataclass(frozen=True)
class SectionChart:
    chart: Chart | None
    """None: no chart record, or one the table contradicts."""
    dropped: bool
    """True when the step had a chart the table contradicts: the reader is told."""
    raw: pd.DataFrame | None
    """The step's table as it saved it (the check's reference)."""


def section_chart(workspace: Workspace, step: Step) -> SectionChart:
    """The step's chart if its saved table (the host's copy) holds every value it draws."""
    if step.chart is None or step.result is None:
        return SectionChart(None, False, None)
    files = sorted((f for f in step.result.files if f.path.endswith(TABLE_SUFFIXES)),
                   key=lambda f: not f.path.endswith(".parquet"))
    raw = read_step_table(workspace, files[0]).frame if files else None
    if raw is None or not agrees(step.chart, raw, stated(step)):
        return SectionChart(None, True, raw)
    return SectionChart(step.chart, False, raw)


def class_chart(summary: pd.DataFrame, items: Chart,
                formats: Mapping[str, ColumnFormat]) -> Chart | None:
    """The ABC section's chart: each class's share of the whole as a pie over the class
    table the section shows (`abc_classes`), said like the items' chart; None when the
    classes are not parts of one positive whole, or the pie would not agree with it."""
    amount = next((str(c) for c in summary.columns if formats.get(str(c)) == "money"), None)
    if amount is None or "class" not in summary.columns:
        return None
    pie = shares_chart(summary, "class", amount, title=items.title, language=items.language,
                       currency=items.currency)
    return pie if pie is not None and agrees(pie, summary) else None


def chart_cells(chart: Chart, raw: pd.DataFrame, shown: pd.DataFrame) -> ChartCells | None:
    """Where `chart`'s marks sit in `shown`, the section's table made from `raw` (its
    columns renamed in place and `DROPPED_COLUMNS` left out, its rows in the same order);
    for a bridge of column totals, the whole columns. None when `shown` is not such a
    table, or the rows drawn are not next to each other (a chart range is one block)."""
    kept = [str(c) for c in raw.columns if str(c) not in DROPPED_COLUMNS]
    if len(kept) != shown.shape[1] or len(raw) < len(shown):
        return None
    if all(m.row is None for m in chart.marks):  # a bridge of column totals: whole columns
        if len(raw) != len(shown) or any(s not in kept for s in chart.series) or not len(shown):
            return None
        return ChartCells(x=None, series=tuple(kept.index(s) for s in chart.series),
                          rows=tuple(range(len(shown))))
    if chart.x not in kept or any(m.row is None for m in chart.marks):
        return None
    keys = raw[chart.x].map(lambda v: v.strftime("%Y-%m-%d") if isinstance(v, pd.Timestamp)
                            else str(v)).tolist()
    if any(m.row not in keys for m in chart.marks):
        return None
    rows = sorted({keys.index(str(m.row)) for m in chart.marks})
    if not rows or rows != list(range(rows[0], rows[-1] + 1)) or rows[-1] >= len(shown):
        return None
    if any(s not in kept for s in chart.series):
        return None
    return ChartCells(x=kept.index(chart.x), series=tuple(kept.index(s) for s in chart.series),
                      rows=tuple(rows), mark_rows=tuple(keys.index(str(m.row)) for m in chart.marks))
