"""`Chart`: what a result's chart draws, by value, as the step record keeps it.

A chart is described once, on the host, from the step's result table (`charting.build`),
and drawn three ways from this one record: Vega-Lite in the app (`charting.vega`), a
native Excel chart in the workbook and vector paths in the PDF (`analyst.report`). Every
value it draws is a `Mark` that names the table cell it stands for, so a check can hold
each drawing to the table (`charting.check`) instead of trusting it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

ChartKind = Literal["bar", "line", "stacked_bar", "waterfall", "pie"]
"""bar: one bar per category (or period); line: a series over periods; stacked_bar:
several series stacked per category; waterfall: a bridge (revenue, less costs, to profit),
each step floating where the last ended, totals from zero; pie: only the shares of one
positive whole."""
Sort = Literal["descending", "ascending", "table"]
"""How the categories are ordered: by value, or as the table has them (periods, funnel
stages, a ranking with its "Other" row last)."""
NumberFormat = Literal["currency", "percent", "thousands"]
"""How the values are written: money with the currency mark, a percent of 0-100, a plain
number with thousands separators."""
Tone = Literal["favourable", "unfavourable", "neutral"]
"""What a bar's colour means. Favourable is good news for the business: more revenue, less
cost. A cost line under budget is favourable although its variance is negative."""
LeftOut = Literal["disagrees", "unusable"]
"""Why a chart a step asked for is not drawn (the reader is told, `charting.check.notice`):
disagrees: a value it would draw differs from its table; unusable: the spec the model's
code wrote cannot be drawn from its table (an unknown kind or field, a column not there)."""


@dataclass(frozen=True)
class Mark:
    """One value the chart draws, and the table cell it stands for."""

    label: str
    """The category or period on the x axis, as drawn ("Category A", "2026-03")."""
    series: str
    """The table column the value is read from ("Revenue", "gross_profit")."""
    value: float
    """The value drawn (for a waterfall's cost step: minus the cost, a decrease)."""
    row: str | None
    """The x column's value of the row it comes from; None: the column's total."""
    tone: Tone = "neutral"
    negated: bool = False
    """True when `value` is minus the cell (a cost drawn as a waterfall's decrease)."""
    total: bool = False
    """A waterfall bar drawn from zero (revenue, a profit), not from the last step's end."""

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "series": self.series, "value": _json(self.value),
                "row": self.row, "tone": self.tone, "negated": self.negated,
                "total": self.total}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Mark:
        value = data.get("value")
        tone = str(data.get("tone") or "neutral")
        return cls(label=str(data["label"]), series=str(data["series"]),
                   value=math.nan if value is None else float(value),
                   row=None if data.get("row") is None else str(data["row"]),
                   tone=cast(Tone, tone if tone in get_args(Tone) else "neutral"),
                   negated=bool(data.get("negated")), total=bool(data.get("total")))


@dataclass(frozen=True)
class Chart:
    """A result's chart: the kind, the values with their cells, and how to say them."""

    kind: ChartKind
    title: str
    """Already in `language` (the step's description, as the question asked it)."""
    x: str
    """The table column of the categories or periods."""
    marks: tuple[Mark, ...]
    x_title: str = ""
    """The x axis's title in `language` ("Month", "Категорія")."""
    y_title: str = ""
    """The value axis's title in `language`."""
    series_titles: tuple[tuple[str, str], ...] = ()
    """(column, legend text in `language`) for each series drawn, in order."""
    sort: Sort = "table"
    number_format: NumberFormat = "thousands"
    currency: str | None = None
    """The mark the answer writes money with ("$", "грн", "UAH"); None: no mark."""
    language: str = "en"

    def __post_init__(self) -> None:
        if self.kind not in get_args(ChartKind):
            raise ValueError(f"unknown chart kind {self.kind!r}")
        if self.kind == "pie" and not is_whole(self.marks):
            # A pie says "these are the parts of one whole": only true of shares.
            raise ValueError("a pie chart draws only non-negative shares of one whole")

    @property
    def series(self) -> tuple[str, ...]:
        """The columns drawn, in order of first appearance."""
        return tuple(dict.fromkeys(m.series for m in self.marks))

    def series_title(self, column: str) -> str:
        return dict(self.series_titles).get(column, column)

    def ordered(self) -> tuple[Mark, ...]:
        """The marks in the order they are drawn: by the first series' value when sorted
        (ties keep the table's order), else as the table has them."""
        if self.sort == "table" or self.kind in ("waterfall", "line"):
            return self.marks
        first = self.series[0] if self.marks else ""
        rank = {m.label: (-m.value if self.sort == "descending" else m.value)
                for m in self.marks if m.series == first and not math.isnan(m.value)}
        labels = sorted(dict.fromkeys(m.label for m in self.marks),
                        key=lambda label: rank.get(label, math.inf))
        position = {label: i for i, label in enumerate(labels)}
        return tuple(sorted(self.marks, key=lambda m: position[m.label]))

    def labels(self) -> tuple[str, ...]:
        """The categories in drawing order."""
        return tuple(dict.fromkeys(m.label for m in self.ordered()))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "title": self.title, "x": self.x,
                "marks": [m.to_dict() for m in self.marks], "x_title": self.x_title,
                "y_title": self.y_title, "series_titles": [list(p) for p in self.series_titles],
                "sort": self.sort, "number_format": self.number_format,
                "currency": self.currency, "language": self.language}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Chart:
        """The inverse of `to_dict()`, also after JSON."""
        sort, fmt = str(data.get("sort") or "table"), str(data.get("number_format") or "thousands")
        return cls(
            kind=cast(ChartKind, str(data["kind"])), title=str(data.get("title") or ""),
            x=str(data["x"]), marks=tuple(Mark.from_dict(m) for m in data.get("marks") or ()),
            x_title=str(data.get("x_title") or ""), y_title=str(data.get("y_title") or ""),
            series_titles=tuple((str(a), str(b)) for a, b in data.get("series_titles") or ()),
            sort=cast(Sort, sort if sort in get_args(Sort) else "table"),
            number_format=cast(NumberFormat, fmt if fmt in get_args(NumberFormat) else "thousands"),
            currency=None if data.get("currency") is None else str(data["currency"]),
            language=str(data.get("language") or "en"),
        )


def is_whole(marks: tuple[Mark, ...]) -> bool:
    """True for one series of non-negative values with a positive sum: parts of a whole."""
    values = [m.value for m in marks]
    return (len({m.series for m in marks}) == 1 and bool(values)
            and all(not math.isnan(v) and v >= 0 for v in values) and sum(values) > 0)


def _json(value: float) -> float | None:
    return None if math.isnan(value) else float(value)
