"""Plan a saved recipe call again on another table: the step of a recurring report.

A recurring report keeps each section as its recipe and its arguments, columns by name
(`analyst.recurring`); next month the columns are matched on the new table first, then
this plans the same call as the planner would have planned it there: titles and chart
words in the section's language, the currency of the new table's columns, computed
columns. Every kind of step the offline brain makes can be planned again: the sales
recipes (`plan.recipe_step`), the P&L, budget against actual, the funnel, and the data
report's own steps (overview, distribution, correlations).
"""

from __future__ import annotations

from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan.columns import column_currency
from analyst.brain.plan.data_report import own_step
from analyst.brain.plan.plan import recipe_step
from analyst.brain.plan.tables import pnl_table
from analyst.brain.runner import DATA_REPORT_STEPS
from analyst.brain.understand.phrases import normalise, say
from analyst.events import Step
from analyst.words.number_formats import currency_unit

_COLUMN_ARGS = {
    "pnl_summary": ("date", "account", "amount", "section", "revenue", "cogs"),
    "funnel_conversion": ("stage", "count", "period"),
    "budget_vs_actual": ("line", "budget", "actual"),
}
_KEPT_ARGS = {"pnl_summary": ("freq", "mapping"), "funnel_conversion": ("freq", "order"),
              "budget_vs_actual": ()}
_LIST_ARGS = {"pnl_summary": "opex", "funnel_conversion": "stages"}


def replan_step(card: Any, recipe: str, arguments: dict[str, Any],
                language: str = "en") -> PlannedStep | Step | None:
    """The step calling `recipe` with `arguments` (columns named as `card`'s table names
    them) on `card`'s table; None when the table cannot hold it (a column argument it
    lacks, no sales reading for a sales recipe) or the recipe is not one the planner plans.
    """
    lang = normalise(language)
    names = {c.name for c in card.columns}
    if recipe in DATA_REPORT_STEPS:
        wanted = [arguments["column"]] if "column" in arguments else list(
            arguments.get("columns") or ())
        if any(not isinstance(c, str) or c not in names for c in wanted):
            return None
        if recipe == "distribution" and not wanted or recipe == "correlations" and len(wanted) < 2:
            return None
        return own_step(card, recipe, arguments, lang)
    if recipe not in _COLUMN_ARGS:
        return recipe_step(card, recipe, arguments, lang)
    args: dict[str, Any] = {}
    for key in _COLUMN_ARGS[recipe]:
        value = arguments.get(key)
        if value is None:
            continue
        if not isinstance(value, str) or value not in names:
            return None
        args[key] = value
    listed = _LIST_ARGS.get(recipe)
    if listed and arguments.get(listed):
        values = [arguments[listed]] if isinstance(arguments[listed], str) else list(
            arguments[listed])
        if any(not isinstance(v, str) or v not in names for v in values):
            return None
        args[listed] = _with_new_lines(card, recipe, values)
    args.update({k: arguments[k] for k in _KEPT_ARGS[recipe] if k in arguments})
    if recipe == "pnl_summary":
        return _pnl(card, args, lang)
    if recipe == "funnel_conversion":
        if not args.get("stages") and not args.get("stage"):
            return None
        title = say(lang, "title_funnel")
        return PlannedStep("funnel_conversion", title, "funnel_conversion", card.parquet_path,
                           args, chart_title=None if lang == "en" else title, language=lang)
    if len(args) < 3:  # budget_vs_actual: a line, a budget and an actual column
        return None
    _currency(card, args, lang, args["actual"], args["budget"])
    title = say(lang, "title_variance", actual=args["actual"], budget=args["budget"])
    return PlannedStep("budget_vs_actual", title, "budget_vs_actual", card.parquet_path, args,
                       chart_title=None if lang == "en" else title, language=lang)


def _pnl(card: Any, args: dict[str, Any], lang: str) -> PlannedStep | None:
    if not (args.get("account") and args.get("amount")) and not args.get("revenue"):
        return None
    _currency(card, args, lang, args.get("amount") or args.get("revenue"))
    title = say(lang, "title_pnl")
    return PlannedStep("profit_and_loss", title, "pnl_summary", card.parquet_path, args,
                       chart_title=None if lang == "en" else title, language=lang)


def _with_new_lines(card: Any, recipe: str, saved: list[str]) -> list[str]:
    """The saved cost columns of a P&L and the new table's other cost columns: a cost line
    added this month ("Marketing") counts in its operating profit, never dropped silently.
    A funnel's stages stay the saved ones, in their order."""
    if recipe != "pnl_summary":
        return saved
    table = pnl_table(card)
    extra = [c for c in (table.opex if table is not None else ()) if c not in saved]
    return [*saved, *extra]


def _currency(card: Any, args: dict[str, Any], lang: str, *columns: str | None) -> None:
    """The mark of the new table's own money columns (a file now in another currency is
    said so, never labelled with last month's)."""
    by_name = {c.name: c for c in card.columns}
    for name in columns:
        found = column_currency(by_name[name]) if name in by_name else None
        if found:
            args["currency"] = currency_unit(found, lang)
            return
