"""Funnel conversion: how many make it from each stage to the next, overall and by period."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from .columns import RecipeError, pct, require, to_dates, to_labels, to_number
from .notes import NoteId, note, title
from .result import ChartSeries, ChartSpec, RecipeResult
from .unit import Recipe, Said, Title

_PERIODS = {"M": "M", "W": "W-SUN", "Q": "Q-DEC"}

DEFINITION = (
    "Counts are summed per stage (per period when a period column is given). Stage "
    "conversion % = count at a stage / count at the previous stage x 100; overall conversion "
    "% = count at a stage / count at the first stage x 100; drop-off = previous count - this "
    "count. Stages are in the order given (long layout without an order: largest count "
    "first). With a period column the table has one funnel per period; the overall funnel "
    "is in the figures and the chart. A conversion above 100% means a later stage counted "
    "more than an earlier one."
)


def funnel_conversion(
    df: pd.DataFrame,
    stages: Sequence[str] | None = None,
    *,
    stage: str | None = None,
    count: str | None = None,
    order: Sequence[str] | None = None,
    period: str | None = None,
    freq: str = "M",
) -> RecipeResult:
    """Stage-to-stage and overall conversion.

    Wide layout: `stages` lists count columns in funnel order (visits, leads, deals).
    Long layout: `stage` names the stage column, `count` the count column (omit it to count
    rows), `order` the stage order. `period`: a date column to split the funnel by `freq`.
    """
    if freq not in _PERIODS:
        raise RecipeError("bad_period", freq=str(freq))
    notes: list[NoteId] = []
    if stages:
        require(df, *stages, period)
        if len(stages) < 2:
            raise RecipeError("funnel_stages")
        long = []
        for column in stages:
            values, col_notes = to_number(df[column], column)
            notes += col_notes
            long.append(pd.DataFrame({"stage": column, "count": values, "_row": range(len(df))}))
        frame = pd.concat(long, ignore_index=True)
        stage_order = list(stages)
    elif stage:
        require(df, stage, count, period)
        labels = to_labels(df[stage])
        if count:
            values, notes = to_number(df[count], count)
        else:
            values = pd.Series(1.0, index=df.index)
        frame = pd.DataFrame({"stage": labels, "count": values, "_row": range(len(df))})
        stage_order = list(order) if order else _order_by_size(frame)
        unknown = sorted(set(frame["stage"]) - set(stage_order))
        if unknown:
            notes.append(note("note_stages_unknown", names=", ".join(map(str, unknown))))
        missing = [s for s in stage_order if s not in set(frame["stage"])]
        if missing:
            notes.append(note("note_stages_missing", len(missing), rows=len(missing),
                              names=", ".join(map(str, missing))))
    else:
        raise RecipeError("funnel_layout")
    if period:
        dates, date_notes = to_dates(df[period], period)
        notes += date_notes
        labels = dates.dt.to_period(_PERIODS[freq]).astype(str).where(dates.notna(), None)
        frame["period"] = labels.to_numpy()[frame["_row"].to_numpy()]
        undated = frame["period"].isna()
        if undated.any():
            rows = int(dates.isna().sum())
            notes.append(note("note_funnel_undated", rows, rows=rows, column=period))
    overall = _conversions(frame, stage_order, None)
    table = overall
    if period:
        dated = frame[~undated]
        by_period = [_conversions(part, stage_order, str(p)) for p, part in dated.groupby("period")]
        # No "All" rows beside the periods: a totals row in the table gets summed twice.
        # The overall funnel is in the figures and the chart.
        table = pd.concat(by_period, ignore_index=True)
    above = overall[overall["stage_conversion_pct"] > 100]
    if len(above):
        notes.append(note("note_stages_above", len(above), rows=len(above),
                          names=", ".join(map(str, above["stage"]))))
    first, last = overall["count"].iloc[0], overall["count"].iloc[-1]
    figures = {"first_stage_count": float(first), "last_stage_count": float(last),
               "overall_conversion_pct": pct(last, first)}
    steps = zip(stage_order, overall["stage"].iloc[1:], overall["stage_conversion_pct"].iloc[1:],
                strict=False)  # n stages, n-1 steps between them
    for prev, stage, converted in steps:
        figures[f"conversion_pct:{prev}->{stage}"] = float(converted)
    chart = ChartSpec(
        kind="funnel",
        title=title("funnel_chart"),
        labels=tuple(f"{s} ({p:.1f}%)" if pd.notna(p) else str(s)
                     for s, p in zip(overall["stage"], overall["overall_conversion_pct"], strict=True)),
        series=(ChartSeries("Count", tuple(overall["count"])),),
        value_label="Count",
        unit="number",
    )
    return RecipeResult(
        name="funnel_conversion", title=title("funnel_conversion"), table=table, chart=chart,
        definition=DEFINITION, notes=tuple(notes), figures=figures,
    )


def _order_by_size(frame: pd.DataFrame) -> list[str]:
    totals = frame.groupby("stage", sort=False)["count"].sum()
    return list(totals.sort_values(ascending=False, kind="mergesort").index)


def _conversions(frame: pd.DataFrame, stage_order: list[str], period: str | None) -> pd.DataFrame:
    counts = frame.groupby("stage")["count"].sum().reindex(stage_order, fill_value=0.0)
    table = pd.DataFrame({"stage": stage_order, "count": counts.to_numpy(dtype="float64")})
    previous = table["count"].shift(1)
    table["stage_conversion_pct"] = table["count"] / previous.where(previous != 0) * 100.0
    first = table["count"].iloc[0]
    table["overall_conversion_pct"] = table["count"] / first * 100.0 if first else float("nan")
    table["drop_off"] = previous - table["count"]
    if period is not None:
        table.insert(0, "period", period)
    return table


REGISTERED = (Recipe(
    funnel_conversion,
    meaning="stage and overall conversion %; wide: stages=[count columns in order]; long: "
            "stage=, count=, order=; period= date column. figures: overall_conversion_pct, "
            "'conversion_pct:A->B'",
    definition=DEFINITION, said=Said("funnel_conversion"), title=Title("title_funnel"),
),)
