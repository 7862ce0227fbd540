"""The product's words in the reader's language: one message catalogue per language.

`say(language, context, key, **values)` is a message filled in; with `plural=n` the form
for n items comes from the catalogue's plural rule (see `catalog`). `normalise` is the one place a
language code ("uk-UA", "zh_CN", None) becomes one of `LANGUAGES`.
"""

from __future__ import annotations

from typing import Any

from analyst.catalogue import LANGUAGES, message, plural_message
from analyst.recipes.numbers import language_code

__all__ = ["LANGUAGES", "normalise", "say"]


def normalise(language: str | None) -> str:
    """"uk-UA", "zh_CN", "RU" -> a supported code; unknown or None -> "en"."""
    code = language_code(language)
    return code if code in LANGUAGES else "en"


def say(language: str | None, context: str, key: str, plural: int | None = None,
        **values: Any) -> str:
    """The message `key` of `context` in `language`, `{placeholders}` filled from `values`;
    with `plural`, the message's form for that many items (the figure itself is one of the
    `values`, formatted as the caller's language writes numbers)."""
    lang = normalise(language)
    text = (message(lang, context, key) if plural is None
            else plural_message(lang, context, key, plural))
    return text.format(**values) if values else text
