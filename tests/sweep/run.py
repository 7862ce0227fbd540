"""Asking the sweep's questions through the product's own path, one `Analysis` per table.

Each table is written as its CSV file and added to an `Analysis` of its own (local
backend, offline brain), as a user would drop it on the page; every question of that table
is asked there. The truth is computed from the same file with plain pandas.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from analyst.events import Answer
from analyst.session.analysis import Analysis
from tests.sweep.judge import Verdict, judge
from tests.sweep.question import Question
from tests.sweep.tables import raw, write


@dataclass(frozen=True)
class Result:
    question: Question
    verdict: Verdict
    seconds: float


OPEN_AT_ONCE = 2
"""Analyses kept open: each holds a sandbox kernel of about 180 MB, and the questions come
table by table (a pytest worker may get a table's questions in two runs)."""


class Sweep:
    """The open analyses and raw frames of the tables asked so far, under `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._analyses: dict[str, Analysis] = {}
        self._frames: dict[str, pd.DataFrame] = {}
        self._opened = 0

    def analysis(self, table: str) -> Analysis:
        if table in self._analyses:
            self._analyses[table] = self._analyses.pop(table)  # the latest used comes last
            return self._analyses[table]
        while len(self._analyses) >= OPEN_AT_ONCE:
            oldest = next(iter(self._analyses))
            self._analyses.pop(oldest).close()
        files = self.folder / "files"
        files.mkdir(parents=True, exist_ok=True)
        path = write(table, files)
        self._opened += 1
        analysis = Analysis.open(self.folder / "ws" / f"{self._opened}-{table}", backend="local")
        analysis.add_file(path)
        self._analyses[table] = analysis
        self._frames[table] = raw(path)
        return analysis

    def ask(self, question: Question) -> Result:
        start = time.perf_counter()
        analysis = self.analysis(question.table)
        events = list(analysis.ask(question.text, brain="offline"))
        answer = events[-1].answer
        assert isinstance(answer, Answer), "the offline brain ended without an answer"
        truth = question.truth(self._frames[question.table].copy())
        verdict = judge(answer, truth, analysis.workspace.root)
        return Result(question, verdict, time.perf_counter() - start)

    def close(self) -> None:
        for analysis in self._analyses.values():
            analysis.close()
        self._analyses.clear()


def sweep(questions: Iterable[Question], folder: Path) -> Iterator[Result]:
    runner = Sweep(folder)
    try:
        for question in questions:
            yield runner.ask(question)
    finally:
        runner.close()
