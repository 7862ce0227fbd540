"""A step that failed in the sandbox is explained in the answer's language (issue 10, point 4).

The offline answer's "could not compute X: <reason>" took the sandbox's English notice as
its reason, so a Ukrainian answer said "The step was stopped after 20 seconds ...". The
reason is now the sandbox's notices worded from the catalogue; English is unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from analyst.brain.plan.plan import Plan
from analyst.brain.runner import run_plan
from analyst.events import RecipeCall, Step
from analyst.words.notice import notice_words
from sandbox import ExecutionError, ExecutionResult, Notice
from sandbox.notices import lost, sentence

CASES = [
    (Notice("timeout", {"seconds": 20}),),
    (Notice("timeout_restarted", {"seconds": 1}), lost(0, "during")),
    (Notice("memory_restarted", {"limit_bytes": 2 * 1024**3}), lost(21, "during")),
    (Notice("stopped_restarted"), lost(2, "during")),
    (Notice("process_ended", {"detail": "exit status 1"}), lost(5, "during")),
]


class _Session:
    def __init__(self, root: Path, result: ExecutionResult) -> None:
        self.workspace = SimpleNamespace(root=root)
        self._result = result

    def run(self, code: str, timeout: float | None = None) -> ExecutionResult:
        return self._result


def _answer(tmp_path: Path, notices: tuple[Notice, ...], language: str) -> str:
    kind = notices[0].kind
    result = ExecutionResult(timed_out=kind.startswith("timeout"),
                             out_of_memory=kind.startswith("memory"),
                             interrupted=kind.startswith("stopped"),
                             restarted=len(notices) > 1, notice=sentence(notices),
                             error=ExecutionError("SessionEnded", "the Python process ended", "")
                             if kind == "process_ended" else None,
                             notices=notices)
    step = Step(1, "Виручка по місяцях", "print(1)", origin=RecipeCall("data_overview", {}))
    events = list(run_plan(_Session(tmp_path, result), Plan((step,)), "q", language=language))
    return events[-1].answer.text


@pytest.mark.parametrize("notices", CASES, ids=lambda n: n[0].kind)
@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_the_reason_a_step_failed_is_in_the_answers_language(tmp_path, notices, language):
    text = _answer(tmp_path, notices, language)
    assert " ".join(notice_words(n, language) for n in notices) in text, text
    assert not set(re.findall(r"[A-Za-z]{3,}", text)) - {"Python"}, text


@pytest.mark.parametrize("notices", CASES, ids=lambda n: n[0].kind)
def test_english_says_the_sandboxs_sentence_as_before(tmp_path, notices):
    text = _answer(tmp_path, notices, "en")
    assert sentence(notices) in text, text


@pytest.fixture(scope="module")
def sales_card(tmp_path_factory):
    from analyst.ingest import ingest_file
    from sandbox import Workspace

    root = tmp_path_factory.mktemp("notices")
    path = root / "sales.csv"
    path.write_text("date,region,revenue\n2026-01-05,North,10\n2026-02-07,South,20\n")
    workspace = Workspace(root / "ws").ensure()
    [card] = ingest_file(path, workspace)
    return card, workspace.root


@pytest.mark.parametrize("notices", CASES, ids=lambda n: n[0].kind)
@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
def test_a_query_step_that_failed_says_why_in_the_answers_language(sales_card, notices,
                                                                   language):
    from analyst.brain.queries import run_query
    from analyst.brain.understand.query import Query

    card, root = sales_card
    kind = notices[0].kind
    result = ExecutionResult(timed_out=kind.startswith("timeout"),
                             out_of_memory=kind.startswith("memory"),
                             interrupted=kind.startswith("stopped"),
                             notice=sentence(notices), notices=notices,
                             error=ExecutionError("SessionEnded", "the Python process ended", "")
                             if kind == "process_ended" else None)
    query = Query(card.table, "sum", ("revenue",), ("region",))
    events = list(run_query(_Session(root, result), query, card, "q", language))
    text = events[-1].answer.text
    if language == "en":
        assert sentence(notices) in text, text
    else:
        assert " ".join(notice_words(n, language) for n in notices) in text, text
        assert sentence(notices) not in text
