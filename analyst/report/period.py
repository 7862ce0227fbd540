"""A period of dates as a reader says it: months as months, in the report's language.

Data of twelve monthly columns runs from 2025-01-01 to 2025-12-01 (each month is dated by
its first day): a reader expects "Jan 2025 – Dec 2025", and one month alone, "Oct 2025". A
period that starts on the first of a month and ends on the first or the last day of one is
said in months; any other is said in dates, which are exact.
"""

from __future__ import annotations

import calendar
import datetime as dt

from analyst.recipes.labels import month_label
from analyst.words import say


def period_text(first: str, last: str, language: str = "en") -> str:
    """("2025-01-01", "2025-12-01") -> "Jan 2025 – Dec 2025"; ("2025-10-01", "2025-10-31") ->
    "Oct 2025" ("жовт. 2025", "2025年10月"); ("2025-01-03", "2025-03-17") -> the dates;
    text that is not an ISO date is said as it is."""
    start, end = _day(first), _day(last)
    if start is None or end is None:
        return _span(first, last, language)
    if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31):
        return _span(str(start.year), str(end.year), language)  # whole years: "2024 – 2025"
    if _in_months(start, end):
        a = month_label(start.strftime("%Y-%m"), language) or first
        b = month_label(end.strftime("%Y-%m"), language) or last
        return _span(a, b, language)
    return _span(start.isoformat(), end.isoformat(), language)


def _span(first: str, last: str, language: str) -> str:
    return first if first == last else say(language, "planner", "period_range", first=first, last=last)


def _in_months(start: dt.date, end: dt.date) -> bool:
    month_end = calendar.monthrange(end.year, end.month)[1]
    return start.day == 1 and end.day in (1, month_end) and start <= end


def _day(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(text)[:10])
    except ValueError:
        return None
