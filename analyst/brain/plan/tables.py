"""Recognise funnel and P&L tables from their DataCards (before the sales reading).

A P&L export with a "Revenue" column would otherwise be read as a sales table, and a
funnel's "orders" stage as an amount, so these shapes are checked first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analyst.brain.plan.columns import column_currency

_STAGES = ("visit", "session", "view", "impression", "click", "lead", "signup", "sign-up",
           "registration", "trial", "cart", "checkout", "order", "purchase", "deal", "won",
           "qualified", "opportunit", "install", "відвідув", "перегляд", "клік", "лід",
           "реєстрац", "кошик", "замовлен", "покупк", "угод", "визит", "просмотр", "клик",
           "лид", "регистрац", "корзин", "заказ", "сделк", "访问", "点击", "线索", "订单")
_STAGE_COLUMN = ("stage", "step", "funnel", "status", "етап", "стадія", "этап", "стадия",
                 "阶段")
_ACCOUNT_COLUMN = ("account", "article", "line item", "p&l line", "gl ", "стаття", "статья",
                   "рахунок", "счет", "科目")
_REVENUE = ("revenue", "sales", "income", "turnover", "виручк", "выручк", "дохід", "доход",
            "收入")
_COGS = ("cogs", "cost of goods", "cost of sales", "собіварт", "себестоим", "成本")
_OPEX = ("opex", "expense", "salar", "payroll", "rent", "marketing", "admin", "витрат",
         "расход", "зарплат", "оренд", "аренд", "费用")


@dataclass(frozen=True)
class FunnelTable:
    parquet_path: str
    stages: tuple[str, ...] = ()
    """Wide layout: count columns in funnel order."""
    stage: str | None = None
    """Long layout: the stage column (and `count`, when counts are not rows)."""
    count: str | None = None
    period: str | None = None


@dataclass(frozen=True)
class PnLTable:
    parquet_path: str
    date: str | None
    account: str | None = None
    amount: str | None = None
    revenue: str | None = None
    cogs: str | None = None
    opex: tuple[str, ...] = field(default=())
    currency: str | None = None
    section: str | None = None
    """A statement's tidy table: the section column ("Cost of sales") of each line."""


def funnel_table(card: Any) -> FunnelTable | None:
    columns = list(card.columns)
    date = next((c.name for c in columns if c.role == "date"), None)
    numeric = [c for c in columns if c.role == "quantity" or (
        c.role not in ("id", "date") and str(c.dtype).startswith(("int", "float")))]
    stages = [c.name for c in numeric if _named(c.name, _STAGES)]
    if len(stages) >= 2 and len(stages) >= len(numeric) - 1:
        return FunnelTable(card.parquet_path, stages=tuple(stages), period=date)
    if any(c.role == "money" for c in columns):
        return None  # an order "status" column in a sales table is not a funnel
    stage = next((c for c in columns if c.role in ("category", "text")
                  and _named(c.name, _STAGE_COLUMN) and 2 <= (c.unique or 0) <= 12), None)
    if stage is not None:
        count = next((c.name for c in columns if c.role == "quantity"), None)
        return FunnelTable(card.parquet_path, stage=stage.name, count=count, period=date)
    return None


def pnl_table(card: Any) -> PnLTable | None:
    columns = list(card.columns)
    date = next((c.name for c in columns if c.role == "date"), None)
    money = [c for c in columns if c.role == "money"]
    account = next((c for c in columns if c.role in ("category", "text")
                    and _named(c.name, _ACCOUNT_COLUMN)), None)
    section = next((c.name for c in columns if c.name == "Section"
                    and getattr(card, "wide_table", None)), None)
    if section is not None and account is None:
        # The tidy form of a statement: its line column stands just before the Section the
        # ingester wrote, whatever the file called it ("Line", "Item", "Description", "P&L").
        before = [c.name for c in columns].index(section) - 1
        if before >= 0 and columns[before].role in ("category", "text"):
            account = columns[before]
    if account is not None and len(money) == 1:
        return PnLTable(card.parquet_path, date, account=account.name, amount=money[0].name,
                        currency=column_currency(money[0]), section=section)
    # The ingester reads cost lines ("COGS", "Salaries", "Оренда") as money by their names.
    revenue = next((c.name for c in money if _named(c.name, _REVENUE)), None)
    cogs = next((c.name for c in money if _named(c.name, _COGS)), None)
    opex = tuple(c.name for c in money
                 if _named(c.name, _OPEX) and c.name not in (revenue, cogs))
    if revenue and opex:  # a sales table has revenue and cost, never salaries or rent
        currency = next((column_currency(c) for c in money if c.name == revenue), None)
        return PnLTable(card.parquet_path, date, revenue=revenue, cogs=cogs, opex=opex,
                        currency=currency)
    return None


def _named(name: str, stems: tuple[str, ...]) -> bool:
    low = str(name).lower()
    return any(stem in low for stem in stems)


# The column the ingester adds when it joins same-shaped sheets (one per month) into one table.
SHEET_COLUMNS = ("Sheet", "Sheet name", "Source sheet")


@dataclass(frozen=True)
class ReportTable:
    """A table the standard report covers, and how to name it beside others."""

    card: Any
    label: str
    """"book.xlsx, Jan" or "sales.csv": said in section titles when several tables are reported."""
    sheet_column: str | None = None
    """Set on a joined workbook table: its column naming each row's sheet."""


def report_tables(cards: Any) -> list[ReportTable]:
    """The tables a standard report covers: a joined workbook table stands for the per-sheet
    tables it joins (reporting both would repeat every section once per month), a tidy long
    table for the wide table it was made from."""
    joined: list[tuple[Any, str]] = []
    for card in cards:
        names = [c.name for c in card.columns]
        sheet = next((n for n in names if n in SHEET_COLUMNS), None)
        if sheet is not None and card.sheet is None:
            joined.append((card, sheet))
    covered: set[str] = set()
    for card, sheet in joined:
        shape = {c.name for c in card.columns} - {sheet}
        covered |= {other.table for other in cards
                    if other is not card and other.sheet is not None
                    and other.source_file == card.source_file
                    and {c.name for c in other.columns} == shape}
    # A wide table's tidy long table (periods as rows) stands for it: the recipes read periods
    # from a date column, and the total columns (FY, Q1) are left out there, never doubled.
    covered |= {str(getattr(card, "wide_table", None)) for card in cards
                if getattr(card, "wide_table", None)}
    # A budget sheet paired with its actuals (`budget_sheet`) is reported as the pairing's
    # budget vs actual, not as a second P&L beside the actuals'.
    budgets = {(card.source_file, card.budget_sheet) for card in cards
               if getattr(card, "budget_sheet", None)}
    covered |= {card.table for card in cards
                if card.sheet is not None and (card.source_file, card.sheet) in budgets}
    sheets = {card.table: sheet for card, sheet in joined}
    return [ReportTable(card, _label(card), sheets.get(card.table)) for card in cards
            if card.table not in covered]


def _label(card: Any) -> str:
    name = str(getattr(card, "source_file", "") or card.table)
    return f"{name}, {card.sheet}" if card.sheet else name
