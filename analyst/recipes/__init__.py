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
from .catalog import DEFINITIONS, describe_for_model
from .columns import RecipeError
from .pnl import classify_account
from .registry import registry as _registry
from .result import ChartSeries, ChartSpec, RecipeResult

if TYPE_CHECKING:
    from . import charts  # noqa: F401 (`recipes.charts`, resolved by __getattr__ below)
    from .charts import apply_style, draw_chart, format_value, render_chart

# Each recipe's function is bound here by the registry, as `recipes.<name>` (see `registry`).
RECIPES = tuple(name for name, recipe in _registry().items() if recipe.for_model)
QUESTION_RECIPES = tuple(name for name, recipe in _registry().items() if not recipe.for_model)
"""The offline planner's answers to one finance question on a statement (not in the model's
list: it has `pnl_statement` and pandas for these)."""

__all__ = [
    "DEFINITIONS", "QUESTION_RECIPES", "RECIPES", "ChartSeries", "ChartSpec", "RecipeError",
    "RecipeResult", "apply_style", "classify_account", "describe_for_model", "draw_chart",
    "format_value", "notes", "render_chart", *RECIPES, *QUESTION_RECIPES,
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
