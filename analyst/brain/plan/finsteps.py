"""A finance question's reading (`understand.finask.FinAsk`) planned on the statement the
cards hold: one step of `recipes.finance_ask` on its tidy table, or a budget's step
(`recipes.finance_budget`). The answer says how the question was read and quotes only the
step's printed figures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.narrate.finwords import period_words
from analyst.brain.plan.columns import column_currency
from analyst.brain.plan.tables import PnLTable, pnl_table
from analyst.brain.understand.finask import FinAsk
from analyst.words import say as _say
from analyst.words.number_formats import currency_unit


def say(lang: str, key: str, **values: Any) -> str:
    return _say(lang, "finance", key, **values)


@dataclass(frozen=True)
class Statement:
    """A statement's tidy table and what the planner knows of it from the cards."""

    table: PnLTable
    labels: tuple[str, ...]
    years: tuple[int, ...]
    months: tuple[tuple[int, int], ...] = ()
    """(year, month) of every month from the first to the last of the statement."""
    annual: bool = False
    """One column a year ("FY2024", "2025"): no months or quarters to read."""


def statement_of(cards: Sequence[Any]) -> Statement | None:
    """The first statement's tidy table among `cards`, its line items and years."""
    for card in cards:
        table = pnl_table(card)
        if table is None or not table.section or not table.date or not table.account:
            continue
        wide = next((c for c in cards if c.table == getattr(card, "wide_table", None)), None)
        labels = tuple(dict.fromkeys(
            r.label for r in (getattr(wide, "row_kinds", ()) or ()) if r.kind == "line"))
        return Statement(table, labels, _years(card, table.date), _months(card, table.date),
                         annual=annual(wide))
    return None


def annual(wide: Any) -> bool:
    """Are the wide table's period columns years? Read as the first day of each year, they
    had been months: "revenue growth" compared Jan 2025 with an empty Dec 2024."""
    from analyst.ingest.wide import period_of

    found = [period_of(str(c)) for c in getattr(wide, "period_columns", ()) or ()]
    return bool(found) and all(f is not None and f[0].kind == "year" for f in found)


def _months(card: Any, date: str) -> tuple[tuple[int, int], ...]:
    column = next((c for c in card.columns if c.name == date), None)
    first, last = str(getattr(column, "first", "") or ""), str(getattr(column, "last", "") or "")
    if not re.match(r"\d{4}-\d{2}", first) or not re.match(r"\d{4}-\d{2}", last):
        return ()
    y, m = int(first[:4]), int(first[5:7])
    out: list[tuple[int, int]] = []
    while (y, m) <= (int(last[:4]), int(last[5:7])) and len(out) < 1200:
        out.append((y, m))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return tuple(out)


def _years(card: Any, date: str) -> tuple[int, ...]:
    column = next((c for c in card.columns if c.name == date), None)
    first, last = getattr(column, "first", None), getattr(column, "last", None)
    if not first or not last:
        return ()
    return tuple(range(int(str(first)[:4]), int(str(last)[:4]) + 1))


def _money(table: PnLTable, lang: str) -> dict[str, Any]:
    return {"currency": currency_unit(table.currency, lang)} if table.currency else {}


_RECIPES = {"total": "statement_figure", "by": "statement_figure", "losses": "loss_months",
            "margin": "statement_margins", "expenses": "largest_expenses",
            "growth": "line_growth", "share": "statement_figure", "average": "statement_figure"}


