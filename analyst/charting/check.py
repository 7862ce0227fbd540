"""The chart never disagrees with the table: every value it draws is held to its cell.

A chart a reader trusts next to its table must draw exactly the table's numbers. Before a
chart is drawn (in the app, the PDF, the workbook) each `Mark` is compared with the cell it
names in the table shown beside it; one mismatch, a missing cell or an ambiguous row drops
the chart, and the reader is told why (`notice`), instead of a picture that contradicts
the figures.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pandas as pd

from analyst.record import Step
from analyst.record.chart import Chart, LeftOut, Mark, is_whole
from analyst.words import say

REL_TOL = 1e-9
"""Floating-point noise only: a chart drawn from the table's cells agrees exactly."""


@dataclass(frozen=True)
class Disagreement:
    """A value the chart would draw that the table does not hold."""

    mark: Mark
    table_value: float | None
    """What the table holds for it; None when it holds no such cell (or several). For a
    stated figure: the figure."""
    stated: str | None = None
    """The name of the answer's figure it contradicts (`StepFigures.figures`); None: the
    table's cell."""


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


def agrees(chart: Chart, table: pd.DataFrame | None,
           figures: Mapping[str, float] | None = None) -> bool:
    """True when `table` holds every value `chart` draws and the answer's stated `figures`
    (a step's `StepFigures.figures`) say the same of every label they name (a chart
    without a table to hold it to does not agree: it is not drawn)."""
    return (table is not None and bool(chart.marks) and not disagreements(chart, table)
            and not stated_disagreements(chart, table, figures or {}))


def stated(step: Step) -> Mapping[str, float]:
    """The figures `step`'s answer states (the figures it sent), by name; none: empty."""
    return step.figures.figures if step.figures is not None else {}


def stated_disagreements(chart: Chart, table: pd.DataFrame,
                         figures: Mapping[str, float]) -> tuple[Disagreement, ...]:
    """Every mark whose value differs from the figure the answer states for its label.

    A figure names a drawn value when it is a drawn column's total (a bridge's revenue,
    its operating profit), the last period's value (`last`), the "Other" row's
    (`other_total`), or the largest or smallest value drawn (`largest`, `best`, `worst`,
    judged only when the chart draws every row of its table, else the extreme may be a
    row it leaves out)."""
    found = []
    for name, stated in figures.items():
        pick = _FIGURE_MARKS.get(name)
        marks = (pick(chart, table) if pick is not None
                 else tuple(m for m in chart.marks if m.row is None and m.series == name))
        for mark in marks:
            said = -stated if mark.negated else stated
            if not _same(mark.value, said):
                found.append(Disagreement(mark, stated, stated=name))
    return tuple(found)


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


def row_keys(table: pd.DataFrame, x: str) -> list[str]:
    """Each row's key in `x` as a `Mark.row` names it."""
    return [_key(v) for v in table[x]]


def _key(value: object) -> str:
    if isinstance(value, pd.Timestamp):
        return value.strftime("%Y-%m-%d")
    return str(value)


def _same(drawn: float, held: float) -> bool:
    if math.isnan(drawn) or math.isnan(held):
        return math.isnan(drawn) and math.isnan(held)
    return math.isclose(drawn, held, rel_tol=REL_TOL, abs_tol=1e-9)


def _first_series(chart: Chart) -> tuple[Mark, ...]:
    first = chart.series[0] if chart.marks else ""
    return tuple(m for m in chart.marks if m.series == first and m.row is not None)


def _last(chart: Chart, table: pd.DataFrame) -> tuple[Mark, ...]:
    if chart.x not in table.columns or not len(table):
        return ()
    key = _key(table[chart.x].iloc[-1])
    return tuple(m for m in _first_series(chart) if m.row == key)[:1]


def _other(chart: Chart, table: pd.DataFrame) -> tuple[Mark, ...]:
    return tuple(m for m in _first_series(chart) if m.row == "Other")[:1]


def _extreme(largest: bool) -> Callable[[Chart, pd.DataFrame], tuple[Mark, ...]]:
    def pick(chart: Chart, table: pd.DataFrame) -> tuple[Mark, ...]:
        marks = [m for m in _first_series(chart) if not math.isnan(m.value)]
        if not marks or marks[0].series not in table.columns:
            return ()
        if len(marks) != int(pd.to_numeric(table[marks[0].series], errors="coerce").notna().sum()):
            return ()  # a row is left out of the chart: its extreme may be that row
        return (max(marks, key=lambda m: m.value) if largest
                else min(marks, key=lambda m: m.value),)
    return pick


_FIGURE_MARKS: dict[str, Callable[[Chart, pd.DataFrame], tuple[Mark, ...]]] = {
    "last": _last, "other_total": _other,
    "largest": _extreme(True), "best": _extreme(True), "worst": _extreme(False),
}
"""Figures of a recipe's answer that name one drawn value other than a column's total."""
