"""Unlabelled total rows: a row whose figures are the sums of the rows above it.

Exports often end with a row of sums and no word beside them (or the label cell merged
away). Counted as data it doubles every total, so it is found by arithmetic: every filled
figure of the row equals, to the cent, the sum of the same column over the rows above
(since the previous such row, or since the last heading: a labelled row with no figures, as
a statement's section "Operating expenses" is), and the row's label cells are empty.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyst.datacard import ExcludedRow
from analyst.ingest.table import row_text
from analyst.words.note import Note, Parts

MIN_ROWS_ABOVE = 2
TOLERANCE = 0.005


def sum_rows(frame: pd.DataFrame, row_numbers: np.ndarray) -> tuple[np.ndarray, list[ExcludedRow]]:
    """A mask of the unlabelled sum rows of a typed frame, and each one as an `ExcludedRow`."""
    numeric = [c for c in frame.columns if frame[c].dtype.kind in "iuf" or str(frame[c].dtype) == "Int64"]
    labels = [c for c in frame.columns if c not in numeric]
    mask = np.zeros(len(frame), dtype=bool)
    if not numeric or len(frame) <= MIN_ROWS_ABOVE:
        return mask, []
    values = frame[numeric].astype("float64").to_numpy()
    blank_labels = frame[labels].isna().all(axis=1).to_numpy() if labels else np.ones(len(frame), dtype=bool)
    filled = ~np.isnan(values)
    # Only rows with blank labels can be sums: visit those alone, with the running sums of
    # the rows between them read off one cumulative sum (a Python loop over every row of a
    # 200,000-row sheet took seconds).
    before = np.vstack([np.zeros(len(numeric)), np.cumsum(np.nan_to_num(values), axis=0)])
    if labels:
        candidates = np.flatnonzero(blank_labels)
    else:  # only the last row may be a sum, and only when two or more figures agree
        last = len(frame) - 1
        candidates = np.array([last]) if filled[last].sum() >= 2 and last > 2 else np.array([], dtype=int)
    # A statement's sum row adds up its section only: between two sections' sums stand a
    # gross profit and a margin row that the run since the previous sum would count too.
    headings = np.where(~blank_labels & ~filled.any(axis=1), np.arange(len(frame)), -1)
    last_heading = np.maximum.accumulate(headings)
    start = 0  # first row of the current run (after the previous sum row)
    excluded: list[ExcludedRow] = []
    for i in candidates:
        row, have = values[i], filled[i]
        if not (have.any() and np.any(row[have] != 0)):
            continue
        for first in dict.fromkeys((start, max(start, int(last_heading[i]) + 1))):
            if i - first < MIN_ROWS_ABOVE:
                continue
            running = before[i] - before[first]
            if np.all(np.abs(row[have] - running[have]) <= TOLERANCE + 1e-9 * np.abs(running[have])):
                mask[i] = True
                # Its place among the rows kept: the rows above it, less the sums left out.
                excluded.append(ExcludedRow(int(row_numbers[i]), "total row", row_text(frame.iloc[i].tolist()),
                                            position=int(i) - len(excluded)))
                start = int(i) + 1
                break
    return mask, excluded


def sum_sentence(excluded: list[ExcludedRow]) -> Note | None:
    if not excluded:
        return None
    shown = Parts(Note("excluded_row", line=r.line, text=r.text) for r in excluded[:3])
    more = Note("excluded_more", n=len(excluded) - 3) if len(excluded) > 3 else ""
    return Note("excluded_sums", rows=shown, more=more)
