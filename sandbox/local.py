"""The local backend: the kernel as a plain process of this machine. NOT isolation.

Its keeper and kernel are forks of this app process's fork server (`zygote`), which has
pandas and matplotlib imported already.

For development and machines without Docker. It keeps the same protocol and the same
limits where a process can enforce them on itself (address space, file size, processes,
no core dumps) and starts with a scrubbed environment. A scrubbed environment alone
protects nothing: a process of the same user can read `/proc/<app pid>/environ` (the LLM
API key) and every file of that user. So when the app runs as root, each session's kernel
runs under a uid of its own (`local_user`): it can read neither, nor another session's
workspace, and every process it starts is killed at close. When the app is not root it
cannot change user, and the warning says plainly what generated code can read.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import pwd
import shutil
import signal
import sys
import time
from pathlib import Path

from sandbox import zygote
from sandbox.backend_protocol import Death
from sandbox.errors import SandboxUnavailable
from sandbox.health import Vitals
from sandbox.limits import Limits
from sandbox.local_user import (
    SHARED_GID,
    blocked_folder,
    kill_user,
    prepare_workspace,
    private_home,
    session_ids,
)
from sandbox.notices import EXITED, NEVER_STARTED, NOT_ANSWERING, OOM_LIKELY, exit_values
from sandbox.problems import LOCAL_APP_USER, LOCAL_OWN_USER
from sandbox.protocol import PipeChannel
from sandbox.result import Notice
from sandbox.workspace import Workspace

log = logging.getLogger(__name__)

# Only these host variables reach the kernel: nothing secret, enough for Python and fonts.
ENV_WHITELIST = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "MPLCONFIGDIR")


def local_notice() -> Notice:
    """What the user must know about the local backend on this machine (no I/O): which of
    its two warnings (`sandbox.problems`), with the app's user when it is not root."""
    if os.geteuid() == 0:
        return Notice(LOCAL_OWN_USER)
    return Notice(LOCAL_APP_USER, {"user": _user_name()})


