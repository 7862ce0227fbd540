"""No sandbox container outlives the process that started it, and the sweep is this
installation's only: real Docker, real host processes that exit, are stopped or are killed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sandbox import reap_orphans, use_installation
from sandbox.engine import client
from sandbox.owners import INSTALLATION_LABEL, OWNER_LABEL, WATCHDOG_TIMEOUT_S, owner_token

pytestmark = pytest.mark.docker
ROOT = Path(__file__).resolve().parents[2]

# A host process: opens Docker sessions, runs a step in each, says which containers it has,
# then ends the way the test asks (or waits to be killed).
HOST = """
import json, os, signal, sys, threading, time
# A host started from a terminal has SIGHUP's default action; a test run under nohup would
# hand down "ignored", and a process that ignores SIGHUP rightly keeps ignoring it.
signal.signal(signal.SIGHUP, signal.SIG_DFL)
from sandbox import Limits, open_session, use_installation
use_installation(sys.argv[1])
how, count = sys.argv[2], int(sys.argv[3])
sessions = [open_session(os.path.join(sys.argv[4], str(i)), backend="docker",
                         limits=Limits(memory_bytes=512 * 1024**2)) for i in range(count)]
for s in sessions:
    assert s.run("x = 1").ok
print(json.dumps([s._backend.container for s in sessions]), flush=True)
if how == "mid-step":
    threading.Thread(target=sessions[0].run, args=("while True: pass",), daemon=True).start()
    time.sleep(1)
    print("running", flush=True)
if how == "exit":
    sys.exit(0)
if how == "exception":
    raise RuntimeError("a bug in the host")
time.sleep(600)
"""


def _host(tmp_path: Path, how: str, count: int) -> tuple[subprocess.Popen, list[str]]:
    proc = subprocess.Popen(  # noqa: S603
        [sys.executable, "-c", HOST, str(tmp_path / "data"), how, str(count), str(tmp_path / "ws")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = proc.stdout.readline()
    if not line:
        proc.kill()
        pytest.fail(f"the host did not start its sessions: {proc.stderr.read()[-2000:]}")
    containers = json.loads(line)
    if how == "mid-step":
        assert proc.stdout.readline().strip() == "running"
    return proc, containers


def _exists(cid: str) -> bool:
    return subprocess.run(["docker", "container", "inspect", cid], check=False,
                          capture_output=True, timeout=60).returncode == 0


def _gone_within(containers: list[str], seconds: float) -> list[str]:
    deadline = time.monotonic() + seconds
    left = [c for c in containers if _exists(c)]
    while left and time.monotonic() < deadline:
        time.sleep(0.5)
        left = [c for c in left if _exists(c)]
    return left


# Each host opens several sessions (a container each): every one must go, which a host of
# one session would show only for itself (it was a case of its own, for each ending).
SESSIONS = 3


@pytest.mark.parametrize("how", ["exit", "exception", "sigterm", "sighup"])
def test_the_host_process_ending_removes_its_containers(tmp_path, docker_image, how):
    proc, containers = _host(tmp_path, how, SESSIONS)
    assert all(_exists(c) for c in containers)
    if how.startswith("sig"):
        proc.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGHUP)
    proc.wait(timeout=120)
    # Removed by the process itself on its way out (atexit), not left for the watchdog.
    assert [c for c in containers if _exists(c)] == []


@pytest.mark.parametrize("how", ["between steps", "mid-step"])
def test_a_killed_host_leaves_no_container_after_the_watchdog_timeout(tmp_path, docker_image,
                                                                        how):
    proc, containers = _host(tmp_path, how, SESSIONS)
    assert all(_exists(c) for c in containers)
    proc.send_signal(signal.SIGKILL)  # no atexit, no clean-up of its own: only the watchdog
    proc.wait(timeout=60)
    assert _gone_within(containers, WATCHDOG_TIMEOUT_S) == []


def _container(image: str, installation: str, owner: str, *, exited: bool = False) -> str:
    labels = {"analyst.sandbox": "1", INSTALLATION_LABEL: installation, OWNER_LABEL: owner}
    container = client().containers.create(image, ["true"], labels=labels, network_mode="none")
    if exited:
        container.start()
        container.wait(timeout=60)
    return container.id


def _dead_owner() -> str:
    child = subprocess.Popen([sys.executable, "-c", "pass"])  # noqa: S603
    child.wait()
    return owner_token(child.pid)


def test_the_sweep_ignores_containers_of_another_installation(tmp_path, docker_image):
    ours = use_installation(tmp_path / "ours")
    theirs = use_installation(tmp_path / "theirs")
    use_installation(tmp_path / "ours")
    assert ours != theirs
    alive = owner_token()
    made: dict[str, str] = {}
    try:
        for who in (ours, theirs):
            for state, owner, exited in (("dead owner", _dead_owner(), False),
                                         ("exited", alive, True),
                                         ("live owner", alive, False),
                                         ("reused pid", f"{alive.rpartition(':')[0]}:1", False),
                                         ("unlabelled owner", "", False)):
                made[_container(docker_image, who, owner, exited=exited)] = f"{who}/{state}"
        removed = reap_orphans()
        kept = {made[c] for c in made if _exists(c)}
        assert kept == {f"{ours}/live owner"} | {f"{theirs}/{s}" for s in (
            "dead owner", "exited", "live owner", "reused pid", "unlabelled owner")}
        assert removed == 4
        # Even "everything" means everything of this installation.
        assert reap_orphans(everything=True) == 1
        assert {made[c] for c in made if _exists(c)} == {f"{theirs}/{s}" for s in (
            "dead owner", "exited", "live owner", "reused pid", "unlabelled owner")}
    finally:
        for cid in made:
            subprocess.run(["docker", "rm", "-f", cid], check=False, capture_output=True, timeout=60)
