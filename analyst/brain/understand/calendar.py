"""The calendar words of a question: years, quarters and months named (filters on the date
column, or a change between two years), and a grouping by period ("by month", "which month").

A part of reading a question into a `Query` (`parse`): every word it places is added to
`used`, and a period asked of a table without dates is declined by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyst.brain.understand import clues
from analyst.brain.understand import measures as stat_clues
from analyst.brain.understand.columns import Hit
from analyst.brain.understand.finish import Refusal
from analyst.brain.understand.periods import DateSource, date_source
from analyst.brain.understand.query import Compare, Filter, Period, PeriodUnit
from analyst.brain.understand.vocab import CHANGE

YEAR_JOINS = {"from", "to", "between", "and", "vs", "versus", "从", "到", "至", "和", "与", "від",
              "до", "між", "і", "та", "от", "с", "по", "между", "и"}
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


def read(toks: list[str], used: set[int], card: Any, columns: dict[str, Any], hits: list[Hit],
         filters: list[Filter]) -> Calendar | Refusal:
    """The calendar of `toks` (filters appended to `filters`, words to `used`)."""
    date = date_source(card, columns, hits)
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
        if len(years) == 2 and change is not None:
            used.update(change)
            compare = Compare(date.column, "year", years[0][1], years[1][1])
        else:
            value = years[0][1] if len(years) == 1 else tuple(y for _, y in years)
            spans = clues.ranges(toks, set(used) - {i for i, _ in years})
            if len(years) == 2 and spans and {spans[0][2][1], spans[0][2][3]} == {
                    i for i, _ in years}:
                # "between 2014 and 2016": every year of the span, not the two ends.
                low, high, range_words = spans[0]
                used.update(range_words)
                value = tuple(range(int(low), int(high) + 1))
            filters.append(Filter(date.column, "year", value))
    if q := clues.quarter(toks, used):
        if date is None or (date.unit == "year" and date.month_column is None):
            return Refusal("no_date_for_filter", {"what": f"Q{q[0]}"})
        used.update(q[1])
        filters.append(Filter(date.month_column or date.column, "quarter", q[0]))
    if m := clues.month(toks, used):
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
    return Calendar(date, compare, period, grouping, asked_period)


TREND = ("trend", "trends", "dynamic*", "over time", "growth", "grow", "динамік*", "динамик*", "тренд*",
         "зріст", "зростання", "рост", "趋势", "走势", "增长")
"""Words asking how a measure moved, with no period named: by month."""
