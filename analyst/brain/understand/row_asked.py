"""Is a row of the table what a question asks for, rather than a figure over rows: "which
car has the highest mpg", "the most expensive car", "which row has the lowest wind"?"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analyst.brain.understand import clues
from analyst.brain.understand.query import Period
from analyst.brain.understand.text import find_phrase
from analyst.brain.understand.vocab import ROW_WORDS


def row_asked(toks: list[str], card: Any, which: list[int] | None, ranked: list[int] | None,
              limit: int | None, aggregation: str | None,
              aggregation_span: Sequence[int] | None, group_by: Sequence[str],
              period: Period | None, measures: Sequence[str]) -> bool:
    """`which`, `ranked`: where "which" and a superlative are said; the rest is the reading
    so far. A row is asked when nothing is grouped and the words name a row ("which row",
    "which car" of the table "cars", "the most expensive car")."""
    if group_by:
        return False
    if which is not None and any(find_phrase(w, toks[which[-1] + 1:which[-1] + 3], set())
                                 is not None for w in ROW_WORDS):
        return True
    if which is not None and which[-1] + 1 < len(toks) and (
            toks[which[-1] + 1] in clues.table_nouns(card)):
        return True  # "which car has ...": the row of the table "cars"
    return (ranked is not None and which is None and limit is None and (aggregation is None or (
        aggregation in ("max", "min") and set(aggregation_span or ()) <= set(ranked)))
        and period is None and bool(measures) and not clues.table_nouns(card).isdisjoint(toks))
