"""The words a recurring report adds to its PDF, in the report's language (catalogue
context "recurring", analyst/words)."""

from __future__ import annotations

from typing import Any

from analyst.words import say


def rsay(language: str, key: str, **values: Any) -> str:
    """The sentence `key` in `language` (English when the language has none)."""
    return say(language, "recurring", key, **values)


def date_range(language: str, first: str, last: str) -> str:
    return say(language, "recurring", "range", first=first, last=last)
