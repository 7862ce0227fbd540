"""The sales recipe that answers a query reading, chosen from the reading itself.

The query reading is the one understanding of a question: its measure, grouping, period,
ranking and conditions. A sales recipe (key figures, a breakdown, a top N, the trend by
period) answers when it computes exactly that reading, a sum of the table's revenue,
quantity or cost with nothing the recipe would drop; its richer answer (shares, the rest,
growth, a chart) is then the same figures said more fully. Anything else the query runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analyst.brain.plan.columns import is_ledger, sales_columns
from analyst.brain.understand.intents import Intent, Measure, Period
from analyst.brain.understand.query import Query

_TRACED: tuple[Period, ...] = ("month", "week", "quarter")
"""The periods the trend recipe traces."""


def recipe_intent(query: Query, cards: Sequence[Any], top: bool = False) -> Intent | None:
    """The sales recipe computing `query` exactly, or None for the query to run; `top`:
    the question said "top" ("top 1 product" is the recipe's, ties and the rest said)."""
    if (query.aggregation != "sum" or query.filters or query.compare or query.also
            or len(query.group_by) > 1 or len(query.measures) != 1):
        return None
    card = next((c for c in cards if c.table == query.table), None)
    cols = sales_columns(card) if card is not None else None
    if cols is None or not is_ledger(cols):
        return None
    roles: dict[str | None, Measure] = {cols.amount: "revenue", cols.quantity: "quantity",
                                        cols.cost: "cost"}
    measure = roles.get(query.measures[0])
    if measure is None:
        return None
    period = query.period
    if period is not None:
        # The trend of one measure by month, week or quarter of the table's own date.
        unit = next((p for p in _TRACED if p == period.unit), None)
        if query.group_by or query.limit is not None or unit is None or period.column != cols.date:
            return None
        return Intent("dynamics", measure, period=unit)
    if not query.group_by:
        return Intent("total", measure) if query.order is None and query.limit is None else None
    dimension = query.group_by[0]
    if cols.dimension(dimension) is None:
        return None
    if query.limit == 1 and not top:
        return None  # "the region with the most sales": the query's, naming every tied one
    if query.limit is not None or query.order is not None:
        # "top 5 products", "top products" (its ten, and what the rest bring)
        return Intent("top", measure, dimension, n=query.limit or 10,
                      ascending=query.order == "asc")
    return Intent("breakdown", measure, dimension)
