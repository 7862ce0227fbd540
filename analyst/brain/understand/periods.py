"""Where a table's calendar comes from: a date column, or a year column (and a month one).

Public datasets often store time as a `year` column (crop yields, employment) or as `year`
and `month` side by side (electricity): "by month" and "in 2020" work on those too. A
table with months and no year (a budget's "Jan".."Dec" headers, a `Month` of 5..9) has
a `MonthColumn`: "in March", "Q1" and "by month" keep or group its rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from analyst.brain.understand.columns import Hit
from analyst.brain.understand.query import is_numeric
from analyst.brain.understand.text import find_phrase, words
from analyst.brain.understand.vocab import MONTHS

_YEAR_NAMES = ("year", "yr", "рік", "год", "年", "年份")
_MONTH_NAMES = ("month", "місяць", "месяц", "月", "月份")


@dataclass(frozen=True)
class DateSource:
    column: str
    unit: Literal["day", "year"]
    """"day" for a real date column, "year" for a column of years."""
    month_column: str | None = None


def date_source(card: Any, columns: dict[str, Any],
                 hits: list[Hit]) -> DateSource | None:
    """The column periods are read from: a named date column, the first date, or a year column."""
    named = [columns[h.column] for h in hits if columns[h.column].role == "date"]
    dates = named or sorted((c for c in card.columns if c.role == "date"),
                            key=lambda c: not getattr(c, "set_by_user", False))
    if dates:
        return DateSource(dates[0].name, "day")
    year = next((c for c in card.columns if _is_year_column(c)), None)
    if year is None:
        return None
    month = next((c for c in card.columns if c is not year and _is_month_column(c)), None)
    return DateSource(year.name, "year", month.name if month else None)


def _is_year_column(col: Any) -> bool:
    name = words(col.name)
    if not is_numeric(col) or col.min is None:
        return False
    return any(n in _YEAR_NAMES for n in name) and 1800 <= col.min <= col.max <= 2200


def _is_month_column(col: Any) -> bool:
    name = words(col.name)
    return (is_numeric(col) and col.min is not None and 1 <= col.min <= col.max <= 12
            and any(n in _MONTH_NAMES for n in name))


@dataclass(frozen=True)
class MonthColumn:
    """A column of months of no stated year: a `Month` of numbers, or of month names."""

    column: str
    names: Mapping[int, str] = field(default_factory=dict)
    """Month number -> the value as the table writes it ("Mar"); empty for numbers."""

    def value(self, month: int) -> Any:
        """What the column holds for `month`: its number, or the name it is written as (the
        English name when the table has no such month, so no row is kept)."""
        if not self.names:
            return month
        return self.names.get(month, _ENGLISH[month - 1])


_ENGLISH = ("January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December")


def month_column(card: Any, values: Mapping[str, Sequence[Any]]) -> MonthColumn | None:
    """The months of a table with no date and no year column, if it has them."""
    numbers = next((c for c in card.columns if _is_month_column(c)), None)
    if numbers is not None:
        return MonthColumn(numbers.name)
    for column, written in values.items():
        if not 2 <= len(written) <= 12:  # twelve months at most: most columns stop here
            continue
        names = {month_number(str(v)): str(v) for v in written}
        if len(names) == len(written) >= 2 and None not in names:
            return MonthColumn(column, {n: v for n, v in names.items() if n is not None})
    return None


def month_number(value: str) -> int | None:
    """The month a value names as a whole ("Mar", "March", "Березень"), else None."""
    toks = words(value)
    for number, names in MONTHS.items():
        if any(find_phrase(name, toks, set()) == list(range(len(toks))) for name in names):
            return number
    return None
