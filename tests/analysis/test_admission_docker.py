"""Admission through the real Docker backend: a host limit that holds under concurrent
sessions, waiting that is said, idle sessions paused and resumed with an honest notice.

Every session has its own generated sales file, so an answer that crossed sessions, or a
paused session that came back with another's table, gives a wrong figure. Running
containers are counted from the engine (by the workspace label of this test's folders)
all the time the sessions work, never from our own bookkeeping.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.events import Answer, Event
from analyst.session.admission import Admission
from analyst.session.analysis import Analysis
from analyst.words import say
from benchmarks.sales_data import write_sales_csv
from sandbox import Limits
from sandbox.engine import client
from sandbox.health import load_factor

pytestmark = pytest.mark.docker
LIMITS = Limits(memory_bytes=1024**3, step_timeout_s=300)


def _month(df: pd.DataFrame) -> pd.Series:
    return df["Date"].str[:7]


# (question, its language, the column grouped by (or a function of the frame), measure)
QUESTIONS: tuple[tuple[str, str, str | Callable[[pd.DataFrame], pd.Series], str], ...] = (
    ("revenue by region", "en", "Region", "Revenue"),
    ("виручка по регіонах", "uk", "Region", "Revenue"),
    ("quantity by channel", "en", "Channel", "Quantity"),
    ("выручка по каналам", "ru", "Channel", "Revenue"),
    ("revenue by month", "en", _month, "Revenue"),
    ("各地区的收入", "zh", "Region", "Revenue"),
)


def check_answer(answer: Answer, root: Path, frame: pd.DataFrame, question: int) -> None:
    """The answer's own saved table against plain pandas on the session's raw file."""
    text, _, by, measure = QUESTIONS[question]
    assert answer.ok, (text, answer.text)
    tables = [p for s in answer.steps for p in s.tables if p.endswith(".parquet")]
    assert tables, text
    table = pd.read_parquet(root / tables[0])
    keys = by(frame) if callable(by) else frame[by]
    expected = frame.groupby(keys)[measure].sum()
    key_column = "month" if callable(by) else by
    got = table.set_index(key_column)[measure].sort_index()
    assert list(got.index) == list(expected.index), text
    np.testing.assert_allclose(got.to_numpy(dtype=float), expected.to_numpy(dtype=float),
                               rtol=0, atol=1e-6)


class Counter:
    """Polls the engine for this test's running containers; remembers the most at once."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.most = 0
        self.samples = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def now(self) -> int:
        listed = client().api.containers(filters={"label": "analyst.workspace"})
        return sum(1 for c in listed
                   if str(c.get("Labels", {}).get("analyst.workspace", "")).startswith(self.prefix))

    def _run(self) -> None:
        while not self._done.is_set():
            self.most = max(self.most, self.now())
            self.samples += 1
            time.sleep(0.05)

    def __enter__(self) -> Counter:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


@dataclass
class Asker:
    analysis: Analysis
    frame: pd.DataFrame
    answers: list[tuple[int, Answer]] = field(default_factory=list)
    events: list[tuple[int, Event]] = field(default_factory=list)
    failure: BaseException | None = None

    def ask(self, question: int) -> Answer:
        got = []
        for event in self.analysis.ask(QUESTIONS[question][0], brain="offline"):
            self.events.append((question, event))
            if event.kind == "answer" and event.answer is not None:
                got.append(event.answer)
        assert len(got) == 1
        self.answers.append((question, got[0]))
        return got[0]


def _patience(seconds: float) -> float:
    """How long a whole phase may take: generous, and more on a loaded machine."""
    return seconds * load_factor() + 120


# Five sessions on two places (a minute of containers): up to three stand in line at once
# and at least three pauses make room. A case of three sessions (one in line, one pause)
# asserted nothing this one does not, at a third of its cost.
@pytest.mark.parametrize(("limit", "sessions", "each"), [(2, 5, 2)])
def test_the_limit_holds_and_paused_sessions_come_back(
        tmp_path: Path, docker_image: str, limit: int, sessions: int, each: int) -> None:
    admission = Admission(tmp_path / "running", limit, pause_after_s=0.5)
    askers: list[Asker] = []
    for i in range(sessions):
        csv = write_sales_csv(tmp_path / f"sales_{i}.csv", rows=2000 + 500 * i, seed=100 + i)
        analysis = Analysis.open(tmp_path / f"ws{i}", backend="docker", limits=LIMITS,
                                 admission=admission)
        analysis.add_file(csv)
        askers.append(Asker(analysis, pd.read_csv(csv)))
    start = threading.Barrier(sessions)

    def work(asker: Asker, index: int) -> None:
        try:
            start.wait()
            for k in range(each):
                asker.ask((index + k) % len(QUESTIONS))
        except BaseException as exc:  # noqa: BLE001  reported by the test thread
            asker.failure = exc

    try:
        with Counter(str(tmp_path)) as counter:
            threads = [threading.Thread(target=work, args=(a, i)) for i, a in enumerate(askers)]
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + _patience(30 * sessions * each)
            for thread in threads:
                thread.join(max(1.0, deadline - time.monotonic()))
            assert not any(t.is_alive() for t in threads), "the sessions never finished"
            for asker in askers:
                assert asker.failure is None, asker.failure
            # Phase 2: every session asks once more; the paused ones start again (one
            # asking may pause another idle one: which is judged just before each asks).
            resumed = []
            for i, asker in enumerate(askers):
                question = (i + each) % len(QUESTIONS)
                was_paused = asker.analysis._place._session is None  # its container was stopped
                ran = sum(len(ans.steps) for _, ans in asker.answers)  # in that container
                answer = asker.ask(question)
                lang = QUESTIONS[question][1]
                notices = [w for w in answer.warnings
                           if w.startswith(say(lang, "session", "resumed_nothing_lost")[:20])]
                if was_paused:
                    assert notices == [say(lang, "session", "resumed_variables_lost",
                                           plural=ran, n=ran)], answer.warnings
                    resumed.append(i)
                else:
                    assert notices == [], answer.warnings
            assert counter.samples > 10
            assert 1 <= counter.most <= limit, counter.most
    finally:
        for asker in askers:
            asker.analysis.close()
    for asker in askers:
        for question, answer in asker.answers:
            check_answer(answer, asker.analysis.workspace.root, asker.frame, question)
            assert not any(s.result is not None and s.result.restarted for s in answer.steps)
    # More sessions than places: some waited, were told in their question's language, and
    # at least as many pauses as sessions beyond the limit made room.
    waits = [(q, e) for a in askers for q, e in a.events
             if e.kind == "status" and "waiting_s" in e.data]
    assert waits
    for question, event in waits:
        lang = QUESTIONS[question][1]
        place = event.data["place"]
        assert event.message in (say(lang, "session", "waiting", place=place),
                                 *(say(lang, "session", "still_waiting", plural=s, n=s,
                                       place=place)
                                   for s in range(int(event.data["waiting_s"]) + 2))), event
    assert admission.pauses >= sessions - limit
    assert resumed, "no session was paused and asked again"
    assert Counter(str(tmp_path)).now() == 0
