"""Money in several currencies is never added up across them.

A ledger with an "Amount" beside a "Currency" of EUR, USD and GBP had its amounts summed
into one "total amount" (286,935.11 of nothing), by the key figures and by a query alike.
A figure of such money is stated per currency (grouped by the currency column) or for one
currency (a condition on it); any other is declined, naming the currencies.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.code.query import query_step
from analyst.brain.understand.phrases.query import qsay
from analyst.brain.understand.query import Period, Query
from analyst.brain.understand.values import category_values
from analyst.events import Step

CODES = frozenset(
    "EUR USD GBP UAH RUB CNY RMB JPY CHF PLN CZK SEK NOK DKK CAD AUD NZD INR BRL TRY HUF RON BGN "
    "KZT AED SAR SGD HKD KRW MXN ZAR ILS THB IDR MYR PHP VND EGP NGN ARS CLP COP PEN".split())
SYMBOLS = frozenset(("€", "$", "£", "₴", "₽", "¥", "₹", "₩", "₺", "₪", "zł", "kč", "r$", "us$"))
_UNCOUNTED = ("count", "nunique", "missing", "rows")


def currency_column(card: Any, root: Path | str | None) -> tuple[str, tuple[str, ...]] | None:
    """The column naming each row's currency and its currencies, when there are several."""
    if root is None:
        return None
    for name, values in category_values(root, card).items():
        said = tuple(sorted({str(v).strip() for v in values if str(v).strip()}))
        if len(said) >= 2 and all(v.upper() in CODES or v.lower() in SYMBOLS for v in said):
            return name, said
    return None


def _money(card: Any) -> set[str]:
    return {c.name for c in card.columns if c.role == "money"}


def _reason(column: str, currency: tuple[str, tuple[str, ...]], lang: str) -> str:
    name, said = currency
    return qsay(lang, "mixed_currency", column=column, currency=name,
                currencies=", ".join(said), first=said[0])


def query_reason(query: Query, card: Any, root: Path | str | None, lang: str) -> str | None:
    """Why `query` states no figure: money of several currencies taken together; else None."""
    money = [m for m in query.measures if m in _money(card)]
    if not money or query.aggregation in _UNCOUNTED:
        return None
    currency = currency_column(card, root)
    if currency is None or currency[0] in query.keys:
        return None
    if any(f.column == currency[0] and (f.op == "eq" or (f.op == "in" and len(f.value) == 1))
           for f in (*query.filters, *query.whole)):
        return None
    return _reason(money[0], currency, lang)


def plan_reason(steps: Sequence[Any], cards: Sequence[Any], root: Path | str | None,
                lang: str) -> str | None:
    """Why a recipe's steps state no figure: they add up money of several currencies (a
    recipe takes no condition on the currency); else None."""
    for step in steps:
        if not isinstance(step, PlannedStep):
            continue
        card = next((c for c in cards if c.parquet_path == step.parquet_path), None)
        added = [v for k, v in step.arguments.items() if k in ("amount", "cost") and v]
        if card is None or not set(added) & _money(card):
            continue
        if (currency := currency_column(card, root)) is not None:
            return _reason(str(added[0]), currency, lang)
    return None


def by_currency_steps(card: Any, currency: str, lang: str, first: int) -> list[Step]:
    """The standard report of a table of money in several currencies: its first money
    column per currency (in total, by month, by its main category), never one sum across."""
    amount = next(c.name for c in card.columns if c.role == "money")
    date = next((c.name for c in card.columns if c.role == "date"), None)
    dimension = next((c.name for c in card.columns if c.role == "category"
                      and c.name != currency and 2 <= (c.unique or 0) <= 50), None)
    queries = [Query(card.table, "sum", (amount,), (currency,))]
    if date:
        queries.append(Query(card.table, "sum", (amount,), (currency,), Period(date, "month")))
    if dimension:
        queries.append(Query(card.table, "sum", (amount,), (dimension, currency)))
    return [query_step(q, card, n, lang) for n, q in enumerate(queries, start=first)]


def split_by_currency(card: Any, root: Path | str | None) -> str | None:
    """The currency column of a table whose money is in several currencies, else None."""
    if not _money(card):
        return None
    found = currency_column(card, root)
    return found[0] if found else None
