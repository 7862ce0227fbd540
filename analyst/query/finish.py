"""The last step of reading a question on one table: the queries its parts make, or the
refusal that says which part cannot be honoured (no measure, a third column, a statistic
of a column left out). Every column named is stated or the question is declined."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from analyst.query.model import CORRELATIONS, Aggregation, Filter, Order, Period, Query


@dataclass(frozen=True)
class Refusal:
    """Why the question cannot be answered from this table: a message key and its values."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)



def queries(table: str, aggregation: Aggregation, measures: list[str], group_by: list[str],
            period: Period | None, filters: list[Filter], order: Order | None,
            limit: int | None, percentiles: Sequence[float] | None,
            also: tuple[Aggregation, ...]) -> list[Query] | Refusal:
    """The queries of a reading whose parts are all found."""
    if aggregation == "missing" and not measures:
        return Refusal("missing_needs_column", {})  # not the rows, not a guessed column
    if aggregation == "share" and not measures:
        # "share of cars by Origin", "what percentage of days were rain": the rows counted,
        # each group's (or the condition's) count as a part of all the rows. With two
        # conditions and no grouping, which is the part and which the whole is not said.
        said = [f for f in filters if f.op not in ("year", "quarter", "month")]
        if group_by or period or len(said) == 1:
            return [Query(table, "share", (), tuple(group_by), period, tuple(filters),
                          order, limit)]
        return Refusal("share_needs_group", {})
    if aggregation not in ("count", "rows") and not measures:
        return Refusal("no_measure", {})
    if aggregation == "share" and not (group_by or period):
        return Refusal("share_needs_group", {})
    if aggregation in CORRELATIONS:
        if len(measures) < 2:
            return Refusal("correlation_needs_two", {})
        if len(measures) > 2:
            # "hp vs qsec" on a table with a column "vs": which two is not said, and a
            # third column named and left out would be a word not honoured.
            return Refusal("correlation_of_two", {"count": len(measures),
                                                  "named": ", ".join(measures)})
        if group_by or period:
            return Refusal("correlation_grouped", {})
        return [Query(table, aggregation, tuple(measures[:2]), (), None, tuple(filters))]
    several = aggregation == "percentile" and len(percentiles or ()) > 1
    kept = measures[:1] if also or several else measures[:3]
    if len(kept) < len(measures):
        # A column named and not stated would be a word not honoured: say so instead.
        return Refusal("statistics_of_one" if also or several else "measures_left_out",
                       {"count": len(measures), "named": ", ".join(measures)})
    return [Query(table, aggregation, tuple(kept), tuple(group_by), period,
                  tuple(filters), order, limit,
                  percentiles=tuple(percentiles) if percentiles and "percentile" in (
                      aggregation, *also) else (), also=also)]

