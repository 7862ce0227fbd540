"""The query as a language model sends it: the `query_table` tool and its JSON schema.

The schema is generated from pydantic models that mirror `analyst.brain.understand.query.Query`, so
the model is told exactly the fields the offline reader fills. What the model sends is
read in two passes: pydantic checks the shape (types, known aggregations and operators),
then `validate` checks it against the table's data card (columns that exist, numbers
where a sum needs them). Either failure is a `QueryError` whose text the model can read
and act on, listing what it got wrong and what it may use instead.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from analyst.brain.understand.query import (
    MAX_GROUPS,
    MAX_LIMIT,
    Compare,
    Filter,
    Period,
    Query,
    QueryError,
    validate,
)

TOOL_NAME = "query_table"

# Literal types repeated here (not imported) because pydantic needs them at runtime to
# write the enums into the schema; `tests/query/test_schema.py` checks they stay equal.
_Aggregation = Literal["sum", "mean", "median", "count", "nunique", "min", "max", "share",
                       "rows", "std", "var", "percentile", "missing", "pearson", "spearman"]
_Threshold = Literal["mean", "median", "min", "max"]
_Unit = Literal["day", "week", "month", "quarter", "year"]
_Op = Literal["eq", "ne", "in", "gt", "ge", "lt", "le", "year", "quarter", "month"]


class _Strict(BaseModel):
    # An unknown key is most often a misspelt one ("group" for "group_by"): say so rather
    # than drop it and answer another question.
    model_config = ConfigDict(extra="forbid")


class FilterArgs(_Strict):
    """Keep only the rows where `column` compares to `value`."""

    column: str = Field(description="A column of the table, exactly as the data card names it.")
    op: _Op = Field(description="eq/ne: equal or not to one value; in: one of a list; "
                    "gt/ge/lt/le: number comparisons; year/quarter/month: the rows of a date "
                    "column (or a year/month column) in that year, quarter 1-4 or month 1-12.")
    value: str | float | int | list[str | float | int] | None = Field(
        default=None,
        description="A category value as it appears in the data, a number, a list (for in), "
        "or a year / quarter / month number; leave out with against.")
    against: _Threshold | None = Field(
        default=None,
        description="Compare the column with its own mean/median/min/max over all rows "
        "(computed in the step) instead of a value: \"fare more than the average fare\" is "
        "{column: fare, op: gt, against: mean}.")


class PeriodArgs(_Strict):
    """Group by a calendar period of a date column (or of a year column)."""

    column: str = Field(description="A date column, or a column of years (unit year).")
    unit: _Unit
    month_column: str | None = Field(
        default=None, description="With a year column: the column of month numbers 1-12.")


class CompareArgs(_Strict):
    """The change of the measure between two years."""

    column: str = Field(description="A date column or a column of years.")
    unit: Literal["year"] = "year"
    start: int = Field(description="The first year, e.g. 2014.")
    end: int = Field(description="The second year, e.g. 2015.")


class QueryArgs(_Strict):
    """One question about one table: filter, group, aggregate, order, limit."""

    table: str | None = Field(
        default=None, description="The table's name from the data card; may be left out when "
        "only one table is loaded.")
    aggregation: _Aggregation = Field(
        description="sum, mean, median, min, max of the measure; count: number of rows (no "
        "measure); nunique: number of distinct values of the measure; share: each group's sum "
        "as a percentage of the total; rows: the rows themselves ordered by the measure "
        "(\"which day was the hottest\"); std, var: sample standard deviation and variance "
        "(ddof=1); percentile: the percentiles listed in percentiles; missing: number of "
        "empty cells of the measure; pearson, spearman: correlation of exactly two measures "
        "over the rows having both (no grouping). For the period holding an extreme "
        "(\"which month had the highest revenue\") use sum with a period, order desc, "
        "limit 1.")
    measures: list[str] = Field(
        default_factory=list, description="The column(s) aggregated; empty for count.")
    group_by: list[str] = Field(
        default_factory=list, max_length=MAX_GROUPS,
        description=f"Up to {MAX_GROUPS} category columns to group by.")
    period: PeriodArgs | None = None
    filters: list[FilterArgs] = Field(default_factory=list)
    order: Literal["desc", "asc"] | None = Field(
        default=None, description="desc: highest first; asc: lowest first.")
    limit: int | None = Field(default=None, ge=1, le=MAX_LIMIT,
                              description="Keep only the first N groups or rows (top N).")
    compare: CompareArgs | None = None
    percentiles: list[float] = Field(
        default_factory=list, description="With percentile: which ones, between 0 and 100 "
        "(e.g. [90], or [25, 50, 75] for quartiles).")
    also: list[_Aggregation] = Field(
        default_factory=list, description="Further statistics of the one measure, each a "
        "column beside the first: \"mean and standard deviation\" is aggregation mean, also "
        "[std]. Only mean, median, min, max, std, var, percentile.")
    within: bool = Field(
        default=False, description="With share, filters and a grouping: true gives each "
        "group's rows meeting the filters as a percentage of all that group's rows (\"share "
        "of women within each rank\"); false, how the rows meeting them split over the groups.")
    whole: list[FilterArgs] = Field(
        default_factory=list, description="With share and no grouping: the filters of the "
        "whole the share is of (\"what percentage of professors are male\": the professors), "
        "applied before filters.")


def _inline(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with every `$ref` replaced by its definition: small local models (and
    some servers) do not follow references."""
    defs = schema.pop("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return walk({**defs[ref.split("/")[-1]],
                             **{k: v for k, v in node.items() if k != "$ref"}})
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return walk(schema)


