"""The figures a step printed: read once from its output, when it ran.

A recipe step's last line is `ANALYST_FIGURES {json}` (see `analyst.planner.codegen`): the
recipe, its key figures, notes, definition and the head and tail of its table. A note a
recipe wrote as a message id comes with its `note_data` ({key, values, count}, see
`analyst.recipes.notes`) and is read here, once, as a `RecipeNote` the host says in any
language; a note written as plain text stays a str. Answers and
report narratives quote only these numbers, so every number traces to code the user sees.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from analyst.words.note import RecipeNote

FIGURES_MARKER = "ANALYST_FIGURES"
"""Prefix of the stdout line that carries a step's figures as JSON."""


@dataclass(frozen=True)
class StepFigures:
    """What a step's figures line says."""

    recipe: str
    title: str
    figures: dict[str, float]
    notes: tuple[str, ...]
    head: tuple[dict[str, Any], ...]
    tail: tuple[dict[str, Any], ...] = ()
    rows: int = 0
    definition: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"recipe": self.recipe, "title": self.title, "figures": dict(self.figures),
                "notes": [str(n) for n in self.notes],
                "note_data": [n.to_dict() if isinstance(n, RecipeNote) else None
                              for n in self.notes],
                "head": [dict(r) for r in self.head],
                "tail": [dict(r) for r in self.tail], "rows": self.rows,
                "definition": self.definition}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StepFigures:
        """The inverse of `to_dict()` (also after JSON), and the reading of a figures line."""
        figures = {
            str(k): float(v) for k, v in dict(data.get("figures") or {}).items()
            if isinstance(v, (int, float))
        }
        return cls(
            recipe=str(data.get("recipe", "")),
            title=str(data.get("title", "")),
            figures={k: v for k, v in figures.items() if not math.isinf(v)},
            notes=_notes(data.get("notes") or (), data.get("note_data") or ()),
            head=tuple(dict(r) for r in data.get("head") or ()),
            tail=tuple(dict(r) for r in data.get("tail") or ()),
            rows=int(data.get("rows") or 0),
            definition=str(data.get("definition") or ""),
        )


def _notes(texts: Any, data: Any) -> tuple[str, ...]:
    """The notes' text, each one that came with its id and values as a `RecipeNote`."""
    out: list[str] = []
    for i, text in enumerate(texts):
        item = data[i] if i < len(data) else None
        out.append(RecipeNote.from_dict(item) if isinstance(item, dict) and item.get("key")
                   else str(text))
    return tuple(out)


def read_figures(stdout: str) -> StepFigures | None:
    """The figures a step printed, or None when the line is missing or unreadable."""
    for line in reversed(stdout.splitlines()):
        if not line.startswith(FIGURES_MARKER + " "):
            continue
        try:
            data = json.loads(line[len(FIGURES_MARKER) + 1:])
        except json.JSONDecodeError:
            return None
        return StepFigures.from_dict(data) if isinstance(data, dict) else None
    return None
