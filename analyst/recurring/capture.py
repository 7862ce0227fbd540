"""Make a `ReportTemplate` from a finished run: its report, data cards and asked answers.

Only structured steps are kept (a recipe call, a query): their origin is data, so they can
be planned again on another table. A step a language model wrote is code about one table;
it is left out and named, never saved as code to run blindly next month.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeGuard

from analyst.brain.understand.phrases import question_language
from analyst.brain.understand.values import category_values
from analyst.datacard import DataCard
from analyst.record import Answer, QueryCall, RecipeCall, Step
from analyst.recurring.model import (
    MAX_VALUES,
    ColumnRef,
    KeyFigure,
    ReportTemplate,
    TemplateQuestion,
    TemplateStep,
)
from analyst.report import Report


def template_of(report: Report, cards: Sequence[DataCard], asked: Sequence[Answer], *,
                root: Path, title: str | None = None, language: str = "en",
                standard: bool = True, saved_at: str | None = None,
                ) -> tuple[ReportTemplate, tuple[str, ...]]:
    """(the template, the titles of steps that could not be kept: a model's code)."""
    left_out: list[str] = []
    questions = []
    for answer in asked:
        steps = []
        for step in answer.steps:
            if step.result is None or not step.result.ok:
                continue
            saved = template_step(step, cards, root, question_language(answer.question, cards))
            if saved is None:
                left_out.append(step.description)
            else:
                steps.append(saved)
        if steps:
            questions.append(TemplateQuestion(answer.question, tuple(steps)))
    figures = tuple(KeyFigure(k.key, k.label, float(k.value), k.format, k.currency)
                    for k in report.kpis if _finite(k.value))
    stamp = saved_at or dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    template = ReportTemplate(title=title, language=language, standard=standard,
                              questions=tuple(questions), key_figures=figures,
                              saved_at=stamp, period=covered_period(cards),
                              files=tuple(sorted({c.source_file for c in cards})))
    return template, tuple(left_out)


def template_step(step: Step, cards: Sequence[DataCard], root: Path,
                  question_language: str = "en") -> TemplateStep | None:
    """The structured form of `step`, or None for code a model wrote. A query's words are
    in `question_language` (a recipe call keeps the language it was planned in)."""
    table = step.inputs[0].path if step.inputs else ""
    card = next((c for c in cards if c.parquet_path == table), None)
    if card is None:
        return None
    origin = step.origin
    if isinstance(origin, RecipeCall):
        names = _param_columns(origin.params)
        kind, language = "recipe", origin.language
        recipe, params, query = origin.recipe, dict(origin.params), None
    elif isinstance(origin, QueryCall):
        names = query_columns(origin.query)
        kind, language = "query", question_language
        recipe, params = "", None
        query = {k: v for k, v in origin.query.items() if k != "table"}
    else:
        return None
    columns = column_refs(card, names, root)
    others = tuple(c.name for c in card.columns if c.name not in {r.name for r in columns})
    return TemplateStep(title=step.description, kind=kind, columns=columns,
                        language=language, source_file=card.source_file, others=others,
                        recipe=recipe, params=params, query=query)


def column_refs(card: DataCard, names: Sequence[str], root: Path) -> tuple[ColumnRef, ...]:
    """The card's columns among `names` (others are computed by the step: not columns)."""
    by_name = {c.name: c for c in card.columns}
    used = [by_name[n] for n in dict.fromkeys(names) if n in by_name]
    values = category_values(root, card) if any(c.role in ("category", "id", "text")
                                                for c in used) else {}
    return tuple(ColumnRef(c.name, c.role, c.dtype,
                           tuple(sorted(values.get(c.name, ()))[:MAX_VALUES])) for c in used)


def _param_columns(params: dict[str, Any]) -> list[str]:
    values = [v for value in params.values() for v in (value if isinstance(value, list) else [value])]
    return [v for v in values if isinstance(v, str)]


def query_columns(query: dict[str, Any]) -> list[str]:
    """Every column a query (as `Query.to_dict()`) names."""
    names = [*(query.get("measures") or ()), *(query.get("group_by") or ())]
    for key in ("period", "compare"):
        part = query.get(key) or {}
        names += [part[k] for k in ("column", "month_column") if part.get(k)]
    names += [f["column"] for f in query.get("filters") or () if f.get("column")]
    return [str(n) for n in names]


def covered_period(cards: Sequence[DataCard]) -> tuple[str, str] | None:
    """First and last date of the data (ISO), over every table with dates."""
    ranges = [c.date_range for c in cards if c.date_range]
    if not ranges:
        return None
    return min(r[0] for r in ranges)[:10], max(r[1] for r in ranges)[:10]


def _finite(value: float | None) -> TypeGuard[float]:
    return value is not None and value == value and abs(value) != float("inf")
