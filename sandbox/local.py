"""The local backend: the kernel as a plain subprocess of this machine. NOT isolation.

For development and machines without Docker. It keeps the same protocol and the same
limits where a process can enforce them on itself (address space, file size, no core
dumps) and starts with a scrubbed environment, so the app's secrets (the LLM API key) are
not handed to generated code. But the code runs with the app's own user and can read
whatever that user can read.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from sandbox.errors import SandboxUnavailable
from sandbox.limits import Limits
from sandbox.session import Death
from sandbox.workspace import Workspace

KERNEL = Path(__file__).with_name("kernel.py")
PRELOAD = "pandas,matplotlib.pyplot"
WARNING = (
    "Local backend: generated code runs as an ordinary process on this machine with the "
    "app's own permissions. This is NOT isolation; use it only for development or trusted data."
)
# Only these host variables reach the kernel: nothing secret, enough for Python and fonts.
ENV_WHITELIST = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "MPLCONFIGDIR")


def scrubbed_env(environ: dict[str, str] | None = None) -> dict[str, str]:
    source = os.environ if environ is None else environ
    env = {name: source[name] for name in ENV_WHITELIST if name in source}
    env.setdefault("LANG", "C.UTF-8")
    env["MPLBACKEND"] = "Agg"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


class LocalBackend:
    name = "local"
    isolated = False
    warning: str | None = WARNING

    def __init__(self, workspace: Workspace, limits: Limits) -> None:
        self.workspace = workspace
        self.limits = limits
        self._proc: subprocess.Popen | None = None

    def launch(self) -> Path:
        socket_path = self.workspace.private_dir / "kernel.sock"
        socket_path.unlink(missing_ok=True)
        log = open(self.workspace.private_dir / "kernel.log", "wb")  # noqa: SIM115
        command = [
            sys.executable, "-I", str(KERNEL),
            # Relative to the working directory: an absolute path may not fit in sockaddr_un.
            "--socket", ".sandbox/kernel.sock",
            "--idle-seconds", str(self.limits.idle_s),
            "--path", "lib",
            "--preload", PRELOAD,
            "--fsize", str(self.limits.output_bytes),
            "--memory", str(self.limits.memory_bytes),
        ]
        try:
            self._proc = subprocess.Popen(
                command, cwd=self.workspace.root, env=scrubbed_env(),
                stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                start_new_session=True,  # its own process group: a restart kills its children too
            )
        except OSError as exc:
            raise SandboxUnavailable(f"Cannot start the local Python kernel: {exc}") from exc
        finally:
            log.close()
        return socket_path

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def interrupt(self) -> None:
        if self.alive():
            os.kill(self._proc.pid, signal.SIGINT)

    def death(self) -> Death:
        if self._proc is None:
            return Death(False, "it was never started")
        deadline = time.monotonic() + 1.0
        while self._proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        code = self._proc.returncode
        if code is None:
            return Death(False, "it stopped answering")
        if code == -signal.SIGKILL:
            # Without a cgroup, SIGKILL from outside is most often the kernel's OOM killer.
            return Death(True, "killed, most likely out of memory")
        return Death(False, f"exit status {code}" + _log_tail(self.workspace))

    def stop(self) -> None:
        if self._proc is None:
            return
        if self._proc.poll() is None:
            try:
                os.killpg(self._proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._proc.wait()


def _log_tail(workspace: Workspace) -> str:
    try:
        lines = (workspace.private_dir / "kernel.log").read_text(errors="replace").splitlines()
    except OSError:
        return ""
    return f": {lines[-1][:200]}" if lines else ""
