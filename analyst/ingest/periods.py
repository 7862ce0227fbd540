"""Periods as finance people write them in headers: one parser for every spelling.

"Jan 2026", "2026-01", "01/2026", "Q1 2026", "H1 2026", "FY 2025", "2025", month names in
English, Ukrainian, Russian, German and Chinese ("січ. 2026", "янв 2026", "März 2026",
"2026年1月"), real Excel dates, and the words of a total column ("Total", "Итого", "合计").
A header row of such cells makes a table wide; the parser only reads one cell at a time,
the layout decides (see `header_layout` and `wide`).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

KINDS = ("day", "month", "quarter", "half", "year", "total")
"""From finest to coarsest; "total" is a column that sums the others (Total, YTD, Итого)."""

# Every spelling a month takes in a header; any prefix of three or more letters counts
# ("Sept", "Mär", "січ.", "янв"), which is how each language abbreviates.
_MONTH_FORMS = {
    1: ("january", "januar", "jänner", "janvier", "січень", "січня", "январь", "января"),
    2: ("february", "februar", "février", "лютий", "лютого", "февраль", "февраля"),
    3: ("march", "märz", "maerz", "mrz", "mars", "березень", "березня", "март", "марта"),
    4: ("april", "avril", "квітень", "квітня", "апрель", "апреля"),
    5: ("may", "mai", "травень", "травня", "май", "мая"),
    6: ("june", "juni", "juin", "червень", "червня", "июнь", "июня"),
    7: ("july", "juli", "juillet", "липень", "липня", "июль", "июля"),
    8: ("august", "août", "серпень", "серпня", "август", "августа"),
    9: ("september", "sept", "septembre", "вересень", "вересня", "сентябрь", "сентября"),
    10: ("october", "oktober", "octobre", "жовтень", "жовтня", "октябрь", "октября"),
    11: ("november", "novembre", "листопад", "листопада", "ноябрь", "ноября"),
    12: ("december", "dezember", "décembre", "грудень", "грудня", "декабрь", "декабря"),
}
_ZH_MONTHS = {name: i for i, name in enumerate(
    ("一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"), start=1)}
_TOTAL = re.compile(
    r"^\s*(?:grand\s+)?(?:totals?|sum|summe|gesamt|insgesamt|ytd|year\s+to\s+date|full\s+year|"
    r"итого|итог|всего|разом|усього|всього|підсумок|合计|合計|总计|總計)\s*[:.]?\s*$",
    re.IGNORECASE,
)
_YEAR = r"((?:19|20)\d{2})"
_SHORT_YEAR = r"((?:19|20)?\d{2})"
_QUARTER_WORD = r"(?:q|кв\.?|квартал|quartal|qtr\.?)"
_HALF_WORD = r"(?:h|hy|пг|півріччя|полугодие|halbjahr)"
_FY_WORD = r"(?:fy|fiscal\s+year|financial\s+year|gj|фг|фін\.?\s*рік|рік|год|г\.|jahr|财年|年度)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in (
        ("year", rf"^{_YEAR}$"),
        ("year", rf"^{_YEAR}\s*(?:年|р\.?|г\.?|рік|год)$"),
        ("fy", rf"^{_FY_WORD}\s*['\-]?\s*{_SHORT_YEAR}$"),
        ("fy", rf"^{_YEAR}\s*{_FY_WORD}$"),
        ("fy", r"^(fy)$"),
        ("quarter", rf"^{_QUARTER_WORD}\s*([1-4])(?:\s*[\-/'.]?\s*{_SHORT_YEAR})?$"),
        ("quarter_rev", rf"^{_YEAR}\s*[\-/ ]?\s*{_QUARTER_WORD}\s*([1-4])$"),
        ("quarter", rf"^([1-4])\s*(?:-?й\s*)?{_QUARTER_WORD}\.?(?:\s*{_YEAR})?\s*(?:р\.?|г\.?)?$"),
        ("quarter_zh", rf"^{_YEAR}\s*年?\s*(?:第\s*([1-4一二三四])\s*季度|Q([1-4]))$"),
        ("half", rf"^{_HALF_WORD}\s*([12])(?:\s*[\-/'.]?\s*{_SHORT_YEAR})?$"),
        ("half", rf"^([12])\s*{_HALF_WORD}(?:\s*{_YEAR})?$"),
        ("half_rev", rf"^{_YEAR}\s*[\-/ ]?\s*{_HALF_WORD}\s*([12])$"),
        ("ym", rf"^{_YEAR}\s*[\-/.]\s*(0?[1-9]|1[0-2])$"),
        ("my", rf"^(0?[1-9]|1[0-2])\s*[\-/.]\s*{_YEAR}$"),
        ("zh_month", rf"^(?:{_YEAR}\s*年\s*)?(0?[1-9]|1[0-2])\s*月(?:份)?$"),
    )
)
_WORD_YEAR = re.compile(rf"^([^\W\d_]+)\.?\s*[\-' ]?\s*{_SHORT_YEAR}?$")
_YEAR_WORD = re.compile(rf"^{_YEAR}\s*[\-/ ]?\s*([^\W\d_]+)\.?$")
_ZH_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4}
_SHORT = {1: "Jan", 2: "Feb", 3: "Mar", 4: "Apr", 5: "May", 6: "Jun", 7: "Jul", 8: "Aug",
          9: "Sep", 10: "Oct", 11: "Nov", 12: "Dec"}


@dataclass(frozen=True, order=True)
class Period:
    """One period a header cell names. `year` is None for "Jan" or "Q1" written without one."""

    kind: str
    """One of `KINDS`."""
    year: int | None = None
    index: int = 1
    """Month 1-12, quarter 1-4, half 1-2; the day of year order for "day"; 1 otherwise."""
    day: int = 1
    fiscal: bool = False
    """Written as a fiscal/financial year ("FY 2025"): a total of a year's periods."""

    @property
    def label(self) -> str:
        """Canonical English name: "Jan 2026", "Q1 2026", "H1 2026", "FY 2025", "2025", "Total"."""
        year = f" {self.year}" if self.year is not None else ""
        if self.kind == "month":
            return f"{_SHORT[self.index]}{year}"
        if self.kind == "quarter":
            return f"Q{self.index}{year}"
        if self.kind == "half":
            return f"H{self.index}{year}"
        if self.kind == "year":
            return f"FY{year}" if self.fiscal or self.year is None else str(self.year)
        if self.kind == "day":
            return self.start.isoformat() if self.start else "day"
        return "Total"

    @property
    def start(self) -> dt.date | None:
        """First day of the period (None without a year, or for a total)."""
        if self.year is None or self.kind == "total":
            return None
        if self.kind == "month":
            return dt.date(self.year, self.index, 1)
        if self.kind == "quarter":
            return dt.date(self.year, 3 * self.index - 2, 1)
        if self.kind == "half":
            return dt.date(self.year, 6 * self.index - 5, 1)
        if self.kind == "day":
            return dt.date(self.year, self.index, self.day)
        return dt.date(self.year, 1, 1)

    @property
    def months(self) -> int:
        return {"month": 1, "quarter": 3, "half": 6, "year": 12}.get(self.kind, 0)


