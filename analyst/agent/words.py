"""The LLM analyst's words for the user, in the reader's language (catalogue context "agent").

What the loop shows (its status lines, warnings, a step's failure, why it gave up) and the
model API's failures are messages of the catalogue with their values, said in the language
of the question. An `AgentNote` is such a message kept as an id with its values (a
`ModelAPIError` carries one): `str()` is its English, `render(language)` the reader's. What
the model reads (tool results, the nudges sent back to it) is not here: it stays English.
"""

from __future__ import annotations

from typing import Any, ClassVar

from analyst.catalogue import message
from analyst.words.note import Note, render

__all__ = ["CONTEXT", "AgentNote", "failure_words", "joined", "render", "said"]

CONTEXT = "agent"


class AgentNote(Note):
    """Message `key` of context "agent" with its values (ints and floats written the
    language's way, a nested `Note` rendered in the same language)."""

    context: ClassVar[str] = CONTEXT


def said(language: str | None, key: str, count: int | None = None, /, **values: Any) -> str:
    """Message `key` in `language`, values filled in; `count` picks the plural form."""
    return AgentNote(key, count, **values).render(language)


def joined(language: str | None, items: list[str]) -> str:
    """`items` joined with the language's list comma (", ", Chinese "、")."""
    from analyst.words import normalise

    return message(normalise(language), "ingest_word", "list_comma").join(items)


def failure_words(result: Any, language: str | None) -> str:
    """Why a step failed, for the user in `language`: the sandbox's notice worded
    (`notice_text`), or the step's own exception (its name and message, as Python said it)."""
    from analyst.words.notice import notice_text

    if result.timed_out:
        return notice_text(result, language) or said(language, "step_too_long")
    if result.out_of_memory:
        return notice_text(result, language) or said(language, "step_out_of_memory")
    if result.error is not None:
        return f"{result.error.name}: {result.error.message}".strip()
    return notice_text(result, language) or said(language, "step_failed_plain")
