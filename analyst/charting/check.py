"""The chart never disagrees with the table: every value it draws is held to its cell.

A chart a reader trusts next to its table must draw exactly the table's numbers. Before a
chart is drawn (in the app, the PDF, the workbook) each `Mark` is compared with the cell it
names in the table shown beside it; one mismatch, a missing cell or an ambiguous row drops
the chart, and the reader is told why (`notice`), instead of a picture that contradicts
the figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd

from analyst.record.chart import Chart, LeftOut, Mark, is_whole
from analyst.words import say

REL_TOL = 1e-9
"""Floating-point noise only: a chart drawn from the table's cells agrees exactly."""


@dataclass(frozen=True)
class Disagreement:
    """A value the chart would draw that the table does not hold."""

    mark: Mark
    table_value: float | None
    """What the table holds for it; None when it holds no such cell (or several)."""


def disagreements(chart: Chart, table: pd.DataFrame) -> tuple[Disagreement, ...]:
    """Every mark of `chart` that `table` contradicts (empty: the chart agrees)."""
    found = []
    for mark in chart.marks:
        held = _cell(chart, mark, table)
        expected = None if held is None else (-held if mark.negated else held)
        if expected is None or not _same(mark.value, expected):
            found.append(Disagreement(mark, held))
    if chart.kind == "pie" and not is_whole(chart.marks):
        found.extend(Disagreement(m, None) for m in chart.marks)
    return tuple(found)


def agrees(chart: Chart, table: pd.DataFrame | None) -> bool:
    """True when `table` holds every value `chart` draws (a chart without a table to hold
    it to does not agree: it is not drawn)."""
    return table is not None and bool(chart.marks) and not disagreements(chart, table)


def notice(language: str | None, why: LeftOut = "disagrees") -> str:
    """What the reader is told where a chart was dropped, in their language."""
    return say(language, "charting", "chart_disagrees" if why == "disagrees" else "chart_unusable")


def _cell(chart: Chart, mark: Mark, table: pd.DataFrame) -> float | None:
    if mark.series not in table.columns:
        return None
    column = pd.to_numeric(table[mark.series], errors="coerce")
    if mark.row is None:  # the column's total
        return float(column.sum())
    if chart.x not in table.columns:
        return None
    keys = table[chart.x].map(_key)
    hits = column[keys == mark.row]
    if len(hits) != 1:  # no such row, or two rows a bar could stand for
        return None
    return float(hits.iloc[0])


def _key(value: object) -> str:
    if isinstance(value, pd.Timestamp):
        return value.strftime("%Y-%m-%d")
    return str(value)


def _same(drawn: float, held: float) -> bool:
    if math.isnan(drawn) or math.isnan(held):
        return math.isnan(drawn) and math.isnan(held)
    return math.isclose(drawn, held, rel_tol=REL_TOL, abs_tol=1e-9)
