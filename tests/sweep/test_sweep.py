"""The offline analyst never states a wrong figure for a question about a public table: each
question of the sweep is answered exactly or declined (issue 26, point 7).

One case per question. The questions answered wrong on today's code are expected to fail
(`known.WRONG_TODAY`, strict): a fix that makes one right (or makes it decline) turns its
case into XPASS(strict), a failure, and whoever fixed it removes the mark
(`python -m tests.sweep --known` prints the marks of the code as it is).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.sweep.known import WRONG_TODAY
from tests.sweep.question import Question
from tests.sweep.questions import ALL
from tests.sweep.run import Sweep


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sweep]:
    runner = Sweep(tmp_path_factory.mktemp("sweep"))
    yield runner
    runner.close()


# Table by table, in the order the tables first come and each table's questions in their own
# order: a table's analysis (an ingest and a kernel) is opened once, not each time the list
# comes back to the table (31 runs of a table in the list's order, 12 tables).
_FIRST = {table: k for k, table in reversed(list(enumerate(q.table for q in ALL)))}
ASKED = sorted(ALL, key=lambda q: _FIRST[q.table])


def case(question: Question) -> object:
    reason = WRONG_TODAY.get(question.id)
    marks = [pytest.mark.xfail(strict=True, reason=f"wrong today: {reason}")] if reason else []
    return pytest.param(question, id=question.id, marks=marks)


@pytest.mark.parametrize("question", [case(q) for q in ASKED])
def test_an_exact_figure_or_none(sweep: Sweep, question: Question) -> None:
    result = sweep.ask(question)
    assert result.verdict.outcome != "wrong", (
        f"{question.text!r} on {question.table}: {result.verdict.why} "
        f"(the answer: {result.verdict.reading})")


def test_the_marks_name_only_questions_of_the_sweep() -> None:
    assert set(WRONG_TODAY) <= {q.id for q in ALL}, "a mark for a question no longer asked"
