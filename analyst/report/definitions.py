"""The recipes' definitions in the report's language, for its methodology appendix.

Each recipe names its definition's catalogue message (`recipes.unit.Said`, context
"recipe_definition"); it is filled with the parameters of the call. A text is translated
only when the recipe's own English for those parameters is that text word for word, so a
translation always states the same rule with the same numbers; any other text (a model's
own, a recipe changed since) stays as it was written.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

from analyst.catalogue import message
from analyst.recipes.registry import recipe
from analyst.recipes.unit import Recipe
from analyst.words import normalise
from analyst.words.number_formats import format_percent

CONTEXT = "recipe_definition"


def definition_text(name: str, english: str, arguments: Mapping[str, Any], language: str | None) -> str:
    """`english`, the definition recipe `name` gave for a call with `arguments` (its defaults
    where the call left them out), in `language`."""
    lang, unit = normalise(language), recipe(name)
    if unit is None or unit.said is None or lang == "en":
        return english
    params = {**_defaults(unit), **arguments}
    try:
        if _english(unit, params) != english:
            return english
        said = unit.said
        values = {k: params[k] for k in said.values}
        values |= {k: format_percent(float(params[k]), 0, lang) for k in said.percents}
        return message(lang, CONTEXT, said.key.format(**params)).format(**values)
    except (KeyError, TypeError, ValueError):  # parameters of another shape: said as given
        return english


def _defaults(unit: Recipe) -> dict[str, Any]:
    return {p.name: p.default for p in inspect.signature(unit.function).parameters.values()
            if p.default is not p.empty}


def _english(unit: Recipe, params: Mapping[str, Any]) -> str:
    if isinstance(unit.definition, str):
        return unit.definition
    wanted = inspect.signature(unit.definition).parameters
    return unit.definition(**{k: v for k, v in params.items() if k in wanted})
