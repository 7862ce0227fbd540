"""A step of the offline planner on one sales table: a recipe call with its columns, its
currency and the columns it computes; and the steps a recipe offers (`recipes.unit.Offer`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from analyst import recipes
from analyst.brain.code.codegen import PlannedStep, slugify
from analyst.brain.plan.columns import SalesColumns, derived_for
from analyst.brain.understand.phrases import phrases, say
from analyst.recipes.numbers import marks as number_marks
from analyst.recipes.registry import registry
from analyst.recipes.unit import Recipe
from analyst.words.number_formats import currency_unit


def name_of(column: str) -> str:
    return slugify(column) or "column"


def sales_step(cols: SalesColumns, slug: str, description: str, recipe: str, lang: str,
          **arguments: Any) -> PlannedStep:
    if recipe not in registry() and not hasattr(recipes, recipe):
        raise LookupError(f"recipe {recipe} is missing from analyst.recipes")  # our bug
    measure = arguments.get("amount")
    # A quantity is counted, not priced: no currency on its chart or in its words.
    unit = "number" if measure is not None and measure == cols.quantity else "money"
    if cols.currency and unit == "money":
        # The mark the reader expects ("грн" in Ukrainian): the chart draws it as given and
        # the answer and report read it back, so all three agree.
        arguments["currency"] = currency_unit(cols.currency, lang)
    # The recipes title their charts with the bare column names ("Top 10 Product by
    # Revenue"); the chart carries the step's title, in its language and words.
    used = {v for v in arguments.values() if isinstance(v, str)}
    return PlannedStep(slug=slug, description=description, recipe=recipe,
                       parquet_path=cols.parquet_path, arguments=arguments,
                       chart_title=description,
                       derived=derived_for(cols, used), language=lang, unit=unit)


def roles_of(cols: SalesColumns, main: str | None, count: int = 10) -> dict[str, Any]:
    """What each role of a recipe's parameters is in the table (see `unit.Offer`)."""
    return {"main": main, "amount": cols.amount, "date": cols.date, "cost": cols.cost, "count": count}


def offered_step(unit: Recipe, cols: SalesColumns, prefix: str, lang: str,
             roles: dict[str, Any]) -> PlannedStep:
    """The step calling `unit` with its parameters' `roles` in the table, titled and named
    as it declares."""
    offer, title = unit.offer, unit.title
    if offer is None or title is None:
        raise LookupError(f"recipe {unit.name} declares no offer or title")  # our bug
    arguments = {**{p: roles[r] for p, r in offer.roles.items()}, **offer.fixed}
    count, values = title.fill(arguments)
    slug = offer.slug.format(**{k: name_of(str(v)) for k, v in arguments.items()})
    step = sales_step(cols, prefix + slug, say(lang, title.key, plural=count, **values),
                 unit.name, lang, **arguments)
    if unit.tail_row is None:
        return step
    # The rest as one row (the table adds up); the code leaves its bar out when it would
    # dwarf the rest, saying its count and share in the reader's numbers and words.
    return replace(step, other_note=phrases(lang)["other_not_drawn"],
                   other_label=None if lang == "en" else phrases(lang)["other_row"],
                   number_marks=number_marks(lang))