def _server_env() -> dict[str, str]:
    """The fork server's environment: the scrubbed one with the app user's home and
    matplotlib folder (its font list is made there once and read at the pre-import)."""
    env = scrubbed_env()
    env.pop("TMPDIR", None)
    return env


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
    owns_output = False  # the kernel writes the host's output/ itself

    def __init__(self, workspace: Workspace, limits: Limits) -> None:
        self.workspace = workspace
        self.limits = limits
        self._proc: zygote.ForkedKeeper | None = None
        self._home: Path | None = None
        self._uid: int | None = None

    @property
    def warning(self) -> Notice:
        return local_notice()

    def launch(self) -> PipeChannel:
        ids = session_ids()
        if ids is not None:
            self._kill_strays()  # a kernel that ended by itself may have left children
            self._remove_home()  # ... and its own home
            _check_reachable(*ids)
            prepare_workspace(self.workspace, *ids)
            self._home = private_home(*ids)
            self._uid = ids[0]
        # The keeper holds the channel (its stdin/stdout); the kernel runs the steps. Both are
        # forks of this process's fork server, which has pandas and matplotlib imported.
        request = zygote.Request(
            cwd=str(self.workspace.root), env=scrubbed_env(home=self._home),
            keeper=["--idle-seconds", str(self.limits.idle_s)],
            kernel=["--path", _lib_path(unprivileged=ids is not None),
                    "--fsize", str(self.limits.output_bytes),
                    "--memory", str(self.limits.memory_bytes)],
            # Of root's groups none is kept (they would open root-group files): only the
            # shared one, for passing through closed folders that hold Python.
            uid=None if ids is None else ids[0], gid=None if ids is None else ids[1],
            groups=() if ids is None else (SHARED_GID,),
            nproc=self.limits.pids if ids else 0,
        )
        # The log is the host's, in the workspace root the kernel cannot write: it gets the
        # descriptor only, so it can never swap the file for a link to a host file.
        log = _open_log(self.workspace)
        try:
            self._proc = zygote.launch(_server_env(), request, log)
        except SandboxUnavailable:
            self.stop()  # removes the home made for it
            raise
        finally:
            os.close(log)
        return PipeChannel(self._proc.stdin, self._proc.stdout)

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def vitals(self) -> Vitals:
        """Running, and the CPU time of the keeper and its kernel (from /proc)."""
        if self._proc is None or self._proc.poll() is not None:
            return Vitals(False, None)
        return Vitals(True, _cpu_seconds(self._proc.pid))

    def interrupt(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            os.kill(self._proc.pid, signal.SIGINT)

    def death(self) -> Death:
        if self._proc is None:
            return Death(False, NEVER_STARTED)
        deadline = time.monotonic() + 1.0
        while self._proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        code = self._proc.returncode
        if code is None:
            return Death(False, NOT_ANSWERING)
        status = 128 - code if code < 0 else code  # the keeper says 128 + N, as a shell does
        values = exit_values(status)
        if status == 128 + signal.SIGKILL:
            # Without a cgroup, SIGKILL from outside is most often the kernel's OOM killer.
            return Death(True, OOM_LIKELY, values)
        if tail := _log_tail(self.workspace):
            # The kernel's log is text the step can write: it goes to the host's log, never
            # into the notice, which says only the fixed sentence and the figures.
            log.warning("the local kernel ended (%s); its log ends with: %s",
                        values.get("status"), tail)
        return Death(False, EXITED, values)

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._proc.pid, signal.SIGKILL)
        if self._proc is not None:
            self._proc.wait()
            for pipe in (self._proc.stdin, self._proc.stdout):
                if pipe is not None:
                    pipe.close()
        self._kill_strays()
        self._remove_home()

    def sync_input(self) -> bool:
        return True  # the kernel reads the host's own input/ and lib/

    def sync_output(self, state: object) -> set[str]:
        return set()  # output/ is the host's folder: nothing to copy

    def _kill_strays(self) -> None:
        """Every process of the session's uid: a `setsid` child left its process group."""
        if self._uid is not None:
            kill_user(self._uid)
            self._uid = None

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


LOG_NAME = ".kernel.log"
_LOG_TAIL_BYTES = 4096


def _open_log(workspace: Workspace) -> int:
    path = workspace.root / LOG_NAME
    path.unlink(missing_ok=True)
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)


def _log_tail(workspace: Workspace) -> str:
    """The log's last line, short and without control characters (it is the kernel's text)."""
    try:
        fd = os.open(workspace.root / LOG_NAME, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return ""
    try:
        size = os.fstat(fd).st_size
        os.lseek(fd, max(size - _LOG_TAIL_BYTES, 0), os.SEEK_SET)
        text = os.read(fd, _LOG_TAIL_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""
    finally:
        os.close(fd)
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    return "".join(c if c.isprintable() else " " for c in lines[-1])[:200]


_reachable: dict[str, str | None] = {}


def _check_reachable(uid: int, gid: int) -> None:
    """Raise, naming the folder, when the kernel's user cannot reach Python or pandas.

    Checked once per process as that user (its groups and the folders' ACLs count).
    """
    spec = importlib.util.find_spec("pandas")
    needed = [Path(sys.executable), Path(os.__file__)]
    if spec is not None and spec.origin:
        needed.append(Path(spec.origin))
    for path in needed:
        key = str(path)
        if key not in _reachable:
            _reachable[key] = blocked_folder(path, uid, gid)
        folder = _reachable[key]
        if folder is not None:
            raise SandboxUnavailable(
                "The local sandbox runs generated code as an unprivileged user of its own "
                f"because the app runs as root, and that user cannot reach {path}: the folder "
                f"{folder} is closed to other users. Use the Docker backend, install Python "
                f"and its packages in a folder every user can read, or let the sandbox group "
                f"through: setfacl -m g:{SHARED_GID}:x {folder}"
            )


def _cpu_seconds(pid: int) -> float | None:
    """User and system CPU time of `pid` and its children, or None without /proc."""
    total = 0.0
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        for each in [str(pid), *children]:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    return total
