"""Totals, subtotals and footnotes: rows that are not data, found and reported, never dropped silently."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from analyst.datacard import ExcludedRow
from analyst.ingest.table import row_text

# The first words of a total row in the languages our users export from.
TOTAL_WORDS = (
    r"(?:grand\s+)?(?:sub-?)?totals?|sum|итого|итог|всего|разом|усього|всього|підсумок|"
    r"合计|合計|总计|總計|小计|小計|总和|summe|gesamt|zwischensumme|total\s+général|totale|"
    r"somme|suma|razem|celkem"
)
_CJK = "合计|合計|总计|總計|小计|小計"
_TOTAL_ALONE = rf"^\s*(?:{TOTAL_WORDS}|{_CJK})\s*[:：.]?\s*$"
# "Total: Account", "Итого:": a total word and a colon name a total row even when every
# cell is filled (ad-platform exports put the account's total first or last).
_TOTAL_COLON = rf"^\s*(?:{TOTAL_WORDS}|{_CJK})\s*[:：]"
# RE2's \b only knows ASCII letters, so the end of a word is spelled out.
TOTAL_FIRST = rf"^\s*(?:(?:{TOTAL_WORDS})(?:$|[\s:：.,;(\-])|{_CJK})"


def _matches(column: pd.Series, pattern: str) -> np.ndarray:
    """Case-insensitive regex in Arrow's engine (pandas would loop in Python here)."""
    values = pa.array(column.astype("str"), type=pa.string(), from_pandas=True)
    found = pc.match_substring_regex(values, pattern, ignore_case=True)
    return np.asarray(found.fill_null(False), dtype=bool)


def find_non_data_rows(frame: pd.DataFrame, row_numbers: np.ndarray) -> tuple[np.ndarray, list[ExcludedRow]]:
    """A boolean mask of rows to exclude, and what each one was."""
    exclude = np.zeros(len(frame), dtype=bool)
    reasons: dict[int, str] = {}
    filled = frame.notna().to_numpy(copy=True)  # pandas may hand out a read-only view
    for j in frame.columns:
        col = frame[j]
        if col.dtype.kind in "biufcmM":
            continue
        filled[:, list(frame.columns).index(j)] &= ~_matches(col, r"^\s*$")
    counts = filled.sum(axis=1)
    blank = counts == 0
    # Total rows: a total word where the labels are (the first text columns), alone in its
    # cell, or leading a row with gaps ("Total North" yes, a product "Total Gym" no).
    typical = int(np.median(counts[~blank])) if (~blank).any() else 0
    text_columns = [j for j in frame.columns if frame[j].dtype.kind not in "biufcmM"][:3]
    for j in text_columns:
        alone = _matches(frame[j], _TOTAL_ALONE)
        first = _matches(frame[j], TOTAL_FIRST)
        hits = alone | _matches(frame[j], _TOTAL_COLON) | (first & (counts < typical))
        for i in np.flatnonzero(hits & ~exclude).tolist():
            word = str(frame[j].iloc[i]).strip().lower()
            reasons[i] = "subtotal row" if "sub" in word or "小" in word or "zwischen" in word else "total row"
            exclude[i] = True
    # Footnotes: the trailing rows after the last full row that fill at most a third of it.
    if len(frame):
        width = max(1, typical)
        i = len(frame) - 1
        while i >= 0 and (blank[i] or exclude[i] or counts[i] <= max(1, width // 3)):
            if not blank[i] and not exclude[i]:
                exclude[i] = True
                reasons[i] = "footnote"
            i -= 1
    excluded = [
        ExcludedRow(int(row_numbers[i]), reasons[i], row_text(frame.iloc[i].tolist()))
        for i in sorted(reasons)
    ]
    return exclude | blank, excluded
