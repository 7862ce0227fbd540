"""How many sandbox sessions run on this host at once: one limit for the app, CLI and API.

A running session holds one of `limit` slots: a file `slot-<n>.lock` under
`<data folder>/running/`, locked with `flock` for as long as its container runs. The lock is
the operating system's, so a process that dies frees its slots at once, and every process
of the host that uses the same data folder counts against the same limit.

A session asks for its slot when a question starts and marks it busy for the whole
question (never per step: a session is never paused between two steps of one answer).
It keeps the slot between questions, so its container (and its variables) stay. When every
slot is taken, the least recently used session that has been idle at least `pause_after_s`
(`ANALYST_PAUSE_IDLE_SECONDS`) is asked to pause (a request file beside its slot, which its
own process sees within a fraction of a second): its container stops, its workspace stays,
and its next question starts a new container with a notice. Without such a session the
question waits, and its caller is told so (`Analysis` turns the wait into events).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from analyst.data_folder import default_data_dir
from analyst.errors import AnalystError
from analyst.session.host import SESSION_MEMORY, usable_cores, usable_memory
from analyst.session.line import Line, Wait
from analyst.session.warm import size_from_env
from analyst.words.note import SessionNote, SettingNote

log = logging.getLogger(__name__)

ENV = "ANALYST_MAX_RUNNING_SESSIONS"
PAUSE_ENV = "ANALYST_PAUSE_IDLE_SECONDS"
WAIT_ENV = "ANALYST_QUEUE_TIMEOUT"
WAIT_LIMIT_S = 300.0
"""A question that waited this long for a place gives up, told so in plain words."""
PAUSE_AFTER_S = 30.0
"""Only a session idle this long is paused for another: a user reading an answer is not."""
POLL_S = 0.2
"""How often a holder's process looks for requests to pause its idle sessions."""
WAKE_S = 1.0
"""A waiter wakes at least this often (to say its place, and in case a holder died)."""
SESSIONS_PER_CPU = 8