def parameters_schema() -> dict[str, Any]:
    """The JSON schema of the tool's arguments."""
    schema = _inline(QueryArgs.model_json_schema())
    schema.pop("title", None)
    return schema


QUERY_TABLE: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": TOOL_NAME,
        "description": (
            "Answer a plain aggregation question about one table without writing code: "
            "a sum, average, median, count, distinct count, min, max, share, sample standard "
            "deviation or variance, percentiles or number of missing values of a column, or "
            "the Pearson/Spearman correlation of two, "
            "optionally grouped by one or two columns and/or a period, filtered, ordered and "
            "limited to the top N. The analyst checks the query against the data card, runs "
            "it as readable pandas code in the sandbox and returns the printed result table "
            "and figures."
        ),
        "parameters": parameters_schema(),
    },
}


def query_from_arguments(arguments: str | dict[str, Any], cards: Sequence[Any]) -> tuple[
        Query, Any]:
    """The validated `Query` the model's `arguments` (JSON text or a dict) ask for, and the
    card of its table. Raises `QueryError` with a message for the model to correct."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments or "{}")
        except json.JSONDecodeError as exc:
            raise QueryError(f"The arguments were not valid JSON ({exc.msg}).") from None
    try:
        args = QueryArgs.model_validate(arguments)
    except ValidationError as exc:
        raise QueryError("The query does not fit the query_table schema: "
                         + "; ".join(_problem(e) for e in exc.errors()) + ".") from None
    card = _card_of(args.table, cards)
    query = Query(
        table=card.table,
        aggregation=args.aggregation,
        measures=tuple(args.measures),
        group_by=tuple(args.group_by),
        period=(Period(args.period.column, args.period.unit, args.period.month_column)
                if args.period else None),
        filters=tuple(Filter(f.column, f.op, tuple(f.value) if isinstance(f.value, list)
                             else f.value, f.against) for f in args.filters),
        order=args.order,
        limit=args.limit,
        compare=(Compare(args.compare.column, args.compare.unit, args.compare.start,
                         args.compare.end) if args.compare else None),
        percentiles=tuple(args.percentiles),
        also=tuple(args.also),
        within=args.within,
        whole=tuple(Filter(f.column, f.op, tuple(f.value) if isinstance(f.value, list)
                           else f.value, f.against) for f in args.whole),
    )
    return validate(query, card), card


def _card_of(table: str | None, cards: Sequence[Any]) -> Any:
    names = ", ".join(c.table for c in cards) or "none"
    if not cards:
        raise QueryError("No table is loaded, so there is nothing to query.")
    if table is None:
        if len(cards) == 1:
            return cards[0]
        raise QueryError(f"Several tables are loaded; name one in \"table\" ({names}).")
    for card in cards:
        if table in (card.table, card.parquet_path):
            return card
    raise QueryError(f"There is no table {table!r}; the tables are: {names}.")


def _problem(error: Any) -> str:
    where = ".".join(str(p) for p in error.get("loc", ())) or "the query"
    message = str(error.get("msg", "is not valid"))
    if error.get("type") == "extra_forbidden":
        return f"{where} is not a field of the query"
    return f"{where}: {message}"
