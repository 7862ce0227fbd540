"""The words of query readings and answers in English, Ukrainian, Russian and Chinese: the
message catalogue's context "query" (`analyst.words`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyst.words import say

CONTEXT = "query"  # the catalogue's context of these words (analyst.words)
_NAMES = ("m", "g", "c")
"""Placeholders holding column names: English templates say them as words ("{g:word}":
"by customer", "{g:words}": "Top 5 customers"), other languages as the names are."""


@dataclass(frozen=True)
class _Identifier:
    """A column name written as an identifier ("Miles_per_Gallon", "temp_max"): said as
    it is, since lowering or pluralising it would name no column."""

    name: str

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, "" if spec in ("word", "words", "count") else spec)


def qsay(language: str, key: str, plural: int | None = None, **values: Any) -> str:
    """The template `key` in `language` (English when missing), filled in; `plural`: the
    form for that many."""
    # Here, not at the top: importing the planner package imports this module.
    from analyst.brain.understand.phrases.nouns import Noun

    for name in _NAMES:
        value = values.get(name)
        if isinstance(value, str):  # (a `Noun` already made is not a str)
            values[name] = _Identifier(value) if "_" in value else Noun(value)
    return say(language, CONTEXT, key, plural=plural, **values)
