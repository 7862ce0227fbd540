"""The words of query readings and answers in English, Ukrainian, Russian and Chinese: the
message catalogue's context "query" (`analyst.words`)."""

from __future__ import annotations

from typing import Any

from analyst.words import say

CONTEXT = "query"  # the catalogue's context of these words (analyst.words)


def qsay(language: str, key: str, plural: int | None = None, **values: Any) -> str:
    """The template `key` in `language` (English when missing), filled in; `plural`: the
    form for that many."""
    return say(language, CONTEXT, key, plural=plural, **values)
