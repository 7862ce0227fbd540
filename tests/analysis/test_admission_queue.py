"""The one line a question waits in (`analyst.session.admission`): no more than the limit
run at once across browser sessions, the rest wait first come first served and are told
their place, a wait too long ends in plain words and leaves the line.

Threads stand for browser sessions of one app process (each its own lease, as each
session's `Analysis` has); the slots and the line are the real flock'd files.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from analyst.errors import user_message
from analyst.session.admission import Admission, Lease, QueueTimeout

# Words each language's message says, whatever the figures.
TIMEOUT_WORDS = {"en": "analysis slots stayed busy", "uk": "місця для аналізу",
                 "ru": "места для анализа", "zh": "分析位"}


def _until(condition, within: float = 5.0) -> None:
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "the line never got there"
        time.sleep(0.01)


def _hold(lease: Lease) -> None:
    for _ in lease.waiting(timeout_s=5):
        pass


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_a_free_place_starts_at_once_without_a_word(tmp_path: Path, limit: int) -> None:
    admission = Admission(tmp_path / "running", limit)
    leases = [admission.lease(lambda: None) for _ in range(limit)]
    for lease in leases:
        assert list(lease.waiting(timeout_s=5)) == []  # no Wait: nobody is told to wait
        assert lease.holding and lease.busy
    assert admission.line.waiting() == []


@pytest.mark.parametrize(("limit", "waiters"), [(1, 1), (1, 3), (2, 2)])
def test_when_every_place_is_taken_the_next_wait_first_come_first_served_told_their_place(
        tmp_path: Path, limit: int, waiters: int) -> None:
    admission = Admission(tmp_path / "running", limit)
    holders = [admission.lease(lambda: None) for _ in range(limit)]
    for holder in holders:
        _hold(holder)
    served: dict[int, float] = {}  # waiter -> when it got its place
    places: dict[int, list[int]] = {i: [] for i in range(waiters)}

    def wait(i: int) -> None:
        lease = admission.lease(lambda: None)
        for told in lease.waiting(timeout_s=10):
            places[i].append(told.place)
        served[i] = lease.granted_at
        lease.end()
        lease.release()  # the browser session closed: the next in line is rung

    threads = []
    for i in range(waiters):  # each joins the line before the next arrives
        threads.append(threading.Thread(target=wait, args=(i,)))
        threads[-1].start()
        _until(lambda n=i + 1: len(admission.line.waiting()) == n)
    assert served == {}  # nobody got past a full house
    for holder in holders:
        holder.end()
        holder.release()
    for thread in threads:
        thread.join(10)
    assert sorted(served, key=served.__getitem__) == list(range(waiters))
    for i, told in places.items():
        assert told[0] == i + 1  # its place when it arrived: 1 is next
        assert told == sorted(told, reverse=True) and told[-1] >= 1  # only ever forward
    assert admission.line.waiting() == []


@pytest.mark.parametrize(("limit", "timeout_s"), [(1, 0.2), (2, 0.4)])
def test_waiting_too_long_gives_a_plain_message_and_leaves_the_line(
        tmp_path: Path, limit: int, timeout_s: float) -> None:
    admission = Admission(tmp_path / "running", limit)
    holders = [admission.lease(lambda: None) for _ in range(limit)]
    for holder in holders:
        _hold(holder)
    late = admission.lease(lambda: None)
    began = time.monotonic()
    with pytest.raises(QueueTimeout, match=TIMEOUT_WORDS["en"]) as raised:
        _hold_for(late, timeout_s)
    assert timeout_s <= time.monotonic() - began < timeout_s + 1.0
    for language, words in TIMEOUT_WORDS.items():
        said = user_message(raised.value, language)
        assert said is not None and words in said and "Traceback" not in said
    assert admission.line.waiting() == [] and not late.holding
    holders[0].end()
    holders[0].release()
    assert list(late.waiting(timeout_s=5)) == []  # the line is not stuck behind it


def _hold_for(lease: Lease, timeout_s: float) -> None:
    for _ in lease.waiting(timeout_s=timeout_s):
        pass


def test_an_error_inside_the_question_frees_the_place_for_the_next(tmp_path: Path) -> None:
    admission = Admission(tmp_path / "running", 1, pause_after_s=0)
    first = admission.lease(lambda: None)
    with pytest.raises(ValueError), first.question(timeout_s=5):
        raise ValueError("boom")
    assert not first.busy
    second = admission.lease(lambda: None)
    with second.question(timeout_s=5):  # the idle first is paused for it
        assert second.busy
    assert first.paused and not first.holding


@pytest.mark.parametrize(("limit", "sessions"), [(1, 3), (2, 5), (3, 4)])
def test_no_more_than_the_limit_run_at_once_across_browser_sessions(
        tmp_path: Path, limit: int, sessions: int) -> None:
    admission = Admission(tmp_path / "running", limit)
    lock = threading.Lock()
    running = [0]
    most = [0]

    def session() -> None:
        lease = admission.lease(lambda: None)
        with lease.question(timeout_s=10):
            with lock:
                running[0] += 1
                most[0] = max(most[0], running[0])
            time.sleep(0.1)
            with lock:
                running[0] -= 1
        lease.release()

    threads = [threading.Thread(target=session) for _ in range(sessions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(15)
    assert not any(thread.is_alive() for thread in threads)
    assert most[0] <= limit


QUESTIONS = {"en": "revenue by month", "uk": "виручка по місяцях", "ru": "выручка по месяцам",
             "zh": "按月的收入"}


@pytest.fixture(scope="module")
def asked_too_late(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list]:
    """One question per language asked while the only place is taken, each given up after
    0.2 s: the events each gave (one workspace, one real ingest, no sandbox started)."""
    from analyst.session.analysis import Analysis

    root = tmp_path_factory.mktemp("late")
    admission = Admission(root / "running", 1, wait_limit_s=0.2)
    holder = admission.lease(lambda: None)
    _hold(holder)
    (root / "sales.csv").write_text("month,revenue\n2026-01,10\n2026-02,12\n")
    analysis = Analysis.open(root / "ws", backend="local", admission=admission,
                             history=[])
    analysis.add_file(root / "sales.csv")
    try:
        return {lang: list(analysis.ask(question, brain="offline"))
                for lang, question in QUESTIONS.items()}
    finally:
        holder.end()
        holder.release()
        analysis.close()


@pytest.mark.parametrize("language", sorted(QUESTIONS))
def test_a_question_that_waited_too_long_is_answered_in_plain_words_in_its_language(
        asked_too_late: dict[str, list], language: str) -> None:
    events = asked_too_late[language]
    waits = [e for e in events if e.kind == "status" and e.data.get("place") == 1]
    assert waits, "the user was never told the place"
    (error,) = [e for e in events if e.kind == "error"]
    assert TIMEOUT_WORDS[language] in error.message and "Traceback" not in error.message
    answer = events[-1].answer
    assert events[-1].kind == "answer" and answer is not None
    assert not answer.ok and error.message in answer.text and answer.steps == ()


@pytest.mark.parametrize(("sessions", "questions"), [(3, 1), (4, 2)])
def test_a_question_waits_only_for_a_core_while_idle_sessions_keep_their_containers(
        tmp_path: Path, sessions: int, questions: int) -> None:
    """Room for every session's container, fewer places for questions: a session keeps its
    place between questions (its container runs on, never paused), and a question waits
    only while the questions' places are all busy, first come first served."""
    admission = Admission(tmp_path / "running", sessions, pause_after_s=0,
                          questions=questions)
    leases = [admission.lease(lambda: None) for _ in range(sessions)]
    for lease in leases:  # each asks once: every session now holds its container's place
        with lease.question(timeout_s=5):
            pass
    assert all(lease.holding and not lease.busy for lease in leases)
    running = leases[:questions]
    for lease in running:  # the cores are busy
        assert list(lease.waiting(timeout_s=5)) == []
    late = leases[questions]
    told: list[int] = []
    served = threading.Event()

    def ask() -> None:
        for wait in late.waiting(timeout_s=10):
            told.append(wait.place)
        served.set()

    thread = threading.Thread(target=ask)
    thread.start()
    _until(lambda: told != [])
    assert not served.wait(0.3)  # no idle session is paused for it: it waits for a core
    assert told[0] == 1 and admission.pauses == 0
    running[0].end()  # a question ends: the first in line runs at once
    assert served.wait(5)
    thread.join(5)
    late.end()
    assert admission.pauses == 0 and all(lease.holding for lease in leases)
    assert not any(lease.paused for lease in leases)
    for lease in (*running[1:], *leases):
        lease.end()
        lease.release()
    assert admission.line.waiting() == []


