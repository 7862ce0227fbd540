"""A sentence the product says as a message id with its values, rendered in any language.

The ingester writes what it assumed about a file as `Note`s: the catalogue's message `key`
(context "ingest") and its `values`, never an English sentence that would have to be parsed
back to be translated. A `Message` is a value, not text: code that joins, compares or
searches messages as text renders them first (`render(language)`, `english`).

Values are typed so each language renders them its own way: an int or float in the
language's number style, a `Name` (a column or sheet name) quoted as the ingester always
quoted it, `Names` joined with the language's "and", a `Word` (a closed vocabulary token,
itself a message of context "ingest_word"), a nested `Note`; any other str is shown as is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self, Union

from analyst.catalogue import message, plural_message
from analyst.recipes.numbers import Styled

__all__ = ["Items", "Labels", "Message", "Name", "NameList", "Names", "Note", "Parts", "RecipeNote",
           "RecipeTitle", "SettingNote", "Word", "render"]

CONTEXT = "ingest"
WORDS = "ingest_word"


@dataclass(frozen=True)
class Name:
    """A column or sheet name: the user's own text, quoted (Python's repr) in every language."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Word:
    """A token of a closed vocabulary ("semicolon", "day-first", "total row"): its text is
    the message of that id in context "ingest_word"."""

    key: str


class Names(tuple[str, ...]):
    """Names shown quoted and joined the language's way: 'a', 'b' and 'c'."""

    def __new__(cls, names: Iterable[str] = ()) -> Names:
        return super().__new__(cls, tuple(str(n) for n in names))


class NameList(Names):
    """Names joined with commas only ("in 'a', 'b', 'c'": a list that grows column by column)."""


class Labels(Names):
    """Labels the product derived (period labels "FY 2025", "Q1 2026"): shown as they are,
    not quoted, each joined with the language's "and" ("FY 2025 and Total")."""


class Parts(tuple["Message", ...]):
    """Notes shown one after another, joined with the language's "; "."""

    def __new__(cls, notes: Iterable[Message] = ()) -> Parts:
        return super().__new__(cls, tuple(notes))


class Items(Parts):
    """Notes listed with the language's comma ("3 sections, 7 lines, 1 total")."""


Value = Union[str, int, float, Name, Names, Parts, Word, "Message"]  # Labels, Items: subclasses


@dataclass(frozen=True, init=False)
class Message:
    """Message `key` of this class's catalogue `context` with its `values`; `count` picks
    the plural form. A value until it is shown: `render(language)` gives its words (English
    for the model and the logs), `to_dict()` its JSON; a frozen dataclass, it pickles and
    copies as it is."""

    key: str
    values: Mapping[str, Value] = field(hash=False)
    count: int | None = None
    context: ClassVar[str] = CONTEXT
    """The catalogue context of its message; a `Word` value is one of `words`."""
    words: ClassVar[str] = WORDS

    def __init__(self, key: str, count: int | None = None, /, **values: Value) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "values", values)  # (a fresh dict: no one else holds it)
        object.__setattr__(self, "count", count)

    def render(self, language: str | None) -> str:
        from analyst.words import normalise

        return _text(normalise(language), self.key, self.values, self.count, type(self))

    @property
    def english(self) -> str:
        """Its words in English: what the model reads and the logs keep."""
        return _text("en", self.key, self.values, self.count, type(self))

    def __str__(self) -> str:
        # English, for the logs and an exception's own `str()`; what a reader sees is
        # rendered in the reader's language where it is shown.
        return self.english

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: {"key", "values" (tagged: {"name"}, {"names"}, {"word"}, {"note"}),
        "count"}."""
        data: dict[str, Any] = {"key": self.key, "values": {k: _dump(v) for k, v in self.values.items()}}
        if self.count is not None:
            data["count"] = self.count
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The inverse of `to_dict()`; a `RecipeNote` of one of its dicts."""
        values = {k: _load(v) for k, v in dict(data.get("values") or {}).items()}
        return cls(str(data["key"]), data.get("count"), **values)


Note = Message
"""The ingester's name for a message of context "ingest" (what it assumed about a file)."""


class RecipeNote(Note):
    """A note a recipe wrote in the sandbox (`analyst.recipes.notes.NoteId`), context
    "recipe", its `Word`s of context "recipe_word": the same id and values, said here in
    the reader's language."""

    context = "recipe"
    words = "recipe_word"


class RecipeTitle(RecipeNote):
    """A recipe's title (`analyst.recipes.notes.TitleId`), context "recipe_title": a result's
    heading, said here in the reader's language; a column name in it as the user wrote it."""

    context = "recipe_title"


class SettingNote(Note):
    """A setting that could not be used (`analyst.settings` problems, a `ConfigError`),
    context "settings_problem": the setting's name, the bad value as written and the allowed
    range as values, said in the reader's language."""

    context = "settings_problem"


class SessionNote(Note):
    """A session's own message (`analyst.session.admission`), context "session"."""

    context = "session"


def render(text: str | Message, language: str | None) -> str:
    """An assumption in `language`: a `Message` rendered, any other text as it is."""
    return text.render(language) if isinstance(text, Message) else text


def _text(lang: str, key: str, values: Mapping[str, Value], count: int | None,
          kind: type[Message]) -> str:
    context = kind.context
    template = message(lang, context, key) if count is None else plural_message(lang, context, key, count)
    if not values:
        return template
    return template.format(**{k: _shown(v, lang, kind.words) for k, v in values.items()})


def _shown(value: Value, lang: str, words: str = WORDS) -> Any:
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, Name):
        return repr(value.text)
    if isinstance(value, Word):
        return message(lang, words, value.key)
    if isinstance(value, Items):
        return message(lang, WORDS, "list_comma").join(n.render(lang) for n in value)
    if isinstance(value, Parts):
        return message(lang, WORDS, "list_semicolon").join(n.render(lang) for n in value)
    if isinstance(value, Labels):
        return message(lang, WORDS, "list_and").join(value)
    if isinstance(value, NameList):
        return message(lang, WORDS, "list_comma").join(repr(n) for n in value)
    if isinstance(value, Names):
        quoted = [repr(n) for n in value]
        if len(quoted) < 2:
            return "".join(quoted)
        comma, joint = message(lang, WORDS, "list_comma"), message(lang, WORDS, "list_and")
        return comma.join(quoted[:-1]) + joint + quoted[-1]
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        return Styled(value, lang)
    return value


def _dump(value: Value) -> Any:
    if isinstance(value, Message):
        return {"note": value.to_dict()}
    if isinstance(value, Name):
        return {"name": value.text}
    if isinstance(value, Word):
        return {"word": value.key}
    if isinstance(value, Items):
        return {"items": [n.to_dict() for n in value]}
    if isinstance(value, Parts):
        return {"parts": [n.to_dict() for n in value]}
    if isinstance(value, Labels):
        return {"labels": list(value)}
    if isinstance(value, NameList):
        return {"name_list": list(value)}
    if isinstance(value, Names):
        return {"names": list(value)}
    return value


_LOADS: dict[str, Callable[[Any], Value]] = {  # `_dump`'s tags, in the order they are looked for
    "note": Note.from_dict, "name": Name, "word": Word, "names": Names, "name_list": NameList,
    "parts": lambda notes: Parts(map(Note.from_dict, notes)),
    "items": lambda notes: Items(map(Note.from_dict, notes)), "labels": Labels}


def _load(value: Any) -> Value:
    if isinstance(value, dict):
        for tag, load in _LOADS.items():
            if tag in value:
                return load(value[tag])
    return value
