"""Who owns a sandbox container, and that none outlives its owner.

Every container carries two labels: the installation (an id kept in the app's data folder,
so two apps sharing one engine never touch each other's containers) and the owning process
(host, pid and the process's start time, so a reused pid is not taken for the owner).

A container ends with its owner in three ways, whichever comes first:
- the process removes the containers it started when it exits (`atexit`, and SIGTERM/SIGHUP
  turned into a normal exit where nobody else handles them);
- when the process dies without that (SIGKILL, a crash), its end of the attach stream
  closes, the engine closes the container's stdin (`stdin_once`), the keeper sees the end
  of its channel and exits, and the engine removes the exited container (`auto_remove`):
  within `WATCHDOG_TIMEOUT_S`;
- the next start of the app sweeps what is left of this installation (`sandbox.reaper`).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import socket
import threading
import uuid
from collections.abc import Callable
from pathlib import Path

INSTALLATION_LABEL = "analyst.installation"
OWNER_LABEL = "analyst.owner"
ID_FILE = "installation-id"
WATCHDOG_TIMEOUT_S = 15.0
"""A container whose host process died is gone within this time (measured: about 1 s)."""

_lock = threading.Lock()
_installation: str | None = None
_live: dict[str, Callable[[], None]] = {}  # container id -> how to remove it
_hooked = False


def use_installation(folder: Path) -> str:
    """This process's containers belong to the installation whose data folder is `folder`.

    The id is created on first use and kept in `folder/installation-id`."""
    global _installation
    ident = _read_or_create(Path(folder))
    with _lock:
        _installation = ident
    return ident


def installation() -> str:
    """The installation id set by `use_installation`; else the user's default data folder's."""
    with _lock:
        current = _installation
    if current is not None:
        return current
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return use_installation(Path(base) / "analyst")


def _read_or_create(folder: Path) -> str:
    path = folder / ID_FILE
    with contextlib.suppress(OSError):
        text = path.read_text(encoding="ascii").strip()
        if text:
            return text
    folder.mkdir(parents=True, exist_ok=True)
    ident = uuid.uuid4().hex
    try:  # O_EXCL: two processes starting at once agree on the first one's id
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip() or ident
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(ident + "\n")
    return ident


def owner_token(pid: int | None = None) -> str:
    """host:pid:start-time of a process (this one by default)."""
    pid = os.getpid() if pid is None else pid
    return f"{socket.gethostname()}:{pid}:{_start_time(pid) or ''}"


def owner_gone(token: str) -> bool:
    """True when the process named by an owner label no longer runs on this host.

    Containers of other hosts are never judged gone (their owner cannot be checked here);
    a label without a pid belongs to nobody."""
    host, _, rest = token.partition(":")
    pid, _, started = rest.partition(":")
    if not pid.isdigit():
        return True
    if host != socket.gethostname():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # alive, another user's
    return bool(started) and _start_time(int(pid)) != started  # the pid was reused


def _start_time(pid: int) -> str | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rpartition(")")[2].split()[19]  # field 22: start time in clock ticks


def started(cid: str, remove: Callable[[], None]) -> None:
    """Remember a container this process started; it is removed when the process exits."""
    global _hooked
    with _lock:
        _live[cid] = remove
        if _hooked:
            return
        _hooked = True
    atexit.register(stop_all)
    _exit_on_signals()


def stopped(cid: str) -> None:
    with _lock:
        _live.pop(cid, None)


def stop_all() -> None:
    """Remove every container this process started and has not removed yet."""
    with _lock:
        removers = list(_live.values())
        _live.clear()
    for remove in removers:
        with contextlib.suppress(Exception):  # at exit: the others must still go
            remove()


def _exit_on_signals() -> None:
    """SIGTERM/SIGHUP end the process through `sys.exit`, so `atexit` runs.

    Only where nobody set a handler (Streamlit has its own: it stops the server and the
    process exits normally) and only from the main thread, where Python allows it."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) is signal.SIG_DFL:
            signal.signal(sig, _raise_exit)


def _raise_exit(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)
