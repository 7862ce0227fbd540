"""Issue 25, points 1 and 4: the backend every user gets by default (`auto`) hands over what
a step wrote exactly as the backend it chose, and a local session closes at once as root.

Before: the auto backend wrapped the Docker one without its `sync_output` (found with
`getattr` on the wrapper), so with nothing configured no chart or table reached the host;
and closing a local session as root kept signalling the kernel's zombie until PID 1 reaped
it (1.6-2.0 s per close).
"""

from __future__ import annotations

import os
import time

import pytest

from sandbox import Workspace, notice_english, open_session
from sandbox.local_user import KILL_WAIT_S, UID_BASE, kill_user
from tests.sandbox.conftest import TEST_LIMITS

WRITE = """
import pandas as pd, matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
frame = pd.DataFrame({{"month": ["Jan", "Feb", "Mar"], "revenue": [{a}, {b}, {c}]}})
frame.to_csv("output/by_month_{n}.csv", index=False)
frame.to_parquet("output/by_month_{n}.parquet")
plt.plot(frame["month"], frame["revenue"]); plt.savefig("output/by_month_{n}.png"); plt.close()
print(int(frame["revenue"].sum()))
"""
NAMES = ("by_month_{n}.csv", "by_month_{n}.parquet", "by_month_{n}.png")


def _steps_hand_over_their_files(session, workspace: Workspace) -> None:
    for n, (a, b, c) in enumerate([(1, 2, 3), (10, 0, 7), (123456, 7, 89)]):
        result = session.run(WRITE.format(a=a, b=b, c=c, n=n))
        assert result.ok, result
        assert result.stdout.strip() == str(a + b + c)
        wanted = {name.format(n=n) for name in NAMES}
        assert wanted <= {os.path.basename(f.path) for f in result.files}, result.files
        assert {os.path.basename(f.path) for f in result.files if f.is_image} == {f"by_month_{n}.png"}
        for name in wanted:
            host = workspace.output_dir / name
            assert host.is_file() and host.stat().st_size > 0, name
        got = (workspace.output_dir / f"by_month_{n}.csv").read_text().splitlines()
        assert got[1:] == [f"Jan,{a}", f"Feb,{b}", f"Mar,{c}"]


@pytest.mark.docker
def test_auto_with_docker_present_hands_over_every_file(tmp_path, docker_image, monkeypatch):
    monkeypatch.delenv("ANALYST_SANDBOX_BACKEND", raising=False)
    workspace = Workspace(tmp_path / "ws").ensure()
    with open_session(workspace, limits=TEST_LIMITS) as session:  # no backend named
        assert session.backend == "docker" and session.isolated
        _steps_hand_over_their_files(session, workspace)
        # A restart (a new container) keeps the files and still hands over new ones.
        assert session.run("import os\nos._exit(3)").restarted
        assert (workspace.output_dir / "by_month_0.png").is_file()
        _steps_hand_over_their_files(session, workspace)


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_auto_without_the_image_falls_back_to_local_and_hands_over_every_file(
        tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYST_SANDBOX_IMAGE", "analyst-sandbox:no-such-image-here")
    workspace = Workspace(tmp_path / "ws").ensure()
    with open_session(workspace, backend="auto", limits=TEST_LIMITS) as session:
        assert session.backend == "local" and not session.isolated
        assert session.warning and "Docker is not usable" in notice_english(session.warning)
        _steps_hand_over_their_files(session, workspace)


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root app runs kernels under their own uid")
def test_kill_user_does_not_wait_for_a_zombie_to_be_reaped():
    """A process of the session's uid that has died but is not reaped yet (here: our own
    child, which we reap only at the end) is not signalled again and again."""
    uid = UID_BASE + 4242
    pid = os.fork()
    if pid == 0:  # the child: become the session's uid and die at once
        try:
            os.setgid(uid)
            os.setuid(uid)
        finally:
            os._exit(0)
    try:
        while True:  # until it is a zombie
            with open(f"/proc/{pid}/stat", "rb") as stat:
                if stat.read().rpartition(b")")[2].split()[0] == b"Z":
                    break
            time.sleep(0.01)
        started = time.monotonic()
        assert kill_user(uid) == 0  # nothing living to signal
        assert time.monotonic() - started < KILL_WAIT_S / 2
    finally:
        os.waitpid(pid, 0)


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root app runs kernels under their own uid")
def test_kill_user_still_kills_a_living_process_of_the_uid():
    uid = UID_BASE + 4243
    pid = os.fork()
    if pid == 0:
        try:
            os.setgid(uid)
            os.setuid(uid)
            time.sleep(60)
        finally:
            os._exit(0)
    try:
        time.sleep(0.1)
        assert kill_user(uid) >= 1
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == 9
    finally:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
