"""Which steps make the data report of a table that is not a sales ledger.

Overview (rows, columns, missing values, ranges); the main measures over time when the
table has a date or a year column; the main measure by the main categories; the
distribution of the main measure and its most notable rows; correlations among the number
columns. Measures that add up are summed, levels (temperatures, prices) averaged, so a
figure always means something. The queries are `analyst.brain.understand` queries like any question's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from analyst.brain.code.codegen import slugify
from analyst.brain.code.data_report import correlation_code, distribution_code, overview_code
from analyst.brain.code.query import query_step
from analyst.brain.narrate.data_report import dsay
from analyst.brain.understand.naming import additive
from analyst.brain.understand.periods import date_source
from analyst.brain.understand.query import Aggregation, Period, PeriodUnit, Query, is_numeric
from analyst.events import FileHash, RecipeCall, Step
from analyst.recipes.numbers import is_year_name, is_year_values

MAX_MEASURES = 2
MAX_CATEGORIES = 2
MAX_CORRELATED = 8


def measures_of(card: Any) -> list[str]:
    """The number columns worth reporting, the most complete first (ids and years left out)."""
    calendar = date_source(card, {c.name: c for c in card.columns}, [])
    skip = {calendar.column, calendar.month_column} if calendar else set()
    numbers = [c for c in card.columns if is_numeric(c) and c.role != "id"
               and c.name not in skip and (c.unique or 0) > 1 and not _years(c)]
    # Continuous, mostly filled columns first, in table order (Cylinders, with 3 values, is
    # more a category than a measure).
    order = {c.name: i for i, c in enumerate(card.columns)}
    # The amount the user marked comes first, whatever its shape.
    return [c.name for c in sorted(numbers, key=lambda c: (
        not (c.set_by_user and c.role == "money"), (c.unique or 0) < 20,
        c.missing > card.rows / 2, order[c.name]))]


def _years(column: Any) -> bool:
    """A column of calendar years (a second one beside the calendar: "model_year", "Рік"):
    never summed or averaged as a measure."""
    return is_year_name(column.name) and is_year_values([column.min, column.max])


def categories_of(card: Any) -> list[str]:
    return [c.name for c in card.columns if c.role == "category" and 2 <= (c.unique or 0) <= 50]


def data_steps(card: Any, language: str, first_number: int = 1) -> list[Step]:
    """The data report's steps for `card` (unrun); empty when it has no number column."""
    measures = measures_of(card)
    if not measures:
        return []
    columns = {c.name: c for c in card.columns}
    steps: list[Step] = []

    def add(step: Step) -> None:
        steps.append(replace(step, number=first_number + len(steps)))

    add(own_step(card, "data_overview", {}, language))
    main = measures[0]
    aggregate: dict[str, Aggregation] = {m: "sum" if additive(columns[m]) else "mean" for m in measures}
    calendar = date_source(card, columns, [])
    if calendar is not None:
        unit = "year" if calendar.unit == "year" else _unit(card, calendar.column)
        period = (Period(calendar.column, "year") if calendar.unit == "year"
                  else Period(calendar.column, unit))
        for m in measures[:MAX_MEASURES]:
            add(query_step(Query(card.table, aggregate[m], (m,), (), period), card, 0,
                           language))
    for category in categories_of(card)[:MAX_CATEGORIES]:
        add(query_step(Query(card.table, aggregate[main], (main,), (category,), order="desc"),
                       card, 0, language))
    add(own_step(card, "distribution", {"column": main}, language))
    add(query_step(Query(card.table, "rows", (main,), (), order="desc", limit=5), card, 0,
                   language))
    if len(measures) > 1:
        add(own_step(card, "correlations", {"columns": measures[:MAX_CORRELATED]}, language))
    return steps


def own_step(card: Any, recipe: str, params: dict[str, Any], language: str) -> Step:
    """One of the data report's own steps (overview, distribution, correlations) on `card`,
    unrun. `params` name the columns it reads ({"column": ...} for the distribution,
    {"columns": [...]} for the correlations; the overview reads every column), kept on its
    record so a recurring report can plan it again on next month's table."""
    if recipe == "data_overview":
        dates = tuple(c.name for c in card.columns if c.role == "date")
        title = dsay(language, "overview", table=card.table)
        code = overview_code(card.parquet_path, title, _slug(card, "overview"), dates)
    elif recipe == "distribution":
        column = str(params["column"])
        title = dsay(language, "distribution", m=column)
        code = distribution_code(card.parquet_path, title,
                                 _slug(card, f"distribution_{column}"), column, language)
    elif recipe == "correlations":
        columns = tuple(str(c) for c in params["columns"])
        title = dsay(language, "correlations", table=card.table)
        code = correlation_code(card.parquet_path, title, _slug(card, "correlations"),
                                columns, language)
    else:
        raise LookupError(f"{recipe} is not a step of the data report")  # our bug
    return Step(0, title, code, origin=RecipeCall(recipe, dict(params), language),
                inputs=(FileHash(card.parquet_path, ""),))


def _unit(card: Any, column: str) -> PeriodUnit:
    """Days for a few weeks of data, months for a few years, years beyond."""
    col = next(c for c in card.columns if c.name == column)
    if not col.first or not col.last:
        return "month"
    from datetime import date

    days = (date.fromisoformat(col.last) - date.fromisoformat(col.first)).days
    return "day" if days <= 62 else "month" if days <= 5 * 366 else "year"


def _slug(card: Any, what: str) -> str:
    return slugify(f"{card.table}_{what}")
