"""Where a step came from: a recipe call, a query, or code a model wrote.

The origin is the step's identity, kept as data from the moment the step is planned: the
report and the UI read it instead of parsing the step's code back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class RecipeCall:
    """The offline planner called one recipe on one table (`Step.inputs` names the table)."""

    recipe: str
    """Name of the function in `analyst.recipes`, one of the registry's (`analyst.recipes.registry`)."""
    params: dict[str, Any] = field(default_factory=dict)
    """Its keyword arguments as the planner gave them (JSON values: str, number, bool, list)."""
    language: str = "en"
    """The reader's language it was planned in (its title, chart words and number style)."""


@dataclass(frozen=True)
class QueryCall:
    """A structured query ran (`analyst.brain.understand`'s `Query.to_dict()`)."""

    query: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ModelCode:
    """Code a language model wrote."""

    recipe: str | None = None
    """The first recipe the code calls, noted when the model wrote it (for the methodology
    appendix); the code itself is the only account of what it does."""


Origin = RecipeCall | QueryCall | ModelCode


def origin_to_dict(origin: Origin) -> dict[str, Any]:
    if isinstance(origin, RecipeCall):
        return {"kind": "recipe", "recipe": origin.recipe, "params": dict(origin.params),
                "language": origin.language}
    if isinstance(origin, QueryCall):
        return {"kind": "query", "query": dict(origin.query)}
    return {"kind": "model", "recipe": origin.recipe}


def origin_from_dict(data: dict[str, Any]) -> Origin:
    """The inverse of `origin_to_dict`; an unknown kind (a newer writer) reads as model code."""
    kind = data.get("kind")
    if kind == "recipe":
        return RecipeCall(str(data["recipe"]), dict(data.get("params") or {}),
                          str(data.get("language") or "en"))
    if kind == "query":
        return QueryCall(dict(data.get("query") or {}))
    recipe = data.get("recipe")
    return ModelCode(None if recipe is None else str(recipe))