def parse_period(value: Any) -> Period | None:
    """The period a header cell names, or None when it is not one."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, dt.datetime | dt.date):
        return _from_date(value)
    if isinstance(value, int | float):
        if float(value).is_integer() and 1900 <= value <= 2100:
            return Period("year", int(value))
        return None
    text = re.sub(r"\s+", " ", str(value)).strip()
    if not text or len(text) > 30:
        return None
    if _TOTAL.match(text):
        return Period("total")
    for kind, pattern in _PATTERNS:
        found = pattern.match(text)
        if found:
            return _built(kind, found.groups())
    return _named_month(text)


def _from_date(value: dt.date) -> Period:
    day = value.day
    last = calendar.monthrange(value.year, value.month)[1]
    if day in (1, last):  # Excel month headers hold the 1st (or the month's end) shown as "mmm yyyy"
        return Period("month", value.year, value.month)
    return Period("day", value.year, value.month, day)


def _year(text: str | None) -> int | None:
    if not text:
        return None
    number = int(text)
    return 2000 + number if number < 100 else number


def _int(text: str | None) -> int:
    """A group its pattern requires: never None when the pattern matched."""
    if text is None:
        raise ValueError("a required group of a period pattern is empty")
    return int(text)


def _built(kind: str, groups: tuple[str | None, ...]) -> Period | None:
    if kind == "year":
        return Period("year", _int(groups[0]))
    if kind == "fy":
        return Period("year", _year(groups[0]) if groups[0] and groups[0].isdigit() else None, fiscal=True)
    if kind == "quarter":
        return Period("quarter", _year(groups[1]), _int(groups[0]))
    if kind == "quarter_rev":
        return Period("quarter", _int(groups[0]), _int(groups[1]))
    if kind == "quarter_zh":
        digit = groups[1] or groups[2]
        return Period("quarter", _int(groups[0]), _ZH_DIGITS.get(digit or "") or _int(digit))
    if kind == "half":
        return Period("half", _year(groups[1]), _int(groups[0]))
    if kind == "half_rev":
        return Period("half", _int(groups[0]), _int(groups[1]))
    if kind == "ym":
        return Period("month", _int(groups[0]), _int(groups[1]))
    if kind == "my":
        return Period("month", _int(groups[1]), _int(groups[0]))
    if kind == "zh_month":
        return Period("month", _year(groups[0]), _int(groups[1]))
    return None


def month_number(word: str) -> int | None:
    """1-12 for a month name or its abbreviation in en/uk/ru/de (and fr), else None."""
    word = word.lower().rstrip(".")
    if word in _ZH_MONTHS:
        return _ZH_MONTHS[word]
    if len(word) < 3:
        return None
    for month, forms in _MONTH_FORMS.items():
        if any(form.startswith(word) or word == form for form in forms):
            return month
    return None


def _named_month(text: str) -> Period | None:
    zh = re.match(r"^(?:((?:19|20)\d{2})\s*年\s*)?(十[一二]?|[一二三四五六七八九]月?)月?$", text)
    if zh and text.rstrip("月") + "月" in _ZH_MONTHS:
        return Period("month", _year(zh.group(1)), _ZH_MONTHS[text.split("年")[-1].strip().rstrip("月") + "月"])
    found = _WORD_YEAR.match(text)
    if found:
        month = month_number(found.group(1))
        return Period("month", _year(found.group(2)), month) if month else None
    found = _YEAR_WORD.match(text)
    if found:
        month = month_number(found.group(2))
        return Period("month", int(found.group(1)), month) if month else None
    return None


def header_label(value: Any) -> str | None:
    """The name a header cell holding a real date is shown as ("Jan 2025", as "mmm yyyy" shows it)."""
    if isinstance(value, dt.datetime | dt.date):
        period = _from_date(value)
        return period.label
    return None


def with_year(period: Period, year: int | None) -> Period:
    """A "Jan" or "Q1" under a "2026" group header takes that year."""
    if period.year is not None or year is None or period.kind in ("total", "year"):
        return period
    return Period(period.kind, year, period.index, period.day, period.fiscal)
