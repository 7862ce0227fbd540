"""The recipes' definitions (methodology appendix) in the report's language.

The recipes write their definitions in English with the parameters actually used ("the top
10", "Class A: cumulative share <= 80%"). Here each English text is recognised as one
recipe's definition and its parameters are read back; the text is then regenerated with the
recipe's own function and must match exactly, so a translation always states the same rule
with the same numbers. A definition that is not recognised (a recipe changed its wording,
or a model wrote its own) stays in English rather than saying something else.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from analyst.planner.phrases import defs_ru, defs_uk, defs_zh, normalise, say
from analyst.recipes.breakdown import BREAKDOWN_DEFINITION, MARGIN_DEFINITION
from analyst.recipes.dynamics import definition as dynamics_definition
from analyst.recipes.finance_ask import BUDGET_DEFINITION as BUDGET_TO_DATE_DEFINITION
from analyst.recipes.finance_ask import DEFINITION as FINANCE_ASK_DEFINITION
from analyst.recipes.finance_ask import GROWTH_DEFINITION, RANKING_DEFINITION
from analyst.recipes.funnel import DEFINITION as FUNNEL_DEFINITION
from analyst.recipes.kpi import DEFINITION as KPI_DEFINITION
from analyst.recipes.period_extreme import EXTREME_DEFINITION
from analyst.recipes.pnl import DEFINITION as PNL_DEFINITION
from analyst.recipes.ranking import abc_definition, top_n_definition
from analyst.recipes.statement import (
    CHANGES_DEFINITION,
    STATEMENT_DEFINITION,
    STRUCTURE_DEFINITION,
)
from analyst.recipes.statement import (
    MARGIN_DEFINITION as MARGIN_TREND_DEFINITION,
)
from analyst.recipes.variance import DEFINITION as BUDGET_DEFINITION
from analyst.words.number_formats import format_percent

TEMPLATES: dict[str, dict[str, str]] = {
    "uk": defs_uk.DEFINITIONS, "ru": defs_ru.DEFINITIONS, "zh": defs_zh.DEFINITIONS,
}
PERIODS: dict[str, dict[str, dict[str, str]]] = {
    "uk": defs_uk.PERIODS, "ru": defs_ru.PERIODS, "zh": defs_zh.PERIODS,
}

_FIXED = {
    "kpi_summary": KPI_DEFINITION,
    "breakdown": BREAKDOWN_DEFINITION,
    "margin_by": MARGIN_DEFINITION,
    "funnel_conversion": FUNNEL_DEFINITION,
    "pnl_summary": PNL_DEFINITION,
    "pnl_statement": STATEMENT_DEFINITION,
    "margin_trend": MARGIN_TREND_DEFINITION,
    "expense_structure": STRUCTURE_DEFINITION,
    "notable_changes": CHANGES_DEFINITION,
    "budget_vs_actual": BUDGET_DEFINITION,
    # finance_ask: statement_figure, loss_months, statement_margins and largest_expenses
    # share one definition, so the seven finance recipes have four texts.
    "finance_ask": FINANCE_ASK_DEFINITION,
    "line_growth": GROWTH_DEFINITION,
    "budget_to_date": BUDGET_TO_DATE_DEFINITION,
    "rank_items": RANKING_DEFINITION,
    "period_extreme": EXTREME_DEFINITION,
}
_TOP_N = re.compile(r"the top (\d+) are listed")
_ABC = re.compile(r"Class A: cumulative share <= (\d+)%; class B: <= (\d+)%")


def recognise(english: str) -> tuple[str, dict[str, object]] | None:
    """(recipe name, parameters) of a recipe's English definition, or None."""
    for name, text in _FIXED.items():
        if english == text:
            return name, {}
    for freq in ("M", "W", "Q"):
        if english == dynamics_definition(freq):
            return "period_dynamics", {"freq": freq}
    if (top := _TOP_N.search(english)) and english == top_n_definition(int(top[1])):
        return "top_n", {"n": int(top[1])}
    if abc := _ABC.search(english):
        a, b = int(abc[1]) / 100, int(abc[2]) / 100
        if english == abc_definition(a, b):
            return "abc_analysis", {"a": a, "b": b}
    return None


def translate_definition(english: str, language: str | None) -> str:
    """`english` (a recipe's definition) in `language`; unchanged when not recognised."""
    lang = normalise(language)
    found = recognise(english) if lang in TEMPLATES else None
    if found is None or found[0] not in TEMPLATES[lang]:
        return english
    name, params = found
    return _FILL[name](TEMPLATES[lang][name], params, lang)


def _plain(template: str, params: dict[str, object], lang: str) -> str:
    return template


def _period(template: str, params: dict[str, object], lang: str) -> str:
    return template.format(**PERIODS[lang][str(params["freq"])])


def _top(template: str, params: dict[str, object], lang: str) -> str:
    return template.format(n=params["n"], other=say(lang, "other_row"))


def _abc(template: str, params: dict[str, object], lang: str) -> str:
    return template.format(a=format_percent(cast("float", params["a"]), 0, lang),
                           b=format_percent(cast("float", params["b"]), 0, lang))


_FILL: dict[str, Callable[[str, dict[str, object], str], str]] = {
    "kpi_summary": _plain, "breakdown": _plain, "margin_by": _plain,
    "funnel_conversion": _plain, "pnl_summary": _plain, "pnl_statement": _plain,
    "margin_trend": _plain, "expense_structure": _plain, "notable_changes": _plain,
    "budget_vs_actual": _plain, "finance_ask": _plain, "line_growth": _plain,
    "budget_to_date": _plain, "rank_items": _plain, "period_extreme": _plain,
    "period_dynamics": _period, "top_n": _top, "abc_analysis": _abc,
}
