"""Exact, declined or wrong: what an answer stated, held against the truth.

What an answer states is what its steps printed on their figures line (`Step.figures`, read
once when the step ran) and the table each wrote: never the wording around them. An answer
whose steps printed no figures declined (it said it cannot, or asked back). A figure stated
beside "I did not use these words" is still stated. Figures are equal within 1e-9
relative; keys are compared as text (`question.key_text`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pandas as pd

from analyst.brain.code.plot import value_column
from analyst.brain.narrate.answer import QueryFigures, query_figures
from analyst.events import Answer, Step
from tests.sweep.question import (
    Growth,
    Key,
    Keyed,
    Label,
    NoFigure,
    Scalar,
    Truth,
    key_of,
)
from tests.sweep.recipe_judge import judge_recipe

Outcome = Literal["exact", "declined", "wrong"]


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome
    why: str
    """For a wrong answer, what it stated instead; else a few words."""
    reading: str
    """The answer's first line ("I read this as: ...", or what it said instead)."""


def close(a: Any, b: float) -> bool:
    if not isinstance(a, int | float) or isinstance(a, bool):
        return False
    if math.isnan(float(a)) or math.isnan(b):
        return math.isnan(float(a)) and math.isnan(b)
    return math.isclose(float(a), b, rel_tol=1e-9, abs_tol=1e-12)


def judge(answer: Answer, truth: Truth, root: Path) -> Verdict:
    reading = answer.text.strip().splitlines()[0] if answer.text.strip() else ""
    stated = [s for s in answer.steps if s.figures is not None]
    if not stated:
        return Verdict("declined", _declined(answer), reading)
    outcomes = [_step(step, truth, root) for step in stated]
    wrong = [why for outcome, why in outcomes if outcome == "wrong"]
    if wrong:
        return Verdict("wrong", "; ".join(wrong), reading)
    return Verdict("exact", "", reading)


def _declined(answer: Answer) -> str:
    """How an answer without figures declined: a step that failed is told apart from a
    question asked back, so a crash never passes for a polite refusal unnoticed."""
    failed = [s.result for s in answer.steps if s.result is not None and not s.result.ok]
    if failed:
        error = failed[0].error
        return f"a step failed: {error.name}: {error.message}" if error else "a step failed"
    if answer.options:
        return f"asked back with {len(answer.options)} options"
    return "said it cannot"


def _step(step: Step, truth: Truth, root: Path) -> tuple[Outcome, str]:
    figures = query_figures(step.figures)
    if isinstance(truth, NoFigure):
        said = _said(figures) if figures is not None else "a recipe's figures"
        return "wrong", f"a figure for a question naming no measure: {said}"
    if figures is None:
        return judge_recipe(step, truth, root)
    q = figures.query
    if q.compare is not None:
        got = (figures.figures.get("start"), figures.figures.get("end"))
        if isinstance(truth, Growth) and close(got[0], truth.start) and close(got[1], truth.end):
            return "exact", ""
        return "wrong", f"a change {got[0]} -> {got[1]} ({_want(truth)})"
    if q.aggregation == "rows":
        return _rows(figures, truth)
    if not q.keys:
        value = figures.figures.get("value")
        if isinstance(truth, Scalar) and close(value, truth.value):
            return "exact", ""
        return "wrong", f"one figure {value} ({_want(truth)})"
    table = _table(step, figures, root)
    if isinstance(truth, Keyed):
        table = _respelled(table, set(truth.values))
        if set(table) != set(truth.values):
            missing = sorted(set(truth.values) - set(table))[:3]
            extra = sorted(set(table) - set(truth.values))[:3]
            return "wrong", (f"{len(table)} groups for {len(truth.values)}: missing {missing}, "
                             f"not asked {extra}")
        bad = [k for k, v in truth.values.items() if not close(table[k], v)]
        if bad:
            k = bad[0]
            return "wrong", f"{len(bad)} groups differ, e.g. {k}: {table[k]} for {truth.values[k]}"
        return "exact", ""
    if isinstance(truth, Label):
        return _label(figures, table, truth)
    if isinstance(truth, Scalar) and len(table) == 1 and close(next(iter(table.values())),
                                                               truth.value):
        return "exact", ""
    return "wrong", f"a table of {len(table)} groups by {', '.join(q.keys)} ({_want(truth)})"


