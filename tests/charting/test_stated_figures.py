"""The chart never disagrees with the answer either: where the answer states a figure the
chart draws (the last month, the largest group, the "Other" row, a bridge's totals, the
best and worst period), a chart whose value for that label differs is dropped, and the
disagreement names the figure. Figures the chart does not draw (a total of all bars, a
count, a share) never drop it.

Spec over the real recipes' results and figures on many generated tables."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from analyst import recipes
from analyst.brain.code.charts import chart_for
from analyst.charting.check import agrees, stated, stated_disagreements
from analyst.record import RecipeCall, Step, StepFigures
from analyst.record.chart import Chart
from tests.charting.tables import budget, sales

SEEDS = range(12)
NAMED = {"period_dynamics": {"last", "best", "worst"}, "breakdown": {"largest"},
         "top_n": {"other_total"},
         "pnl_summary": {"revenue", "cogs", "gross_profit", "opex", "operating_profit"}}
"""The figures of each recipe's answer that name a value its chart draws."""


def _calls(seed: int) -> list[tuple[str, dict[str, Any], Any]]:
    df = sales(seed)
    calls: list[tuple[str, dict[str, Any], Any]] = [
        ("period_dynamics", {"date": "Date", "amount": "Revenue", "freq": "M"}, df),
        ("top_n", {"by": "Product", "amount": "Revenue", "n": 5, "other": True}, df),
        ("breakdown", {"by": "Region", "amount": "Revenue"}, df),
        ("abc_analysis", {"item": "Product", "amount": "Revenue"}, df),
        ("margin_by", {"by": "Region", "revenue": "Revenue", "cost": "Cost"}, df),
        ("pnl_summary", {"date": "Date", "revenue": "Revenue", "cogs": "Cost", "opex": "Opex"}, df),
        ("budget_vs_actual", {"line": "Line", "budget": "Budget", "actual": "Actual"}, budget(seed)),
    ]
    return calls


def _results(seed: int):
    for recipe, args, data in _calls(seed):
        result = getattr(recipes, recipe)(data, **args)
        chart = chart_for(recipe, args, result.table, title="t")
        assert chart is not None, recipe
        figures = {k: float(v) for k, v in result.figures.items()
                   if isinstance(v, int | float) and np.isfinite(v)}
        yield recipe, chart, result.table, figures


def _step(recipe: str, args: dict[str, Any], figures: dict[str, float], chart: Chart) -> Step:
    return Step(number=1, description="t", code="", origin=RecipeCall(recipe, args),
                figures=StepFigures(recipe=recipe, title="t", figures=figures, notes=(), head=()),
                chart=chart)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_chart_agrees_with_the_figures_its_own_recipe_states(seed: int) -> None:
    for recipe, chart, table, figures in _results(seed):
        assert stated_disagreements(chart, table, figures) == (), recipe
        assert agrees(chart, table, figures), recipe


@pytest.mark.parametrize("seed", SEEDS)
def test_a_stated_figure_that_differs_from_its_bar_drops_the_chart(seed: int) -> None:
    rng = np.random.default_rng(seed)
    checked = set()
    for recipe, chart, table, figures in _results(seed):
        for name in sorted(NAMED.get(recipe, set()) & set(figures)):
            value = figures[name]
            for off in (0.01, 1.0, abs(value) * 1e-6 + 1e-6, value * float(rng.uniform(1, 9)) + 1):
                said = figures | {name: value + off}
                found = stated_disagreements(chart, table, said)
                if not found:
                    # Only an extreme of a chart that leaves rows out is not judged.
                    assert name in ("largest", "best", "worst"), (recipe, name)
                    continue
                checked.add((recipe, name))
                assert {d.stated for d in found} == {name}, (recipe, name, off)
                assert not agrees(chart, table, said), (recipe, name)
    # Every kind of stated figure was held to its bar at least once for this seed's tables.
    assert {n for _, n in checked} >= {"last", "other_total", "revenue", "operating_profit"}


@pytest.mark.parametrize("seed", SEEDS)
def test_figures_the_chart_does_not_draw_never_drop_it(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for recipe, chart, table, figures in _results(seed):
        others = {k: v * float(rng.uniform(2, 5)) + 1 for k, v in figures.items()
                  if k not in NAMED.get(recipe, set())}
        assert agrees(chart, table, figures | others), recipe


@pytest.mark.parametrize("seed", range(4))
def test_the_step_record_carries_its_stated_figures_to_the_check(seed: int) -> None:
    for recipe, args, data in _calls(seed):
        result = getattr(recipes, recipe)(data, **args)
        chart = chart_for(recipe, args, result.table, title="t")
        figures = {k: float(v) for k, v in result.figures.items()
                   if isinstance(v, int | float) and np.isfinite(v)}
        assert chart is not None
        step = _step(recipe, args, figures, chart)
        assert agrees(chart, result.table, stated(step))
        for name in NAMED.get(recipe, set()) & set(figures) - {"largest", "best", "worst"}:
            wrong = replace(step, figures=replace(step.figures, figures=figures | {
                name: figures[name] + 100.0}))
            assert not agrees(chart, result.table, stated(wrong)), (recipe, name)