def test_the_hosts_admission_runs_questions_by_the_cores_and_sessions_by_memory(
        tmp_path: Path) -> None:
    from analyst.session.admission import admission
    from analyst.session.admission_settings import (
        QUESTIONS_PER_CORE,
        default_limit,
        default_questions,
    )
    from analyst.session.host import usable_cores

    host = admission(tmp_path / "running")
    assert host.limit == default_limit()
    assert host.questions == default_questions(host.limit)
    assert default_questions() == max(2, int(usable_cores() * QUESTIONS_PER_CORE))
    assert default_questions(1) == 1  # never more questions than sessions
    assert admission(tmp_path / "other", limit=3).questions == min(3, default_questions())


def test_a_session_in_line_is_never_paused_and_goes_before_one_that_waits_for_room(
        tmp_path: Path) -> None:
    """Memory for one container, one core. A new session waits for room while the only
    session runs; that session asks again at once: it is not paused while it waits (its
    container is about to be used) and, as the one ahead only waits for room, it runs on
    the free core. Idle after that, it is paused for the newcomer, who then runs."""
    paused: list[str] = []
    admission = Admission(tmp_path / "running", 1, pause_after_s=0, questions=1)
    old = admission.lease(lambda: paused.append("old"))
    assert list(old.waiting(timeout_s=5)) == []  # runs its first question
    new = admission.lease(lambda: paused.append("new"))
    served = threading.Event()

    def newcomer() -> None:
        for _ in new.waiting(timeout_s=20):
            pass
        served.set()

    thread = threading.Thread(target=newcomer)
    thread.start()
    _until(lambda: len(admission.line.waiting()) == 1)
    old.end()
    # At once its next question (before the newcomer had it paused, which needs it idle).
    asked_again = threading.Event()

    def again() -> None:
        for _ in old.waiting(timeout_s=10):
            pass
        asked_again.set()

    again_thread = threading.Thread(target=again)
    again_thread.start()
    again_thread.join(10)
    # Either it got in line and went first past the one waiting for room, or it found its
    # place before the newcomer woke: in both cases it ran with its own container.
    assert asked_again.is_set() and old.busy and old.holding and paused == []
    assert not served.is_set()
    old.end()  # idle now: paused for the newcomer, who runs
    assert served.wait(10)
    thread.join(5)
    assert paused == ["old"] and new.busy and not old.holding
    new.end()
    new.release()
    assert admission.line.waiting() == []
