"""Start the real app with `streamlit run` on a free port, in its own process group."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.app.samples import ROOT

APPS: dict[str, tuple[subprocess.Popen, Path]] = {}
"""The apps running now, by address: their process and log, for `explain`."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_app(data_dir: Path, **env: str) -> Iterator[str]:
    port = free_port()
    # Appended to: a browser test's second attempt (tests/tiers.py) keeps the first one's log.
    log = open(data_dir.parent / "streamlit.log", "ab")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        env={**os.environ, "ANALYST_DATA_DIR": str(data_dir),
             "ANALYST_SANDBOX_BACKEND": env.pop("ANALYST_SANDBOX_BACKEND", "local"), **env},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        if health(proc, url, timeout=60) != b"ok":
            raise RuntimeError("the app did not start: see " + log.name)
        with tracked(url, proc, Path(log.name)):
            yield url
    finally:
        stop(proc)
        log.close()


@contextmanager
def tracked(url: str, proc: subprocess.Popen, log: Path) -> Iterator[None]:
    """Known to `explain` while it runs; explained at once when the test fails inside it."""
    APPS[url] = (proc, log)
    try:
        yield
    except BaseException:
        explain(url)
        raise
    finally:
        APPS.pop(url, None)


def explain(url: str) -> None:
    """Print where the app's threads wait (SIGUSR1: ui.startup registers faulthandler) and the
    end of its log: a browser test that timed out says no more than its selector."""
    if url not in APPS:
        return
    proc, log = APPS[url]
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGUSR1)
        time.sleep(1.0)
    try:
        print(f"--- the app at {url} (its threads' stacks last), its log ended with:\n"
              + log.read_text(errors="replace")[-12000:])
    except OSError as exc:
        print(f"--- no log of the app at {url}: {exc}")


def health(proc: subprocess.Popen, url: str, timeout: float) -> bytes:
    """What the app's health endpoint answers once it answers (b"" if it never did in time)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:  # noqa: S310  our http://
                return r.read().strip()
        except OSError:
            time.sleep(0.3)
    return b""


def stop(proc: subprocess.Popen) -> None:
    """Stop the app's whole process group: politely, then for good."""
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
