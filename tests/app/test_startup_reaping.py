"""At start the app removes sandbox containers a crashed app left behind, once per process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from streamlit.testing.v1 import AppTest

from tests.app.samples import ROOT
from ui import startup

APP = str(ROOT / "app.py")


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _container(image: str, owner: str) -> str:
    done = subprocess.run(
        ["docker", "create", "--label", "analyst.sandbox=1", "--label", f"analyst.owner={owner}",
         "--network", "none", image, "true"],
        capture_output=True, text=True, check=True, timeout=60)
    return done.stdout.strip()


def _exists(cid: str) -> bool:
    return subprocess.run(["docker", "container", "inspect", cid], check=False, capture_output=True,
                          timeout=30).returncode == 0


def test_app_start_removes_orphaned_containers_and_keeps_live_ones(app_env, docker_image):
    host = socket.gethostname()
    orphan = _container(docker_image, f"{host}:{_dead_pid()}")
    alive = _container(docker_image, f"{host}:{os.getpid()}")  # this process: still running
    try:
        startup.reap_leftovers.clear()  # a fresh app process, as far as the cache knows
        at = AppTest.from_file(APP, default_timeout=60).run()
        assert not at.exception
        assert not _exists(orphan)
        assert _exists(alive)
        at.switch_page("pages/settings.py").run()
        text = "\n".join(m.value for m in at.markdown)
        assert "leftover sandbox container(s) from an earlier run of the app were removed" in text
        # once per process: a container orphaned later is left for the next start
        later = _container(docker_image, f"{host}:{_dead_pid()}")
        AppTest.from_file(APP, default_timeout=60).run()
        assert _exists(later)
        subprocess.run(["docker", "rm", "--force", later], check=False, capture_output=True,
                       timeout=60)
    finally:
        subprocess.run(["docker", "rm", "--force", orphan, alive], check=False,
                       capture_output=True, timeout=60)
        startup.reap_leftovers.clear()
