"""Items of a long table (cost centres, departments) ranked by their total over a year,
quarter or month, with each one's share of all of them."""

from __future__ import annotations

import pandas as pd

from .columns import require, to_labels, to_number
from .notes import note, title
from .result import ChartSeries, ChartSpec, RecipeResult
from .sanity import checked_share
from .statement_series import month_dates, select_period

RANKING_DEFINITION = (
    "Each item's total over the period (the sum of its months), largest first; share = the "
    "item / all items x 100. Amounts stored as negative numbers (costs in an accounting "
    "layout) are taken as positive."
)


def rank_items(
    df: pd.DataFrame,
    item: str,
    date: str,
    value: str,
    year: int | None = None,
    quarter: int | None = None,
    month: int | None = None,
    ascending: bool = False,
    currency: str | None = None,
) -> RecipeResult:
    """Items (cost centres, departments) ranked by their total over the period, with shares."""
    require(df, item, date, value)
    numbers, notes = to_number(df[value], value)
    dates, date_notes = month_dates(df[date], date)
    notes += date_notes
    frame = pd.DataFrame({"item": to_labels(df[item]), "month": dates.dt.to_period("M"),
                          "value": numbers.fillna(0.0)})
    frame = frame[frame["month"].notna()]
    keep, period = select_period(frame["month"], year, quarter, month)
    frame = frame[keep]
    if frame["value"].sum() < 0:
        frame["value"] = -frame["value"]
        notes.append(note("note_amounts_negative"))
    table = (frame.groupby("item", sort=False)["value"].sum().reset_index()
             .sort_values("value", ascending=ascending, kind="mergesort").reset_index(drop=True))
    total = float(table["value"].sum())
    shares = [checked_share(v, total, "share") for v in table["value"]]
    table["share_pct"] = [s[0] for s in shares]
    notes += list(dict.fromkeys(note for s in shares for note in s[1]))
    table.insert(0, "rank", range(1, len(table) + 1))
    figures = {**period, "total": total, "items": float(len(table)),
               "months": float(frame["month"].nunique())}
    chart = ChartSpec(kind="barh", title=title("rank_items_chart", item=str(item)),
                      labels=tuple(str(v) for v in table["item"].head(25)),
                      series=(ChartSeries(value, tuple(float(v) for v in table["value"].head(25))),),
                      value_label=value, unit="money", currency=currency)
    table = table.rename(columns={"item": item})
    return RecipeResult(name="rank_items", title=title("rank_items", item=str(item), value=str(value)), table=table,
                        chart=chart, definition=RANKING_DEFINITION, notes=tuple(notes),
                        figures=figures)
