"""Where a table's calendar comes from: a date column, or a year column (and a month one).

Public datasets often store time as a `year` column (crop yields, employment) or as `year`
and `month` side by side (electricity): "by month" and "in 2020" work on those too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from analyst.brain.understand.columns import Hit
from analyst.brain.understand.query import is_numeric
from analyst.brain.understand.text import words

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