def statement_step(ask: FinAsk, found: Statement, lang: str) -> PlannedStep | str:
    """The step answering `ask` on the statement, or the reason (in `lang`) it cannot."""
    table = found.table
    base: dict[str, Any] = {"date": table.date, "account": table.account,
                            "amount": table.amount, "section": table.section}
    period = {k: v for k, v in (("year", ask.year), ("quarter", ask.quarter),
                                ("month", ask.month)) if v is not None}
    if ask.year is not None and found.years and ask.year not in found.years:
        return say(lang, "no_year", year=ask.year, years=span(found.years))
    if found.months and (ask.quarter or ask.month) and not any(
            (ask.year is None or y == ask.year) and (ask.month is None or m == ask.month)
            and (ask.quarter is None or (m - 1) // 3 + 1 == ask.quarter)
            for y, m in found.months):
        first, last = found.months[0], found.months[-1]
        asked = period_words(ask.year or last[0], ask.quarter or 0, ask.month or 0, lang)
        return say(lang, "no_period", period=asked,
                   first=period_words(first[0], 0, first[1], lang),
                   last=period_words(last[0], 0, last[1], lang))
    if found.annual:
        if ask.kind == "growth" and not ask.compare_said and not (ask.month or ask.quarter):
            ask = replace(ask, compare="YoY")  # "revenue growth" on a year a column
        if ask.by or ask.month or ask.quarter or ask.kind == "losses" or (
                ask.kind == "growth" and ask.compare != "YoY"):
            return say(lang, "by_year_only", years=span(found.years))
    what = {"line": ask.line} if ask.line else {"figure": ask.figure}
    if ask.kind in ("total", "by", "share"):
        args = {**base, **what, **({"by": ask.by} if ask.by else {}), **period,
                **_money(table, lang), **({"of_revenue": True} if ask.kind == "share" else {})}
    elif ask.kind == "average":
        args = {**base, **what, **period, "average": ask.by or "M", **_money(table, lang)}
    elif ask.kind == "losses":
        args = {**base, **({"year": ask.year} if ask.year else {}), **_money(table, lang)}
    elif ask.kind == "margin":
        args = {**base, **period, **({"margin": ask.figure} if ask.figure else {}),
                **({"by": "M"} if ask.by else {})}
    elif ask.kind == "expenses":
        args = {**base, "n": ask.n, **period, **_money(table, lang)}
    elif ask.kind == "growth":
        if ask.compare == "YoY" and len(found.years) < 2:
            return say(lang, "no_yoy", year=span(found.years) or "?")
        args = {**base, **what, "compare": ask.compare, **period, **_money(table, lang)}
    else:
        raise ValueError(f"not a statement question: {ask.kind}")  # our bug
    recipe = _RECIPES[ask.kind]
    title = say(lang, f"title_{ask.kind}")
    return PlannedStep(f"finance_{ask.kind}", title, recipe, table.parquet_path, args,
                       chart_title=None if lang == "en" else title, language=lang)


def span(years: Sequence[int]) -> str:
    if not years:
        return ""
    return str(years[0]) if len(years) == 1 else f"{years[0]}–{years[-1]}"


_BUDGET_WORD = re.compile(r"budget|plan|target|forecast|бюджет|план|预算|计划", re.IGNORECASE)
_ACTUAL_WORD = re.compile(r"actual|fact|real|факт|实际", re.IGNORECASE)


def budget_step(cards: Sequence[Any], year: int | None, lang: str,
                full_year: bool = False) -> PlannedStep | None:
    """Budget vs actual to date on a tidy table whose measures are a budget and an actual
    (months as columns: "Jan 2026 Budget", "Jan 2026 Actual" …); `full_year`: the
    question is about the whole year's budget, which the recipe states only when the budget
    has every month of it."""
    from analyst.ingest.wide import period_of

    for card in cards:
        wide = next((c for c in cards if c.table == getattr(card, "wide_table", None)), None)
        names = {c.name: c for c in card.columns}
        if wide is None or "Measure" not in names or "Period" not in names or "Value" not in names:
            found = _columns_budget(card, year, lang)
            if found is not None:
                return _scoped(found, full_year)
            continue
        measures = [m for m in dict.fromkeys(
            found[1] for found in map(period_of, wide.period_columns) if found) if m]
        budget = next((m for m in measures if _BUDGET_WORD.search(m)), None)
        actual = next((m for m in measures if _ACTUAL_WORD.search(m) and m != budget), None)
        line = next((c.name for c in card.columns if c.role in ("category", "text")
                     and c.name not in ("Measure", "Section")), None)
        if budget is None or actual is None or line is None:
            continue
        args: dict[str, Any] = {"line": line, "date": "Period", "value": "Value",
                                "measure": "Measure", "budget": budget, "actual": actual}
        if "Section" in names:
            args["section"] = "Section"
        if year is not None:
            args["year"] = year
        currency = column_currency(names["Value"])
        if currency:
            args["currency"] = currency_unit(currency, lang)
        if full_year:
            args["scope"] = "year"
        title = say(lang, "title_budget")
        return PlannedStep("budget_to_date", title, "budget_to_date", card.parquet_path, args,
                           chart_title=None if lang == "en" else title, language=lang)
    return None


def _scoped(step: PlannedStep, full_year: bool) -> PlannedStep:
    if not full_year:
        return step
    return replace(step, arguments={**step.arguments, "scope": "year"})


_MONTH_COLUMN = re.compile(r"month|period|date|місяц|період|дата|месяц|период|月|日期|期间",
                           re.IGNORECASE)


def _columns_budget(card: Any, year: int | None, lang: str) -> PlannedStep | None:
    """Budget vs actual to date on a long table: a line, a month, a budget and an actual
    column ("Month, Line, Budget, Actual")."""
    numbers = [c for c in card.columns if c.role in ("money", "number", "quantity")]
    budget = next((c for c in numbers if _BUDGET_WORD.search(c.name)), None)
    actual = next((c for c in numbers if _ACTUAL_WORD.search(c.name) and c is not budget), None)
    date = next((c for c in card.columns if c.role == "date"), None) or next(
        (c for c in card.columns if c.role in ("category", "text") and _MONTH_COLUMN.search(c.name)),
        None)
    line = next((c for c in card.columns if c.role in ("category", "text") and c is not date
                 and c.name != "Section"), None)
    if budget is None or actual is None or date is None or line is None:
        return None
    args: dict[str, Any] = {"line": line.name, "date": date.name, "budget": budget.name,
                            "actual": actual.name}
    if any(c.name == "Section" for c in card.columns):
        args["section"] = "Section"
    if year is not None:
        args["year"] = year
    currency = column_currency(actual) or column_currency(budget)
    if currency:
        args["currency"] = currency_unit(currency, lang)
    title = say(lang, "title_budget")
    return PlannedStep("budget_to_date", title, "budget_to_date", card.parquet_path, args,
                       chart_title=None if lang == "en" else title, language=lang)
