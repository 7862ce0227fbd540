"""Verified business recipes: fixed, documented, tested definitions of the questions finance
and sales people ask again and again, each returning a `RecipeResult` (table, chart spec,
definition, notes, key figures).

Self-contained on purpose: only pandas, numpy, matplotlib and the standard library, and only
relative imports, because this folder is copied as-is into the sandbox workspace
(`lib/recipes/`) and imported there as `import recipes`; the host imports it as
`analyst.recipes`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from . import notes
from .breakdown import breakdown, margin_by
from .catalog import DEFINITIONS, describe_for_model
from .columns import RecipeError
from .dynamics import period_dynamics
from .finance_ask import (
    budget_to_date,
    largest_expenses,
    line_growth,
    loss_months,
    rank_items,
    statement_figure,
    statement_margins,
)
from .funnel import funnel_conversion
from .kpi import kpi_summary
from .pnl import classify_account, pnl_summary
from .profile import outliers, profile
from .ranking import abc_analysis, top_n
from .registry import registry as _registry
from .result import ChartSeries, ChartSpec, RecipeResult
from .statement import expense_structure, margin_trend, notable_changes, pnl_statement
from .variance import budget_vs_actual

if TYPE_CHECKING:
    from . import charts  # noqa: F401 (`recipes.charts`, resolved by __getattr__ below)
    from .charts import apply_style, draw_chart, format_value, render_chart

RECIPES = (
    *_registry(), "kpi_summary", "period_dynamics", "breakdown", "margin_by",
    "funnel_conversion", "pnl_summary", "budget_vs_actual", "profile", "outliers",
    "pnl_statement", "margin_trend", "expense_structure", "notable_changes",
)
QUESTION_RECIPES = (
    "statement_figure", "loss_months", "statement_margins", "largest_expenses", "line_growth",
    "budget_to_date", "rank_items",
)
"""The offline planner's answers to one finance question on a statement (not in the model's
list: it has `pnl_statement` and pandas for these)."""

__all__ = [
    "DEFINITIONS", "QUESTION_RECIPES", "RECIPES", "ChartSeries", "ChartSpec", "RecipeError", "RecipeResult",
    "abc_analysis", "apply_style", "breakdown", "budget_vs_actual", "classify_account",
    "describe_for_model", "draw_chart", "expense_structure", "margin_trend", "notable_changes",
    "pnl_statement",
    "format_value", "funnel_conversion", "notes", "kpi_summary", "margin_by", "outliers",
    "period_dynamics", "pnl_summary", "profile", "render_chart", "top_n",
    "budget_to_date", "largest_expenses", "line_growth", "loss_months", "rank_items",
    "statement_figure", "statement_margins",
]

# Drawing imports matplotlib (about 0.4 s of CPU). The host imports this package for its
# numbers and labels at every start of the command line and draws only for a chart, so
# the chart functions are imported on first use (PEP 562). Steps call them as
# `recipes.render_chart(...)` or `recipes.charts.render_chart(...)`; both work as before.
# (Only these: a lazy `breakdown` or `profile` would be shadowed by the module of that name
# once another recipe imports it.)
_DRAWING = ("apply_style", "draw_chart", "format_value", "render_chart")


def __getattr__(name: str) -> object:
    if name != "charts" and name not in _DRAWING:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = import_module(".charts", __name__)
    value = module if name == "charts" else vars(module)[name]
    globals()[name] = value  # later look-ups are ordinary ones
    return value
