"""A column's name misspelled by one slip: "regoin", "prodcut", "revenu", "reveune".

Only where the question as written reads nothing (`reading.choose` tries the spelling
after a refusal): a word one edit (a letter added, dropped, changed, or two swapped) from
exactly one word of six letters or more of a column's name is read as that word; of a name
of five letters, only two letters swapped. The reading said back names the column, so the
user sees what was read. The edit distance is the optimal string alignment one, a dozen
lines: no library is shipped for it, and difflib's ratio calls "sales" and "scales" alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from analyst.brain.understand.text import same_word, words


def respelled(question: str, cards: Sequence[Any]) -> str:
    """`question` with each misspelled column word replaced by the word it misspells."""
    names = {w for card in cards for c in card.columns for w in words(str(c.name))
             if len(w) >= 5 and w.isalpha()}
    if len({w for w in words(question) if len(w) >= 5}) > _MOST_WORDS:
        return question  # a text pasted as a question: no slip is guessed in it

    def fix(found: re.Match[str]) -> str:
        word = found.group(0)
        low = word.lower()
        if len(low) < 5 or not low.isascii() or any(same_word(n, low) for n in names):
            return word
        # A name of five letters leaves room for other words ("prime" is no "price"): only
        # two letters swapped ("prcie", "uints") are read as a slip of it.
        close = {n for n in names if _one_edit(low, n) and (
            len(n) > 5 or sorted(low) == sorted(n))}
        return close.pop() if len(close) == 1 else word

    return re.sub(r"[^\W\d_]+", fix, question)


_MOST_WORDS = 40
"""The long words a question may have to be respelled: each is compared with every name,
so a pasted page (2,000 words beside 300 columns took 9 s) is left as written."""


def _one_edit(a: str, b: str) -> bool:
    """Are `a` and `b` one edit apart (an insertion, a deletion, a change, a swap)?"""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    rows = [list(range(len(b) + 1))]
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            row.append(min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (x != y)))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1] == 1
