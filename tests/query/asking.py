"""Asking the offline analyst in the query tests, and the figures its step printed."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from analyst.brain.narrate.answer import QueryFigures, query_figures
from analyst.events import Answer
from analyst.session.analysis import Analysis


def ask(analysis: Analysis, question: str) -> Answer:
    answer = list(analysis.ask(question, brain="offline"))[-1].answer
    assert answer is not None
    return answer


def figures(answer: Answer) -> QueryFigures:
    assert answer.ok, answer.text
    [step] = answer.steps
    got = query_figures(step.figures)
    assert got is not None, step.result.stdout
    return got


def close(a: float | None, b: float) -> bool:
    return a is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def result_table(analysis: Analysis, question: str) -> pd.DataFrame:
    """The table the one step of the answer to `question` wrote (its parquet file)."""
    answer = ask(analysis, question)
    assert answer.ok, answer.text
    (step,) = answer.steps
    path = next(f.path for f in step.result.files if f.path.endswith(".parquet"))
    return pd.read_parquet(Path(analysis.workspace.root) / path)
