"""The finance pack: the standard report of a financial statement (a P&L read from a workbook).

A controller sends the board the P&L by month and by quarter with the year's total, the
trend of revenue, gross and operating profit, the margins, the structure of expenses, what
changed notably and, when a budget is there, how far the year is from it. Each is one
recipe step on the statement's tidy table (line items, their section, period, value), so
every figure traces to code in the appendix like any other section's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analyst.planner.codegen import PlannedStep
from analyst.planner.phrases import say
from analyst.planner.tables import PnLTable
from analyst.report.formats import currency_unit

PACK_RECIPES = ("pnl_statement", "margin_trend", "expense_structure", "notable_changes")


def disagreeing_row(card: Any, cards: Sequence[Any]) -> str | None:
    """The label of the statement's own result row ("Gross profit") that no reading of its
    lines reproduces, for a statement or its tidy table; None when the reading holds.

    Ingest checked the reading (`ingest.reconcile`); a statement that fails it states no
    figure: the sums of its lines would contradict the file's own totals."""
    wide = next((c for c in cards if c.table == getattr(card, "wide_table", None)), card)
    return next((r.label for r in (getattr(wide, "row_kinds", ()) or ()) if r.agrees is False),
                None)


def first_disagreement(cards: Sequence[Any]) -> str | None:
    """`disagreeing_row` of the first statement among `cards` that has one."""
    return next((label for card in cards if (label := disagreeing_row(card, cards))), None)


def is_statement(table: PnLTable | None) -> bool:
    """A statement's tidy table: line items with their section, by period."""
    return table is not None and bool(table.account and table.section and table.date)


def finance_steps(table: PnLTable, prefix: str, lang: str) -> list[PlannedStep]:
    """The pack's steps on one statement's tidy table, in the order a board reads them."""
    base: dict[str, Any] = {"date": table.date, "account": table.account,
                            "amount": table.amount, "section": table.section}
    money = {"currency": currency_unit(table.currency, lang)} if table.currency else {}

    def step(slug: str, key: str, recipe: str, **extra: Any) -> PlannedStep:
        title = say(lang, key)
        return PlannedStep(f"{prefix}{slug}", title, recipe, table.parquet_path,
                           {**base, **extra}, chart_title=None if lang == "en" else title,
                           language=lang)

    return [
        step("pnl_by_month", "title_pnl_month", "pnl_statement", freq="M", **money),
        step("pnl_by_quarter", "title_pnl_quarter", "pnl_statement", freq="Q", **money),
        step("margin_trend", "title_margin_trend", "margin_trend"),
        step("expense_structure", "title_expense_structure", "expense_structure", **money),
        step("notable_changes", "title_notable_changes", "notable_changes", **money,
             **({"language": lang} if lang != "en" else {})),
    ]


def budget_steps(card: Any, cards: Sequence[Any], lang: str) -> list[PlannedStep]:
    """Budget vs actual for `card` when it is a budget: a line column with a budget and an
    actual column (`budget_vs_actual`, lines without actuals left out), or the tidy table of
    months with a Budget and an Actual measure (`budget_to_date`: only the months with
    actuals are compared, so partial actuals read as the year to date)."""
    from analyst.planner.finask import budget_step
    from analyst.planner.statements import variance_step

    found = variance_step([card], lang)
    if found is None:
        # Its wide card says which measures the months carry; the wide card itself is never a
        # budget here (its tidy table is).
        wide = [c for c in cards if c.table == getattr(card, "wide_table", None)]
        found = budget_step([card, *wide], None, lang) if wide else None
    return [found] if found is not None else []
