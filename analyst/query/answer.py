"""The answer to a query in plain words, quoting only the figures its step printed.

The step's last line (`ANALYST_FIGURES {...}`) carries the query, the result's first rows
and its key figures; this module formats them in the reader's language with the report's
own number formats, so the words, the table and the chart agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from analyst.query.model import Query
from analyst.query.phrases import qsay
from analyst.query.plot import value_column
from analyst.query.reading import reading_text
from analyst.recipes.labels import month_label
from analyst.recipes.numbers import is_year_name, is_year_values, year_text
from analyst.record.figures import StepFigures, read_figures
from analyst.report.formats import format_int, format_number, format_percent
from analyst.report.frames import is_code_name

SHOWN_GROUPS = 10


@dataclass(frozen=True)
class QueryFigures:
    """What a query step printed on its figures line."""

    query: Query
    figures: dict[str, Any]
    head: tuple[dict[str, Any], ...]
    rows: int
    rows_used: int
    missing: dict[str, int]


def query_figures(figures: StepFigures | None) -> QueryFigures | None:
    """A query step's figures, from those read once when it ran (`Step.figures`); None when
    it printed none, or the record is older than `StepFigures.extra`."""
    if figures is None or figures.recipe != "query" or "query" not in figures.extra:
        return None
    extra = figures.extra
    try:
        return QueryFigures(Query.from_dict(extra["query"]), dict(figures.printed or figures.figures),
                            figures.head, figures.rows, int(extra.get("rows_used") or 0),
                            {str(k): int(v) for k, v in (extra.get("missing") or {}).items()})
    except (KeyError, TypeError, ValueError):
        return None


def read_query_figures(stdout: str) -> QueryFigures | None:
    """The figures a query step printed, or None when the line is missing or unreadable (a
    record stored before its figures kept the query: read from its output, as then)."""
    return query_figures(read_figures(stdout))


def answer_text(f: QueryFigures, language: str = "en") -> str:
    """The paragraph answering the query (without the "I read this as" line)."""
    q = f.query
    reading = reading_text(q, language)
    if f.rows_used == 0:
        return qsay(language, "no_rows", reading=reading)
    value_col = value_column(q)
    if q.compare is not None:
        text = _change(f, language)
    elif q.aggregation == "rows":
        text = _rows(f, language)
    elif not q.keys:
        text = qsay(language, "value", reading=_cap(reading),
                    value=number(f.figures.get("value"), language, q.aggregation))
    else:
        shown = [f"{_label(row, q, language)}: "
                 f"{number(row.get(value_col), language, q.aggregation)}"
                 for row in f.head[:SHOWN_GROUPS]]
        more = f" (+{format_int(f.rows - len(shown), language)})" if f.rows > len(shown) else ""
        text = qsay(language, "value", reading=_cap(reading), value="; ".join(shown) + more)
        labels = f.figures.get("labels") or {}
        if f.rows > 2 and not q.limit and labels:
            text += " " + qsay(language, "highest", label=_label(labels["highest"], q, language),
                               value=number(f.figures.get("highest"), language, q.aggregation))
            text += " " + qsay(language, "lowest", label=_label(labels["lowest"], q, language),
                               value=number(f.figures.get("lowest"), language, q.aggregation))
    for column, n in f.missing.items():
        if n and q.aggregation not in ("count", "rows"):
            text += " " + qsay(language, "missing", plural=n, n=format_int(n, language),
                                c=column)
    return text


def number(value: Any, language: str, aggregation: str = "sum") -> str:
    """A figure as the report writes it: whole numbers without decimals, shares as %."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
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
    pct = v.get("change_pct")
    pct_text = "—" if pct is None or math.isnan(pct) else format_percent(pct / 100,
                                                                         language=language)
    return qsay(language, "change", m=_cap(reading_text(q, language).split(",")[0]),
                a=c.start, b=c.end, a_value=number(v.get("start"), language),
                b_value=number(v.get("end"), language),
                diff=number(v.get("change"), language), pct=pct_text)


def _rows(f: QueryFigures, language: str) -> str:
    q = f.query
    measure = q.measures[0]
    lines = []
    for row in f.head[: q.limit or 1]:
        cells = [f"{k} {_cell(v, language, k)}" for k, v in row.items() if k != measure]
        lines.append(f"{measure} {number(row.get(measure), language)} ({', '.join(cells[:6])})")
    return qsay(language, "value", reading=_cap(reading_text(q, language)),
                value="; ".join(lines))


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
    return " / ".join(period_text(row.get(k), query, language) if k == "period"
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
