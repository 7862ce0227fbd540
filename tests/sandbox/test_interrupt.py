"""Stopping a running step at the user's request (`Session.interrupt()`), and result round trips."""

from __future__ import annotations

import json
import threading
import time

import pytest

from sandbox import ExecutionResult
from tests.sandbox.test_honest_notices import IGNORES_INTERRUPT, _assert_honest


def _interrupt_after(session, seconds: float) -> threading.Thread:
    """Call `interrupt()` from another thread, as the UI's Stop button does."""
    def later() -> None:
        time.sleep(seconds)
        session.interrupt()

    thread = threading.Thread(target=later, daemon=True)
    thread.start()
    return thread


def test_a_busy_loop_is_stopped_at_once_and_keeps_variables(session):
    session.run("kept = 41")
    started = time.monotonic()
    _interrupt_after(session, 0.5)
    result = session.run("while True:\n    pass")
    took = time.monotonic() - started
    # Far below the 20 s step timeout: the interrupt, not the timeout, ended it (the margin
    # keeps a busy CI machine from failing this).
    assert took < 10.0, took
    assert result.interrupted and not result.ok and not result.timed_out
    assert not result.restarted
    assert result.error is None  # no KeyboardInterrupt traceback: the notice says it all
    assert result.notice == "Stopped at your request; variables are kept."
    assert session.run("kept + 1").value.text == "42"


# Each case waits out the grace period, then restarts (10 s and more on a busy machine): a stop
# with nothing before it (local: it loses nothing, and says so) and one after a step (Docker:
# its variables are gone). The other pairs of backend and steps lost are test_honest_notices'
# restart grid (the same restart after a timeout's ignored interrupt).
@pytest.mark.parametrize(("backend", "earlier"),
                         [("local", 0), pytest.param("docker", 1, marks=pytest.mark.docker)],
                         indirect=["backend"])
def test_a_step_that_ignores_the_stop_is_ended_by_a_restart_and_says_so(session, earlier):
    if earlier:
        session.run("lost = 1")
    _interrupt_after(session, 0.5)
    result = session.run(IGNORES_INTERRUPT)
    assert result.interrupted and result.restarted and not result.timed_out
    assert "Stopped at your request" in result.notice
    _assert_honest(result.notice, earlier)
    if earlier:
        assert "gone" in result.notice
        assert session.run("lost").error.name == "NameError"


def test_interrupt_without_a_running_step_does_nothing_and_is_not_remembered(session):
    assert session.interrupt() is False
    result = session.run("import time\ntime.sleep(0.3)\n'finished'")
    assert result.ok and not result.interrupted and result.value.text == "'finished'"


def test_a_finished_step_is_not_reported_as_stopped(session):
    result = session.run("x = 1")
    assert session.interrupt() is False
    assert result.ok and not result.interrupted and result.notice is None


def test_a_result_survives_a_json_round_trip_exactly(session):
    session.run("import pandas as pd")
    result = session.run(
        "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('output/a.png')\n"
        "print('hello')\npd.DataFrame({'a': [1, 2], 'b': ['x', None]})"
    )
    failed = session.run("1 / 0")
    for original in (result, failed, ExecutionResult()):
        stored = json.loads(json.dumps(original.to_dict()))
        assert ExecutionResult.from_dict(stored) == original
        assert ExecutionResult.from_dict(original.to_dict()) == original


def test_from_dict_reads_older_and_newer_results():
    older = {"stdout": "x\n", "ok": True, "files": [], "timed_out": False}
    assert ExecutionResult.from_dict(older) == ExecutionResult(stdout="x\n")
    newer = {**ExecutionResult(stdout="y").to_dict(), "a_field_from_the_future": 1}
    assert ExecutionResult.from_dict(newer).stdout == "y"
