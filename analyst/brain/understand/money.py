"""The money a table earns, said in words ("revenue", "sales", "what a customer spent"): the
table's one money column, when the question names no number column."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analyst.brain.understand import clues
from analyst.brain.understand.columns import Hit
from analyst.brain.understand.query import is_numeric
from analyst.brain.understand.text import stem_match, words
from analyst.brain.understand.vocab import (
    MONEY_WORDS,
    NOT_EARNED_WORDS,
    PRICE_NAMES,
    PRICE_VERBS,
)


def said(toks: list[str], card: Any, used: set[int], hits: Sequence[Hit]) -> list[Hit]:
    """"revenue", "виручка", "收入" said of the table's one money column, when no column of
    the question is a number: without it "average revenue by month" on a "Amount" column
    found no measure, and the sales recipe answered with totals, not the average asked."""
    numeric = {c.name for c in card.columns if is_numeric(c)}
    if any(h.column in numeric for h in hits):
        return _price_said(toks, card, used, hits)
    column = earning(card)
    spans = sorted(words_said(toks, card, used))
    return ([Hit(column, tuple(spans), False)] if column is not None and spans
            else _price_said(toks, card, used, hits))


def earning(card: Any) -> str | None:
    """The column a money word is said of: the table's one money column that is no price,
    cost or tax; beside others, the one the user marked as the amount, else the one named
    as earnings ("Net sales", "Виручка", "销售额"). None when no column is that one."""
    money = [c for c in card.columns if c.role == "money" and not not_earned(str(c.name))]
    if len(money) > 1:
        money = [c for c in money if getattr(c, "set_by_user", False)] or [
            c for c in money if earned(str(c.name))]
    return str(money[0].name) if len(money) == 1 else None


def words_said(toks: list[str], card: Any, used: set[int]) -> set[int]:
    """The money words of `toks` ("who spent the most money": both) when the table has the
    column they are said of: "sales" in "sales by channel" is that money, not a word of a
    column "Sales Channel" (read so, the rows were counted per channel)."""
    if earning(card) is None:
        return set()
    taken = set(used)
    while (span := clues.first(MONEY_WORDS, toks, taken)) is not None:
        taken.update(span)
    return taken - used


def _price_said(toks: list[str], card: Any, used: set[int], hits: Sequence[Hit]) -> list[Hit]:
    """"how many computers cost over 3000" (R's Ecdat::Computers): what a thing costs is its
    price, the table's one column named as a price; the verb had named no column. (With
    the price named too, "price of those that cost under 1500" is that column twice.)"""
    prices = [c for c in card.columns if is_numeric(c) and clues.first(
        PRICE_NAMES, words(str(c.name)), set()) is not None]
    if any(h.column == c.name for h in hits for c in prices):
        return []
    span = clues.first(PRICE_VERBS, toks, used)
    return [Hit(prices[0].name, tuple(span), False)] if span and len(prices) == 1 else []


def not_earned(name: str) -> bool:
    return clues.first(NOT_EARNED_WORDS, words(name), set()) is not None


def earned(name: str) -> bool:
    """Is a money column named as what the table earns ("Revenue", "Net sales", "Виручка")?"""
    toks = words(name)
    return (clues.first(MONEY_WORDS, toks, set()) is not None
            and clues.first(NOT_EARNED_WORDS, toks, set()) is None)


RANKING = ("top", "bottom", "best", "worst", "топ", "найкращ*", "найгірш*", "лучш*", "худш*",
           "前", "最好", "最差")
"""Words ranking things with no measure said: of a sales export, by what they earn."""


def ranked_by(toks: list[str], ranked: list[int] | None, card: Any,
              group_by: Sequence[str]) -> str | None:
    """"top 5 products", "топ 3 товари", "前3名产品" on a sales export: ranked by its revenue
    (its money column named as earnings), as the sales recipes have always ranked them,
    not by how many rows each has; None elsewhere (a table of salaries: which is asked?)."""
    column = earning(card)
    if ranked is None or not group_by or column is None or not earned(column):
        return None
    return column if any(stem_match(s, toks[i]) for i in ranked for s in RANKING) else None