def default_limit(environ: Mapping[str, str] | None = None) -> int:
    """From the host: one session per 512 MB of usable memory, at most eight per usable core
    (a container's cgroup limits counted: `usable_memory`, `usable_cores`), at least 2.

    The warm sandboxes' memory is not the sessions' (`analyst.session.warm`): each takes
    one session's room. They take no place themselves: a warm container runs no question."""
    memory = usable_memory() - size_from_env(environ) * SESSION_MEMORY
    return max(2, min(memory // SESSION_MEMORY, int(usable_cores() * SESSIONS_PER_CPU)))


def read_limit(environ: Mapping[str, str] | None = None) -> tuple[int, SettingNote | None]:
    """`ANALYST_MAX_RUNNING_SESSIONS` (empty: `default_limit()`), and a problem in plain
    words when the value cannot be used (the default is used then)."""
    raw = ((os.environ if environ is None else environ).get(ENV) or "").strip()
    if not raw:
        return default_limit(environ), None
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        return default_limit(environ), SettingNote("running_sessions", name=ENV, value=repr(raw),
                                                   default=default_limit(environ))
    return value, None


def read_pause_after(environ: Mapping[str, str] | None = None) -> tuple[float, SettingNote | None]:
    """`ANALYST_PAUSE_IDLE_SECONDS` (default `PAUSE_AFTER_S`) and a problem, as `read_limit`."""
    raw = ((os.environ if environ is None else environ).get(PAUSE_ENV) or "").strip()
    if not raw:
        return PAUSE_AFTER_S, None
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        return PAUSE_AFTER_S, SettingNote("pause_seconds", name=PAUSE_ENV, value=repr(raw),
                                          default=PAUSE_AFTER_S)
    return value, None


def limit_from_env(environ: Mapping[str, str] | None = None) -> int:
    value, problem = read_limit(environ)
    if problem:
        log.warning("%s", problem)
    return value


def pause_after_from_env(environ: Mapping[str, str] | None = None) -> float:
    value, problem = read_pause_after(environ)
    if problem:
        log.warning("%s", problem)
    return value


def wait_limit_from_env(environ: Mapping[str, str] | None = None) -> float:
    """`ANALYST_QUEUE_TIMEOUT` seconds; `WAIT_LIMIT_S` when it cannot be used (the settings
    already tell the user why: `analyst.settings`)."""
    raw = ((os.environ if environ is None else environ).get(WAIT_ENV) or "").strip()
    try:
        value = float(raw)
    except ValueError:
        return WAIT_LIMIT_S
    return value if 1 <= value < float("inf") else WAIT_LIMIT_S


class QueueTimeout(AnalystError, TimeoutError):
    """Waited in line longer than the admission's `wait_limit_s`; the message says so."""


def default_folder() -> Path:
    data = os.environ.get("ANALYST_DATA_DIR") or str(default_data_dir(dict(os.environ)))
    return Path(data) / "running"


class Admission:
    """The host's slots under `folder` (one object per process and folder: `admission()`)."""

    def __init__(self, folder: Path | str, limit: int, pause_after_s: float | None = None,
                 wait_limit_s: float = WAIT_LIMIT_S) -> None:
        self.folder = Path(folder)
        self.limit = limit
        self.pause_after_s = PAUSE_AFTER_S if pause_after_s is None else pause_after_s
        """A session idle this long may be paused for another (`ANALYST_PAUSE_IDLE_SECONDS`)."""
        self.wait_limit_s = wait_limit_s
        """A question waits at most this long for a place (`ANALYST_QUEUE_TIMEOUT`)."""
        self.pauses = 0
        """Sessions of this process paused for another (never counted as restarts)."""
        self._lock = threading.Lock()
        self._held: dict[int, Lease] = {}
        self._monitor: threading.Thread | None = None
        self.line = Line(self.folder / "line")
        """Who waits for a slot, in arrival order (`analyst.session.line`)."""

    def lease(self, on_pause: Callable[[], None]) -> Lease:
        return Lease(self, on_pause)

    # -- slots ----------------------------------------------------------------------------

    def _try_take(self, lease: Lease) -> bool:
        self.folder.mkdir(parents=True, exist_ok=True)
        for n in range(self.limit):
            fd = os.open(self.folder / f"slot-{n}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            with contextlib.suppress(FileNotFoundError):
                (self.folder / f"slot-{n}.pause").unlink()  # asked of the previous holder
            lease._slot, lease._fd = n, fd
            with self._lock:
                self._held[n] = lease
            self._start_monitor()
            return True
        return False

    def _give_back(self, lease: Lease) -> None:
        slot, fd = lease._slot, lease._fd
        lease._slot = lease._fd = None
        if slot is None or fd is None:
            return
        with self._lock:
            self._held.pop(slot, None)
        with contextlib.suppress(OSError):
            (self.folder / f"slot-{slot}.json").unlink()
        os.close(fd)  # the flock goes with it
        self.line.ring_first()

    def _write_state(self, lease: Lease) -> None:
        if lease._slot is None:
            return
        path = self.folder / f"slot-{lease._slot}.json"
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"pid": os.getpid(), "busy": lease.busy,
                                   "last_used": lease.last_used}))
        tmp.replace(path)

    def _ask_to_pause(self) -> bool:
        """Ask the least recently used session idle long enough to give its slot up."""
        best: tuple[float, int] | None = None
        now = time.time()
        for n in range(self.limit):
            try:
                state = json.loads((self.folder / f"slot-{n}.json").read_text())
            except (OSError, ValueError):
                continue
            used = state.get("last_used")
            if state.get("busy") or not isinstance(used, int | float):
                continue
            if now - used >= self.pause_after_s and (best is None or used < best[0]):
                best = (used, n)
        if best is None:
            return False
        with contextlib.suppress(OSError):
            (self.folder / f"slot-{best[1]}.pause").touch()
        return True

    # -- this process's side of pause requests -------------------------------------------

    def _start_monitor(self) -> None:
        with self._lock:
            if self._monitor is not None and self._monitor.is_alive():
                return
            ref = weakref.ref(self)
            self._monitor = threading.Thread(target=_monitor, args=(ref,), daemon=True,
                                             name="admission")
            self._monitor.start()

    def _serve_pauses(self) -> bool:
        """Pause the sessions asked to; False when this process holds no slot any more."""
        with self._lock:
            held = dict(self._held)
        for n, lease in held.items():
            request = self.folder / f"slot-{n}.pause"
            if request.exists() and lease.pause():
                with contextlib.suppress(FileNotFoundError):
                    request.unlink()
        return bool(held)


def _monitor(ref: weakref.ReferenceType[Admission]) -> None:
    while True:
        time.sleep(POLL_S)
        admission = ref()
        if admission is None or not admission._serve_pauses():
            if admission is not None:
                with admission._lock:
                    admission._monitor = None
            return


