"""Reading a recipe's answer (breakdown, top_n, period_dynamics, kpi_summary ...) for the
sweep's judge.

A recipe states its key figures (`StepFigures.figures`) and writes its table; unlike a
query it does not say which column answers which question. So its answer is read as a
reader would: one figure asked is exact when it is among the figures the recipe stated
and the recipe's answer is not a table of parts;
figures per key are exact when one of its columns, keyed by one or two of its other
columns, holds exactly the truth's figures for exactly the truth's keys; the key holding an
extreme likewise, in the row where that column is highest (lowest). Anything else the
recipe stated is a figure for another question: wrong.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any, Literal

import pandas as pd

from analyst.events import Step
from tests.sweep.question import Key, Keyed, Label, Scalar, Truth, key_of

Outcome = Literal["exact", "wrong"]
TABLE_SIZES = ("groups", "periods", "items")
"""Figures by which a recipe says its answer is a table of that many parts (a breakdown's
groups, a dynamics' periods, a top N's items): one of its rows is no answer to a question
asking one figure."""


def _number(a: Any) -> bool:
    return isinstance(a, int | float) and not isinstance(a, bool) and not math.isnan(float(a))


def close(a: Any, b: float) -> bool:
    return _number(a) and math.isclose(float(a), b, rel_tol=1e-9, abs_tol=1e-12)


def judge_recipe(step: Step, truth: Truth, root: Path) -> tuple[Outcome, str]:
    figures = step.figures
    assert figures is not None
    said = f"recipe {figures.recipe} ({', '.join(list(figures.figures)[:5])})"
    if isinstance(truth, Scalar):
        parts = max((figures.figures.get(k, 0) for k in TABLE_SIZES), default=0)
        if parts > 1:
            return "wrong", f"{said}: a table of {parts:g} parts where one figure was asked"
        if any(close(v, truth.value) for v in figures.figures.values()):
            return "exact", ""
        return "wrong", f"{said}: none of its figures is {truth.value:.6g}"
    if isinstance(truth, Keyed):
        for table in _tables(written(step, root)):
            if set(table) == set(truth.values) and all(
                    close(table[k], v) for k, v in truth.values.items()):
                return "exact", ""
        return "wrong", f"{said}: no column of its table holds the {len(truth.values)} figures"
    if isinstance(truth, Label):
        for table in _tables(written(step, root)):
            values = {k: float(v) for k, v in table.items() if _number(v)}
            if not values:
                continue
            pick = max if truth.extreme == "highest" else min
            best = pick(values, key=values.__getitem__)
            if best in truth.keys and close(values[best], truth.value):
                return "exact", ""
        return "wrong", f"{said}: does not name the {truth.extreme} of the question"
    return "wrong", f"{said} for a question it does not answer"


def written(step: Step, root: Path) -> pd.DataFrame:
    """The table the recipe wrote (its figures line carries only the first rows)."""
    tables = [p for p in step.tables if p.endswith(".parquet")]
    if tables:
        return pd.read_parquet(root / tables[0])
    assert step.figures is not None
    return pd.DataFrame(list(step.figures.head))


def _tables(frame: pd.DataFrame) -> Iterator[dict[Key, Any]]:
    """Each numeric column keyed by each one or two of the other columns."""
    records = frame.to_dict("records")
    for value in [c for c in frame.columns if pd.api.types.is_numeric_dtype(frame[c])]:
        others = [c for c in frame.columns if c != value]
        for size in (1, 2):
            for keys in combinations(others, size):
                yield {key_of(tuple(r[k] for k in keys)): r[value] for r in records}
