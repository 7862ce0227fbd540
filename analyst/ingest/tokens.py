"""Stray words in a column of figures: "TBD", "see note", "—", "?", "pending".

Finance sheets put a word where a figure is not known yet. Such a column is still a column
of figures: the words become missing values, counted and quoted in the assumptions, so a
revenue column with three "TBD" cells keeps its total instead of turning into text.
"""

from __future__ import annotations

import pandas as pd

MAX_SHARE = 0.25
"""At most this share of a column's filled cells may be stray words."""
MIN_NUMBERS = 3
# A stray word: no digit at all and at most three short words ("TBD", "to be confirmed",
# "?", "н/д", "待定"), or a pointer to a note ("see note 3", "див. прим. 2", "siehe Anm. 1").
_WORDS = r"^[^\d]{1,24}$"
_NOTE = (r"^(?i:see|cf\.?|note|refer|см\.?|див\.?|прим|siehe|vgl\.?|见|注)"
         r"[^\d]{0,20}\d{0,3}[^\d]{0,5}$")


def stray_tokens(cells: pd.Series) -> pd.Series:
    """Which of `cells` (filled, stripped text) are stray words, as a boolean mask.

    All False unless the words are few beside enough figures: a text column stays text.
    """
    if cells.empty:
        return pd.Series(False, index=cells.index)
    digits = cells.str.contains(r"\d")
    words = (~digits & cells.str.match(_WORDS) & (cells.str.count(r"\s+") <= 2)) | cells.str.match(_NOTE)
    words = words.fillna(False).astype(bool)
    share = float(words.mean())
    if not words.any() or share > MAX_SHARE or int((~words).sum()) < MIN_NUMBERS:
        return pd.Series(False, index=cells.index)
    return words
