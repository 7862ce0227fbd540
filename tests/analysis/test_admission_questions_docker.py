"""A place per running question, through the real Docker backend (issue 30, the closed loop):
with room for every session's container, the cores' places bound the questions that run at
once, each session keeps the one container it started for all its questions (no pause, no
restart), a question waits only while the cores are busy and is told its place, and every
figure is right. With the app's warm pool, questions that wait without a container make the
pool start theirs ahead, and no two sessions ever share one.

Every session has its own generated sales file, so an answer that crossed sessions gives a
wrong figure. Containers are seen from the engine (by the workspace label of this test's
folders, or the warm label of this process), never from our own bookkeeping.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.session.admission import Admission
from analyst.session.analysis import Analysis
from analyst.session.warm import ENV, current_pool, start_pool, stop_pool
from benchmarks.sales_data import write_sales_csv
from sandbox.engine import client
from tests.analysis.test_admission_docker import LIMITS, QUESTIONS, Asker, _patience, check_answer

pytestmark = pytest.mark.docker


class Watcher:
    """Samples, every 50 ms: which containers each workspace of this test runs (from the
    engine), and how many of the sessions run a question (their leases are busy)."""

    def __init__(self, prefix: str, askers: list[Asker]) -> None:
        self.prefix = prefix
        self.askers = askers
        self.containers: dict[str, set[str]] = {}
        self.most_busy = 0
        self.samples = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._done.is_set():
            for c in client().api.containers(filters={"label": "analyst.workspace"}):
                where = str(c.get("Labels", {}).get("analyst.workspace", ""))
                if where.startswith(self.prefix):
                    self.containers.setdefault(where, set()).add(c["Id"])
            self.most_busy = max(self.most_busy,
                                 sum(a.analysis.lease.busy for a in self.askers))
            self.samples += 1
            time.sleep(0.05)

    def __enter__(self) -> Watcher:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


def _askers(tmp_path: Path, sessions: int, admission: Admission) -> list[Asker]:
    askers = []
    for i in range(sessions):
        csv = write_sales_csv(tmp_path / f"sales_{i}.csv", rows=1500 + 300 * i, seed=300 + i)
        analysis = Analysis.open(tmp_path / f"ws{i}", backend="docker", limits=LIMITS,
                                 admission=admission)
        analysis.add_file(csv)
        askers.append(Asker(analysis, pd.read_csv(csv)))
    return askers


def _ask_all(askers: list[Asker], each: int) -> None:
    """Every session asks `each` questions, all at once, one after another."""
    start = threading.Barrier(len(askers))

    def work(asker: Asker, index: int) -> None:
        try:
            start.wait()
            for k in range(each):
                asker.ask((index + k) % len(QUESTIONS))
        except BaseException as exc:  # noqa: BLE001  reported by the test thread
            asker.failure = exc

    threads = [threading.Thread(target=work, args=(a, i)) for i, a in enumerate(askers)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + _patience(20 * len(askers) * each)
    for thread in threads:
        thread.join(max(1.0, deadline - time.monotonic()))
    assert not any(t.is_alive() for t in threads), "the sessions never finished"
    for asker in askers:
        assert asker.failure is None, asker.failure


def _check(askers: list[Asker]) -> None:
    for asker in askers:
        for question, answer in asker.answers:
            check_answer(answer, asker.analysis.workspace.root, asker.frame, question)
            assert not any(s.result is not None and s.result.restarted for s in answer.steps)


@pytest.mark.parametrize(("sessions", "questions", "each"), [(5, 2, 3)])
def test_questions_run_by_the_cores_and_each_session_keeps_its_container(
        tmp_path: Path, docker_image: str, sessions: int, questions: int, each: int) -> None:
    admission = Admission(tmp_path / "running", sessions, pause_after_s=0.5,
                          questions=questions)
    askers = _askers(tmp_path, sessions, admission)
    try:
        with Watcher(str(tmp_path), askers) as watcher:
            _ask_all(askers, each)
        assert watcher.samples > 10
        # Never more questions at once than the cores' places, and the places were used.
        assert watcher.most_busy == questions, watcher.most_busy
        # One container per session, the same for all its questions: nothing stopped idle
        # sessions between questions (idle well past pause_after_s while others ran).
        assert len(watcher.containers) == sessions
        assert all(len(ids) == 1 for ids in watcher.containers.values()), watcher.containers
        assert admission.pauses == 0
    finally:
        for asker in askers:
            asker.analysis.close()
    _check(askers)
    waits = [e for a in askers for _, e in a.events
             if e.kind == "status" and "waiting_s" in e.data]
    assert waits, "more questions than places, yet nobody waited"
    assert all(e.data["place"] >= 1 and e.data["limit"] == questions for e in waits)


@pytest.fixture
def small_pool(docker_image: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(ENV, "1")
    pool = start_pool("docker", LIMITS)
    assert pool is not None and pool.wait_ready(timeout=120)
    try:
        yield
    finally:
        stop_pool()


def test_the_pool_grows_while_questions_without_a_container_wait(
        tmp_path: Path, small_pool: None) -> None:
    pool = current_pool()
    assert pool is not None and pool.size == 1
    sizes: list[int] = []
    admission = Admission(tmp_path / "running", 4, questions=1)
    askers = _askers(tmp_path, 4, admission)
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            sizes.append(pool.size)
            time.sleep(0.02)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        _ask_all(askers, 1)
        done.set()
        watcher.join()
        # Three waited for the one place without a container: the pool grew for them,
        # handed more than the one it kept, and went back to its size.
        assert max(sizes) > 1, sizes
        assert pool.handed >= 2 and pool.size == 1
        containers = [a.analysis._place._session._backend.container for a in askers]
        assert len(set(containers)) == len(askers)  # never shared
    finally:
        for asker in askers:
            asker.analysis.close()
    _check(askers)
