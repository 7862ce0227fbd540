"""The local backend: the kernel as a plain subprocess of this machine. NOT isolation.

For development and machines without Docker. It keeps the same protocol and the same
limits where a process can enforce them on itself (address space, file size, no core
dumps) and starts with a scrubbed environment. A scrubbed environment alone protects
nothing: a process of the same user can read `/proc/<app pid>/environ` (the LLM API key)
and every file of that user. So when the app runs as root, the kernel runs as the
unprivileged user `nobody`, which can read neither; when it does not, it cannot change
user, and the warning says plainly what generated code can read.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from sandbox.errors import SandboxUnavailable
from sandbox.limits import Limits
from sandbox.local_user import (
    UNPRIVILEGED_NAME,
    blocked_folder,
    prepare_workspace,
    private_home,
    unprivileged_ids,
)
from sandbox.protocol import PipeChannel
from sandbox.session import Death
from sandbox.workspace import Workspace

KERNEL = Path(__file__).with_name("kernel.py")
KEEPER = Path(__file__).with_name("keeper.py")
PRELOAD = "pandas,matplotlib.pyplot"
DOCKER_ADVICE = "set ANALYST_SANDBOX_BACKEND=docker for anything but trusted data"
# Only these host variables reach the kernel: nothing secret, enough for Python and fonts.
ENV_WHITELIST = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "MPLCONFIGDIR")


def local_warning() -> str:
    """What the user must know about the local backend on this machine (no I/O)."""
    if unprivileged_ids() is not None:
        return (
            f"Local backend: generated code runs on this machine as the unprivileged user "
            f"'{UNPRIVILEGED_NAME}'. It cannot read the app's environment (where the API key is) "
            "or files closed to other users, but it can use the network and read any file "
            "every user may read. This is NOT isolation; "
            f"{DOCKER_ADVICE}."
        )
    user = _user_name()
    return (
        f"Local backend: generated code runs as an ordinary process of the app's own user "
        f"({user}). It can read this user's files and the app's environment, including the "
        f"API key, and use the network. This is NOT isolation; {DOCKER_ADVICE}."
    )


def scrubbed_env(environ: dict[str, str] | None = None, *, home: Path | None = None) -> dict[str, str]:
    source = os.environ if environ is None else environ
    env = {name: source[name] for name in ENV_WHITELIST if name in source}
    env.setdefault("LANG", "C.UTF-8")
    env["MPLBACKEND"] = "Agg"
    env["PYTHONIOENCODING"] = "utf-8"
    if home is not None:
        # The app's home and temp folders are not the sandbox user's: its own, for
        # matplotlib's cache (the workspace's parents may be closed to that user).
        env.pop("TMPDIR", None)
        env["HOME"] = env["MPLCONFIGDIR"] = str(home)
    return env


class LocalBackend:
    name = "local"
    isolated = False

    def __init__(self, workspace: Workspace, limits: Limits) -> None:
        self.workspace = workspace
        self.limits = limits
        self._proc: subprocess.Popen | None = None
        self._home: Path | None = None

    @property
    def warning(self) -> str:
        return local_warning()

    def launch(self) -> PipeChannel:
        ids = unprivileged_ids()
        if ids is not None:
            prepare_workspace(self.workspace, *ids)
            self._remove_home()  # a kernel that ended by itself left its own
            self._home = private_home(*ids)
        log = open(self.workspace.private_dir / "kernel.log", "wb")  # noqa: SIM115
        command = [
            # The keeper holds the channel (its stdin/stdout); the kernel runs the steps.
            sys.executable, "-I", str(KEEPER), "--idle-seconds", str(self.limits.idle_s), "--",
            sys.executable, "-I", str(KERNEL),
            "--path", _lib_path(unprivileged=ids is not None),
            "--preload", PRELOAD,
            "--fsize", str(self.limits.output_bytes),
            "--memory", str(self.limits.memory_bytes),
        ]
        # user/group/extra_groups: set in the child after chdir and before exec, with no
        # supplementary groups left (root's would still open root-group files).
        switch = {} if ids is None else {"user": ids[0], "group": ids[1], "extra_groups": []}
        try:
            self._proc = subprocess.Popen(
                command, cwd=self.workspace.root, env=scrubbed_env(home=self._home),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, bufsize=0,
                start_new_session=True,  # its own process group: a restart kills its children too
                **switch,
            )
        except PermissionError as exc:
            self.stop()  # removes the home made for it
            if ids is None:
                raise SandboxUnavailable(f"Cannot start the local Python kernel: {exc}") from exc
            raise SandboxUnavailable(
                f"The local sandbox runs generated code as the unprivileged user "
                f"'{UNPRIVILEGED_NAME}' because the app runs as root, and that user cannot run "
                f"{sys.executable} (the folder {blocked_folder(Path(sys.executable))} is "
                "closed to other users). Use the Docker backend, or install Python in a "
                "folder every user can read."
            ) from exc
        except OSError as exc:
            raise SandboxUnavailable(f"Cannot start the local Python kernel: {exc}") from exc
        finally:
            log.close()
        assert self._proc.stdin is not None and self._proc.stdout is not None  # noqa: S101  PIPE
        return PipeChannel(self._proc.stdin, self._proc.stdout)

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
        if code in (-signal.SIGKILL, 128 + signal.SIGKILL):  # the keeper says 128 + N
            # Without a cgroup, SIGKILL from outside is most often the kernel's OOM killer.
            return Death(True, "killed, most likely out of memory")
        return Death(False, f"exit status {code}" + _log_tail(self.workspace))

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            try:
                os.killpg(self._proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self._proc is not None:
            self._proc.wait()
            for pipe in (self._proc.stdin, self._proc.stdout):
                if pipe is not None:
                    pipe.close()
        self._remove_home()

    def _remove_home(self) -> None:
        if self._home is not None:
            shutil.rmtree(self._home, ignore_errors=True)
            self._home = None


def _lib_path(*, unprivileged: bool) -> str:
    """`lib/` as the kernel puts it on sys.path (it makes the path absolute).

    The unprivileged user may not be allowed to pass through the workspace's parent
    folders (a private data folder, pytest's 0700 temp folders): `/proc/self/cwd` leads
    straight to its working directory, the workspace it was started in.
    """
    if unprivileged and Path("/proc/self/cwd").exists():
        return "/proc/self/cwd/lib"
    return "lib"


def _user_name() -> str:
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return f"uid {os.geteuid()}"


def _log_tail(workspace: Workspace) -> str:
    try:
        lines = (workspace.private_dir / "kernel.log").read_text(errors="replace").splitlines()
    except OSError:
        return ""
    return f": {lines[-1][:200]}" if lines else ""
