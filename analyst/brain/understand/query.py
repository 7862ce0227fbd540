"""The query model: what a plain question asks of one table, as one small typed record.

A `Query` is built by the offline parser (`analyst.brain.understand.parse`) or sent by a language model
through the `query_table` tool (`analyst.brain.understand.schema`); either way it is checked against
the table's data card (`validate`) before any code is written for it. It is plain data:
`to_dict()` / `Query.from_dict()` are exact inverses, also after JSON, so a step can keep
the query it ran (the step record's `QueryCall` origin).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal, get_args

from analyst.errors import AnalystError

Aggregation = Literal["sum", "mean", "median", "count", "nunique", "min", "max", "share",
                      "rows", "std", "var", "percentile", "missing", "pearson", "spearman"]
"""How the measure is reduced per group. "count" counts rows (no measure needed);
"nunique" counts distinct values of the measure column; "share" is each group's sum as a
percentage of the total; "rows" does not aggregate: it lists the rows themselves (ordered
by the measure), which is how "which day was the hottest" is answered with the row.
"std"/"var" are the sample standard deviation and variance (ddof=1, as a spreadsheet's
STDEV.S/VAR.S); "percentile" the values below which `Query.percentiles` per cent of the
measure lie (linear interpolation, as pandas and PERCENTILE.INC); "missing" counts the
empty cells of the measure; "pearson"/"spearman" correlate the two measures over the rows
that have both (the answer gives that n)."""
PeriodUnit = Literal["day", "week", "month", "quarter", "year"]
FilterOp = Literal["eq", "ne", "in", "gt", "ge", "lt", "le", "year", "quarter", "month"]
"""Comparisons of a column's value; "year"/"quarter"/"month" keep the rows of a date
column (or a year/month column) falling in that year, quarter (1-4) or month (1-12)."""
Order = Literal["desc", "asc"]

AGGREGATIONS: tuple[str, ...] = get_args(Aggregation)
PERIOD_UNITS: tuple[str, ...] = get_args(PeriodUnit)
FILTER_OPS: tuple[str, ...] = get_args(FilterOp)
NUMERIC_AGGREGATIONS = ("sum", "mean", "median", "min", "max", "share", "std", "var",
                        "percentile", "pearson", "spearman")
STATISTICS = ("mean", "median", "min", "max", "std", "var", "percentile")
"""The statistics of one measure that can be asked together ("mean and standard deviation"):
each becomes a column of the result."""
CORRELATIONS = ("pearson", "spearman")
THRESHOLDS = ("mean", "median", "min", "max")
"""What a filter may compare a column with instead of a number ("more than the average")."""
MAX_GROUPS = 2
MAX_LIMIT = 1000


class QueryError(AnalystError, ValueError):
    """A query that cannot run on its table; `str()` is one plain sentence (the reason)."""


@dataclass(frozen=True)
class Filter:
    """Keep the rows whose `column` compares to `value` by `op`."""

    column: str
    op: FilterOp
    value: Any
    """A category value, a number, a list of values ("in"), or a year / quarter / month;
    None when the filter compares with a statistic of the column (`against`)."""
    against: Aggregation | None = None
    """"more than the average fare": the column is compared with its own mean (median, min,
    max) over all the rows read, computed in the step, not with a number of the question."""
    span: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """Where the question says it (word indexes): which part of a share it is (`whole`)."""

    def to_dict(self) -> dict[str, Any]:
        return {"column": self.column, "op": self.op, "against": self.against,
                "value": list(self.value) if isinstance(self.value, tuple) else self.value}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Filter:
        value = data.get("value")
        return cls(str(data["column"]), data["op"],
                   tuple(value) if isinstance(value, list) else value, data.get("against"))


@dataclass(frozen=True)
class Period:
    """Group (or compare) by a calendar period of a date column, or of a year column.

    `column` is a date column (datetimes, or text read as dates in the step), or a column of
    years (unit "year"); `month_column` is a column of month numbers 1-12 beside a year
    column, for "by month" on a table that stores year and month apart.
    """

    column: str
    unit: PeriodUnit
    month_column: str | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Period:
        return cls(str(data["column"]), data["unit"], data.get("month_column"))


@dataclass(frozen=True)
class Compare:
    """The change of the measure from period `start` to period `end` (e.g. 2014 -> 2015)."""

    column: str
    unit: PeriodUnit
    start: Any
    end: Any

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Compare:
        return cls(str(data["column"]), data["unit"], data["start"], data["end"])


@dataclass(frozen=True)
class Query:
    """One question about one table: filter, group, aggregate, order, limit (in that order)."""

    table: str
    """The data card's table (`input/<table>.parquet`)."""
    aggregation: Aggregation
    measures: tuple[str, ...] = ()
    """The columns aggregated (none for "count")."""
    group_by: tuple[str, ...] = ()
    """Up to two columns; the period (if any) comes first in the result."""
    period: Period | None = None
    filters: tuple[Filter, ...] = ()
    order: Order | None = None
    limit: int | None = None
    compare: Compare | None = None
    notes: tuple[str, ...] = field(default=(), compare=False)
    """Words of the question this reading did not use (the answer names them)."""
    percentiles: tuple[float, ...] = ()
    """For "percentile": which ones, 0-100 exclusive (quartiles are 25, 50, 75)."""
    also: tuple[Aggregation, ...] = ()
    """Further statistics of the same measure asked with the first ("mean and standard
    deviation"), each a column of the result beside it."""
    within: bool = False
    """For a grouped "share" with conditions: each group's rows (or counts) meeting them as a
    percentage of all that group's ("share of women by rank": the women of each rank), not
    how the rows meeting them split over the groups (of the women, those in each rank)."""
    whole: tuple[Filter, ...] = ()
    """For a share of the rows: the conditions of the whole it is a part of ("what percentage
    of professors are male": the professors), applied before `filters`."""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["measures"] = list(self.measures)
        data["group_by"] = list(self.group_by)
        data["notes"] = list(self.notes)
        data["percentiles"] = list(self.percentiles)
        data["also"] = list(self.also)
        data["filters"] = [f.to_dict() for f in self.filters]
        data["whole"] = [f.to_dict() for f in self.whole]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Query:
        """The inverse of `to_dict()`; keys this version does not know are ignored."""
        known = {f.name for f in fields(cls)}
        d = {k: v for k, v in dict(data).items() if k in known}
        d["measures"] = tuple(d.get("measures") or ())
        d["group_by"] = tuple(d.get("group_by") or ())
        d["notes"] = tuple(d.get("notes") or ())
        d["percentiles"] = tuple(d.get("percentiles") or ())
        d["also"] = tuple(d.get("also") or ())
        d["filters"] = tuple(Filter.from_dict(f) for f in d.get("filters") or ())
        d["whole"] = tuple(Filter.from_dict(f) for f in d.get("whole") or ())
        d["period"] = Period.from_dict(d["period"]) if d.get("period") else None
        d["compare"] = Compare.from_dict(d["compare"]) if d.get("compare") else None
        return cls(**d)

    def with_notes(self, *notes: str) -> Query:
        return replace(self, notes=tuple(dict.fromkeys((*self.notes, *notes))))

    @property
    def statistics(self) -> tuple[str, ...]:
        """The statistics computed of the measure, as the result's column names ("mean",
        "std", "p90"); one for most queries."""
        out: list[str] = []
        for a in (self.aggregation, *self.also):
            out += ([percentile_name(p) for p in self.percentiles] if a == "percentile"
                    else [a])
        return tuple(out)

    @property
    def keys(self) -> tuple[str, ...]:
        """The result's key columns, in order: the period first, then the groups."""
        return (("period",) if self.period else ()) + self.group_by


