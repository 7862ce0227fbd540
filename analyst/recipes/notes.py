"""A recipe's note as a message id with its values, never an English sentence to parse back.

A recipe runs in the sandbox, where only the standard library's gettext reads the
catalogue's compiled copy (see `labels`). So a note is made here as `NoteId`: a `str`
holding its English text (the catalogue's context "recipe" in English, so code that prints,
joins or compares notes keeps working) that also carries its `key`, `values` and `count`.
The step's sent figures carry `to_dict()` beside the text; the host turns it back into a
`analyst.words.note.RecipeNote` and says it in the reader's language.

Values are plain JSON: an int is said with digit grouping (`{rows:,}`), a float as the
template says (`{total:,.2f}`), a str (a column name, a date, a list of names) as it is,
a `Word` (a token of a closed vocabulary: "month", "iso_dates") as its message of context
"recipe_word".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from .labels import _catalogue
from .numbers import Styled, language_code

__all__ = ["CONTEXT", "TITLES", "NoteId", "TitleId", "Word", "as_losses", "note", "note_data",
           "say", "title"]

CONTEXT = "recipe"
WORDS = "recipe_word"
TITLES = "recipe_title"


class Word(str):
    """A token of a closed vocabulary, said as its message of context "recipe_word"."""


class NoteId(str):
    """Message `key` of context "recipe" with `values`; `count` picks the plural form."""

    key: str
    values: dict[str, Any]
    plural: int | None
    context: ClassVar[str] = CONTEXT
    """The catalogue context of its message."""

    def __new__(cls, key: str, count: int | None = None, /, **values: Any) -> NoteId:
        self = super().__new__(cls, english(key, count, values, cls.context))
        # Pickled, it is rebuilt from its English (an id the catalogue lacks, said as it is)
        # and these attributes are put back from its `__dict__`: no method of its own.
        self.key, self.values, self.plural = key, dict(values), count
        return self

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "values": {
            k: {"word": str(v)} if isinstance(v, Word) else v for k, v in self.values.items()}}
        if self.plural is not None:
            data["count"] = self.plural
        return data


class TitleId(NoteId):
    """A recipe's title (its result's or its chart's): message `key` of context
    "recipe_title"; its English is today's title, a column name in it as the user wrote it."""

    context = TITLES


def note(key: str, count: int | None = None, /, **values: Any) -> NoteId:
    """The note `key` ("note_negative") with its values; `count` for a counted one."""
    return NoteId(key, None if count is None else int(count), **values)


def title(key: str, count: int | None = None, /, **values: Any) -> TitleId:
    """The title `key` ("breakdown") with its values (column names as str)."""
    return TitleId(key, None if count is None else int(count), **values)


def english(key: str, count: int | None, values: dict[str, Any], context: str = CONTEXT) -> str:
    """The English of message `key` of `context` (the sandbox's copy of the catalogue)."""
    words = _catalogue("en")
    template = (words.pgettext(context, key) if count is None
                else words.npgettext(context, key, key, count))
    shown = {k: words.pgettext(WORDS, v) if isinstance(v, Word) else v for k, v in values.items()}
    return template.format(**shown) if shown else template


def say(text: str, language: str | None = "en") -> str:
    """A `NoteId` in `language` where no host is (in the sandbox, e.g. a chart's caption
    drawn there): its message of that language, an int grouped and a float marked the
    language's way ("1\u00a0204", "12,5" in uk/ru); any other text as it is."""
    if not isinstance(text, NoteId):
        return str(text)
    lang = language_code(language)
    if lang == "en":
        return str(text)
    words = _catalogue(lang)
    key, count, context = text.key, text.plural, text.context
    template = (words.pgettext(context, key) if count is None
                else words.npgettext(context, key, key, count))
    shown = {k: words.pgettext(WORDS, v) if isinstance(v, Word)
             else Styled(v, lang) if isinstance(v, (int, float)) and not isinstance(v, bool)
             else v for k, v in text.values.items()}
    return template.format(**shown) if shown else template


def note_data(notes: Iterable[str]) -> list[dict[str, Any] | None]:
    """What the sent figures carry beside the notes' text: each note's id and values,
    None for a sentence written as text (a model's own, or one not converted yet)."""
    return [n.to_dict() if isinstance(n, NoteId) else None for n in notes]


def as_losses(notes: Iterable[str], column: str) -> tuple[str, ...]:
    """A negative computed profit is a sale below cost, not a return: `column`'s
    "negative" note becomes the "sold at a loss" one (same count and total)."""
    out: list[str] = []
    for n in notes:
        if isinstance(n, NoteId) and n.key == "note_negative" and n.values.get("column") == column:
            n = note("note_loss_rows", n.plural, **n.values)
        out.append(n)
    return tuple(out)

