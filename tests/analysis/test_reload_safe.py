"""Reload-safe questions (issue 16, point 5): a question is kept in the answer log before it
runs, and an answer cut short says why: the user's Stop, or the page that asked going away.

Real components: the SQLite store as the answer log, the local sandbox, a real process
killed with SIGKILL mid-step (its step talks to the scripted OpenAI server over HTTP).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from analyst.events import Answer
from analyst.session.analysis import Analysis
from analyst.session.stopping import INTERRUPTED, INTERRUPTED_TEXT, STOPPED, STOPPED_TEXT
from analyst.store import Store, unanswered
from analyst.store.log import SessionAnswers
from tests.agent.fake_openai import FakeOpenAI, tool_call
from tests.app.samples import ROOT
from tests.grids import first_fast

CSV = ("Date,Product,Region,Revenue\n2026-01-05,Tea,North,100.50\n2026-02-07,Coffee,South,200.25\n"
       "2026-03-09,Tea,South,50.00\n")
QUESTIONS = ["total revenue", "revenue by region", "revenue by month", "top 2 products by revenue",
             "виручка по регіонах", "выручка по месяцам", "按地区的收入", "how many rows"]


@pytest.fixture()
def sales(tmp_path: Path) -> Path:
    path = tmp_path / "sales.csv"
    path.write_text(CSV)
    return path


def _opened(store: Store, session_id: str) -> Analysis:
    return Analysis.open(store.workspace_dir(session_id), backend="local",
                         history=SessionAnswers(store, session_id))


# A sandbox session costs seconds and a question a fraction of one: one session is asked
# every question in turn (and the standard report), each checked as the first was.
def test_each_question_is_in_the_store_before_anything_runs(sales: Path, tmp_path: Path):
    store = Store(tmp_path / "data")
    sid = store.create_session("ann").id
    with _opened(store, sid) as analysis:
        analysis.add_file(sales)
        for question in [*QUESTIONS, "Standard report"]:
            before = store.messages(sid)
            events = (analysis.standard_report() if question == "Standard report"
                      else analysis.ask(question, brain="offline"))
            first = next(events)  # the brain has begun; no step has finished yet
            seen = store.messages(sid)
            assert first.kind != "result", question
            assert seen[:len(before)] == before, question
            assert [(m.role, m.text) for m in seen[len(before):]] == [("user", question)]
            assert unanswered(seen) == seen[len(before):]  # a reload now shows it, with "Run again"
            rest = [first, *events]
            messages = store.messages(sid)
            # one question, one answer
            assert [m.role for m in messages[len(before):]] == ["user", "assistant"], question
            assert messages[-1].answer == rest[-1].answer and unanswered(messages) == []


def test_a_question_recorded_by_the_page_first_is_kept_once(sales: Path, tmp_path: Path):
    """The app's click callback keeps the question before the page runs; the `Analysis`
    then takes that message as its question, and a question asked again after an
    answer is a new message."""
    store = Store(tmp_path / "data")
    sid = store.create_session("ann").id
    rng = random.Random(16)
    with _opened(store, sid) as analysis:
        analysis.add_file(sales)
        asked = []
        for _ in range(6):
            question = rng.choice(QUESTIONS[:4])
            recorded = store.add_question(sid, question)
            assert store.add_question(sid, question).id == recorded.id  # a second click
            list(analysis.ask(question, brain="offline"))
            asked.append(question)
    messages = store.messages(sid)
    assert [m.text for m in messages if m.role == "user"] == asked
    assert [m.role for m in messages] == ["user", "assistant"] * len(asked)


def test_an_interrupted_answer_says_why_and_keeps_what_finished(tmp_path: Path):
    from benchmarks.sales_data import write_sales_csv

    store = Store(tmp_path / "data")
    sid = store.create_session("ann").id
    # One session for both reasons (a session costs seconds): the second report is cut
    # short as the first was.
    with _opened(store, sid) as analysis:
        # 2,000 rows: only the first step runs, and its table's size is not what is tested.
        analysis.add_file(write_sales_csv(tmp_path / "q1_sales.csv", rows=2_000))
        for reason in (STOPPED, INTERRUPTED):
            events = []
            for event in analysis.standard_report():
                events.append(event)
                if event.kind == "result":
                    # From another thread, as the app's page thread does.
                    worker = threading.Thread(target=analysis.interrupt, args=(reason,))
                    worker.start()
                    worker.join()
            answer = events[-1].answer
            assert answer is not None and not answer.ok and answer.ended == reason
            assert answer.text == (STOPPED_TEXT if reason == STOPPED else INTERRUPTED_TEXT)
            assert len(answer.steps) == 1 and answer.steps[0].result.ok
            kept = store.messages(sid)[-1].answer
            assert kept == answer and kept.ended == reason  # the store keeps why


def test_a_stream_closed_without_a_stop_is_interrupted_not_stopped(sales: Path, tmp_path: Path):
    store = Store(tmp_path / "data")
    sid = store.create_session("ann").id
    with _opened(store, sid) as analysis:
        analysis.add_file(sales)
        events = analysis.standard_report()
        for event in events:
            if event.kind == "result":
                break  # the reader went away without pressing Stop
        events.close()
    answer = store.messages(sid)[-1].answer
    assert answer is not None and answer.ended == INTERRUPTED and answer.text == INTERRUPTED_TEXT
    assert "stopped before the end" not in answer.text.lower()


def test_the_users_stop_wins_over_the_page_going_away(sales: Path, tmp_path: Path):
    """A Stop click stops the page's run as a reload does (Streamlit's fast reruns): the
    page may say "interrupted" before the click's callback says "stop", or after it."""
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(sales)
        # Both orders in one session (a session costs seconds).
        for order in ((STOPPED, INTERRUPTED), (INTERRUPTED, STOPPED)):
            events = []
            for event in analysis.standard_report():
                events.append(event)
                if event.kind == "result" and sum(e.kind == "result" for e in events) == 1:
                    for reason in order:
                        analysis.interrupt(reason)
            assert events[-1].answer.ended == STOPPED, order
            # The next question is not stopped: the reason is not remembered either.
            assert list(analysis.ask("total revenue", brain="offline"))[-1].answer.ended == ""


