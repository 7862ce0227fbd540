"""The answer to a query in plain words, quoting only the figures its step printed.

The figures the step sent (`ExecutionResult.figures`) carry the query, the result's first rows
and its key figures; this module formats them in the reader's language with the report's
own number formats, so the words, the table and the chart agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from analyst.brain.code.plot import value_column
from analyst.brain.understand.phrases.query import qsay
from analyst.brain.understand.query import CORRELATIONS, Query
from analyst.brain.understand.reading import reading_text, statistic_label
from analyst.ingest.profile import is_id_name as is_code_name
from analyst.recipes.labels import month_label
from analyst.recipes.numbers import is_year_name, is_year_values, year_text
from analyst.record.figures import StepFigures
from analyst.words.number_formats import format_int, format_number, format_percent

SHOWN_GROUPS = 10


@dataclass(frozen=True)
class QueryFigures:
    """What a query step's figures say."""

    query: Query
    figures: dict[str, Any]
    head: tuple[dict[str, Any], ...]
    rows: int
    rows_used: int
    missing: dict[str, int]
    thresholds: dict[str, float] = field(default_factory=dict)
    """The statistics the filters compared with ("more than the average fare")."""


def query_figures(figures: StepFigures | None) -> QueryFigures | None:
    """A query step's figures, from those read once when it ran (`Step.figures`); None when
    it printed none, or the record is older than `StepFigures.extra`."""
    if figures is None or figures.recipe != "query" or "query" not in figures.extra:
        return None
    extra = figures.extra
    try:
        return QueryFigures(Query.from_dict(extra["query"]), dict(figures.printed or figures.figures),
                            figures.head, figures.rows, int(extra.get("rows_used") or 0),
                            {str(k): int(v) for k, v in (extra.get("missing") or {}).items()},
                            {str(k): float(v) for k, v in (extra.get("thresholds") or {}).items()})
    except (KeyError, TypeError, ValueError):
        return None


def answer_text(f: QueryFigures, language: str = "en") -> str:
    """The paragraph answering the query (without the "I read this as" line)."""
    q = f.query
    reading = reading_text(q, language)
    if f.rows_used == 0 and not (q.aggregation in ("share", "count") and not q.measures
                                 and not q.keys):
        # (no row meeting the condition is a count of 0 and a share of 0%, not a figure that
        # cannot be had: "how many days of snow in 2014")
        return qsay(language, "no_rows", reading=reading)
    if q.compare is not None:
        text = _change(f, language)
    elif q.aggregation == "rows":
        text = _rows(f, language)
    elif not q.keys and len(q.measures) > 1 and _each_measure(q):
        values = f.figures.get("values") or {}
        text = " ".join(qsay(language, "value", reading=_cap(_one_measure(q, m, language)),
                             value=number(values.get(m), language, q.aggregation))
                        for m in q.measures)
    elif not q.keys and len(q.statistics) > 1:
        values = f.figures.get("values") or {}
        text = " ".join(qsay(language, "value", reading=_cap(statistic_label(s, q, language)),
                             value=number(values.get(s), language, q.aggregation))
                        for s in q.statistics)
    elif not q.keys:
        text = qsay(language, "value", reading=_cap(reading),
                    value=number(f.figures.get("value"), language, q.aggregation))
        if q.aggregation in CORRELATIONS:
            text += " " + qsay(language, "pairs", n=format_int(f.figures.get("n") or 0, language))
        distinct = f.figures.get("value")
        if q.aggregation == "nunique" and distinct and 0.9 * f.rows_used <= distinct < f.rows_used:
            # "how many districts": 409 names over 420 districts, one a row; the rows are said
            # beside the names, so two districts of one name are not silently one.
            text += " " + qsay(language, "shared_values", rows=format_int(f.rows_used, language),
                               c=q.measures[0])
    else:
        shown = [f"{_label(row, q, language)}: {_values(row, q, language)}"
                 for row in f.head[:SHOWN_GROUPS]]
        more = f" (+{format_int(f.rows - len(shown), language)})" if f.rows > len(shown) else ""
        text = qsay(language, "value", reading=_cap(reading), value="; ".join(shown) + more)
        if q.limit == 1 and f.rows > 1:
            text += " " + qsay(language, "tied", n=format_int(f.rows, language))
        labels = f.figures.get("labels") or {}
        if (f.rows > 2 and not q.limit and labels and len(q.statistics) == 1
                and f.figures.get("highest") != f.figures.get("lowest")  # all equal: no "highest"
                and not (len(q.measures) > 1 and _each_measure(q))):
            for end in ("highest", "lowest"):
                value = number(f.figures.get(end), language, q.aggregation)
                ties = int(f.figures.get(f"{end}_ties") or 1)
                text += " " + (qsay(language, f"{end}_tied", value=value, n=ties) if ties > 1
                               else qsay(language, end, label=_label(labels[end], q, language),
                                         value=value))
    for column, threshold in f.thresholds.items():
        against = next((x.against for x in q.filters if x.column == column and x.against), None)
        if against is not None:
            text += " " + qsay(language, "threshold", value=number(threshold, language),
                               what=_cap(qsay(language, against, m=column)))
    for column, n in f.missing.items():
        if n and q.aggregation not in ("count", "rows", "missing", *CORRELATIONS):
            text += " " + qsay(language, "missing", plural=n, n=format_int(n, language),
                                c=column)
    return text


