"""What the recipes mean, in words: for the report's methodology appendix and the model.

`DEFINITIONS` holds each recipe's definition with its default parameters; a result's own
`definition` holds the text for the parameters actually used (e.g. other ABC thresholds).
Both come from the recipes' own entries in the registry.
"""

from __future__ import annotations

import inspect
from types import MappingProxyType

from .registry import registry

DEFINITIONS: MappingProxyType[str, str] = MappingProxyType(
    {name: recipe.defined() for name, recipe in registry().items() if recipe.for_model})


def describe_for_model() -> str:
    """A compact description of every recipe for a language model's system prompt."""
    lines = [
        ("Verified recipes: `import recipes` in the sandbox. Prefer them to hand-written pandas: "
        "their definitions are fixed and tested. Each takes a DataFrame and column names and "
        "returns a RecipeResult with .table (DataFrame, no totals row), .figures (dict of key "
        "numbers; *_pct are 0-100), .notes (tell the user), .definition, .chart. .title and "
        ".notes are messages, not str: str(x) is the English, res.texts('uk') the notes in "
        "the user's language. "
        "Text amounts ('1 234,50') are read automatically and reported in notes. "
        "Save: res.save('output', 'name', language='uk') writes output/name.csv and "
        "output/name.png; or recipes.render_chart(res.chart, 'output/name.png', language='uk'). "
        "language= is the user's (en, uk, ru, zh): the chart's title and words are drawn in it. "
        "print(res.summary()) shows it. "
        "Pass currency='$' (symbol or code) to label money axes."),
    ]
    for recipe in registry().values():
        if not recipe.for_model:
            continue
        signature = inspect.signature(recipe.function)
        # Names and defaults only: the annotations cost tokens and say little more.
        signature = signature.replace(
            parameters=[p.replace(annotation=p.empty) for p in signature.parameters.values()],
            return_annotation=inspect.Signature.empty,
        )
        lines.append(f"- recipes.{recipe.name}{signature}: {recipe.meaning}")
    return "\n".join(lines)
