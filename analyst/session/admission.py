"""How many sandbox sessions run on this host at once: one limit for the app, CLI and API.

A running session holds one of `limit` slots: a file `slot-<n>.lock` under
`<data folder>/running/`, locked with `flock` for as long as its container runs. The lock is
the operating system's, so a process that dies frees its slots at once, and every process
of the host that uses the same data folder counts against the same limit.

A session asks for its slot when a question starts and marks it busy for the whole
question (never per step: a session is never paused between two steps of one answer).
When every slot is taken, the least recently used session that has been idle at least
`PAUSE_AFTER_S` is asked to pause (a request file beside its slot, which its own process
sees within a fraction of a second): its container stops, its workspace stays, and its
next question starts a new container with a notice. Without such a session the question
waits, and its caller is told so.
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
from collections.abc import Callable, Iterator
from pathlib import Path

log = logging.getLogger(__name__)

ENV = "ANALYST_MAX_RUNNING_SESSIONS"
PAUSE_AFTER_S = 10.0
"""Only a session idle this long is paused for another: a user between two questions is not."""
POLL_S = 0.2
SESSION_MEMORY = 512 * 1024**2  # what one session is given room for (idle ~200 MB, peaks more)
SESSIONS_PER_CPU = 8


def default_limit() -> int:
    """From the host: one session per 512 MB of memory, at most eight per core, at least 2."""
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError):
        memory = 4 * 1024**3
    return max(2, min(memory // SESSION_MEMORY, (os.cpu_count() or 1) * SESSIONS_PER_CPU))


def limit_from_env(environ: dict[str, str] | None = None) -> int:
    raw = (os.environ if environ is None else environ).get(ENV, "").strip()
    if not raw:
        return default_limit()
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        log.warning("%s=%r is not a whole number of at least 1; using %d", ENV, raw,
                    default_limit())
        return default_limit()
    return value


def default_folder() -> Path:
    from analyst.settings import default_data_dir

    data = os.environ.get("ANALYST_DATA_DIR") or str(default_data_dir(dict(os.environ)))
    return Path(data) / "running"


class Admission:
    """The host's slots under `folder` (one object per process and folder: `admission()`)."""

    def __init__(self, folder: Path, limit: int) -> None:
        self.folder = Path(folder)
        self.limit = limit
        self.pauses = 0
        """Sessions of this process paused for another (never counted as restarts)."""
        self._lock = threading.Lock()
        self._held: dict[int, Lease] = {}
        self._monitor: threading.Thread | None = None

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
            if now - used >= PAUSE_AFTER_S and (best is None or used < best[0]):
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
        """The session was paused since its last question (cleared by `question`)."""
        self._slot: int | None = None
        self._fd: int | None = None
        self._lock = threading.Lock()

    @property
    def holding(self) -> bool:
        return self._slot is not None

    @contextlib.contextmanager
    def question(self, waiting: Callable[[float], None] | None = None,
                 timeout_s: float | None = None) -> Iterator[bool]:
        """Hold the slot, busy, for one whole question; yields whether the session had been
        paused since the last one. `waiting(seconds so far)` is called while no slot is free;
        `TimeoutError` after `timeout_s`."""
        started = time.monotonic()
        told = 0.0
        while True:
            with self._lock:
                if self._slot is not None or self.admission._try_take(self):
                    self.busy = True
                    self.admission._write_state(self)
                    was_paused, self.paused = self.paused, False
                    break
            self.admission._ask_to_pause()
            waited = time.monotonic() - started
            if timeout_s is not None and waited > timeout_s:
                raise TimeoutError(waited)
            if waiting is not None and waited - told >= 1.0:
                told = waited
                waiting(waited)
            time.sleep(POLL_S)
        try:
            yield was_paused
        finally:
            with self._lock:
                self.busy = False
                self.last_used = time.time()
                if self._slot is not None:
                    self.admission._write_state(self)

    def pause(self) -> bool:
        """Stop the session for another, if it is idle long enough; True when done."""
        if not self._lock.acquire(blocking=False):
            return False
        try:
            if self.busy or self._slot is None or time.time() - self.last_used < PAUSE_AFTER_S:
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
    """This process's `Admission` for `folder` (the data folder's `running/` by default)."""
    where = (folder or default_folder()).resolve()
    with _admissions_lock:
        found = _admissions.get(where)
        if found is None or (limit is not None and found.limit != limit):
            found = _admissions[where] = Admission(where, limit or limit_from_env())
        return found
