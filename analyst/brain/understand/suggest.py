"""Questions to suggest for one table: built from its columns by role, each one carrying the
query it was made for.

The shapes, in order of usefulness: a measure by a category, the measure over time (by
month from a date, by year from a year column), rows counted per category, the top N (or
the highest) category by the measure, a share, then the same with other columns. A measure
that adds up (amounts, volumes, counts) is totalled; a level (a price, a temperature) is
averaged, so no suggestion asks for a meaningless sum.

A suggestion's text says column names as words ("Top 5 customers by total order value"
for columns "Customer" and "OrderValue"), and the query travels with it: a click runs
`Suggestion.query`, never a reading of the text. The text still reads back as that query
(the history's "Run again" asks the text): a candidate whose words would read otherwise
(a column named like a word of the template) is dropped, never shown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analyst.brain.understand.naming import additive
from analyst.brain.understand.parse import read_table
from analyst.brain.understand.periods import DateSource, date_source
from analyst.brain.understand.phrases.query import qsay
from analyst.brain.understand.query import (
    Aggregation,
    Order,
    Period,
    Query,
    is_numeric,
    validate,
)

MAX_GROUP_VALUES = 50
"""A category with more values than this (names, ids) makes no readable breakdown."""
TOP_N = 5


@dataclass(frozen=True)
class Suggestion:
    """A question in the reader's language and the query it was made for on its table."""

    question: str
    query: Query


def suggest(card: Any, language: str = "en", values: Mapping[str, Sequence[Any]] | None = None,
            n: int = 6) -> list[str]:
    """Up to `n` questions (4-6 on most tables) the offline analyst answers on `card`'s table.

    `values`: the table's category values (`analyst.brain.understand.values.category_values`), so each
    question's text is read back as the app would read it typed.
    """
    return [s.question for s in suggestions(card, language, values, n)]


def suggestions(card: Any, language: str = "en",
                values: Mapping[str, Sequence[Any]] | None = None,
                n: int = 6) -> list[Suggestion]:
    """`suggest` with the query each question was made for."""
    out: list[Suggestion] = []
    seen: set[str] = set()
    columns = {c.name: c for c in card.columns}
    source = date_source(card, columns, [])
    for key, fill, expected in _candidates(card):
        if len(out) >= n:
            break
        query = _query(expected, card, source)
        if query is None:
            continue
        count = fill.pop("n", None)
        words = {k: spoken(v) for k, v in fill.items()}
        text = (qsay(language, key, plural=count, n=count, **words) if count is not None
                else qsay(language, key, **words))
        ident = repr((query.aggregation, query.measures, query.group_by, query.period,
                      query.limit))
        if ident in seen or text in (s.question for s in out):
            continue
        if not _reads_back(text, card, values, query):
            continue  # "Сума volume" on a table with a column "Сума": typed, it would differ
        seen.add(ident)
        out.append(Suggestion(text, query))
    return out


_CASE_STEP = re.compile(r"(?<=[a-zа-яёіїєґ])(?=[A-ZА-ЯЁІЇЄҐ])"
                        r"|(?<=[A-ZА-ЯЁІЇЄҐ])(?=[A-ZА-ЯЁІЇЄҐ][a-zа-яёіїєґ])")
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


def spoken(name: str) -> Any:
    """A column name as the words a sentence says: "OrderValue", "order_value" and
    "order value" are all "order value" ("{m:word}"), "CustomerID" is "customer ID";
    Chinese names are written without spaces, as they are."""
    from analyst.brain.understand.phrases.nouns import (
        Noun,  # here: the planner imports this package
    )

    text = _CASE_STEP.sub(" ", str(name))
    text = re.sub(r"[\s_]+", " ", text).strip()
    text = re.sub(rf"(?<=[{_CJK}]) (?=[{_CJK}])", "", text)
    return Noun(text or str(name))


@dataclass(frozen=True)
class _Expect:
    aggregation: Aggregation
    measures: tuple[str, ...] = ()
    group_by: tuple[str, ...] = ()
    period: str | None = None
    limit: int | None = None


