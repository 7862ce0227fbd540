"""Asking the offline analyst in the query tests, and the figures its step printed."""

from __future__ import annotations

import math

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