class Lease:
    """One session's claim on a slot (made by `Admission.lease`). Thread-safe."""

    def __init__(self, admission: Admission, on_pause: Callable[[], None]) -> None:
        self.admission = admission
        self.on_pause = on_pause
        self.busy = False
        self.last_used = time.time()
        self.paused = False
        """The session was paused since its last question (cleared when the next begins)."""
        self.waited_s = 0.0
        """How long the last question waited for its slot."""
        self.granted_at = 0.0
        """When (`time.monotonic()`) the last question got its slot."""
        self._depth = 0  # questions begun and not ended (a report's step inside a report)
        self._slot: int | None = None
        self._fd: int | None = None
        self._lock = threading.Lock()

    @property
    def holding(self) -> bool:
        return self._slot is not None

    def try_begin(self) -> bool:
        """Take the slot (if not held) and mark it busy; False when no slot is free now."""
        with self._lock:
            if self._slot is None and not self.admission._try_take(self):
                return False
            self._depth += 1
            self.busy = True
            self.admission._write_state(self)
            return True

    def waiting(self, timeout_s: float | None = None) -> Iterator[Wait]:
        """Wait for the slot: yields a `Wait` when woken and at least every `WAKE_S` while no
        slot is free (meanwhile the least recently used idle session is asked to pause);
        ends when this lease holds its slot, busy (`end()` it); `QueueTimeout` (out of the
        line) once it waited more than `timeout_s`.

        Waiters are served in arrival order across every process of the data folder
        (`analyst.session.line`): only the first in line takes a place, woken by the one who
        gives a place back; each `Wait` says the seconds so far and the place in line."""
        started = time.monotonic()
        if self.holding and self.try_begin():  # its place was kept since the last question
            self.waited_s, self.granted_at = 0.0, time.monotonic()
            return
        ticket = self.admission.line.join()
        try:
            while True:
                place = ticket.place()
                if place == 1:
                    if self.try_begin():
                        self.granted_at = time.monotonic()  # before the next is rung
                        break
                    self.admission._ask_to_pause()
                waited = time.monotonic() - started
                if timeout_s is not None and waited > timeout_s:
                    raise QueueTimeout(SessionNote("queue_timeout", limit=self.admission.limit,
                                                   seconds=f"{timeout_s:g}"))
                yield Wait(waited, place)
                # Woken in time to give up when the wait is over, not up to WAKE_S later.
                ticket.sleep(WAKE_S if timeout_s is None else
                             min(WAKE_S, timeout_s - (time.monotonic() - started) + 0.01))
        finally:
            ticket.leave()  # served or not: the next first is rung
        self.waited_s = time.monotonic() - started

    def end(self) -> None:
        """The question is over: the slot stays held, idle since now."""
        with self._lock:
            self._depth = max(0, self._depth - 1)
            self.busy = self._depth > 0
            self.last_used = time.time()
            if self._slot is not None:
                self.admission._write_state(self)

    def take_paused(self) -> bool:
        """Whether the session was paused since this was last asked (then cleared)."""
        with self._lock:
            was, self.paused = self.paused, False
            return was

    @contextlib.contextmanager
    def question(self, waiting: Callable[[Wait], None] | None = None,
                 timeout_s: float | None = None) -> Iterator[bool]:
        """Hold the slot, busy, for one whole question; yields whether the session had been
        paused since the last one. `waiting(Wait)` is called about once a second
        while no slot is free; `QueueTimeout` after `timeout_s`."""
        told = 0.0
        for wait in self.waiting(timeout_s):
            if waiting is not None and wait.seconds - told >= 1.0:
                told = wait.seconds
                waiting(wait)
        try:
            yield self.take_paused()
        finally:
            self.end()

    def pause(self) -> bool:
        """Stop the session for another, if it is idle long enough; True when done."""
        if not self._lock.acquire(blocking=False):
            return False
        try:
            idle = time.time() - self.last_used
            if self.busy or self._slot is None or idle < self.admission.pause_after_s:
                return False
            try:
                self.on_pause()
            except Exception:  # noqa: BLE001  the slot is given back whatever the stop did
                log.warning("could not stop a paused session", exc_info=True)
            self.paused = True
            self.admission.pauses += 1
            self.admission._give_back(self)
            return True
        finally:
            self._lock.release()

    def release(self) -> None:
        """The session closed: its slot is free."""
        with self._lock:
            self.admission._give_back(self)


_admissions: dict[Path, Admission] = {}
_admissions_lock = threading.Lock()


def admission(folder: Path | None = None, limit: int | None = None) -> Admission:
    """This process's `Admission` for `folder` (the data folder's `running/` by default),
    its limit, idle time and longest wait from the environment (the app exports
    secrets.toml's there)."""
    where = (folder or default_folder()).resolve()
    wanted = limit or limit_from_env()
    pause_after = pause_after_from_env()
    with _admissions_lock:
        found = _admissions.get(where)
        if found is None or found.limit != wanted:
            # A changed limit takes effect for new leases; old ones keep their slot files.
            found = _admissions[where] = Admission(where, wanted, pause_after)
        found.pause_after_s = pause_after
        found.wait_limit_s = wait_limit_from_env()
        return found
