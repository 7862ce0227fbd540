"""At start the app removes sandbox containers a crashed app of this installation left
behind, once per process; another installation's are never touched."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from streamlit.testing.v1 import AppTest

from sandbox import use_installation
from sandbox.owners import INSTALLATION_LABEL
from tests import app_start
from tests.app.samples import ROOT
from ui import startup

APP = str(ROOT / "app.py")


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _container(image: str, owner: str, installation: str) -> str:
    done = subprocess.run(
        ["docker", "create", "--label", "analyst.sandbox=1", "--label", f"analyst.owner={owner}",
         "--label", f"{INSTALLATION_LABEL}={installation}", "--network", "none", image, "true"],
        capture_output=True, text=True, check=True, timeout=60)
    return done.stdout.strip()


def _exists(cid: str) -> bool:
    return subprocess.run(["docker", "container", "inspect", cid], check=False, capture_output=True,
                          timeout=30).returncode == 0


def test_app_start_removes_orphaned_containers_and_keeps_live_ones(app_env, docker_image):
    host = socket.gethostname()
    ours = use_installation(app_env)  # the app's data folder: the id it will label with
    other = use_installation(app_env.parent / "another-app")
    orphan = _container(docker_image, f"{host}:{_dead_pid()}", ours)
    alive = _container(docker_image, f"{host}:{os.getpid()}", ours)  # this process: still running
    foreign = _container(docker_image, f"{host}:{_dead_pid()}", other)  # another app's orphan
    try:
        startup.reap_leftovers.clear()  # a fresh app process, as far as the cache knows
        at = AppTest.from_file(APP, default_timeout=60).run()
        assert not at.exception
        assert not _exists(orphan)
        assert _exists(alive)
        assert _exists(foreign)
        at.switch_page("pages/settings.py").run()
        text = "\n".join(m.value for m in at.markdown)
        assert "1 leftover sandbox container from an earlier run of the app was removed" in text
        # once per process: a container orphaned later is left for the next start
        later = _container(docker_image, f"{host}:{_dead_pid()}", ours)
        AppTest.from_file(APP, default_timeout=60).run()
        assert _exists(later)
        subprocess.run(["docker", "rm", "--force", later], check=False, capture_output=True,
                       timeout=60)
    finally:
        subprocess.run(["docker", "rm", "--force", orphan, alive, foreign], check=False,
                       capture_output=True, timeout=60)
        # The process's sweep again, here in this Docker test rather than in whichever
        # AppTest this worker runs next (tests/app_start.py).
        startup.reap_leftovers.clear()
        app_start.sweep_once()
