"""A restart's notice says what was lost, only as it is, and what to do (issue 16, point 4).

A kernel that had run no step held no variables: its restart loses nothing and says so.
One that had run steps names how many lost their variables, keeps the files, and says a
step that used them has to run again. Nobody is told to "load the data again": every
step of the offline analyst reads its table itself, and files survive restarts.
"""

from __future__ import annotations

import time

import pytest

from sandbox import open_session
from sandbox.session import lost_words
from tests.grids import pairs
from tests.sandbox.conftest import TEST_LIMITS
from tests.sandbox.test_notice_reasons import exited, said_everywhere, the

IGNORES_INTERRUPT = ("import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                     "while True:\n    time.sleep(0.01)")
CRASH = "import os\nos._exit(1)"
THREAD = "import threading, time\nthreading.Thread(target=time.sleep, args=(60,)).start()"
# Each cause of a restart during (or right after) a step, with the words that name it.
CAUSES = {
    "timeout": (IGNORES_INTERRUPT, "did not stop when interrupted"),
    "crash": (CRASH, "ended during the step"),
    "threads": (THREAD, "thread(s) running"),
}


def _assert_honest(notice: str, lost: int) -> None:
    assert "load the data again" not in notice.lower()
    if lost == 0:
        assert "gone" not in notice and "nothing" in notice and "lost" in notice, notice
    else:
        assert "gone" in notice and "files saved are kept" in notice, notice
        assert "has to run again" in notice, notice


def _earlier_steps(session, count: int) -> None:
    for i in range(count):
        assert session.run(f"v{i} = {i}").ok


# Each case restarts a kernel (up to 13 s for one that ignores the interrupt): every pair of
# backend, cause and count of earlier steps meets in a case (9 of the 18), each value once in
# the fast tier. This grid is also the proof that a step ignoring the interrupt after its
# timeout is ended by a restart (it was test_session's own test, on both backends).
@pytest.mark.parametrize(("backend", "cause", "earlier"),
                         pairs(["local", "docker"], sorted(CAUSES), [0, 1, 3],
                               marks=lambda case: [pytest.mark.docker] if case[0] == "docker"
                               else []),
                         indirect=["backend"])
def test_a_restart_during_a_step_names_what_it_lost(workspace, backend, cause, earlier):
    code, words = CAUSES[cause]
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
        _earlier_steps(session, earlier)
        result = session.run(code, timeout=1)
        assert result.restarted and words in result.notice, result.notice
        assert "restarted" in result.notice, result.notice
        assert result.timed_out == (cause == "timeout"), result
        # A step left threads running after it finished: its own variables went too.
        lost = earlier + 1 if cause == "threads" else earlier
        _assert_honest(result.notice, lost)
        if lost:
            assert ("this step" if cause == "threads" else "earlier step") in result.notice
        if earlier > 1:
            assert f"the {earlier} earlier steps" in result.notice
        # The next step runs in a kernel that ran nothing lost: it says nothing of it.
        after = session.run("print('fresh')")
        assert after.ok and after.stdout == "fresh\n", after
        assert not after.restarted and after.notice is None
        if earlier:
            assert session.run("v0").error.name == "NameError"  # the notice said "gone"


# Also the proof that an idle kernel ends itself and the next step starts a fresh one (was
# test_session's own test) and says why in every language (was test_notice_reasons').
@pytest.mark.parametrize("earlier", [0, 1, 4])
def test_a_kernel_that_stopped_between_steps_says_whether_anything_was_lost(
        workspace, backend, earlier):
    limits = TEST_LIMITS.__class__(**{**TEST_LIMITS.__dict__, "idle_s": 1.0})
    with open_session(workspace, backend=backend, limits=limits) as session:
        session.start()
        _earlier_steps(session, earlier)
        (workspace.output_dir / "kept.csv").write_text("a\n1\n")
        time.sleep(2.5)  # the kernel ends itself when idle
        result = session.run("print('back')")
        assert result.ok and result.stdout == "back\n"
        assert result.restarted and "started again" in result.notice
        _assert_honest(result.notice, earlier)
        assert (workspace.output_dir / "kept.csv").exists()
        # Why it stopped, in every language (was test_notice_reasons' own idle session).
        notice = the(result, "session_stopped")
        assert notice.values["reason"] == exited(backend) and notice.values["status"] == 0, notice
        said_everywhere(result, "0")


# A stop that needs a restart with nothing before it loses nothing else (and says so):
# test_interrupt's ignored-stop case on the local backend.


@pytest.mark.parametrize("earlier", range(0, 25))
@pytest.mark.parametrize("when", ["before", "during", "after"])
def test_the_words_count_the_steps(earlier, when):
    words = lost_words(earlier, when=when)
    lost = earlier + 1 if when == "after" else earlier
    _assert_honest(words, lost)
    if earlier > 1:
        assert f"the {earlier} earlier steps" in words
    if earlier == 1:
        assert "the earlier step " in words
    assert words.endswith(".") and "  " not in words
