"""A superlative said with a grouping: the one group ("which region has the highest
revenue") or each group's own extreme ("the highest price for each number of bedrooms")."""

from __future__ import annotations

from collections.abc import Sequence

from analyst.brain.understand.finish import Refusal, unexplained
from analyst.brain.understand.query import Aggregation, Order
from analyst.brain.understand.text import stem_match

EACH = ("each", "every", "кожн*", "кажд*", "每", "各")


def one_or_each(toks: Sequence[str], aggregation: Aggregation | None, measures: Sequence[str],
                order: Order, which: Sequence[int] | None, period_asked: bool,
                ) -> tuple[Aggregation | None, int | None] | Refusal:
    """A superlative with a grouping: "which region has the highest ..." asks for the one
    group (a limit of 1); "what is the highest Cyl for each team" asks each team's highest,
    not the team with the highest total (as it was read). "Which team has the highest Cyl
    in each year" asks the one of each year: declined, not the one over all the years."""
    if each := next((t for t in toks if any(stem_match(w, t) for w in EACH)), None):
        if which is not None and toks[which[-1] + 1:which[-1] + 2] not in (["is"], ["was"], ["s"]):
            return unexplained(f"{toks[which[0]]} … {each}")  # the one of each: not computed
        if aggregation is None and measures:
            return ("max" if order == "desc" else "min"), None
        return aggregation, None
    return aggregation, 1 if which is not None or period_asked else None
