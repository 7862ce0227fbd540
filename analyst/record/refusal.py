"""Why a recipe refused to run, as its message id and values: said in the reader's language.

A recipe that cannot run on its input raises `recipes.RecipeError(key, **values)` in the
sandbox. The planner's step code catches it, prints one line `ANALYST_REFUSAL {json}`
({"error": key, "values": ..., "count"}, see `analyst.brain.code.codegen`) and raises it
again, so the step still fails. The line is read once, when the step ran (`finished`), into
the step's record; the answer says the refusal from the catalogue (context
"recipe_error") instead of the traceback's English and class name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from analyst.catalogue import message
from analyst.words import normalise, say

REFUSAL_MARKER = "ANALYST_REFUSAL"
"""Prefix of the stdout line that carries a recipe's refusal as JSON."""
CONTEXT = "recipe_error"


@dataclass(frozen=True)
class Refusal:
    """Message `key` of context "recipe_error" with its `values` (str, int, float, a list
    of str: the names or choices it lists); `count` picks the plural form."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)
    count: int | None = None

    def text(self, language: str | None = "en") -> str:
        """The refusal in `language`: a list joined with the language's comma, the user's
        own values (a column, a line item) as they are."""
        lang = normalise(language)
        comma = message(lang, "ingest_word", "list_comma")
        shown = {k: comma.join(map(str, v)) if isinstance(v, (list, tuple)) else v
                 for k, v in self.values.items()}
        return say(lang, CONTEXT, self.key, self.count, **shown)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, the shape of the marker line: {"error", "values", "count"}."""
        data: dict[str, Any] = {"error": self.key, "values": {
            k: list(v) if isinstance(v, (list, tuple)) else v for k, v in self.values.items()}}
        if self.count is not None:
            data["count"] = self.count
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Refusal:
        """The inverse of `to_dict()`, also the reading of a marker line."""
        values = {str(k): list(v) if isinstance(v, (list, tuple)) else v
                  for k, v in dict(data.get("values") or {}).items()}
        count = data.get("count")
        return cls(str(data["error"]), values, None if count is None else int(count))


def read_refusal(stdout: str) -> Refusal | None:
    """The refusal a step printed (its last marker line), or None when there is none or it
    is unreadable."""
    data = last_printed(stdout, REFUSAL_MARKER)
    try:
        return Refusal.from_dict(data) if data is not None and data.get("error") else None
    except (ValueError, TypeError):
        return None


def last_printed(stdout: str, marker: str) -> dict[str, Any] | None:
    """The JSON object on the last line `<marker> {json}` of `stdout`; None: none, unreadable."""
    # Lines end at "\n" only: `json.dumps` escapes it inside every value, but not U+2028
    # or U+0085, which `splitlines` would break at (a cell could then start a line of its
    # own that forges the marker).
    lines = [x[len(marker) + 1:] for x in stdout.split("\n") if x.startswith(marker + " ")]
    try:
        data = json.loads(lines[-1]) if lines else None
    except ValueError:
        return None
    return data if isinstance(data, dict) else None