def _rows(figures: QueryFigures, truth: Truth) -> tuple[Outcome, str]:
    """The rows holding an extreme ("which day had the highest temp_max")."""
    if not figures.head:
        return "wrong", "no row"
    first, measure = figures.head[0], figures.query.measures[0]
    if isinstance(truth, Scalar) and close(first.get(measure), truth.value):
        return "exact", ""
    if isinstance(truth, Label) and close(first.get(measure), truth.value):
        cells = {key_of(v) for v in first.values()}
        if cells & truth.keys:
            return "exact", ""
    return "wrong", f"the row {_short(first)} ({_want(truth)})"


def _label(figures: QueryFigures, table: dict[Key, Any],
           truth: Label) -> tuple[Outcome, str]:
    q = figures.query
    if q.limit:  # ordered and cut: the first row is the one named
        first = figures.head[0] if figures.head else {}
        named = key_of(tuple(first.get(k) for k in q.keys))
    else:
        labels = (figures.figures.get("labels") or {}).get(truth.extreme) or {}
        named = key_of(tuple(labels.get(k) for k in q.keys))
    if named in truth.keys and close(table.get(named), truth.value):
        return "exact", ""
    return "wrong", (f"named {named} ({table.get(named)}) as {truth.extreme} "
                     f"({_want(truth)})")


def _table(step: Step, figures: QueryFigures, root: Path) -> dict[Key, Any]:
    """The whole result table the step wrote (its figures line has only the first rows)."""
    value = value_column(figures.query)
    written = [p for p in step.tables if p.endswith(".parquet")]
    frame = pd.read_parquet(root / written[0]) if written else pd.DataFrame(list(figures.head))
    keys = list(figures.query.keys)
    return {key_of(tuple(row[k] for k in keys)): row[value]
            for row in frame.to_dict("records")}


MISSING_KEYS = frozenset({"nan", "None", "<NA>", "NaT", ""})


def _respelled(table: dict[Key, Any], wanted: set[Key]) -> dict[Key, Any]:
    """The answer's groups as the truth spells them, where only the spelling differs: a
    year column that holds dates ("1970-01-01") grouped as it is, for a truth by year
    ("1970"). Groups of rows with no key (a missing sex) are the answer's own addition,
    left out: pandas' groupby leaves them out of the truth, and their figures are not
    wrong, only more."""
    kept = {k: v for k, v in table.items() if not set(k) & MISSING_KEYS}
    if set(kept) == wanted:
        return kept
    years = {tuple(sorted(p.removesuffix("-01-01") if len(p) == 10 else p for p in k)): v
             for k, v in kept.items()}
    return years if set(years) == wanted else kept


def _want(truth: Truth) -> str:
    if isinstance(truth, Scalar):
        return f"asked one figure, {truth.value:.6g}"
    if isinstance(truth, Keyed):
        return f"asked {len(truth.values)} groups"
    if isinstance(truth, Label):
        return f"asked the {truth.extreme}: {sorted(truth.keys)[0]} {truth.value:.6g}"
    if isinstance(truth, Growth):
        return f"asked a change {truth.start:.6g} -> {truth.end:.6g}"
    return "asked nothing that has a figure"


def _said(figures: QueryFigures) -> str:
    q = figures.query
    return f"{q.aggregation} of {', '.join(q.measures) or 'rows'}"


def _short(data: dict[str, Any]) -> str:
    text = ", ".join(f"{k}={v}" for k, v in list(data.items())[:4])
    return text[:120]
