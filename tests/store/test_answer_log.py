"""A session's answers have one record behind one interface (`AnswerLog`): the app's is its
SQLite store, the command line's the workspace; `Analysis` reads and writes only that."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyst.events import RecipeCall
from analyst.session.analysis import Analysis
from analyst.store import Store
from analyst.store.answer_log import AnswerLog, MemoryAnswers, WorkspaceAnswers
from analyst.store.log import SessionAnswers
from analyst.store.workspace_state import HISTORY, STATE_DIR
from tests.cli.test_ask_report_cli import analyst

CSV = ("Date,Product,Region,Revenue\n2026-01-05,Tea,North,100.50\n2026-02-07,Coffee,South,200.25\n"
       "2026-03-09,Tea,South,50.00\n")


@pytest.fixture()
def sales(tmp_path: Path) -> Path:
    path = tmp_path / "sales.csv"
    path.write_text(CSV)
    return path


def test_every_log_is_an_answer_log(tmp_path: Path):
    store = Store(tmp_path / "data")
    for log in (WorkspaceAnswers(tmp_path), MemoryAnswers(),
                SessionAnswers(store, store.create_session("ann").id)):
        assert isinstance(log, AnswerLog)


def test_with_the_stores_log_answers_go_to_the_store_only(sales: Path, tmp_path: Path):
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    root = store.workspace_dir(session.id)
    with Analysis.open(root, backend="local", history=SessionAnswers(store, session.id)) as one:
        one.add_file(sales)
        list(one.ask("total revenue", brain="offline"))
        list(one.standard_report())
        kept = one.history
    assert [a.question for a in kept] == ["total revenue", "Standard report"]
    # Each question is kept before it runs (the user's message), then its answer.
    messages = store.messages(session.id)
    assert [m.answer for m in messages if m.role == "assistant"] == list(kept)
    assert [m.text for m in messages if m.role == "user"] == [a.question for a in kept]
    assert not (root / STATE_DIR / HISTORY).exists()  # no second record to reconcile
    # Another tab (or a reload) on the same session reads the same record, nothing else.
    with Analysis.open(root, backend="local", history=SessionAnswers(store, session.id)) as two:
        assert two.history == kept
        list(two.ask("revenue by region", brain="offline"))
        assert len(one.history) == 3 and one.history == two.history


def test_a_stopped_stream_keeps_one_answer_with_the_steps_that_finished(sales: Path,
                                                                         tmp_path: Path):
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(sales)
        events = analysis.standard_report()
        for event in events:
            if event.kind == "result":
                analysis.interrupt()  # the app's Stop: interrupt, then the page stops reading
                break
        events.close()
        (answer,) = analysis.history
    assert answer.text == "Stopped before the end." and not answer.ok
    assert len(answer.steps) == 1 and answer.steps[0].result.ok
    assert WorkspaceAnswers(tmp_path / "ws").answers() == [answer]


def test_the_warnings_shown_while_answering_are_kept_with_the_answer(sales: Path,
                                                                       tmp_path: Path):
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(sales)
        shown = [e.message for e in analysis.ask("total revenue", brain="offline")
                 if e.kind == "warning"]
        (answer,) = analysis.history
    assert shown and all(w in answer.warnings for w in shown)  # the local backend's warning
    assert WorkspaceAnswers(tmp_path / "ws").answers()[0].warnings == answer.warnings


def test_a_plan_shown_for_approval_runs_and_records_nothing(sales: Path, tmp_path: Path):
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(sales)
        steps = analysis.plan("revenue by month")
        assert steps and all(isinstance(s.origin, RecipeCall) and s.result is None
                             for s in steps)
        assert analysis.history == ()
    assert not list((tmp_path / "ws" / "output").iterdir())


@pytest.mark.docker  # reaches the Docker engine (the default backend is auto)
def test_the_command_lines_record_is_the_workspace(sales: Path, tmp_path: Path):
    done = analyst("ask", str(sales), "total revenue", "--offline", "--json", "--workspace",
                   str(tmp_path / "ws"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    with Analysis.open(tmp_path / "ws", backend="local") as again:
        (answer,) = again.history
    assert answer.text == printed["answer"] and len(answer.steps) == len(printed["steps"])
    assert [json.dumps(s.to_dict(), default=str, sort_keys=True) for s in answer.steps] == [
        json.dumps(s, sort_keys=True) for s in printed["steps"]]