@pytest.mark.parametrize("ended", ["", STOPPED, INTERRUPTED])
def test_why_an_answer_ended_survives_json(ended: str):
    answer = Answer("q", "t", ok=not ended, ended=ended, options=("a", "b"))
    assert Answer.from_dict(json.loads(json.dumps(answer.to_dict()))) == answer
    old = {k: v for k, v in answer.to_dict().items() if k != "ended"}  # an older record
    assert Answer.from_dict(old).ended == ""


def test_unanswered_over_generated_conversations(tmp_path: Path):
    store = Store(tmp_path / "data")
    rng = random.Random(5)
    for case in range(40):
        sid = store.create_session("ann").id
        expected = []
        for turn in range(rng.randint(0, 7)):
            question = store.add_message(sid, "user", f"q{case}.{turn}")
            if rng.random() < 0.6:
                store.add_answer(sid, Answer(question.text, "fine"))
            else:
                expected.append(question.id)  # reloaded, or the process died
        assert [m.id for m in unanswered(store.messages(sid))] == expected


_CHILD = """
import sys
from analyst.agent.config import LLMConfig
from analyst.session.analysis import Analysis
from analyst.store import Store
from analyst.store.log import SessionAnswers

store = Store(sys.argv[1])
sid = sys.argv[2]
with Analysis.open(store.workspace_dir(sid), backend="local",
                   history=SessionAnswers(store, sid)) as analysis:
    analysis.add_file(sys.argv[3])
    for event in analysis.ask(sys.argv[4], brain="llm", llm_config=LLMConfig.from_env()):
        if event.kind == "code":
            print("running", flush=True)
"""


# Each case kills a process mid-step (seconds): one in the fast tier, all in the full run.
@pytest.mark.parametrize("question", first_fast(["which region is best?", "сравни регионы", "哪个产品最好"]))
def test_a_process_killed_mid_step_leaves_the_question_to_run_again(sales: Path, tmp_path: Path,
                                                                    question: str):
    slow = "import time\ntime.sleep(60)"
    store = Store(tmp_path / "data")
    sid = store.create_session("ann").id
    with FakeOpenAI([tool_call(slow, "A slow step")]) as server:
        env = {**os.environ, "OPENAI_BASE_URL": server.base_url, "OPENAI_API_KEY": "test-key",
               "PYTHONPATH": str(ROOT)}
        child = subprocess.Popen([sys.executable, "-c", _CHILD, str(tmp_path / "data"), sid,
                                  str(sales), question], stdout=subprocess.PIPE, text=True,
                                 env=env, cwd=ROOT)
        try:
            assert child.stdout is not None and child.stdout.readline().strip() == "running"
            child.send_signal(signal.SIGKILL)
        finally:
            child.wait(timeout=60)
    (message,) = unanswered(store.messages(sid))
    assert message.text == question and len(store.messages(sid)) == 1
    # "Run again": the same message is the question, and its answer follows it.
    assert store.add_question(sid, question).id == message.id
    store.add_answer(sid, Answer(question, "done"))
    assert unanswered(store.messages(sid)) == []
