"""A recipe result's `Chart`, built on the host from the result table itself.

The recipe's own `ChartSpec` is drawn in the sandbox as a PNG; this chart is made again
here from the table the step saved (the host's copy) and the recipe call's arguments, so
every value it draws is a cell of that table, never a number read back from text. A
recipe with no chart rule here (key figures, the data overview) gets none.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from analyst.brain.understand.phrases import phrases
from analyst.recipes.labels import month_label
from analyst.recipes.registry import recipe as registered
from analyst.recipes.unit import Draw, HostChart
from analyst.record.chart import Chart, ChartKind, Mark, NumberFormat, Sort, Tone, is_whole

MAX_BARS = 25
"""Categories drawn at most (the largest, or the first of a ranking): more is unreadable."""
MAX_POINTS = 400
"""Periods drawn at most on a line."""
PERIOD_COLUMNS = ("month", "week", "quarter", "year", "day", "period")

Arguments = Mapping[str, Any]


def chart_for(recipe: str, arguments: Arguments, table: pd.DataFrame, *, title: str,
              language: str = "en") -> Chart | None:
    """The chart of `recipe`'s result `table` in `language`; None when the recipe draws
    none or the table lacks the columns its call names (the table is then shown alone)."""
    unit = registered(recipe)
    if unit is None or unit.chart is None:
        return None
    try:
        return _DRAWN[unit.chart.draw](unit.chart, arguments, table, title, language)
    except (KeyError, TypeError, ValueError):
        return None  # a table of another shape than the recipe's: no chart, never a wrong one


def draws(recipe: str) -> bool:
    """True when `recipe`'s result gets a chart here (so its table is worth reading)."""
    unit = registered(recipe)
    return unit is not None and unit.chart is not None


def heading(column: str, language: str) -> str:
    """A column's title in the reader's words: the recipes' own columns translated
    ("gross_profit" -> "Валовий прибуток"), the user's columns as they are."""
    return phrases(language).get(f"col_{column}", column)


def categories(table: pd.DataFrame, x: str, columns: tuple[str, ...], *, title: str,
                language: str, kind: ChartKind = "bar", sort: Sort = "descending",
                fmt: NumberFormat = "currency", currency: str | None = None,
                tone: Callable[[pd.Series], Tone] | None = None,
                limit: int = MAX_BARS) -> Chart:
    """One mark per row (and column) of `table`: the rows drawn are the largest `limit`
    by the first column when sorted by value, else the first `limit` as the table has them."""
    for column in (x, *columns):
        if column not in table.columns:
            raise KeyError(column)
    rows = table[table[columns[0]].notna()]
    if sort == "descending":
        rows = rows.sort_values(columns[0], ascending=False, kind="mergesort")
    rows = rows.head(limit)
    marks = []
    other = phrases(language).get("other_row", "Other")
    for _, row in rows.iterrows():
        cell = _text(row[x])
        label = month_label(cell, language) or (other if cell == "Other" else cell)
        for column in columns:
            value = _number(row[column])
            if math.isnan(value):
                continue
            marks.append(Mark(label=label, series=column, value=value, row=cell,
                              tone=tone(row) if tone is not None else "neutral"))
    return Chart(kind=kind, title=title, x=x, marks=tuple(marks), x_title=heading(x, language),
                 y_title=heading(columns[0], language) if len(columns) == 1 else "",
                 series_titles=tuple((c, heading(c, language)) for c in columns),
                 sort=sort, number_format=fmt, currency=currency, language=language)


def shares_chart(table: pd.DataFrame, x: str, column: str, *, title: str, language: str = "en",
                 currency: str | None = None) -> Chart | None:
    """A pie of `column` by `x`: only when the rows are parts of one positive whole (every
    value present and not negative), else None (a bar chart says such figures better)."""
    if x not in table.columns or column not in table.columns:
        return None
    marks = tuple(Mark(label=_text(row[x]), series=column, value=_number(row[column]),
                       row=_text(row[x])) for _, row in table.iterrows())
    if not is_whole(marks):
        return None
    return Chart(kind="pie", title=title, x=x, marks=marks, x_title=heading(x, language),
                 y_title=heading(column, language), series_titles=((column, heading(column, language)),),
                 sort="table", number_format="currency", currency=currency, language=language)


