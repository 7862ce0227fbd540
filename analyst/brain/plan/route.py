"""The one decision of the offline brain: what answers a question, as a typed `Route`.

A statement's question is read by the finance pack (`statements`: the P&L recipe's steps).
Every other question is read once, by the query reading over every table (`Choice`: one
query, options to ask back, or a refusal naming what it could not honour). A sales recipe
is chosen from that reading (`recipe_of`: the very sum it computes), or named by words
that are a recipe's alone (an ABC analysis, the standard report, the margin); the sales
keywords answer by themselves only money no column holds (revenue as units × price), said
in the question, or the key figures by name. Nothing runs here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan import currencies, finfigures
from analyst.brain.plan.plan import Plan, question_plan
from analyst.brain.plan.recipe_of import recipe_intent
from analyst.brain.plan.statements import statement_plan
from analyst.brain.plan.tables import report_tables
from analyst.brain.understand.clues import HOW_MUCH
from analyst.brain.understand.intents import Intent, intent_covers, measure_said, parse_intent
from analyst.brain.understand.query import Query
from analyst.brain.understand.reading import Choice, choose
from analyst.brain.understand.text import find_phrase, words
from analyst.brain.understand.values import category_values
from analyst.brain.understand.vocab import AGGREGATIONS, KEY_FIGURES

RouteKind = Literal["recipes", "query", "options", "refusal"]


@dataclass(frozen=True)
class Route:
    """What answers one question: recipe steps (or a plain reason in `plan`), one query on
    its table's card, readings to offer back, or the refusal in `choice`."""

    kind: RouteKind
    plan: Plan = Plan()
    choice: Choice = Choice()
    figure: finfigures.AskedFigure | None = None
    """The result a key-figures answer must state ("net profit"), or it is declined."""


def route(question: str, cards: Sequence[Any], lang: str,
          root: Path | str | None = None) -> Route:
    """The route of `question` over `cards`, its words in `lang`; `root` lets the reading see
    the tables' category values ("for AAPL")."""
    statement = statement_plan(question, cards, lang)
    if statement is not None:  # a P&L workbook: its recipe reads lines by their sections
        return Route("recipes", statement)
    if (declined := finfigures.uncomputed(question, cards, lang)) is not None:
        return Route("recipes", Plan(reason=declined))
    choice = read_question(question, cards, root)
    intent = _recipe(question, cards, choice)
    plan = question_plan(intent, cards, lang, root)
    fits = bool(plan.steps) and _recipe_fits(intent, choice, question, plan) and (
        _reads_the_table_asked(plan, choice) and _adds_up_the_column_asked(plan, choice))
    mixed = currencies.plan_reason(plan.steps, cards, root, lang) if fits else None
    if choice.needs_model or (fits and mixed is None):
        kpi_only = [s.recipe for s in plan.steps if isinstance(s, PlannedStep)] == ["kpi_summary"]
        figure = finfigures.asked_figure(question) if kpi_only and len(plan.steps) == 1 else None
        return Route("recipes", plan, choice, figure)
    if choice.query is not None:
        if (reason := currencies.query_reason(choice.query, choice.card, root, lang)):
            return Route("recipes", Plan(reason=reason))  # amounts of several currencies
        return Route("query", choice=choice)
    if mixed is not None:
        return Route("recipes", Plan(reason=mixed))
    return Route("options" if choice.options else "refusal", choice=choice)


def read_question(question: str, cards: Sequence[Any], root: Path | str | None) -> Choice:
    """The query reading of `question` over `cards` (values read from the workspace).

    A joined workbook table stands for the per-sheet tables it joins, as in the standard
    report: otherwise every question on a one-sheet-per-month book asks "which table?"."""
    cards = [t.card for t in report_tables(cards)]
    values = {c.table: category_values(root, c) for c in cards} if root is not None else {}
    return choose(question, cards, values)


_DECLINED = ("unsupported_measure", "missing_needs_column", "correlation_needs_two",
             "correlation_of_two", "correlation_grouped", "measures_left_out",
             "statistics_of_one", "no_compared_column", "share_of_observations",
             "share_whole_unsaid", "ratio_of_columns", "value_of_columns", "value_elsewhere")
"""Refusals of a measure asked for: a recipe's totals would answer another question."""


def _declined(choice: Any) -> bool:
    """A measure declined by name ("CAGR", "mode") is not answered with a recipe's totals."""
    refusal = choice.refusal
    return refusal is not None and (refusal.key in _DECLINED or (
        refusal.key == "no_measure" and refusal.values.get("named", False)))


