"""The month or quarter of a statement holding the highest or lowest figure of one line or
result ("which month had the highest revenue"), ties kept as ties.

The lines are read as every finance question reads them (`statement.statement_lines`, then
`statement_series.series`), so the extreme is one of the figures "revenue by month" states.
The table lists every period of the span, the extreme first; `figures` say how many periods
share it, so an answer never names one month where two hold the same figure.
"""

from __future__ import annotations

import math

import pandas as pd

from .columns import RecipeError
from .notes import NoteId, title
from .result import RecipeResult
from .statement import statement_lines
from .statement_series import named, period_label, period_span, select_period, series
from .unit import Recipe, Said

EXTREME_DEFINITION = (
    "The line or result is added up per month (per quarter: the sum of its three months) "
    "over every period from the statement's first to its last, a period without figures "
    "counting as 0; lines are taken as for the other finance questions (costs as positive). "
    "The period with the highest (or lowest) figure is stated; periods sharing it are all "
    "named. A whole-year or total column is never a period."
)


def _same(a: float, b: float) -> bool:
    """Equal as money: sums of cents differ only by the float's last bits."""
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-9)


def period_extreme(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    figure: str | None = None,
    line: str | None = None,
    extreme: str = "max",
    by: str = "M",
    year: int | None = None,
    currency: str | None = None,
    columns: str = "M",
) -> RecipeResult:
    """The month (`by` "M") or quarter ("Q") whose `line` or `figure` is the highest
    (`extreme` "max") or lowest ("min"), over the statement or its `year`. `columns`: the
    statement's own periods, "M" months or "Q" quarters (each dated by its first month). A
    quarter of months is compared only when the statement has all three of them."""
    if extreme not in ("max", "min") or by not in ("M", "Q") or columns not in ("M", "Q") \
            or (columns, by) == ("Q", "M"):
        raise RecipeError("bad_extreme", extreme=str(extreme), by=str(by))
    if (figure is None) == (line is None):
        raise RecipeError("figure_or_line")
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    lines = lines[lines["month"].notna()]
    if lines.empty:
        raise RecipeError("period_missing")
    if year is not None:
        keep, _ = select_period(lines["month"], year, None, None)
        lines = lines[keep]
    if by == "Q" and columns == "M":
        months = pd.Series(sorted(set(period_span(lines, "M"))), dtype=object)
        held = months.map(lambda p: p.asfreq("Q-DEC")).value_counts()
        partial = sorted(period_label(pd.Period(str(q), freq="Q-DEC")) for q, n in held.items() if n < 3)
        if partial:
            raise RecipeError("partial_quarters", quarters=partial)
    values, kind = series(lines, figure, line, by)
    span = period_span(lines, by)
    values = values.reindex(span, fill_value=0.0).astype(float)
    best = float(values.max() if extreme == "max" else values.min())
    holds = [_same(float(v), best) for v in values]
    table = pd.DataFrame({"period": [period_label(p) for p in span],
                          "value": values.to_list(), "extreme": holds})
    # The holders first (in time order), then the rest from the nearest to the farthest.
    table = table.sort_values(["extreme", "value"], ascending=[False, extreme == "min"],
                              kind="mergesort").reset_index(drop=True)
    first = span[holds.index(True)]
    figures = {"value": best, "ties": float(sum(holds)), "periods": float(len(span)),
               "year": float(first.year), "quarter": float(first.quarter if by == "Q" else 0),
               "month": float(first.month if by == "M" else 0),
               "first_year": float(span[0].year), "last_year": float(span[-1].year),
               "first_part": float(span[0].quarter if by == "Q" else span[0].month),
               "last_part": float(span[-1].quarter if by == "Q" else span[-1].month),
               "is_cost": float(kind == "cost")}
    heading = title(f"extreme_{extreme}_{by}", amount=named(line, figure))
    return RecipeResult(name="period_extreme", title=heading, table=table, chart=None,
                        definition=EXTREME_DEFINITION, notes=tuple(notes), figures=figures)


REGISTERED = (
    Recipe(period_extreme, for_model=False, definition=EXTREME_DEFINITION,
           said=Said("period_extreme"),
           meaning="the offline planner's answer to one finance question on a statement: the "
                   "month or quarter of a line's or result's highest or lowest figure"),
)
