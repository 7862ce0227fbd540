"""What the recipes mean, in words: for the report's methodology appendix and the model.

`DEFINITIONS` holds each recipe's definition with its default parameters; a result's own
`definition` holds the text for the parameters actually used (e.g. other ABC thresholds).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from . import dynamics, funnel, kpi, pnl, statement, variance
from .breakdown import BREAKDOWN_DEFINITION, MARGIN_DEFINITION, breakdown, margin_by
from .profile import PROFILE_DEFINITION, outliers, outliers_definition, profile
from .registry import registry

DEFINITIONS: MappingProxyType[str, str] = MappingProxyType({
    **{name: recipe.definition() for name, recipe in registry().items()},
    "kpi_summary": kpi.DEFINITION,
    "period_dynamics": dynamics.definition("M"),
    "breakdown": BREAKDOWN_DEFINITION,
    "margin_by": MARGIN_DEFINITION,
    "funnel_conversion": funnel.DEFINITION,
    "pnl_summary": pnl.DEFINITION,
    "budget_vs_actual": variance.DEFINITION,
    "profile": PROFILE_DEFINITION,
    "outliers": outliers_definition("iqr", 1.5),
    "pnl_statement": statement.STATEMENT_DEFINITION,
    "margin_trend": statement.MARGIN_DEFINITION,
    "expense_structure": statement.STRUCTURE_DEFINITION,
    "notable_changes": statement.CHANGES_DEFINITION,
})

# One line of meaning per recipe, plus the figures it puts in `result.figures`.
_MEANINGS: dict[Callable[..., Any], str] = {
    kpi.kpi_summary: "totals, orders, average order value, gross margin. figures: total, "
                     "rows, orders, average_order_value, [returns, cost, gross_profit, "
                     "gross_margin_pct, quantity, days]",
    dynamics.period_dynamics: "sum per month/week/quarter (freq M/W/Q), change and change_pct "
                              "vs previous, yoy_change/yoy_pct; empty periods are 0. figures: "
                              "total, periods, last, last_change_pct, best, worst",
    breakdown: "sum and share_pct per category (by: one column or a list). "
                         "figures: total, groups, largest, largest_share_pct",
    margin_by: "revenue, cost, gross_profit, margin_pct per group. figures: revenue, "
                         "cost, gross_profit, margin_pct, loss_groups",
    funnel.funnel_conversion: "stage and overall conversion %; wide: stages=[count columns in "
                              "order]; long: stage=, count=, order=; period= date column. "
                              "figures: overall_conversion_pct, 'conversion_pct:A->B'",
    pnl.pnl_summary: "monthly P&L: revenue, cogs, gross_profit, opex, operating_profit, margins; "
                     "long: account=, amount=, mapping={category: revenue|cogs|opex|ignore}; "
                     "wide: revenue=, cogs=, opex=. figures: totals, loss_periods",
    variance.budget_vs_actual: "variance = actual - budget per line, variance_pct, favourable/"
                               "unfavourable (revenue lines up is good, costs down is good). "
                               "figures: budget, actual, variance, net_variance, lines",
    statement.pnl_statement: "a statement's tidy table (line, section, date, value): P&L per "
                             "month/quarter with FY total rows, net profit. figures: latest year",
    statement.margin_trend: "gross/operating/net margin per month of a statement",
    statement.expense_structure: "cost lines of the year with share_pct of all costs",
    statement.notable_changes: "largest month-over-month changes of lines and profits",
    profile: "one row per column: type, missing, distinct, numeric stats, date range",
    outliers: "rows outside Q1-1.5*IQR..Q3+1.5*IQR (method='zscore': |z|>3) with "
                      "outlier_reason. figures: lower_bound, upper_bound, outliers",
}


def describe_for_model() -> str:
    """A compact description of every recipe for a language model's system prompt."""
    lines = [
        ("Verified recipes: `import recipes` in the sandbox. Prefer them to hand-written pandas: "
        "their definitions are fixed and tested. Each takes a DataFrame and column names and "
        "returns a RecipeResult with .table (DataFrame, no totals row), .figures (dict of key "
        "numbers; *_pct are 0-100), .notes (tell the user), .definition, .chart. "
        "Text amounts ('1 234,50') are read automatically and reported in notes. "
        "Save: res.save('output', 'name', language='uk') writes output/name.csv and "
        "output/name.png; or recipes.render_chart(res.chart, 'output/name.png', language='uk'). "
        "language= is the user's (en, uk, ru, zh): the chart's title and words are drawn in it. "
        "print(res.summary()) shows it. "
        "Pass currency='$' (symbol or code) to label money axes."),
    ]
    meanings = {**{r.function: r.meaning for r in registry().values()}, **_MEANINGS}
    for function, meaning in meanings.items():
        signature = inspect.signature(function)
        # Names and defaults only: the annotations cost tokens and say little more.
        signature = signature.replace(
            parameters=[p.replace(annotation=p.empty) for p in signature.parameters.values()],
            return_annotation=inspect.Signature.empty,
        )
        lines.append(f"- recipes.{function.__name__}{signature}: {meaning}")
    return "\n".join(lines)
