"""The finance pack: the standard report of a financial statement (a P&L read from a workbook).

A controller sends the board the P&L by month and by quarter with the year's total, the
trend of revenue, gross and operating profit, the margins, the structure of expenses, what
changed notably and, when a budget is there, how far the year is from it. Each is one
recipe step on the statement's tidy table (line items, their section, period, value), so
every figure traces to code in the appendix like any other section's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan.columns import column_currency
from analyst.brain.plan.finsteps import annual, budget_step
from analyst.brain.plan.tables import PnLTable
from analyst.brain.understand.phrases import say
from analyst.recipes.pnl import classify_account, line_kind
from analyst.recipes.results import result_of
from analyst.words.number_formats import currency_unit

_BUDGET = re.compile(r"budget|plan|target|forecast|бюджет|план|预算|计划", re.IGNORECASE)
_ACTUAL = re.compile(r"actual|fact|real|факт|实际", re.IGNORECASE)
PACK_RECIPES = ("pnl_statement", "margin_trend", "expense_structure", "notable_changes")


def disagreeing_row(card: Any, cards: Sequence[Any]) -> str | None:
    """The label of the statement's own result row ("Gross profit") that no reading of its
    lines reproduces, for a statement or its tidy table; None when the reading holds.

    Ingest checked the reading (`ingest.reconcile`); a statement that fails it states no
    figure: the sums of its lines would contradict the file's own totals."""
    wide = next((c for c in cards if c.table == getattr(card, "wide_table", None)), card)
    return next((r.label for r in (getattr(wide, "row_kinds", ()) or ()) if r.agrees is False),
                None)


def unplaced_costs(cards: Sequence[Any]) -> tuple[str, ...]:
    """The line items of the first statement whose kind neither their section nor their
    name tells ("Freight in", "Commissions": read as operating expenses), unless the file's
    own gross result or cost-of-sales total agrees with that reading. While such a line
    could be cost of sales, the statement's gross profit and margin are not known."""
    for card in cards:
        rows = tuple(getattr(card, "row_kinds", ()) or ())
        if not rows:
            continue
        confirmed = any(r.agrees and (result_of(r.label) == "gross_profit"
                                      or classify_account(r.label) == "cogs") for r in rows)
        if confirmed:
            return ()
        return tuple(dict.fromkeys(r.label for r in rows
                                   if r.kind == "line" and line_kind(r.label, r.section) is None))
    return ()


def first_disagreement(cards: Sequence[Any]) -> str | None:
    """`disagreeing_row` of the first statement among `cards` that has one."""
    return next((label for card in cards if (label := disagreeing_row(card, cards))), None)


def is_statement(table: PnLTable | None) -> bool:
    """A statement's tidy table: line items with their section, by period."""
    return table is not None and bool(table.account and table.section and table.date)


def finance_steps(table: PnLTable, prefix: str, lang: str,
                  of: tuple[Any, Sequence[Any]] | None = None) -> list[PlannedStep]:
    """The pack's steps on one statement's tidy table, in the order a board reads them.
    `of`: the table's card and all cards; when lines of its statement could be cost of
    sales (`unplaced_costs`), no step states a gross profit or margin."""
    if of is not None:
        card, cards = of
        wide = next((c for c in cards if c.table == getattr(card, "wide_table", None)), card)
        unplaced = unplaced_costs([wide])
    else:
        unplaced = ()
    base: dict[str, Any] = {"date": table.date, "account": table.account,
                            "amount": table.amount, "section": table.section}
    money = {"currency": currency_unit(table.currency, lang)} if table.currency else {}
    gross = {"unplaced": list(unplaced)} if unplaced else {}

    def step(slug: str, key: str, recipe: str, **extra: Any) -> PlannedStep:
        title = say(lang, key)
        return PlannedStep(f"{prefix}{slug}", title, recipe, table.parquet_path,
                           {**base, **extra}, chart_title=None if lang == "en" else title,
                           language=lang)

    if of is not None and annual(wide):
        # A column a year: its years side by side, the costs of the latest, revenue on the
        # year before; no months or quarters (it has none: they had been eleven empty months).
        return [
            step("pnl_by_year", "title_pnl_year", "pnl_statement", freq="Y", **money, **gross),
            step("expense_structure", "title_expense_structure", "expense_structure", **money),
            step("revenue_growth", "title_growth_year", "line_growth", figure="revenue",
                 compare="YoY", **money),
        ]
    return [
        step("pnl_by_month", "title_pnl_month", "pnl_statement", freq="M", **money, **gross),
        step("pnl_by_quarter", "title_pnl_quarter", "pnl_statement", freq="Q", **money, **gross),
        step("margin_trend", "title_margin_trend", "margin_trend", **gross),
        step("expense_structure", "title_expense_structure", "expense_structure", **money),
        step("notable_changes", "title_notable_changes", "notable_changes", **money,
             **({"language": lang} if lang != "en" else {}), **gross),
    ]


def budget_steps(card: Any, cards: Sequence[Any], lang: str) -> list[PlannedStep]:
    """Budget vs actual for `card` when it is a budget: a line column with a budget and an
    actual column (`budget_vs_actual`, lines without actuals left out), or the tidy table of
    months with a Budget and an Actual measure (`budget_to_date`: only the months with
    actuals are compared, so partial actuals read as the year to date)."""
    found = variance_step([card], lang)
    if found is None:
        # Its wide card says which measures the months carry; the wide card itself is never a
        # budget here (its tidy table is).
        wide = [c for c in cards if c.table == getattr(card, "wide_table", None)]
        found = budget_step([card, *wide], None, lang) if wide else None
    return [found] if found is not None else []


def pnl_step(table: PnLTable, prefix: str, lang: str) -> PlannedStep:
    """The P&L summary of `table` (`pnl_summary`), its slug starting with `prefix`."""
    if table.account:
        args: dict[str, Any] = {"account": table.account, "amount": table.amount}
        if table.section:
            args["section"] = table.section
    else:
        args = {"revenue": table.revenue, "cogs": table.cogs, "opex": list(table.opex)}
        args = {k: v for k, v in args.items() if v}
    if table.date:
        args = {"date": table.date, **args}
    if table.currency:
        args["currency"] = currency_unit(table.currency, lang)
    title = say(lang, "title_pnl")
    return PlannedStep(f"{prefix}profit_and_loss", title, "pnl_summary", table.parquet_path,
                       args, chart_title=None if lang == "en" else title, language=lang)


def variance_step(cards: Sequence[Any], language: str,
                  line_named: str | None = None) -> PlannedStep | None:
    """budget_vs_actual on the first table with a label, a budget and an actual column (its
    lines those of the column `line_named`, when given)."""
    for card in cards:
        numbers = [c for c in card.columns if c.role in ("money", "number", "quantity")]
        budget = next((c for c in numbers if _BUDGET.search(c.name)), None)
        actual = next((c for c in numbers if _ACTUAL.search(c.name) and c is not budget), None)
        line = next((c for c in card.columns if c.role in ("category", "text")
                     and line_named in (None, c.name)), None)
        if budget is None or actual is None or line is None:
            continue
        args: dict[str, Any] = {"line": line.name, "budget": budget.name, "actual": actual.name}
        currency = column_currency(actual) or column_currency(budget)
        if currency:
            args["currency"] = currency_unit(currency, language)
        title = say(language, "title_variance", actual=actual.name, budget=budget.name)
        return PlannedStep("budget_vs_actual", title, "budget_vs_actual", card.parquet_path,
                           args, chart_title=None if language == "en" else title,
                           language=language)
    return None
