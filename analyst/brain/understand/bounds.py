"""A bound said after its number: "30 or more", "5 and above", "2 or fewer", "40 і більше",
"5 и более", "5及以上". Read as "at least 30" is: a comparison of the nearest number column.
Left unread, "age of 30 or more" had been declined over its "or"."""

from __future__ import annotations

from analyst.brain.understand.clues import Comparison
from analyst.brain.understand.query import FilterOp
from analyst.brain.understand.text import find_phrase, number_of
from analyst.brain.understand.vocab import AT_LEAST_AFTER, AT_MOST_AFTER

_THAN = frozenset(("than", "ніж", "за", "чем", "于"))
_KINDS: tuple[tuple[FilterOp, tuple[str, ...]], ...] = (("ge", AT_LEAST_AFTER),
                                                         ("le", AT_MOST_AFTER))


def trailing(toks: list[str], used: set[int]) -> list[Comparison]:
    """The numbers of `toks` bounded by the words after them (none of `used`)."""
    found: list[Comparison] = []
    for i, tok in enumerate(toks):
        if i in used or (number := number_of(tok)) is None:
            continue
        for op, phrases in _KINDS:
            after = [j for p in phrases if (span := find_phrase(p, toks[i + 1:i + 4], set()))
                     and span[0] == 0 for j in span]
            nxt = i + 2 + after[-1] if after else 0
            if nxt < len(toks) and (toks[nxt] in _THAN or number_of(toks[nxt]) is not None):
                continue  # "over 100 and less than 3 bedrooms": a comparison of its own
            if after and not used.intersection(i + 1 + j for j in after):
                found.append(Comparison(op, number, (i, *(i + 1 + j for j in after))))
                break
    return found
