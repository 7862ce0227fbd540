"""Period dynamics: the amount per month, week or quarter and how it changed."""

from __future__ import annotations

import pandas as pd

from .columns import RecipeError, require, returns_note, to_dates, to_number
from .notes import NoteId, Word, note, title
from .result import ChartSeries, ChartSpec, RecipeResult
from .unit import HostChart, Recipe, Said

# Weeks run Monday to Sunday (ISO); a year earlier is 12 months, 4 quarters or 52 weeks.
_FREQS = {"M": ("M", "month", 12), "W": ("W-SUN", "week", 52), "Q": ("Q-DEC", "quarter", 4)}


def definition(freq: str = "M") -> str:
    word = _FREQS[freq][1]
    return (
        f"The amount is summed per calendar {word}"
        + (" (Monday to Sunday, labelled by its Monday)" if freq == "W" else "")
        + f". Every {word} from the first to the last date is listed; a {word} with no rows "
        "shows 0. Change = this period - the previous one; change % = change / |previous| x 100 "
        "(empty when the previous period is 0). YoY compares with the same period one year "
        f"earlier ({_FREQS[freq][2]} {word}s back) and is shown only when the data reaches back "
        "that far. Rows without a readable date are left out and counted in the notes."
    )


def period_dynamics(
    df: pd.DataFrame,
    date: str,
    amount: str,
    freq: str = "M",
    currency: str | None = None,
) -> RecipeResult:
    """Sum per period with absolute and % change vs the previous period, and YoY."""
    if freq not in _FREQS:
        raise RecipeError("bad_period", freq=str(freq))
    require(df, date, amount)
    pandas_freq, word, year_lag = _FREQS[freq]
    dates, notes = to_dates(df[date], date)
    values, amount_notes = to_number(df[amount], amount)
    notes += amount_notes + returns_note(values, amount)
    undated = dates.isna()
    if undated.all():
        raise RecipeError("no_dates", column=str(date))
    if undated.any():
        rows = int(undated.sum())
        notes.append(note("note_undated", rows, rows=rows, column=date, period=Word(word),
                          amount=amount, total=float(values[undated].sum())))
    periods = dates[~undated].dt.to_period(pandas_freq)
    grouped = values[~undated].groupby(periods)
    span = pd.period_range(periods.min(), periods.max(), freq=pandas_freq)
    sums = grouped.sum().reindex(span, fill_value=0.0)
    counts = grouped.size().reindex(span, fill_value=0)
    empty = [_label(p, freq) for p in span[counts.to_numpy() == 0]]
    if empty:
        notes.append(note("note_empty_periods", periods=", ".join(empty)))
    table = pd.DataFrame(
        {
            word: [_label(p, freq) for p in span],
            "start": span.start_time,
            amount: sums.to_numpy(dtype="float64"),
            "rows": counts.to_numpy(dtype="int64"),
        }
    )
    previous = table[amount].shift(1)
    table["change"] = table[amount] - previous
    table["change_pct"] = (table["change"] / previous.abs().where(previous != 0)) * 100.0
    if len(table) > year_lag:
        year_ago = table[amount].shift(year_lag)
        table["yoy_change"] = table[amount] - year_ago
        table["yoy_pct"] = (table["yoy_change"] / year_ago.abs().where(year_ago != 0)) * 100.0
    if len(table) == 1:
        notes.append(note("note_only_one", period=Word(word)))
    notes += _partial_notes(dates[~undated], span, word, freq)
    last = table.iloc[-1]
    figures = {
        "total": float(table[amount].sum()),
        "periods": float(len(table)),
        "mean_per_period": float(table[amount].mean()),
        "last": float(last[amount]),
        "last_change": float(last["change"]),
        "last_change_pct": float(last["change_pct"]),
        "best": float(table[amount].max()),
        "worst": float(table[amount].min()),
    }
    if "yoy_pct" in table:
        figures["last_yoy_pct"] = float(last["yoy_pct"])
    chart = ChartSpec(
        kind="line" if len(table) > 36 else "bar",
        title=title(f"amount_by_{word}", amount=str(amount)),
        labels=tuple(table[word]),
        series=(ChartSeries(amount, tuple(table[amount])),),
        value_label=amount,
        unit="money",
        currency=currency,
        dates=tuple(d.strftime("%Y-%m-%d") for d in table["start"]),
    )
    return RecipeResult(
        name="period_dynamics",
        title=title(f"amount_by_{word}", amount=str(amount)),
        table=table,
        chart=chart,
        definition=definition(freq),
        notes=tuple(notes),
        figures=figures,
    )


def _label(period: pd.Period, freq: str) -> str:
    if freq == "M":
        return period.strftime("%Y-%m")
    if freq == "Q":
        return f"{period.year} Q{period.quarter}"
    return period.start_time.strftime("%Y-%m-%d")


def _partial_notes(dates: pd.Series, span: pd.PeriodIndex, word: str,
                   freq: str) -> list[NoteId]:
    """Say when the first or last period is only partly covered: its total is not comparable."""
    notes: list[NoteId] = []
    first, last = dates.min(), dates.max()
    if last.normalize() < span[-1].end_time.normalize():
        notes.append(note("note_partial_last", period=Word(word),
                          label=_label(span[-1], freq), date=f"{last:%Y-%m-%d}"))
    if len(span) > 1 and first.normalize() > span[0].start_time:
        notes.append(note("note_partial_first", period=Word(word),
                          label=_label(span[0], freq), date=f"{first:%Y-%m-%d}"))
    return notes


REGISTERED = (Recipe(
    period_dynamics,
    meaning="sum per month/week/quarter (freq M/W/Q), change and change_pct vs previous, "
            "yoy_change/yoy_pct; empty periods are 0. figures: total, periods, last, "
            "last_change_pct, best, worst",
    definition=definition, said=Said("period_dynamics_{freq}"), chart=HostChart("periods"),
),)
