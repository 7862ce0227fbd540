"""The chart never disagrees with the table: any value it would draw that the table does
not hold drops the chart, with a notice in the reader's language.

Spec over many generated result tables: the chart built from a table agrees with it; a
chart changed in any one value (a little or a lot), a bar moved to another row or to a
row that is not there, a column gone, two rows a bar could stand for, a cost's sign
flipped: each disagrees, and the disagreement names the mark.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from analyst.brain.code.charts import chart_for
from analyst.charting.check import agrees, disagreements, notice
from analyst.record.chart import Chart
from tests.charting.tables import results

SEEDS = range(12)


def _charts(seed: int):
    for recipe, args, table in results(seed):
        chart = chart_for(recipe, args, table, title="t")
        assert chart is not None
        yield recipe, chart, table


def _with(chart: Chart, index: int, **changes) -> Chart:
    marks = list(chart.marks)
    marks[index] = replace(marks[index], **changes)
    return replace(chart, marks=tuple(marks))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_chart_built_from_a_table_agrees_with_it(seed: int) -> None:
    for recipe, chart, table in _charts(seed):
        assert disagreements(chart, table) == (), recipe
        assert agrees(chart, table)


@pytest.mark.parametrize("seed", SEEDS)
def test_one_value_off_by_any_amount_drops_the_chart(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for recipe, chart, table in _charts(seed):
        i = int(rng.integers(len(chart.marks)))
        mark = chart.marks[i]
        # From a cent to ten times: rounding for display, a wrong column, a wrong unit.
        for off in (0.01, 1.0, abs(mark.value) * 1e-6 + 1e-6, mark.value * 9 + 1):
            wrong = _with(chart, i, value=mark.value + off)
            found = disagreements(wrong, table)
            assert [d.mark for d in found] == [wrong.marks[i]], (recipe, off)
            assert not agrees(wrong, table)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_bar_standing_for_another_or_a_missing_row_drops_the_chart(seed: int) -> None:
    for recipe, chart, table in _charts(seed):
        rows = [m for m in chart.marks if m.row is not None]
        if not rows:
            continue
        missing = _with(chart, chart.marks.index(rows[0]), row=rows[0].row + "\u200b")
        assert not agrees(missing, table), recipe
        distinct = [m for m in rows if m.value != rows[0].value]
        if distinct:  # two bars swapped: each stands for the other's row
            swapped = _with(chart, chart.marks.index(rows[0]), row=distinct[0].row)
            assert not agrees(swapped, table), recipe


@pytest.mark.parametrize("seed", SEEDS)
def test_a_table_that_changed_under_the_chart_drops_it(seed: int) -> None:
    for recipe, chart, table in _charts(seed):
        for column in chart.series:
            assert not agrees(chart, table.drop(columns=[column])), recipe
        if chart.x:
            assert not agrees(chart, table.drop(columns=[chart.x])), recipe
            # Two rows with the drawn label: which one the bar is cannot be told.
            doubled = table.loc[list(table.index) + [table.index[0]]]
            first = str(table[chart.x].iloc[0])
            if any(m.row == first for m in chart.marks):
                assert not agrees(chart, doubled), recipe
        scaled = table.copy()
        scaled[chart.series[0]] = scaled[chart.series[0]] * 1.001
        assert not agrees(chart, scaled), recipe
    assert not agrees(chart, None)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_waterfall_cost_drawn_as_an_increase_drops_the_chart(seed: int) -> None:
    recipe, chart, table = [c for c in _charts(seed) if c[1].kind == "waterfall"][0]
    cost = next(i for i, m in enumerate(chart.marks) if m.negated)
    flipped = _with(chart, cost, value=-chart.marks[cost].value)
    assert not agrees(flipped, table) or chart.marks[cost].value == 0


def test_the_notice_is_said_in_each_language() -> None:
    texts = {lang: notice(lang) for lang in ("en", "uk", "ru", "zh")}
    assert len(set(texts.values())) == 4
    assert all(texts.values()) and "chart_disagrees" not in "".join(texts.values())
