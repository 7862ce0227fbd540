"""What a numeric column's name says about adding it up.

Amounts, counts and volumes add up ("total precipitation", "net generation by month");
levels, prices and ratios do not (a sum of temperatures or closing prices means nothing).
A column whose name says neither is additive only when it holds whole counts.
"""

from __future__ import annotations

import re
from typing import Any

_ADDITIVE = re.compile(
    r"amount|sales|revenue|turnover|cost|cogs|profit|income|expense|spend|total|sum|volume|"
    r"generation|consumption|production|output|precip|rain|snow|count|units|qty|quantity|"
    r"pcs|orders|visits|clicks|sessions|tickets|shipments|deaths|cases|births|hours|"
    r"сума|сумма|виручк|выручк|витрат|расход|дохід|доход|прибут|прибыл|кількіст|количеств|"
    r"обсяг|объ[её]м|опад|осадк|销售|金额|收入|成本|利润|数量|销量|降水|产量",
    re.IGNORECASE)
_LEVEL = re.compile(
    r"(?<![^\W\d_])(?:price|rate|ratio|percent|pct|share|average|avg|mean|median|temp|"
    r"humidity|pressure|speed|wind|score|rating|index|level|horsepower|acceleration|weight|"
    r"height|length|width|margin|yield|latitude|longitude|headcount|population|inventory|"
    r"salar|wage|(?:per|unit|age|pay|open|close|high|low|lat|lon|mpg|adj)(?![^\W\d_])|"
    r"ціна|цена|ставк|курс|температур|середн|средн|вік|возраст|зарплат|заробітн|оклад)|"
    r"单价|价格|温度|比率|平均|工资|薪",
    re.IGNORECASE)


def additive(column: Any, series: bool = False) -> bool:
    """Does a total of `column` mean something (so "X by month" is its sum)? `series`: the
    table holds one row per date, where whole numbers with no name for an amount are levels
    (the unemployed, a population, stock on hand): twelve months of them add up to nothing
    ("unemployment in 2000" on ggplot2's economics had stated 68,536, their sum)."""
    name = str(column.name)
    if column.role == "percent" or _LEVEL.search(_spaced(name)):
        return bool(_ADDITIVE.search(name)) and not _LEVEL.search(_spaced(name))
    if _ADDITIVE.search(name):
        return True
    if column.role == "money":
        # Money whose name says no level (a price, a rate) is an amount: "takings",
        # "wplywy_netto" marked as the amount by the user, "Betrag" add up.
        return True
    return column.role == "quantity" and str(column.dtype).startswith(("int", "uint")) \
        and not series


def one_row_per_date(card: Any) -> bool:
    """Is the table a series: a date column with a value of its own on every row?"""
    return any(c.role == "date" and c.unique == card.rows > 2 for c in card.columns)


def _spaced(name: str) -> str:
    """"Miles_per_Gallon" -> "Miles per Gallon": "per" is a word, not part of "percent"."""
    return " " + re.sub(r"[_\-./]+", " ", name) + " "