def _candidates(card: Any) -> list[tuple[str, dict[str, Any], _Expect]]:
    columns = {c.name: c for c in card.columns}
    source = date_source(card, columns, [])
    calendar = {source.column, source.month_column} if source else set()
    measures = [c for c in card.columns if is_numeric(c) and c.role != "id"
                and c.name not in calendar and (c.unique or 0) > 1]
    # Amounts first (the user's or the ingester's money column), then the column order; a
    # few whole values (cylinders, a rating) are more a category than a measure.
    measures.sort(key=lambda c: (c.role != "money", (c.unique or 0) <= 10))
    groups = [c for c in card.columns
              if c.role == "category" and 2 <= (c.unique or 0) <= MAX_GROUP_VALUES
              and c.name not in calendar]
    month = source is not None and (source.unit == "day" or source.month_column is not None)
    found: list[tuple[str, dict[str, Any], _Expect]] = []

    def add(key: str, expect: _Expect, **fill: Any) -> None:
        found.append((key, fill, expect))

    def by_group(m: Any, g: Any) -> None:
        if additive(m):
            add("q_sum", _Expect("sum", (m.name,), (g.name,)), m=m.name, g=g.name)
        else:
            add("q_mean", _Expect("mean", (m.name,), (g.name,)), m=m.name, g=g.name)

    def over_time(m: Any) -> None:
        total = additive(m)
        if month:
            add("q_period" if total else "q_period_mean",
                _Expect("sum" if total else "mean", (m.name,), (), "month"), m=m.name)
        elif source is not None:
            add("q_year_sum" if total else "q_year",
                _Expect("sum" if total else "mean", (m.name,), (), "year"), m=m.name)

    def ranking(m: Any, g: Any) -> None:
        total = additive(m)
        agg: Aggregation = "sum" if total else "mean"
        if (g.unique or 0) > TOP_N:
            add("q_top" if total else "q_top_mean",
                _Expect(agg, (m.name,), (g.name,), limit=TOP_N), m=m.name, g=g.name, n=TOP_N)
        else:
            add("q_max" if total else "q_max_mean", _Expect(agg, (m.name,), (g.name,), limit=1),
                m=m.name, g=g.name)

    first_m = measures[0] if measures else None
    first_g = groups[0] if groups else None
    if first_m is not None and first_g is not None:
        by_group(first_m, first_g)
    if first_m is not None:
        over_time(first_m)
    if first_g is not None:
        add("q_count", _Expect("count", (), (first_g.name,)), g=first_g.name)
    if first_m is not None and first_g is not None:
        ranking(first_m, first_g)
    other_m = measures[1] if len(measures) > 1 else first_m
    other_g = groups[1] if len(groups) > 1 else first_g
    if other_m is not None and other_g is not None:
        by_group(other_m, other_g)
    if other_m is not None and other_m is not first_m:
        over_time(other_m)
    if first_m is not None and first_g is not None and additive(first_m):
        add("q_share", _Expect("share", (first_m.name,), (first_g.name,)),
            m=first_m.name, g=first_g.name)
    if first_m is not None and first_g is not None:
        add("q_median", _Expect("median", (first_m.name,), (first_g.name,)),
            m=first_m.name, g=first_g.name)
    if len(groups) > 1:
        add("q_count", _Expect("count", (), (groups[1].name,)), g=groups[1].name)
    if month:
        add("q_count_period", _Expect("count", (), (), "month"))
    for m in measures[:3]:
        add("q_rows", _Expect("rows", (m.name,), limit=TOP_N), m=m.name, n=TOP_N)
    return found


def _query(expected: _Expect, card: Any, source: DateSource | None) -> Query | None:
    """The query a candidate asks, checked against its card (None when it cannot run)."""
    period = None
    if expected.period is not None:
        if source is None:
            return None
        period = (Period(source.column, "year") if expected.period == "year"
                  else Period(source.column, "month", source.month_column))
    order: Order | None = "desc" if expected.limit is not None else None
    query = Query(card.table, expected.aggregation, expected.measures,
                  expected.group_by, period, (), order, expected.limit)
    try:
        return validate(query, card)
    except ValueError:
        return None


def _reads_back(text: str, card: Any, values: Mapping[str, Sequence[Any]] | None,
                query: Query) -> bool:
    """Does `text`, typed, read as `query` alone (one reading, no word left over)?"""
    reading = read_table(text, card, values)
    return (reading.refusal is None and len(reading.queries) == 1
            and reading.queries[0] == query and not reading.queries[0].notes)
