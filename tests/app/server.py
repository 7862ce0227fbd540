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
from contextlib import ExitStack, contextmanager
from pathlib import Path

from tests.app.samples import ROOT

APPS: dict[str, tuple[subprocess.Popen, Path]] = {}
"""The apps running now, by address: their process and log, for `explain`."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_app(data_dir: Path, port: int | None = None, **env: str) -> Iterator[str]:
    port = port or free_port()
    # Appended to: a browser test's second attempt (tests/tiers.py) keeps the first one's log.
    log = open(data_dir.parent / "streamlit.log", "ab")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        # PYTHONFAULTHANDLER: an app that hangs before ui.startup registers SIGUSR1 can still
        # say where (SIGABRT, see `explain`); it changes nothing else.
        env={**os.environ, "PYTHONFAULTHANDLER": "1", "ANALYST_DATA_DIR": str(data_dir),
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


class KeptApp:
    """An app a module's tests share, started again on its own address when it has exited:
    a test's second attempt must not inherit a dead app (ERR_CONNECTION_REFUSED)."""

    def __init__(self, data_dir: Path, **env: str) -> None:
        self.data_dir, self.env, self.port = data_dir, env, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._stack = ExitStack()

    def start(self) -> str:
        self._stack.close()
        self._stack = ExitStack()
        self._stack.enter_context(running_app(self.data_dir, port=self.port, **self.env))
        return self.url

    def ensure(self) -> str | None:
        """Start the app again if it has exited; say so (None when it was running)."""
        proc = APPS[self.url][0] if self.url in APPS else None
        if proc is not None and proc.poll() is None:
            return None
        code = None if proc is None else proc.returncode
        self.start()
        return f"the module's app at {self.url} had exited (code {code}): started again"

    def close(self) -> None:
        self._stack.close()


KEPT: dict[str, KeptApp] = {}
"""The module-shared apps of this worker, by address: checked before each browser test."""


def _catches(pid: int, signum: int) -> bool:
    """Whether the process has a handler for the signal (its SigCgt mask in /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next((line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")),
                  "0")
    return bool(int(caught, 16) >> (signum - 1) & 1)


def explain(url: str) -> None:
    """Print where the app's threads wait and the end of its log: a browser test that timed
    out says no more than its selector. SIGUSR1 once ui.startup has registered faulthandler
    for it (the app goes on); before that SIGUSR1 would kill it silently, so SIGABRT, which
    PYTHONFAULTHANDLER answers with the stacks (the app ends: `KeptApp` starts it again)."""
    if url not in APPS:
        return
    proc, log = APPS[url]
    if proc.poll() is None:
        registered = _catches(proc.pid, signal.SIGUSR1)
        os.kill(proc.pid, signal.SIGUSR1 if registered else signal.SIGABRT)
        time.sleep(1.0)
        if not registered:
            print(f"--- the app at {url} had not yet registered its stack dump (ui.startup): "
                  "it waited before its first script run got there; stopped with SIGABRT")
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
    """Stop the app's whole process group: politely, then for good (a group whose every
    process has already ended is stopped)."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        proc.wait()
        return
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