def validate(query: Query, card: Any) -> Query:
    """`query` when it can run on the table of `card`; else `QueryError` saying why.

    Checks what pandas would otherwise fail on (or, worse, compute silently wrong): unknown
    columns, a sum of text, more than two groups, an aggregation or operator that does not
    exist, a limit that is not a positive number.
    """
    if query.table != card.table:
        raise QueryError(f"The query is about table {query.table!r}, not {card.table!r}.")
    columns = {c.name: c for c in card.columns}
    if query.aggregation not in AGGREGATIONS:
        raise QueryError(f"Unknown aggregation {query.aggregation!r}; use one of "
                         f"{', '.join(AGGREGATIONS)}.")
    for name in (*query.measures, *query.group_by,
                 *(f.column for f in (*query.filters, *query.whole))):
        if name not in columns:
            raise QueryError(f"The table {card.table} has no column {name!r} (columns: "
                             f"{', '.join(columns)}).")
    # A share without a measure is a share of the rows ("share of cars by Origin").
    if query.aggregation not in ("count", "rows", "share") and not query.measures:
        raise QueryError(f"A {query.aggregation} needs a column to aggregate.")
    if any(a in NUMERIC_AGGREGATIONS for a in (query.aggregation, *query.also)):
        for name in query.measures:
            if not is_numeric(columns[name]):
                raise QueryError(f"Column {name!r} holds {columns[name].role} values, not "
                                 f"numbers, so its {query.aggregation} cannot be computed.")
    _validate_measures(query, columns)
    if len(query.group_by) > MAX_GROUPS:
        raise QueryError(f"At most {MAX_GROUPS} columns can be grouped by at once.")
    if len(set(query.group_by)) != len(query.group_by):
        raise QueryError("The same column is grouped by twice.")
    for period in (query.period, query.compare):
        if period is None:
            continue
        if period.unit not in PERIOD_UNITS:
            raise QueryError(f"Unknown period {period.unit!r}; use one of "
                             f"{', '.join(PERIOD_UNITS)}.")
        month = period.month_column if isinstance(period, Period) else None
        for named in (period.column, month):
            if named is not None and named not in columns:
                raise QueryError(f"The table {card.table} has no column {named!r}.")
        if not _is_date(columns[period.column]) and not (
                period.unit == "year" or (period.unit in ("month", "quarter") and month)):
            raise QueryError(f"Column {period.column!r} is not a date, so it has no "
                             f"{period.unit}s.")
    if query.compare is not None and not all(
            isinstance(v, int | str) and not isinstance(v, bool)
            for v in (query.compare.start, query.compare.end)):
        raise QueryError("The periods compared must be years or period names, not "
                         f"{_short(query.compare.start)} and {_short(query.compare.end)}.")
    if query.compare is not None and query.compare.column in query.measures:
        raise QueryError(f"Column {query.compare.column!r} cannot be both the measure and "
                         "the period compared.")
    if query.whole and (query.aggregation != "share" or query.keys):
        raise QueryError("A whole (the rows a share is of) goes with a share that is not "
                         "grouped.")
    for f in (*query.filters, *query.whole):
        if f.against is not None:
            _validate_threshold(f, columns)
            continue
        if f.value is None:
            raise QueryError(f"The filter on {f.column!r} needs a value (or against: mean, "
                             "median, min or max).")
        if f.op not in FILTER_OPS:
            raise QueryError(f"Unknown comparison {f.op!r}; use one of {', '.join(FILTER_OPS)}.")
        if f.op == "in" and not isinstance(f.value, tuple):
            raise QueryError(f"The comparison \"in\" of {f.column!r} needs a list of values.")
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        if len(values) > MAX_LIMIT or not all(_plain_value(v) for v in values):
            # A value is data the step compares with: text or a finite number, never a
            # structure (a model or a template may send one) nor NaN (no literal for it).
            raise QueryError(f"The value of {f.column!r} must be text or a number (at most "
                             f"{MAX_LIMIT} of them), not {_short(f.value)}.")
        if f.op in _CALENDAR and not _calendar_values(f.op, f.value):
            low, high = _CALENDAR[f.op]
            raise QueryError(f"The {f.op} of {f.column!r} must be a whole number from {low} "
                             f"to {high} (or a list of them), not {f.value!r}.")
        if f.op in ("gt", "ge", "lt", "le") and not isinstance(f.value, int | float):
            raise QueryError(f"The comparison of {f.column!r} needs a number, not {f.value!r}.")
    if query.limit is not None and not (isinstance(query.limit, int) and
                                        0 < query.limit <= MAX_LIMIT):
        raise QueryError(f"The number of rows to show must be between 1 and {MAX_LIMIT}.")
    if query.order not in (None, "desc", "asc"):
        raise QueryError(f"Unknown order {query.order!r}; use desc or asc.")
    return query


