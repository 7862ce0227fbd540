"""The figures a step sent: read once from its result, when it ran.

A recipe step ends with `send_figures({...})` (see `analyst.brain.code.codegen`), which the
sandbox carries back as `ExecutionResult.figures`: the recipe, its key figures, notes,
definition and the head and tail of its table. A note a
recipe wrote as a message id comes with its `note_data` ({key, values, count}, see
`analyst.recipes.notes`) and is read here, once, as a `RecipeNote` the host says in any
language; a note written as plain text stays a str, unless it is, whole, the English of a
note whose words are fixed by its id (`old_note`: records saved before notes carried their
ids). Answers and
report narratives quote only these numbers, so every number traces to code the user sees.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import Any

from analyst.catalogue import keys, message
from analyst.recipes.notes import NoteId, TitleId
from analyst.words.note import RecipeNote, RecipeTitle, Word
from sandbox import ExecutionResult


@dataclass(frozen=True)
class StepFigures:
    """What a step's figures say."""

    recipe: str
    title: str | RecipeTitle
    """The recipe's title: a `RecipeTitle` when it came with its id and values ("title_data"),
    said in any language; text (a model's own, an earlier record) as it was written."""
    figures: dict[str, float]
    notes: tuple[str | RecipeNote, ...]
    head: tuple[dict[str, Any], ...]
    tail: tuple[dict[str, Any], ...] = ()
    rows: int = 0
    definition: str = ""
    printed: dict[str, Any] = field(default_factory=dict)
    """The figures as printed when some are not numbers (a query's labels, a None value);
    empty when `figures` is all of them."""
    extra: dict[str, Any] = field(default_factory=dict)
    """The line's other fields, kept as printed: a query step's query, rows used and missing
    counts (`analyst.brain.narrate.answer.query_figures`), for the words said of it later."""

    def __post_init__(self) -> None:
        # A recipe run in this process (a test, a host-side call) hands over its `NoteId`s:
        # each is read as the `RecipeNote` the sent figures would have carried.
        if isinstance(self.title, TitleId):
            object.__setattr__(self, "title", RecipeTitle.from_dict(self.title.to_dict()))
        object.__setattr__(self, "notes", tuple(
            RecipeNote.from_dict(n.to_dict()) if isinstance(n, NoteId) else n for n in self.notes))

    def to_dict(self) -> dict[str, Any]:
        return {"recipe": self.recipe, "title": str(self.title),
                "title_data": self.title.to_dict() if isinstance(self.title, RecipeTitle) else None,
                "figures": dict(self.printed or self.figures),
                "notes": [str(n) for n in self.notes],
                "note_data": [n.to_dict() if isinstance(n, RecipeNote) else None
                              for n in self.notes],
                "head": [dict(r) for r in self.head],
                "tail": [dict(r) for r in self.tail], "rows": self.rows,
                "definition": self.definition, **self.extra}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StepFigures:
        """The inverse of `to_dict()` (also after JSON), and the reading of sent figures."""
        printed = {str(k): v for k, v in dict(data.get("figures") or {}).items()}
        figures = {k: float(v) for k, v in printed.items() if isinstance(v, (int, float))}
        return cls(
            recipe=str(data.get("recipe", "")),
            title=_title(data.get("title"), data.get("title_data")),
            figures={k: v for k, v in figures.items() if not math.isinf(v)},
            notes=_notes(data.get("notes") or (), data.get("note_data") or ()),
            head=tuple(dict(r) for r in data.get("head") or ()),
            tail=tuple(dict(r) for r in data.get("tail") or ()),
            rows=int(data.get("rows") or 0),
            definition=str(data.get("definition") or ""),
            printed=printed if printed != figures else {},
            extra={k: v for k, v in data.items() if k not in _FIELDS},
        )


_FIELDS = frozenset(("recipe", "title", "figures", "notes", "note_data", "title_data", "head", "tail", "rows",
                     "definition"))


def _title(text: Any, data: Any) -> str | RecipeTitle:
    """The title's text; one that came with its id and values as a `RecipeTitle`."""
    if isinstance(data, dict) and data.get("key"):
        return RecipeTitle.from_dict(data)
    return str(text or "")


def _notes(texts: Any, data: Any) -> tuple[str | RecipeNote, ...]:
    """The notes' text, each one that came with its id and values as a `RecipeNote`."""
    out: list[str | RecipeNote] = []
    for i, text in enumerate(texts):
        item = data[i] if i < len(data) else None
        out.append(RecipeNote.from_dict(item) if isinstance(item, dict) and item.get("key")
                   else old_note(str(text)))
    return tuple(out)


def old_note(text: str) -> str | RecipeNote:
    """A note an earlier version stored as English text only: the `RecipeNote` whose English
    is exactly `text`, else `text` unchanged.

    Nothing is parsed: the candidates are the notes whose whole English follows from their id
    and words of the closed vocabulary ("Costs were stored as negative numbers ...", "The
    gross margin is not stated: ..."); a note that names a column or counts rows is shown as
    it was stored."""
    return _fixed_notes().get(text, text)


@cache
def _fixed_notes() -> dict[str, RecipeNote]:
    """The English text of every note of context "recipe" whose only placeholders are
    words ("recipe_word"), each way those words can fill it."""
    words = [Word(w) for w in keys(RecipeNote.words)]
    out: dict[str, RecipeNote] = {}
    for key in keys(RecipeNote.context):
        fields = sorted({f for _, f, _, _ in string.Formatter().parse(
            message("en", RecipeNote.context, key)) if f})
        if not set(fields) <= {"how", "period", "what"}:
            continue
        for chosen in product(words, repeat=len(fields)):
            made = RecipeNote(key, **dict(zip(fields, chosen, strict=True)))
            out.setdefault(str(made), made)
    return out


def figures_sent(result: ExecutionResult) -> StepFigures | None:
    """The figures a step sent (`ExecutionResult.figures`); None when it sent none or failed.
    What it printed is never read: a cell or a model's `print` cannot make figures."""
    return StepFigures.from_dict(result.figures) if result.ok and result.figures is not None else None