def _periods(spec: HostChart, a: Arguments, table: pd.DataFrame, title: str, language: str) -> Chart:
    x = next(c for c in PERIOD_COLUMNS if c in table.columns)
    kind: ChartKind = "line" if len(table) > 36 else "bar"
    return categories(table, x, (str(a[spec.value]),), title=title, language=language,
                       kind=kind, sort="table", currency=_currency(a), limit=MAX_POINTS)


def _bars(spec: HostChart, a: Arguments, table: pd.DataFrame, title: str, language: str) -> Chart:
    x = a[spec.x]
    if not isinstance(x, str):
        if len(x) != 1:
            raise ValueError("a table grouped by several columns has no one category axis")
        x = x[0]
    value = spec.column or str(a[spec.value])
    signed = (lambda row: _sign_tone(row[value])) if spec.signed else None
    return categories(table, str(x), (value,), title=title, language=language,
                      sort="table" if spec.keep_order else "descending",
                      currency=_currency(a), tone=signed)


def _variance(spec: HostChart, a: Arguments, table: pd.DataFrame, title: str, language: str) -> Chart:
    def tone(row: pd.Series) -> Tone:
        # Over budget is good news for revenue and bad news for a cost: a cost line under
        # budget (a negative variance) is favourable.
        sign = 1.0 if str(row["kind"]) == "revenue" else -1.0
        return _sign_tone(sign * _number(row["variance"]))

    ranked = table.assign(_size=table["variance"].abs()).sort_values(
        "_size", ascending=False, kind="mergesort").drop(columns="_size")
    return categories(ranked, str(a[spec.x]), ("variance",), title=title, language=language,
                       sort="table", currency=_currency(a), tone=tone)


def _bridge(_: HostChart, a: Arguments, table: pd.DataFrame, title: str, language: str) -> Chart:
    # The bridge of the whole span: revenue, less cost of sales, to gross profit, less
    # operating costs, to operating profit. Each bar is a column's total.
    steps = (("revenue", False, True), ("cogs", True, False), ("gross_profit", False, True),
             ("opex", True, False), ("operating_profit", False, True))
    marks = []
    for column, negated, total in steps:
        value = float(table[column].sum())
        drawn = -value if negated else value
        tone: Tone = "neutral" if total else ("unfavourable" if value > 0 else "neutral")
        if total and column != "revenue":
            tone = _sign_tone(value)
        marks.append(Mark(label=heading(column, language), series=column, value=drawn,
                          row=None, tone=tone, negated=negated, total=total))
    return Chart(kind="waterfall", title=title, x="", marks=tuple(marks),
                 y_title="", series_titles=tuple((c, heading(c, language)) for c, *_ in steps),
                 sort="table", number_format="currency", currency=_currency(a),
                 language=language)


def _sign_tone(value: object) -> Tone:
    number = _number(value)
    if math.isnan(number) or number == 0:
        return "neutral"
    return "favourable" if number > 0 else "unfavourable"


def _currency(a: Arguments) -> str | None:
    currency = a.get("currency")
    return str(currency) if currency else None


def _number(value: object) -> float:
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return math.nan
    return number


def _text(value: object) -> str:
    if isinstance(value, pd.Timestamp):
        return value.strftime("%Y-%m-%d")
    return str(value)


_DRAWN: dict[Draw, Callable[[HostChart, Arguments, pd.DataFrame, str, str], Chart]] = {
    "bars": _bars, "periods": _periods, "variance": _variance, "bridge": _bridge,
}