_CALENDAR = {"year": (1, 9999), "quarter": (1, 4), "month": (1, 12)}


def _plain_value(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str | int)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def percentile_name(p: float) -> str:
    """The result column of a percentile: 90 -> "p90", 2.5 -> "p2.5"."""
    return f"p{int(p)}" if float(p).is_integer() else f"p{p}"


def _validate_measures(query: Query, columns: dict[str, Any]) -> None:
    """The new statistics' own rules: what they need that pandas would not say plainly."""
    a = query.aggregation
    if (a == "percentile") != bool(query.percentiles) and "percentile" not in query.also:
        raise QueryError("A percentile needs \"percentiles\" (numbers between 0 and 100, "
                         "e.g. [90] or [25, 50, 75]), and only a percentile has them.")
    for p in query.percentiles:
        if isinstance(p, bool) or not isinstance(p, int | float) or not 0 < p < 100:
            raise QueryError(f"A percentile must be a number between 0 and 100, not {p!r}.")
    several = len(query.statistics) > 1
    if query.also:
        for other in (a, *query.also):
            if other not in STATISTICS:
                raise QueryError(f"{other!r} cannot be asked beside other statistics; those "
                                 f"that can: {', '.join(STATISTICS)}.")
        if len(set(query.also) | {a}) != len(query.also) + 1:
            raise QueryError("The same statistic is asked twice.")
    if several and len(query.measures) != 1:
        raise QueryError("Several statistics are computed of one column at a time.")
    if a in CORRELATIONS:
        if len(query.measures) != 2 or len(set(query.measures)) != 2:
            raise QueryError(f"A {a} correlation needs exactly two different columns.")
        if query.group_by or query.period or query.compare:
            raise QueryError("A correlation is computed over the rows kept, not per group "
                             "or period.")


