"""Sanity checks on the figures a recipe states: the one place margins and shares are judged.

A figure no finance person may ever see (a gross margin of 153.6%, a region holding 140% of
the total) is not stated: it becomes NaN, and a plain sentence says what looked wrong, so
the answer shows the reason instead of the number. Every `RecipeResult` passes through
`check_result` when it is made (see `result.py`), whatever recipe built it; recipes that
know more (the cost sign convention, a revenue that is not positive) call the functions
here first and write a more precise sentence.

Bounds: a margin is profit / revenue; with costs taken as positive it cannot exceed 100%,
and below -100% (costs more than twice revenue) it is treated as a sign error, as the
product's rules ask. A share of a positive total is at most 100%.
"""

from __future__ import annotations

import math

import pandas as pd

from .notes import NoteId, Word, note

MARGIN_LOW, MARGIN_HIGH = -100.0, 100.0
SHARE_HIGH = 100.0
"""A share may be negative (a return-heavy item's, or class's, net part of the total reads
correctly as -5%); above 100% it cannot be a part of the total."""
_SLACK = 1e-9
"""Rounding room: 100.0000000001% is 100%."""

_MARGIN_WORDS = {
    "gross_margin_pct": "gross margin", "operating_margin_pct": "operating margin",
    "net_margin_pct": "net margin", "margin_pct": "margin",
}


def costs_as_positive(costs: pd.Series, name: str, revenue_total: float) -> tuple[pd.Series, list[NoteId]]:
    """Costs stored as negative numbers (the accounting convention, also "(1,234.00)") are
    turned positive when revenue is positive, so gross profit = revenue - cost reads the same
    whichever convention the file used. Returns the costs and the note saying which was found."""
    total = float(costs.sum())
    if total < 0 < revenue_total:
        return -costs, [note("note_cost_sign", column=name)]
    return costs, []


def checked_margin(profit: float, revenue: float, what: str = "gross margin") -> tuple[float, list[NoteId]]:
    """profit / revenue in percent, or NaN and the reason when it must not be stated."""
    if pd.isna(revenue) or pd.isna(profit):
        return math.nan, []
    if revenue <= 0:
        return math.nan, [note("note_margin_revenue", what=Word(what), total=float(revenue))]
    value = float(profit) / float(revenue) * 100.0
    if not MARGIN_LOW - _SLACK <= value <= MARGIN_HIGH + _SLACK:
        return math.nan, [_margin_reason(what, value)]
    return value, []


def checked_share(part: float, whole: float, what: str = "share") -> tuple[float, list[NoteId]]:
    """part / whole in percent, or NaN and the reason when it is not a share of a total."""
    if pd.isna(part) or pd.isna(whole) or whole == 0:
        return math.nan, []
    if whole < 0:
        return math.nan, [note("note_share_negative_total", what=Word(what), total=float(whole))]
    value = float(part) / float(whole) * 100.0
    if value > SHARE_HIGH + _SLACK:
        return math.nan, [_share_reason(what)]
    return value, []


def check_figures(figures: dict[str, float]) -> tuple[dict[str, float], list[NoteId]]:
    """The figures with every impossible margin or share replaced by NaN, and why."""
    checked = dict(figures)
    notes: list[NoteId] = []
    for key, value in figures.items():
        if not isinstance(value, (int, float)) or math.isnan(value):
            continue
        if key.endswith("margin_pct") and not MARGIN_LOW - _SLACK <= value <= MARGIN_HIGH + _SLACK:
            checked[key] = math.nan
            notes.append(_margin_reason(_MARGIN_WORDS.get(key, key.removesuffix("_pct")
                                                          .replace("_", " ")), value))
        elif key.endswith("share_pct") and value > SHARE_HIGH + _SLACK:
            checked[key] = math.nan
            notes.append(_share_reason("share"))
    return checked, list(dict.fromkeys(notes))


def check_table(table: pd.DataFrame) -> tuple[pd.DataFrame, list[NoteId]]:
    """The table with margin cells outside -100%..100% and share cells above 100% emptied."""
    notes: list[NoteId] = []
    changed = table
    for column in table.columns:
        name = str(column)
        if not (name.endswith("margin_pct") or name.endswith("share_pct")):
            continue
        values = pd.to_numeric(table[column], errors="coerce")
        if name.endswith("margin_pct"):
            bad = (values > MARGIN_HIGH + _SLACK) | (values < MARGIN_LOW - _SLACK)
        else:
            # A negative share is a negative amount's (a return-heavy item): it reads
            # correctly. A share above 100% cannot be part of a total.
            bad = values > SHARE_HIGH + _SLACK
        if bad.any():
            if changed is table:
                changed = table.copy()
            changed[column] = values.where(~bad)
            rows = int(bad.sum())
            key = "note_cells_hidden" if name.endswith("margin_pct") else "note_shares_hidden"
            notes.append(note(key, rows, rows=rows, column=name))
    return changed, notes


def _margin_reason(what: str, value: float) -> NoteId:
    return note("note_margin_high" if value > MARGIN_HIGH else "note_margin_low", what=Word(what))


def _share_reason(what: str) -> NoteId:
    return note("note_share_high", what=Word(what))
