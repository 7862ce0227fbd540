"""Budget vs actual: the variance per line in money and %, favourable the right way round."""

from __future__ import annotations

import re

import pandas as pd

from .columns import RecipeError, require, to_labels, to_number
from .notes import note, title
from .pnl import classify_account
from .result import ChartSeries, ChartSpec, RecipeResult
from .unit import HostChart, Recipe, Said

DEFINITION = (
    "Per line: variance = actual - budget; variance % = variance / |budget| x 100 (empty when "
    "the budget is 0). A revenue line (recognised by its name: revenue, sales, income ...) "
    "is favourable when actual is above budget; any other line is a cost and is favourable "
    "when actual is below budget. Lines without an actual figure are left out of the totals "
    "(actuals not in yet) and named in the notes. Totals: revenue lines and cost lines are "
    "summed separately; net variance = revenue variance - cost variance. Costs stored as "
    "negative numbers are taken as positive costs."
)


def budget_vs_actual(
    df: pd.DataFrame,
    line: str,
    budget: str,
    actual: str,
    currency: str | None = None,
) -> RecipeResult:
    """Variance of `actual` against `budget` per `line`, in money and %, with its sign read
    as favourable or unfavourable for revenue and for costs."""
    require(df, line, budget, actual)
    pairs = _pairs(df)
    if len(pairs) > 1 and _rest(_BUDGET, budget) in pairs:
        # "Budget", "Budget (2)" … or "P01 / Budget", "P02 / Budget" …: one pair per period
        # whose header was not read as one. The first pair is one period, not the whole.
        raise RecipeError("budget_periods_unread", pairs=len(pairs), columns=[str(budget), str(actual)])
    plan, notes = to_number(df[budget], budget)
    real, real_notes = to_number(df[actual], actual)
    notes += real_notes
    labels = to_labels(df[line])
    table = (pd.DataFrame({line: labels, budget: plan, actual: real})
             .groupby(line, sort=False).sum(min_count=1).reset_index())
    missing = table[table[actual].isna()]
    if len(missing):
        notes.append(note("note_no_actual_lines", len(missing), rows=len(missing), column=actual,
                          names=", ".join(map(str, missing[line].head(5)))))
        table = table[table[actual].notna()].reset_index(drop=True)
    table["kind"] = ["revenue" if classify_account(str(v)) == "revenue" else "cost"
                     for v in table[line]]
    costs = table["kind"] == "cost"
    # Costs kept as negatives (the accounting convention, or "(1,234.00)") would turn an
    # overspend into a "favourable" variance: the file's convention decides, as in the P&L.
    if table.loc[costs, [budget, actual]].sum().sum() < 0:
        table.loc[costs, [budget, actual]] = -table.loc[costs, [budget, actual]]
        notes.append(note("note_costs_negative"))
    table["variance"] = table[actual] - table[budget].fillna(0.0)
    base = table[budget].abs().where(table[budget] != 0)
    table["variance_pct"] = table["variance"] / base * 100.0
    better = ((table["kind"] == "revenue") & (table["variance"] > 0)) | (
        (table["kind"] == "cost") & (table["variance"] < 0))
    table["assessment"] = ["on budget" if v == 0 else "favourable" if b else "unfavourable"
                           for v, b in zip(table["variance"], better, strict=True)]
    revenue = table[table["kind"] == "revenue"]
    cost = table[table["kind"] == "cost"]
    figures = {
        "budget": float(table[budget].sum()), "actual": float(table[actual].sum()),
        "variance": float(table["variance"].sum()),
        "revenue_variance": float(revenue["variance"].sum()),
        "cost_variance": float(cost["variance"].sum()),
        "lines": float(len(table)),
        "favourable_lines": float((table["assessment"] == "favourable").sum()),
        "unfavourable_lines": float((table["assessment"] == "unfavourable").sum()),
    }
    figures["net_variance"] = figures["revenue_variance"] - figures["cost_variance"]
    total_budget = float(table[budget].abs().sum())
    figures["variance_pct"] = (figures["variance"] / total_budget * 100.0 if total_budget
                               else float("nan"))
    if len(revenue) and len(cost):
        notes.append(note("note_revenue_lines", names=", ".join(map(str, revenue[line].head(5)))))
    worst = table.sort_values("variance", key=lambda v: v.abs(), ascending=False, kind="mergesort")
    chart = ChartSpec(
        kind="barh", title=title("budget_vs_actual_chart", actual=str(actual), budget=str(budget), line=str(line)),
        labels=tuple(str(v) for v in worst[line].head(25)),
        series=(ChartSeries("Variance", tuple(worst["variance"].head(25))),),
        value_label="Variance", unit="money", currency=currency,
    )
    table = table[[line, "kind", budget, actual, "variance", "variance_pct", "assessment"]]
    return RecipeResult(
        name="budget_vs_actual",
        title=title("budget_vs_actual", actual=str(actual), budget=str(budget), line=str(line)),
        table=table,
        chart=chart, definition=DEFINITION, notes=tuple(notes), figures=figures,
    )


_BUDGET = re.compile(r"budget|plan|target|forecast|бюджет|план|预算|计划", re.IGNORECASE)
_ACTUAL = re.compile(r"actual|fact|факт|实际", re.IGNORECASE)


def _rest(word: re.Pattern[str], column: object) -> str | None:
    """The column's name without its budget or actual word ("P01 / Budget" -> "p01"), or
    None when it has no such word."""
    name = str(column)
    if not word.search(name):
        return None
    return word.sub(" ", name).strip(" /-_.:|").casefold()


def _pairs(df: pd.DataFrame) -> set[str]:
    """What tells the Budget/Actual pairs of a table apart ("", "(2)", "p01" …): each the
    rest of both a budget and an actual column's name."""
    budgets = {_rest(_BUDGET, c) for c in df.columns} - {None}
    actuals = {_rest(_ACTUAL, c) for c in df.columns} - {None}
    return {r for r in budgets & actuals if r is not None}


REGISTERED = (Recipe(
    budget_vs_actual,
    meaning="variance = actual - budget per line, variance_pct, favourable/unfavourable "
            "(revenue lines up is good, costs down is good). figures: budget, actual, variance, "
            "net_variance, lines",
    definition=DEFINITION, said=Said("budget_vs_actual"), chart=HostChart("variance", x="line"),
    money=("amount", "revenue", "cost", "budget", "actual"),
    money_columns=("gross_profit", "change", "yoy_change", "budget", "actual", "variance"),
),)
