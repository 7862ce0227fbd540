"""The calendar words of a question: years, quarters and months named (filters on the date
column, or a change between two years), and a grouping by period ("by month", "which month").

A part of reading a question into a `Query` (`parse`): every word it places is added to
`used`, and a period asked of a table without dates is declined by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analyst.brain.understand import clues
from analyst.brain.understand import measures as stat_clues
from analyst.brain.understand.columns import Hit
from analyst.brain.understand.finish import Refusal
from analyst.brain.understand.periods import DateSource, MonthColumn, date_source, month_column
from analyst.brain.understand.query import Compare, Filter, Period, PeriodUnit
from analyst.brain.understand.vocab import CHANGE

YEAR_JOINS = {"from", "to", "through", "thru", "till", "until", "between", "and", "vs", "versus",
              "з", "по", "从", "到", "至", "和", "与", "від", "до", "між", "і", "та", "от", "с",
              "между", "и", "проти", "против", "对比", "对"}
"""Words joining two years ("from 2014 to 2015", "між 2014 і 2015")."""


@dataclass(frozen=True)
class Calendar:
    """What the calendar words of a question ask (the filters go to the reading's list)."""

    date: DateSource | None
    """The column periods are read from."""
    compare: Compare | None
    """A change between two years ("revenue change from 2014 to 2015")."""
    period: Period | None
    """A grouping by period."""
    grouping: tuple[PeriodUnit, Any] | None
    """The period's unit and the words that asked for it."""
    asked_period: tuple[PeriodUnit, list[int]] | None
    """"which month had the highest ...": the periods compared, not the rows."""
    month_key: str | None = None
    """"by month" on a table of months without a year: its month column, grouped by."""


def read(toks: list[str], used: set[int], card: Any, columns: dict[str, Any], hits: list[Hit],
         filters: list[Filter], values: Mapping[str, Sequence[Any]]) -> Calendar | Refusal:
    """The calendar of `toks` (filters appended to `filters`, words to `used`)."""
    date = date_source(card, columns, hits)
    months = month_column(card, values) if date is None else None
    # Years, quarters and months named: filters on the date (or year) column, or a change.
    years = clues.years(toks, used)
    used.update(i for i, _ in years)
    if len(years) >= 2:
        # "from 2014 to 2015", "从2014到2015", "між 2014 і 2015": the words joining years.
        used.update(j for i, _ in years for j in (i - 1,)
                    if j >= 0 and j not in used and toks[j] in YEAR_JOINS)
    change = clues.first(CHANGE, toks, used)
    compare = None
    if years:
        if date is None:
            return Refusal("no_date_for_filter", {"what": ", ".join(str(y) for _, y in years)})
        if len(years) == 2 and (change is not None or _versus(toks, years[0][0], years[1][0])):
            # "2014 vs 2016" asks the two side by side, as a change does, not one figure.
            used.update(change or ())
            # "2025 vs 2024" is 2025 against 2024: the change from the earlier to the later
            # (a change said with its direction, "from 2015 to 2014", keeps it).
            start, end = (years[0][1], years[1][1]) if change is not None else sorted(
                (years[0][1], years[1][1]))
            compare = Compare(date.column, "year", start, end)
        else:
            value = years[0][1] if len(years) == 1 else tuple(y for _, y in years)
            if len(years) == 2 and _span(toks, years[0][0], years[1][0]):
                # "between 2014 and 2016", "2014-2016", "с 2014 по 2016", "2014年到2016年":
                # every year of the span, not the two ends ("and" alone joins two years).
                low, high = sorted((years[0][1], years[1][1]))
                value = tuple(range(low, high + 1))
            filters.append(Filter(date.column, "year", value))
    if (q := clues.quarter(toks, used)) and months is not None:
        used.update(q[1])  # "Q1" of a budget's "Jan".."Dec": its three months
        filters.append(_months_kept(months, range(3 * q[0] - 2, 3 * q[0] + 1), q[1]))
    elif q:
        if date is None or (date.unit == "year" and date.month_column is None):
            return Refusal("no_date_for_filter", {"what": f"Q{q[0]}"})
        used.update(q[1])
        filters.append(Filter(date.month_column or date.column, "quarter", q[0]))
    if (h := half(toks, used)) is not None:  # "H1", "the first half", "上半年": six months
        kept = range(1, 7) if h[0] == 1 else range(7, 13)
        if months is not None:
            filters.append(_months_kept(months, kept, h[1]))
        elif date is None or (date.unit == "year" and date.month_column is None):
            return Refusal("no_date_for_filter", {"what": " ".join(toks[i] for i in h[1])})
        else:
            filters.append(Filter(date.month_column or date.column, "month", tuple(kept),
                                  span=tuple(h[1])))
        used.update(h[1])
    if (m := clues.month(toks, used)) and months is not None:
        used.update(m[1])
        filters.append(_months_kept(months, (m[0],), m[1]))
    elif m:
        if date is None or (date.unit == "year" and date.month_column is None):
            return Refusal("no_date_for_filter", {"what": toks[m[1][0]]})
        used.update(m[1])
        filters.append(Filter(date.month_column or date.column, "month", m[0]))
    # A calendar grouping: "by month", "monthly".
    period = None
    # "which month had the highest ...": the months compared, not the rows.
    asked_period = stat_clues.which_period(toks, used)
    if grouping := clues.period_group(toks, used) or asked_period:
        unit, words_used = grouping
        used.update(words_used)
        if date is None and months is not None and unit == "month":
            return Calendar(None, None, None, grouping, asked_period, months.column)
        if date is None:
            return Refusal("no_date_for_period", {"period": unit})
        if date.unit == "year" and unit != "year" and not (
                unit in ("month", "quarter") and date.month_column):
            return Refusal("no_date_for_period", {"period": unit})
        period = Period(date.column, unit, date.month_column if unit != "year" else None)
        if date.unit == "year" and unit == "year":
            period = Period(date.column, "year")
    if (period is None and compare is None and date is not None
            and (trend := clues.first(TREND, toks, used)) is not None):
        # "sales trend", "revenue growth", "динаміка продажів": the months one after another
        # (the years, on a table of years), as the sales recipe has always traced them.
        used.update(trend)
        by: PeriodUnit = "year" if date.unit == "year" and date.month_column is None else "month"
        period = Period(date.column, by, date.month_column if by == "month" else None)
        grouping = (by, trend)
    if period is None and months is not None and (trend := clues.first(TREND, toks, used)):
        used.update(trend)  # "spend trend" on a budget's months: month by month
        return Calendar(None, None, None, ("month", trend), None, months.column)
    return Calendar(date, compare, period, grouping, asked_period)


def _months_kept(months: MonthColumn, kept: Sequence[int], said: Sequence[int]) -> Filter:
    """The rows of the months `kept` of a column of months: by number, or as written."""
    if not months.names:
        return Filter(months.column, "month", kept[0] if len(kept) == 1 else tuple(kept),
                      span=tuple(said))
    written = tuple(months.value(k) for k in kept)
    return Filter(months.column, "eq" if len(written) == 1 else "in",
                  written[0] if len(written) == 1 else written, span=tuple(said))


_HALVES = ((1, ("h1", "first half", "1st half", "перш* півріч*", "перв* полугод*", "上 半 年")),
           (2, ("h2", "second half", "2nd half", "друг* півріч*", "втор* полугод*", "下 半 年")))


def half(toks: list[str], used: set[int]) -> tuple[int, list[int]] | None:
    """A half-year named: "H1", "the second half (of the year)", "перше півріччя", "上半年"."""
    for which, phrases in _HALVES:
        if (span := clues.first(phrases, toks, used)) is not None:
            after = toks[span[-1] + 1:span[-1] + 4]
            tail = 3 if after[:3] == ["of", "the", "year"] else 0
            return which, [*span, *range(span[-1] + 1, span[-1] + 1 + tail)]
    return None


_UP_TO = {"to", "through", "thru", "till", "until", "по", "до", "到", "至"}
_BETWEEN = {"between", "між", "между", "介于", "从"}


def _versus(toks: list[str], first: int, second: int) -> bool:
    return [t for t in toks[first + 1:second] if t != "年"] in (
        ["vs"], ["versus"], ["проти"], ["против"], ["对比"], ["对"])


def _span(toks: list[str], first: int, second: int) -> bool:
    """Do the words around two years say a span ("between 2014 and 2016", "from 2014
    through 2016", "с 2014 по 2016", "2014年到2016年") rather than the two years?"""
    joins = [t for t in toks[first + 1:second] if t != "年"]
    said_between = first > 0 and toks[first - 1] in _BETWEEN
    return len(joins) == 1 and (joins[0] in _UP_TO or said_between and joins[0] in YEAR_JOINS)


TREND = ("trend", "trends", "dynamic*", "over time", "growth", "grow", "динамік*", "динамик*", "тренд*",
         "зріст", "зростання", "рост", "趋势", "走势", "增长")
"""Words asking how a measure moved, with no period named: by month."""