def _reads_the_table_asked(plan: Plan, choice: Any) -> bool:
    """Does the recipe read the table the question's columns are in? "Total rainfall_mm per
    month" beside a sales table is the rain's months, never the sales' revenue by month."""
    if choice.query is None or choice.card is None:
        return True
    return all(step.parquet_path == choice.card.parquet_path for step in plan.steps
               if isinstance(step, PlannedStep))


def _adds_up_the_column_asked(plan: Plan, choice: Any) -> bool:
    """Does the recipe add up the column the question names? "total ads" on R's Computers
    ran the key figures, whose amount is another column: the revenue was stated instead."""
    query = choice.query
    if query is None or not query.measures:
        return True
    added = {value for step in plan.steps if isinstance(step, PlannedStep)
             for key, value in step.arguments.items() if key in ("amount", "quantity", "cost")}
    return set(query.measures) <= added


_RECIPE_ONLY = ("standard", "abc", "funnel", "pnl", "profile", "outliers", "margin")


def _recipe(question: str, cards: Sequence[Any], choice: Choice) -> Intent | None:
    """The recipe asked: named by its own words (an ABC analysis, the standard report, the
    margin), else the one computing the query reading; with no reading, the keywords' one,
    which answers only money no column holds (`_recipe_fits`)."""
    names = tuple(col.name for card in cards for col in card.columns)
    said = parse_intent(question, names)
    if said is not None and said.kind in _RECIPE_ONLY:
        return said
    if choice.query is not None:
        return recipe_intent(choice.query, cards, top=_says(("top", "топ", "前"), question))
    return said


def _recipe_fits(intent: Intent | None, choice: Any, question: str, plan: Plan) -> bool:
    """Does the recipe answer what the question asks? One chosen from the query reading
    does by construction; one named by its words only with no condition it would drop;
    the keywords' own only for money no column holds; none when a count is asked."""
    if intent is None:
        return False
    query = choice.query
    refusal = choice.refusal
    if intent.kind not in _RECIPE_ONLY and intent.measure != "orders" and _asks_a_count(
            choice, question):
        # "how many sales per manager", "скільки рядків по менеджерах": a count asked,
        # which the recipe would have answered with the revenue (or quantity) added up.
        return False
    if intent.kind in _RECIPE_ONLY:
        # None of these recipes takes a condition: "margin in Q2", "gross margin for the
        # north" were answered with the whole year's margin of every region.
        # Nor does one answer a word it does not honour: "margin by product for premium
        # customers" was every customer's margin, "pareto of products by weight" the revenue's.
        partial = refusal.values.get("partial") if refusal is not None else None
        reading = query or (partial if isinstance(partial, Query) else None)
        return intent_covers(intent, question) and (
            reading is None or not (reading.filters or reading.compare or reading.period))
    if query is None:
        # No reading of the query's own. A recipe answers only money no column holds (the
        # revenue as quantity × price, the profit as revenue − cost) or the key figures
        # asked by name, and only when it honours every word of the question and the
        # partial reading has no condition it would drop; else the refusal names the words
        # ("how many units by manager" was the revenue by sales rep).
        partial = refusal.values.get("partial") if refusal is not None else None
        return (not choice.options and not _declined(choice)
                and not (isinstance(partial, Query) and (partial.filters or partial.compare))
                and intent_covers(intent, question)
                and ((_computes_the_money(plan) and measure_said(question))
                     or _says(KEY_FIGURES, question)))
    return True  # chosen from the query reading itself (`recipe_of`)


_COUNTS = tuple(p for p in AGGREGATIONS["count"] if p not in HOW_MUCH)
"""Words that ask how many, never how much ("скільки" is both: said of revenue, its sum)."""


def _computes_the_money(plan: Plan) -> bool:
    """Does every step add up money the table has no column for (revenue = quantity ×
    price, profit = revenue − cost), which no query reading can name?"""
    steps = [s for s in plan.steps if isinstance(s, PlannedStep)]
    return bool(steps) and all({d.column for d in s.derived} & {
        s.arguments.get("amount"), s.arguments.get("cost")} for s in steps)


def _says(phrases: tuple[str, ...], question: str) -> bool:
    toks = words(question)
    return any(find_phrase(p, toks, set()) is not None for p in phrases)


def _asks_a_count(choice: Any, question: str) -> bool:
    """Does the question ask for a count: the query's reading counts, or, with none (a
    partial reading counts the rows for want of a measure), it says "how many", "number
    of", "кількість"?"""
    if choice.query is not None:
        return bool(choice.query.aggregation in ("count", "nunique"))
    return _says(_COUNTS, question)
