"""A sentence the product says as a message id with its values, rendered in any language.

The ingester writes what it assumed about a file as `Note`s: the catalogue's message `key`
(context "ingest") and its `values`, never an English sentence that would have to be parsed
back to be translated. A `Note` is also a `str` holding its English text, so code that joins,
compares or searches assumptions as text keeps working unchanged.

Values are typed so each language renders them its own way: an int or float in the
language's number style, a `Name` (a column or sheet name) quoted as the ingester always
quoted it, `Names` joined with the language's "and", a `Word` (a closed vocabulary token,
itself a message of context "ingest_word"), a nested `Note`; any other str is shown as is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Union

from analyst.words.catalog import message, plural_message

__all__ = ["Items", "Labels", "Name", "NameList", "Names", "Note", "Parts", "RecipeNote",
           "RecipeTitle", "SettingNote", "Word", "render"]

CONTEXT = "ingest"
WORDS = "ingest_word"
_THOUSANDS = {"uk": "\u00a0", "ru": "\u00a0"}
_DECIMAL = {"uk": ",", "ru": ","}


class Name(str):
    """A column or sheet name: the user's own text, quoted (Python's repr) in every language."""


class Word(str):
    """A token of a closed vocabulary ("semicolon", "day-first", "total row"): its text is
    the message of that id in context "ingest_word"."""


class Names(tuple[str, ...]):
    """Names shown quoted and joined the language's way: 'a', 'b' and 'c'."""

    def __new__(cls, names: Iterable[str] = ()) -> Names:
        return super().__new__(cls, tuple(str(n) for n in names))


class NameList(Names):
    """Names joined with commas only ("in 'a', 'b', 'c'": a list that grows column by column)."""


class Labels(Names):
    """Labels the product derived (period labels "FY 2025", "Q1 2026"): shown as they are,
    not quoted, each joined with the language's "and" ("FY 2025 and Total")."""


class Parts(tuple["Note", ...]):
    """Notes shown one after another, joined with the language's "; "."""

    def __new__(cls, notes: Iterable[Note] = ()) -> Parts:
        return super().__new__(cls, tuple(notes))


class Items(Parts):
    """Notes listed with the language's comma ("3 sections, 7 lines, 1 total")."""


Value = Union[str, int, float, Name, Names, Parts, Word, "Note"]  # Labels, Items: subclasses


class Note(str):
    """Message `key` of context "ingest" with `values`; `count` picks the plural form.

    `str(note)` is the English text. `render(language)` is the text in another language.
    """

    key: str
    values: dict[str, Value]
    plural: int | None
    context: ClassVar[str] = CONTEXT
    """The catalogue context of its message; a `Word` value is one of `words`."""
    words: ClassVar[str] = WORDS

    def __new__(cls, key: str, count: int | None = None, /, **values: Value) -> Note:
        self = super().__new__(cls, _text("en", key, values, count, cls))
        self.key, self.values, self.plural = key, dict(values), count
        return self

    def render(self, language: str | None) -> str:
        from analyst.words import normalise

        lang = normalise(language)
        return str(self) if lang == "en" else _text(lang, self.key, self.values, self.plural, type(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.to_dict(), type(self)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Note:
        return self  # immutable

    def __copy__(self) -> Note:
        return self

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: {"key", "values" (tagged: {"name"}, {"names"}, {"word"}, {"note"}),
        "count"}."""
        data: dict[str, Any] = {"key": self.key, "values": {k: _dump(v) for k, v in self.values.items()}}
        if self.plural is not None:
            data["count"] = self.plural
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Note:
        """The inverse of `to_dict()`; a `RecipeNote` of one of its dicts."""
        values = {k: _load(v) for k, v in dict(data.get("values") or {}).items()}
        return cls(str(data["key"]), data.get("count"), **values)


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


def render(text: str, language: str | None) -> str:
    """An assumption in `language`: a `Note` rendered, any other text as it is."""
    return text.render(language) if isinstance(text, Note) else text


def _rebuild(data: dict[str, Any], kind: type[Note] = Note) -> Note:
    return kind.from_dict(data)


def _text(lang: str, key: str, values: Mapping[str, Value], count: int | None,
          kind: type[Note]) -> str:
    context = kind.context
    template = message(lang, context, key) if count is None else plural_message(lang, context, key, count)
    if not values:
        return template
    return template.format(**{k: _shown(v, lang, kind.words) for k, v in values.items()})


class _Number(int):
    """An int whose `{n:,}` groups digits the language's way."""

    lang = "en"

    def __format__(self, spec: str) -> str:
        return format(int(self), spec).replace(",", _THOUSANDS.get(self.lang, ","))


class _Decimal(float):
    lang = "en"

    def __format__(self, spec: str) -> str:
        text = format(float(self), spec) if spec else str(float(self))
        if self.lang not in _DECIMAL:
            return text
        return text.replace(",", "\0").replace(".", _DECIMAL[self.lang]).replace("\0", _THOUSANDS[self.lang])


def _shown(value: Value, lang: str, words: str = WORDS) -> Any:
    if isinstance(value, Note):
        return value.render(lang)
    if isinstance(value, Name):
        return repr(str(value))
    if isinstance(value, Word):
        return message(lang, words, str(value))
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
    if isinstance(value, int):
        number = _Number(value)
        number.lang = lang
        return number
    if isinstance(value, float):
        decimal = _Decimal(value)
        decimal.lang = lang
        return decimal
    return value


def _dump(value: Value) -> Any:
    if isinstance(value, Note):
        return {"note": value.to_dict()}
    if isinstance(value, Name):
        return {"name": str(value)}
    if isinstance(value, Word):
        return {"word": str(value)}
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


def _load(value: Any) -> Value:
    if isinstance(value, dict):
        if "note" in value:
            return Note.from_dict(value["note"])
        if "name" in value:
            return Name(value["name"])
        if "word" in value:
            return Word(value["word"])
        if "names" in value:
            return Names(value["names"])
        if "name_list" in value:
            return NameList(value["name_list"])
        if "parts" in value:
            return Parts(Note.from_dict(n) for n in value["parts"])
        if "items" in value:
            return Items(Note.from_dict(n) for n in value["items"])
        if "labels" in value:
            return Labels(value["labels"])
    return value
