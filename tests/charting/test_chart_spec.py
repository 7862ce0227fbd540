"""One chart per result, built from the result table, by value in the step record.

Spec: for every recipe that draws, over many generated tables, the chart's marks are
cells of the table; a record survives JSON whole; colours mean favourable the right way
for revenue and costs; a pie only ever draws parts of a whole.
"""

from __future__ import annotations

import json
import math

import pytest

from analyst import recipes
from analyst.brain.code.charts import chart_for, heading
from analyst.record import RecipeCall, Step
from analyst.record.chart import Chart, Mark
from tests.charting.tables import budget, results

SEEDS = range(16)
LANGUAGES = ("en", "uk", "ru", "zh")


@pytest.mark.parametrize("seed", SEEDS)
def test_every_drawn_value_is_a_cell_of_the_result_table(seed: int) -> None:
    for recipe, args, table in results(seed):
        language = LANGUAGES[seed % 4]
        chart = chart_for(recipe, args, table, title="t", language=language)
        assert chart is not None, recipe
        assert chart.marks and chart.language == language
        for mark in chart.marks:
            if mark.row is None:
                held = float(table[mark.series].sum())
            else:
                rows = table[table[chart.x].astype(str) == mark.row]
                assert len(rows) == 1, (recipe, mark)
                held = float(rows[mark.series].iloc[0])
            assert mark.value == (-held if mark.negated else held), (recipe, mark)


@pytest.mark.parametrize("seed", SEEDS)
def test_bars_are_sorted_largest_first_and_periods_stay_in_time_order(seed: int) -> None:
    for recipe, args, table in results(seed):
        chart = chart_for(recipe, args, table, title="t")
        assert chart is not None
        drawn = [m.value for m in chart.ordered()]
        if chart.sort == "descending":
            assert drawn == sorted(drawn, reverse=True), recipe
        if recipe == "period_dynamics":
            assert chart.kind in ("bar", "line") and chart.sort == "table"
            rows = [m.row for m in chart.ordered()]
            assert rows == sorted(rows)
        if recipe == "top_n":  # the ranking's order: "Other" last whatever its size
            assert chart.sort == "table"
            assert [m.row for m in chart.marks] == [str(v) for v in table["Product"]]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_cost_under_budget_is_favourable_and_revenue_under_budget_is_not(seed: int) -> None:
    args = {"line": "Line", "budget": "Budget", "actual": "Actual"}
    table = recipes.budget_vs_actual(budget(seed), **args).table
    chart = chart_for("budget_vs_actual", args, table, title="t")
    assert chart is not None
    for mark in chart.marks:
        row = table[table["Line"] == mark.row].iloc[0]
        under = row["Actual"] < row["Budget"]
        if row["Actual"] == row["Budget"]:
            assert mark.tone == "neutral"
        elif row["kind"] == "cost":
            assert mark.tone == ("favourable" if under else "unfavourable"), row.to_dict()
        else:
            assert mark.tone == ("unfavourable" if under else "favourable"), row.to_dict()
        # The recipe's own words agree with the colour.
        assert row["assessment"] == mark.tone or mark.tone == "neutral"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_pnl_bridge_is_a_waterfall_that_ends_at_operating_profit(seed: int) -> None:
    recipe, args, table = results(seed)[-2]
    assert recipe == "pnl_summary"
    chart = chart_for(recipe, args, table, title="t", language="uk")
    assert chart is not None and chart.kind == "waterfall"
    steps = [m for m in chart.marks if not m.total]
    totals = [m for m in chart.marks if m.total]
    assert math.isclose(totals[0].value + sum(m.value for m in steps), totals[-1].value,
                        rel_tol=1e-9, abs_tol=1e-6)
    assert chart.marks[0].label == heading("revenue", "uk") != "revenue"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_chart_travels_by_value_in_the_step_record(seed: int) -> None:
    for recipe, args, table in results(seed):
        chart = chart_for(recipe, args, table, title="Виручка 华东", language=LANGUAGES[seed % 4])
        step = Step(1, "d", "code", origin=RecipeCall(recipe, args), chart=chart)
        again = Step.from_dict(json.loads(json.dumps(step.to_dict())))
        assert again.chart == chart
        assert again == step


def test_a_step_without_a_chart_reads_back_without_one() -> None:
    data = Step(1, "d", "code").to_dict()
    del data["chart"]  # a record written before charts were kept
    assert Step.from_dict(data).chart is None


@pytest.mark.parametrize("values", [(-1.0, 2.0), (0.0, 0.0), (1.0, math.nan), ()])
def test_a_pie_draws_only_parts_of_a_whole(values: tuple[float, ...]) -> None:
    marks = tuple(Mark(str(i), "share_pct", v, str(i)) for i, v in enumerate(values))
    with pytest.raises(ValueError):
        Chart("pie", "t", "x", marks)
    Chart("pie", "t", "x", tuple(Mark(str(i), "s", float(i + 1), str(i)) for i in range(4)))


def test_a_table_of_another_shape_gets_no_chart_rather_than_a_wrong_one() -> None:
    recipe, args, table = results(3)[2]
    assert chart_for(recipe, args, table.drop(columns=["Revenue"]), title="t") is None
    assert chart_for("kpi_summary", {}, table, title="t") is None
