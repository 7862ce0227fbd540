"""Slow is not dead: a session whose keeper answers late, while its container runs and its
kernel works, is never restarted; one whose container is gone is, at once and said so.

Real Docker: the container's CPU is cut to a few percent by the engine (`docker update
--cpus`) and the first wait for a ping is made far shorter than any answer can take, so
the first health check goes past its first window and must be judged from the container."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from sandbox import Limits, open_session
from sandbox.engine import client
from sandbox.health import Patience

pytestmark = pytest.mark.docker
LIMITS = Limits(memory_bytes=1024**3, step_timeout_s=120)


def _throttle(cid: str, cpus: float) -> None:
    done = subprocess.run(["docker", "update", "--cpus", str(cpus), cid],  # noqa: S603,S607
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


# No first window at all: every answer is late (a window of 0.1-10 ms was sometimes met by
# a keeper at 10% of a CPU on a quiet machine, and the judgement from the container was
# then never reached); later windows grow from the round trips, as in use.
@pytest.mark.parametrize("cpus", [0.02, 0.05, 0.1])
def test_a_busy_slow_session_is_kept(tmp_path: Path, docker_image: str, cpus: float) -> None:
    with open_session(tmp_path / "ws", backend="docker", limits=LIMITS) as session:
        session.start()  # the kernel is busy pre-importing pandas right after this
        cid = session._backend.container
        assert cid is not None
        _throttle(cid, cpus)
        session.patience = Patience(base_s=0.0, stuck_s=30)
        first = session.run("x = 41")
        later = [session.run(f"x += 1; print(x, {i})") for i in range(5)]
        assert first.ok and not first.restarted and first.notice is None
        for i, result in enumerate(later):
            assert result.stdout == f"{42 + i} {i}\n", result
            assert not result.restarted and result.notice is None
        assert session._backend.container == cid  # the same container throughout
        assert session.patience.slow >= 1  # the checks did go past their first window


@pytest.mark.parametrize("how", ["kill", "remove"])
def test_a_gone_container_is_found_at_once(tmp_path: Path, docker_image: str, how: str) -> None:
    with open_session(tmp_path / "ws", backend="docker", limits=LIMITS) as session:
        assert session.run("x = 1").ok
        cid = session._backend.container
        assert cid is not None
        session.patience = Patience(base_s=1e-4, stuck_s=600)  # only the container can tell
        if how == "kill":
            client().api.kill(cid)
        else:
            client().api.remove_container(cid, force=True)
        t0 = time.monotonic()
        result = session.run("print(2)")
        assert time.monotonic() - t0 < 60  # not the 600 s a hung sandbox would get
        assert result.restarted and result.stdout == "2\n"
        assert result.notice and "had stopped" in result.notice
