"""A recipe's note as a message id with its values, never an English sentence to parse back.

A recipe runs in the sandbox, where only the standard library's gettext reads the
catalogue's compiled copy (see `labels`). So a note is made here as a `NoteId`: a frozen
value of its `key`, `values` and `count` whose `str()` is its English (the catalogue's
context "recipe" in English: what `print`, an f-string and the model read); `say(note,
language)` gives its words in another language. The step's sent figures carry `to_dict()`
beside the text; the host turns it back into a `analyst.words.note.RecipeNote` and says it
in the reader's language.

Values are plain JSON: an int is said with digit grouping (`{rows:,}`), a float as the
template says (`{total:,.2f}`), a str (a column name, a date, a list of names) as it is,
a `Word` (a token of a closed vocabulary: "month", "iso_dates") as its message of context
"recipe_word".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .labels import _catalogue
from .numbers import Styled, language_code

__all__ = ["CONTEXT", "TITLES", "NoteId", "TitleId", "Word", "as_losses", "note", "note_data",
           "say", "title"]

CONTEXT = "recipe"
WORDS = "recipe_word"
TITLES = "recipe_title"


@dataclass(frozen=True)
class Word:
    """A token of a closed vocabulary, said as its message of context "recipe_word"."""

    key: str


@dataclass(frozen=True, init=False, repr=False)
class NoteId:
    """Message `key` of context "recipe" with `values`; `count` picks the plural form. A
    value, not text: `str()` is its English, `say()` its words in a language."""

    key: str
    values: Mapping[str, Any] = field(hash=False)
    count: int | None = None
    context: ClassVar[str] = CONTEXT
    """The catalogue context of its message."""

    def __init__(self, key: str, count: int | None = None, /, **values: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "values", values)  # (a fresh dict: no one else holds it)
        object.__setattr__(self, "count", None if count is None else int(count))

    def __str__(self) -> str:
        return english(self.key, self.count, self.values, self.context)

    def __repr__(self) -> str:  # `print(result.notes)` shows its words, as when it was a str
        return f"{type(self).__name__}({str(self)!r})"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "values": {
            k: {"word": v.key} if isinstance(v, Word) else v for k, v in self.values.items()}}
        if self.count is not None:
            data["count"] = self.count
        return data


class TitleId(NoteId):
    """A recipe's title (its result's or its chart's): message `key` of context
    "recipe_title"; its English is today's title, a column name in it as the user wrote it."""

    context = TITLES


def note(key: str, count: int | None = None, /, **values: Any) -> NoteId:
    """The note `key` ("note_negative") with its values; `count` for a counted one."""
    return NoteId(key, count, **values)


def title(key: str, count: int | None = None, /, **values: Any) -> TitleId:
    """The title `key` ("breakdown") with its values (column names as str)."""
    return TitleId(key, count, **values)


def english(key: str, count: int | None, values: Mapping[str, Any], context: str = CONTEXT) -> str:
    """The English of message `key` of `context` (the sandbox's copy of the catalogue)."""
    return _words("en", key, count, values, context)


def say(text: str | NoteId, language: str | None = "en") -> str:
    """A `NoteId` in `language` where no host is (in the sandbox, e.g. a chart's caption
    drawn there): its message of that language, an int grouped and a float marked the
    language's way ("1\u00a0204", "12,5" in uk/ru); any other text as it is."""
    if not isinstance(text, NoteId):
        return str(text)
    return _words(language_code(language), text.key, text.count, text.values, text.context)


def _words(lang: str, key: str, count: int | None, values: Mapping[str, Any], context: str) -> str:
    words = _catalogue(lang)
    template = (words.pgettext(context, key) if count is None
                else words.npgettext(context, key, key, count))
    shown = {k: words.pgettext(WORDS, v.key) if isinstance(v, Word)
             else Styled(v, lang) if isinstance(v, (int, float)) and not isinstance(v, bool)
             else v for k, v in values.items()}
    return template.format(**shown) if shown else template


def note_data(notes: Iterable[str | NoteId]) -> list[dict[str, Any] | None]:
    """What the sent figures carry beside the notes' text: each note's id and values,
    None for a sentence written as text (a model's own, or one not converted yet)."""
    return [n.to_dict() if isinstance(n, NoteId) else None for n in notes]


def as_losses(notes: Iterable[str | NoteId], column: str) -> tuple[str | NoteId, ...]:
    """A negative computed profit is a sale below cost, not a return: `column`'s
    "negative" note becomes the "sold at a loss" one (same count and total)."""
    return tuple(note("note_loss_rows", n.count, **n.values) if isinstance(n, NoteId)
                 and n.key == "note_negative" and n.values.get("column") == column else n
                 for n in notes)