def _values(row: dict[str, Any], q: Query, language: str) -> str:
    """A group's figure, or its several statistics each named."""
    if len(q.measures) > 1 and _each_measure(q):
        return ", ".join(f"{m} {number(row.get(m), language, q.aggregation)}"
                         for m in q.measures)
    if len(q.statistics) == 1 or q.aggregation in ("count", "share"):
        return number(row.get(value_column(q)), language, q.aggregation)
    return ", ".join(f"{statistic_label(s, q, language)} {number(row.get(s), language)}"
                     for s in q.statistics)


def _each_measure(q: Query) -> bool:
    """Does the step compute one figure per column named (not a correlation of two, not a
    share or count of the rows)?"""
    return len(q.statistics) == 1 and q.aggregation not in (
        "count", "share", "rows", *CORRELATIONS)


def _one_measure(q: Query, m: str, language: str) -> str:
    """The reading of one column's figure, its conditions said once for all of them."""
    if q.aggregation == "missing":
        return qsay(language, "blanks", m=m)
    return statistic_label(q.aggregation, replace(q, measures=(m,)), language)


def number(value: Any, language: str, aggregation: str = "sum") -> str:
    """A figure as the report writes it: whole numbers without decimals, shares as %."""
    if _absent(value):
        return "—"
    if not isinstance(value, int | float):
        return str(value)
    if aggregation == "share":
        return format_percent(float(value) / 100, language=language)
    if float(value).is_integer():
        return format_int(value, language)
    decimals = 2 if abs(value) >= 1 else 4
    return format_number(value, decimals, language)


def _change(f: QueryFigures, language: str) -> str:
    q, v = f.query, f.figures
    c = q.compare
    if c is None:
        return ""
    if q.keys:
        # Each group's change ("by firm" had stated the first firm's alone, as if the
        # total's); a group with no rows in a year shows a dash for that year.
        shown = [f"{_label(row, q, language)}: {_or_dash(row.get(str(c.start)), language)} → "
                 f"{_or_dash(row.get(str(c.end)), language)} "
                 f"({_or_dash(row.get('change'), language)}, {_pct(row.get('change_pct'), language)})"
                 for row in f.head[:SHOWN_GROUPS]]
        more = f" (+{format_int(f.rows - len(shown), language)})" if f.rows > len(shown) else ""
        return qsay(language, "value", reading=_cap(reading_text(q, language)),
                    value="; ".join(shown) + more)
    absent = [str(p) for p, key in ((c.start, "start"), (c.end, "end")) if _absent(v.get(key))]
    if absent:  # a period with no rows: no change to state ("—" had stood for its figure)
        return qsay(language, "no_period", m=_cap(reading_text(q, language).split(",")[0]),
                    period=" / ".join(absent), a=c.start, b=c.end)
    return qsay(language, "change", m=_cap(reading_text(q, language).split(",")[0]),
                a=c.start, b=c.end, a_value=number(v.get("start"), language),
                b_value=number(v.get("end"), language),
                diff=number(v.get("change"), language), pct=_pct(v.get("change_pct"), language))


def _pct(value: Any, language: str) -> str:
    return "—" if _absent(value) else format_percent(float(value) / 100, language=language)


def _or_dash(value: Any, language: str) -> str:
    return "—" if _absent(value) else number(value, language)


def _absent(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _rows(f: QueryFigures, language: str) -> str:
    q = f.query
    measure = q.measures[0]
    lines = []
    shown = f.head[: max(q.limit or 1, min(f.rows, SHOWN_GROUPS))]
    for row in shown:
        cells = [f"{k} {_cell(v, language, k)}" for k, v in row.items() if k != measure]
        lines.append(f"{measure} {number(row.get(measure), language)} ({', '.join(cells[:6])})")
    more = f" (+{format_int(f.rows - len(shown), language)})" if f.rows > len(shown) else ""
    text = qsay(language, "value", reading=_cap(reading_text(q, language)),
                value="; ".join(lines) + more)
    if (q.limit or 1) == 1 and f.rows > 1:
        text += " " + qsay(language, "tied", n=format_int(f.rows, language))
    return text


def _cell(value: Any, language: str, column: str = "") -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        if (is_year_name(column) and is_year_values([value])) or (
                is_code_name(column) and float(value).is_integer()):
            return year_text(value)  # "year 2012", "zip_code 94105", never "2,012"
        if column.endswith("_pct"):  # as the report's table shows it: 5.1%, not 5.10
            return format_percent(float(value) / 100, language=language)
        return number(value, language)
    text = str(value)
    return text[:-9] if text.endswith(" 00:00:00") else text  # a date without its midnight


def _label(row: dict[str, Any], query: Query, language: str) -> str:
    """A group's name; the group of rows with no value in a key says so ("nan" had been
    named the highest)."""
    return " / ".join(qsay(language, "no_value") if _absent(row.get(k))
                      else period_text(row.get(k), query, language) if k == "period"
                      else str(row.get(k)) for k in query.keys)


def period_text(value: Any, query: Query, language: str = "en") -> str:
    """A period of the result as the charts and the report say it: a month "2025-07" is
    "Jul 2025" ("лип. 2025", "2025年7月"); other periods as they are."""
    text = str(value)
    if query.period is not None and query.period.unit == "month":
        return month_label(text[:7], language) or text
    return text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