def _validate_threshold(f: Filter, columns: dict[str, Any]) -> None:
    if f.value is not None:
        raise QueryError(f"The filter on {f.column!r} compares with a value or with its "
                         f"{f.against}, not both.")
    if f.against not in THRESHOLDS:
        raise QueryError(f"A filter can compare {f.column!r} with its "
                         f"{', '.join(THRESHOLDS)}, not its {f.against!r}.")
    if f.op not in ("gt", "ge", "lt", "le"):
        raise QueryError(f"A filter against the {f.against} of {f.column!r} needs gt, ge, lt "
                         "or le.")
    if not is_numeric(columns[f.column]):
        raise QueryError(f"Column {f.column!r} holds {columns[f.column].role} values, so it "
                         f"has no {f.against} to compare with.")


def _calendar_values(op: str, value: Any) -> bool:
    low, high = _CALENDAR[op]
    values = value if isinstance(value, tuple) else (value,)
    return bool(values) and all(isinstance(v, int) and not isinstance(v, bool)
                                and low <= v <= high for v in values)


def is_numeric(column: Any) -> bool:
    """A column one can add up or average (by its role, else its dtype)."""
    if column.role in ("money", "quantity", "percent"):
        return True
    if column.role in ("date", "category", "text", "id"):
        return False  # an id, a code or a ZIP is a label: its sum or mean means nothing
    return str(column.dtype).lower().startswith(("int", "uint", "float", "double", "decimal"))


def _is_date(column: Any) -> bool:
    return column.role == "date" or str(column.dtype).startswith("datetime")
