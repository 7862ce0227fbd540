"""The unit a statement's title lines give its figures ("(in thousands)", "тыс. руб.", "千元").

A P&L printed "(in thousands)" holds 1,335.6 for revenue of 1,335,600: read as written, every
figure the analyst states is a thousandth of the truth. Only the lines above the header count,
and only a phrase that is a unit note (a unit word after "in", in brackets, or with a currency):
"Thousands of happy customers" in a title, or "thousands" in a row label, scales nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

import numpy as np
import pandas as pd

_MONEY = r"(?:usd|eur|gbp|uah|rub|cny|rmb|chf|pln|\$|€|£|₴|₽|¥|грн\.?|руб\.?|рублей|гривень|гривен|dollars|euros?)"
_WORD = {1_000: r"thousands?", 1_000_000: r"millions?", 1_000_000_000: r"billions?"}
# Each pattern is a unit note on its own; the factor is the key. Word boundaries are spelled
# out with lookarounds because \b does not see Cyrillic after "." or CJK at all.
_PATTERNS: tuple[tuple[int, re.Pattern[str]], ...] = tuple(
    (factor, re.compile(pattern, re.IGNORECASE))
    for factor, pattern in (
        *((f, rf"(?<![a-z])in\s+{w}(?![a-z])") for f, w in _WORD.items()),
        *((f, rf"[(\[]\s*{w}(?![a-z])") for f, w in _WORD.items()),
        *((f, rf"(?<![a-z]){w}\s+of\s+{_MONEY}") for f, w in _WORD.items()),
        *((f, rf"{_MONEY}\s*{w}(?![a-z])") for f, w in _WORD.items()),
        (1_000, rf"{_MONEY}\s*['’]?000s?(?!\d)"),
        (1_000, r"(?<![\d,.])['’]000s?(?!\d)"),
        (1_000, r"[(\[]\s*000s?\s*[)\]]"),
        (1_000, r"(?<![a-z])in\s+000s?(?!\d)"),
        (1_000_000, rf"{_MONEY}\s*(?:m|mn|mln)(?![a-z])"),
        # uk/ru: "тис. грн", "тыс. руб.", "в тысячах рублей", "млн грн"
        (1_000, r"(?<![а-яіїєґё])(?:тис\.|тыс\.|тисячах|тысячах|"
                r"тис(?=\s*(?:грн|₴|usd|eur))|тыс(?=\s*(?:руб|₽|usd|eur)))"),
        (1_000_000, r"(?<![а-яіїєґё])(?:млн\.?|мільйонах|миллионах)(?![а-яіїєґё])"),
        (1_000_000_000, r"(?<![а-яіїєґё])(?:млрд\.?|мільярдах|миллиардах)(?![а-яіїєґё])"),
        # de: "in Tausend", "TEUR", "T€", "Tsd. EUR", "in Mio. EUR"
        (1_000, r"(?<![a-zäöü])(?:in\s+tausend|teur|t€|tsd\.?)(?![a-zäöü])"),
        (1_000_000, r"(?<![a-zäöü])(?:in\s+millionen|mio\.?)(?![a-zäöü])"),
        (1_000_000_000, r"(?<![a-zäöü])(?:in\s+milliarden|mrd\.?)(?![a-zäöü])"),
        # zh: "千元", "万元", "百万元", "亿元" (单位：千元); 百万 before 万, read by position below
        (1_000, r"(?<!百)千元"),
        (10_000, r"(?<![百千])万元"),
        (1_000_000, r"百万元"),
        (100_000_000, r"亿元"),
    )
)


@dataclass(frozen=True)
class Unit:
    factor: int
    """What each figure is multiplied by: 1000 for thousands."""
    phrase: str
    """The words of the title that say so, as written ("in thousands"): only those, not the
    whole title, which may name the company."""


def unit_in_titles(lines: Iterable[str]) -> Unit | None:
    """The one unit the title lines state; None when they state none, or two different ones."""
    found: dict[int, str] = {}
    for line in lines:
        for factor, pattern in _PATTERNS:
            match = pattern.search(line)
            if match:
                found.setdefault(factor, match.group(0).strip())
    if len(found) != 1:
        return None  # "in thousands" and "in millions" above one table: not ours to pick
    factor, phrase = next(iter(found.items()))
    return Unit(factor, phrase)


def line_text(cells: Sequence[object]) -> str:
    return " ".join(str(c).strip() for c in cells if c is not None and str(c).strip())


def scaled(values: pd.Series, factor: int) -> pd.Series:
    """`values` times `factor`, exactly: whole numbers as integers, fractions through their
    shortest decimal form (1335.6 x 1000 is 1335600, not 1335600.0000000002)."""
    if values.dtype.kind in "iu" or str(values.dtype) in ("Int64", "Int32"):
        top = values.abs().max()
        if pd.isna(top) or int(top) < np.iinfo(np.int64).max // factor:
            return values * factor
    return values.map(lambda v: v if pd.isna(v) else _times(float(v), factor)).astype("float64")


def _times(value: float, factor: int) -> float:
    try:
        return float(Decimal(repr(value)) * factor)
    except InvalidOperation:  # inf stays inf
        return value * factor
