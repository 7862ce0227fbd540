"""What a question's words name on one table, in the order that settles them: values of
several words, whole column names, values, telling words inside names, the money, the kin
of a value ("men" for "Male"). A part of reading a question (`parse.read_table`).

A value is a condition only where the words say it: "US" and "IT" written in capitals are
the country and the department; "show us", "what is it" are not. A value two columns hold
("IT" of Country and of Dept) names neither until its column is said.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analyst.brain.understand import conditions, kin, money
from analyst.brain.understand.columns import Clash, Hit, column_hits, partial_hits, value_hits
from analyst.brain.understand.text import as_written, words
from analyst.brain.understand.vocab import FILLERS, GENERIC, STOP, WHICH

COMMON = frozenset((*(w for w in (*STOP, *FILLERS, *GENERIC, *WHICH) if " " not in w),
                     "it", "us", "me", "or", "in", "an", "as", "at", "be", "do", "go", "he",
                     "if", "no", "on", "so", "to", "up", "we", "am", "ok", "hi", "id", "its"))
"""Words every question uses: written in lower case they never name a value written in
capitals (the "us" of "show us the revenue" is not the country "US")."""


@dataclass(frozen=True)
class Said:
    """What the words of a question name on one table."""

    named: list[Hit]
    """Columns named whole."""
    picked: list[Hit]
    """Category values."""
    partial: list[Hit]
    """Columns named by a telling word, the money, the kin of a value."""
    clashes: list[Clash]
    """Words naming two or more columns equally well."""
    used: set[int]
    """The indexes of the words explained."""
    shared: tuple[str, tuple[str, ...]] | None = None
    """A value said that two columns hold, neither named: (the value, the columns)."""


def said(question: str, toks: list[str], card: Any, values: Mapping[str, Sequence[Any]],
         flags: Mapping[str, str]) -> Said:
    """What `toks` (the words of `question`) name on the table of `card`."""
    columns = {c.name: c for c in card.columns}
    lowered = {i for i, w in enumerate(as_written(question)) if w.islower() and w in COMMON}
    used: set[int] = set()
    # A value of several words that holds a column's name ("3rd class" of the column
    # "class") is the value when all its words are said.
    phrases = [h for h in value_hits(toks, values, used)
               if len(h.span) > 1 and not conditions.named_not_asked(toks, h, card)]
    used |= {i for h in phrases for i in h.span}
    named = column_hits(toks, list(columns), used)
    used |= {i for h in named for i in h.span}
    picked = phrases + [h for h in value_hits(toks, values, used)
                        if not conditions.named_not_asked(toks, h, card)]
    picked = [h for h in picked if not (str(h.value).isupper() and set(h.span) <= lowered)]
    picked, shared = _owned(picked, values, {n.column for n in named})
    picked += conditions.none_said(toks, named, values, used)  # "no airbags": "None"
    used |= {i for h in picked for i in h.span}
    # A money word is the money, never a telling word of "Sales Channel" or "Sales Rep".
    partial, clashes = partial_hits(toks, list(columns), used | money.words_said(toks, card, used),
                                    [h.column for h in named])
    used |= {i for h in partial for i in h.span} | {i for c in clashes for i in c.span}
    partial += money.said(toks, card, used, [*named, *partial]) + conditions.flag_kin(
        toks, flags, used)  # "survivors" of a yes/no "survived": its yes rows
    used |= {i for h in partial for i in h.span}
    partial += kin.said(toks, columns, used, [h.column for h in (*named, *partial)])
    used |= {i for h in partial for i in h.span}
    return Said(named, picked, partial, clashes, used, shared)


def _owned(picked: list[Hit], values: Mapping[str, Sequence[Any]], named: set[str],
           ) -> tuple[list[Hit], tuple[str, tuple[str, ...]] | None]:
    """Each value of `picked` as the value of the one column that holds it, or of the column
    named among those that do ("revenue for the IT dept": Dept's, not Country's); a value
    two columns hold, neither named ("revenue for IT"), is returned apart, to be asked."""
    kept: list[Hit] = []
    for hit in picked:
        said_as = words(str(hit.value))
        holders = {c: v for c, held in values.items() for v in held
                   if words(str(v)) == said_as}
        if len(holders) < 2 or hit.column in named:
            kept.append(hit)
        elif len(chosen := [c for c in holders if c in named]) == 1:
            kept.append(Hit(chosen[0], hit.span, True, value=str(holders[chosen[0]])))
        else:
            return kept, (str(hit.value), tuple(holders))
    return kept, None
