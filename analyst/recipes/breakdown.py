"""Breakdowns by a category (region, channel, ...) with shares, and gross margin by group."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from .columns import (
    blank_note,
    order_by_amount,
    require,
    returns_note,
    to_labels,
    to_number,
)
from .notes import note, title
from .result import ChartSeries, ChartSpec, RecipeResult
from .sanity import checked_margin, checked_share, costs_as_positive
from .unit import HostChart, Recipe, Said, Title

_CHART_BARS = 25  # beyond this a bar chart stops being readable: show the largest only

BREAKDOWN_DEFINITION = (
    "Rows are grouped by the chosen column(s) (a missing value is its own '(blank)' group); "
    "the amount and any extra measures are summed per group, orders are distinct order ids. "
    "Share % = group amount / total amount x 100. Groups are listed largest first, equal "
    "amounts alphabetically. No totals row is added (the total is quoted in the text above "
    "the table)."
)
MARGIN_DEFINITION = (
    "Per group: gross profit = revenue - cost; margin % = gross profit / revenue x 100 "
    "(empty when revenue is 0). Cost is the rows' total cost, not a unit cost. Groups are "
    "listed by gross profit, largest first. Total margin % = total gross profit / total "
    "revenue (not an average of group margins). Costs stored as negative numbers are taken "
    "as positive; a margin outside -100%..100% is not stated."
)


def breakdown(
    df: pd.DataFrame,
    by: str | Sequence[str],
    amount: str,
    *,
    quantity: str | None = None,
    order_id: str | None = None,
    extra: Sequence[str] = (),
    currency: str | None = None,
) -> RecipeResult:
    """Sum of `amount` (and extra measures) per group of `by`, with share % of the total."""
    keys = [by] if isinstance(by, str) else list(by)
    require(df, *keys, amount, quantity, order_id, *extra)
    values, notes = to_number(df[amount], amount)
    notes += returns_note(values, amount)
    frame = pd.DataFrame({k: to_labels(df[k]) for k in keys})
    for key in keys:
        notes += blank_note(frame[key], key)
    frame[amount] = values
    measures = {amount: "sum"}
    for column in [c for c in (quantity, *extra) if c]:
        frame[column], extra_notes = to_number(df[column], column)
        notes += extra_notes
        measures[column] = "sum"
    grouped = frame.groupby(keys, sort=False)
    table = grouped.agg(measures)
    table["rows"] = grouped.size()
    if order_id:
        table["orders"] = df[order_id].groupby([frame[k] for k in keys], sort=False).nunique()
    table = order_by_amount(table.reset_index(), amount, keys)
    total = float(table[amount].sum())
    # A share of a total that is not positive has no meaning: not stated (sanity.py).
    table.insert(len(keys) + 1, "share_pct", table[amount] / total * 100.0 if total > 0 else float("nan"))
    if total <= 0:
        notes.append(note("note_not_positive", column=amount))
    label = " / ".join(keys)
    shown = table.head(_CHART_BARS)
    chart = ChartSpec(
        kind="barh",
        title=title("breakdown", amount=str(amount), label=label),
        labels=tuple(" / ".join(map(str, row)) for row in shown[keys].itertuples(index=False)),
        series=(ChartSeries(amount, tuple(shown[amount])),),
        value_label=amount,
        unit="money",
        currency=currency,
        sort=True,
        note=note("caption_largest_shown", len(table), shown=_CHART_BARS, rows=len(table))
        if len(table) > _CHART_BARS else "",
    )
    figures = {"total": total, "groups": float(len(table)),
               "largest": float(table[amount].iloc[0]),
               "largest_share_pct": checked_share(float(table[amount].iloc[0]), total)[0]}
    return RecipeResult(
        name="breakdown", title=title("breakdown", amount=str(amount), label=label), table=table, chart=chart,
        definition=BREAKDOWN_DEFINITION, notes=tuple(notes), figures=figures,
    )


def margin_by(
    df: pd.DataFrame,
    by: str,
    revenue: str,
    cost: str,
    currency: str | None = None,
) -> RecipeResult:
    """Revenue, cost, gross profit and margin % per group of `by`."""
    require(df, by, revenue, cost)
    rev, notes = to_number(df[revenue], revenue)
    cst, cost_notes = to_number(df[cost], cost)
    cst, sign_notes = costs_as_positive(cst, cost, float(rev.sum()))
    cost_notes += sign_notes
    labels = to_labels(df[by])
    notes += cost_notes + returns_note(rev, revenue) + blank_note(labels, by)
    table = (
        pd.DataFrame({by: labels, revenue: rev, cost: cst})
        .groupby(by, sort=False).sum().reset_index()
    )
    table["gross_profit"] = table[revenue] - table[cost]
    table["margin_pct"] = table["gross_profit"] / table[revenue].where(table[revenue] != 0) * 100.0
    table = order_by_amount(table, "gross_profit", by)
    losses = table[table["gross_profit"] < 0]
    if len(losses):
        notes.append(note("note_losses", len(losses), rows=len(losses), by=by,
                          names=", ".join(map(str, losses[by].head(5)))))
    totals = {"revenue": float(table[revenue].sum()), "cost": float(table[cost].sum())}
    totals["gross_profit"] = totals["revenue"] - totals["cost"]
    margin, margin_notes = checked_margin(totals["gross_profit"], totals["revenue"])
    notes += margin_notes
    figures = {
        **totals,
        "margin_pct": margin,
        "groups": float(len(table)),
        "loss_groups": float(len(losses)),
    }
    shown = table.head(_CHART_BARS)
    chart = ChartSpec(
        kind="barh",
        title=title("margin_by_chart", by=str(by)),
        labels=tuple(str(v) for v in shown[by]),
        series=(ChartSeries("Gross profit", tuple(shown["gross_profit"])),),
        value_label="Gross profit",
        unit="money",
        currency=currency,
        sort=True,
        note=note("caption_largest_shown", len(table), shown=_CHART_BARS, rows=len(table))
        if len(table) > _CHART_BARS else "",
    )
    return RecipeResult(
        name="margin_by", title=title("margin_by", by=str(by)), table=table, chart=chart,
        definition=MARGIN_DEFINITION, notes=tuple(notes), figures=figures,
    )


REGISTERED = (
    Recipe(breakdown, meaning="sum and share_pct per category (by: one column or a list). "
                              "figures: total, groups, largest, largest_share_pct",
           definition=BREAKDOWN_DEFINITION, said=Said("breakdown"), title=Title("title_breakdown", ("amount", "by")),
           chart=HostChart(x="by")),
    Recipe(margin_by, meaning="revenue, cost, gross_profit, margin_pct per group. figures: "
                              "revenue, cost, gross_profit, margin_pct, loss_groups",
           definition=MARGIN_DEFINITION, said=Said("margin_by"), title=Title("title_margin", ("by",)),
           chart=HostChart(x="by", column="gross_profit", signed=True)),
)
