"""What one recipe declares about itself, beside its function, in its own module.

A recipe module ends with `REGISTERED = (Recipe(...), ...)`; `registry.registry()` finds
them. Everything here is data the host reads (the planner, the report, the model's prompt)
and the sandbox ignores: plain values, no host code, since this package is copied into
every sandbox workspace and imported there on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Draw = Literal["bars", "periods", "variance", "bridge"]
"""The host's chart shapes: one bar per row, a period axis, signed gaps to a plan, a bridge
from revenue to operating profit (the planner draws them; the recipe says which)."""
MONEY_PARAMETERS = ("amount", "revenue", "cost")
"""Parameters naming money columns of a recipe's table, unless it says others."""
MONEY_COLUMNS = ("gross_profit", "change", "yoy_change")
"""A recipe's own columns holding money, unless it says others."""


@dataclass(frozen=True)
class HostChart:
    """The chart the host draws again from the result's saved table."""

    draw: Draw = "bars"
    x: str = ""
    """The parameter naming the category column ("by"); a list of one counts as that one."""
    value: str = "amount"
    """The parameter naming the value column ("amount")..."""
    column: str | None = None
    """...or a column of the recipe's own ("gross_profit"), when it draws that instead."""
    keep_order: bool = False
    """Rows drawn as the table has them (a ranking with its tail last), not largest first."""
    signed: bool = False
    """Bars toned by their sign (a loss red), not all neutral."""


@dataclass(frozen=True)
class Title:
    """The step's title, message `key` of context "planner" filled from the call's arguments."""

    key: str
    values: tuple[str, ...] = ()
    """Parameters put in as they are named ("by", "amount")."""
    count: str | None = None
    """The parameter that picks the plural form ("n")."""
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """Values of parameters the call may leave out (n=10)."""

    def fill(self, arguments: Mapping[str, Any]) -> tuple[int | None, dict[str, Any]]:
        """The plural count and the values of the message for `arguments` (KeyError: one
        the call lacks)."""
        given = {**self.defaults, **arguments}
        values = {name: given[name] for name in self.values}
        return (None if self.count is None else int(given[self.count])), values


@dataclass(frozen=True)
class Offer:
    """When the standard report of a sales table includes the recipe: each parameter's role
    in the table ("amount", "main": its main item, "date", "cost", "count": how many, 10),
    the rest fixed."""

    roles: Mapping[str, str]
    fixed: Mapping[str, Any] = field(default_factory=dict)
    slug: str = ""
    """The stem of the step's files, its arguments as placeholders ("top_{n}_{by}")."""
    answers: str | None = None
    """The kind of question of the offline planner it answers ("top"), its roles then
    filled from the question (the item it names, its measure, its count)."""


@dataclass(frozen=True)
class Said:
    """Its definition as a message of context "recipe_definition" in the catalogue: `key`,
    with the call's parameters in braces ("period_dynamics_{freq}")."""

    key: str
    values: tuple[str, ...] = ()
    """Parameters put in as they are ("n")."""
    percents: tuple[str, ...] = ()
    """Parameters put in as percentages in the reader's style ("a": 0.8 -> "80%")."""


@dataclass(frozen=True)
class Recipe:
    """One recipe: its function and what the host needs to plan, show and explain it."""

    function: Callable[..., Any]
    meaning: str
    """One line for the model's prompt: what it computes and the figures it returns."""
    definition: str | Callable[..., str]
    """Its definition; a function of the parameters used when they change it (`defined()`)."""
    said: Said | None = None
    """Its definition in the reader's words; None: English only (a model's helper)."""
    title: Title | None = None
    chart: HostChart | None = None
    money: tuple[str, ...] = MONEY_PARAMETERS
    """Parameters naming money columns of its table."""
    money_columns: tuple[str, ...] = MONEY_COLUMNS
    """Its own columns that hold money."""
    tail_row: str | None = None
    """The English label of a row it adds for all the rest ("Other"), said in the reader's
    words by the step's code and the report."""
    offer: Offer | None = None
    for_model: bool = True
    """Listed in the model's prompt; the offline planner's answers to one question are not
    (the model has `pnl_statement` and pandas for those)."""
    classes: bool = False
    """Its table has a `class` column (A, B, C): the report shows one row per class (items,
    amount, share) and their shares, not the rows of the items."""

    @property
    def name(self) -> str:
        return str(self.function.__name__)

    def defined(self) -> str:
        """Its definition with its default parameters."""
        return self.definition if isinstance(self.definition, str) else self.definition()
