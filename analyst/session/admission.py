"""How many sandbox sessions and questions run on this host at once: one admission for the
app, CLI and API.

Two kinds of places, each a file locked with `flock` under `<data folder>/running/`
(`analyst.session.slots`: a process that dies frees its places at once, and every process
of the host that uses the same data folder counts against the same numbers):

- a session whose container runs holds one of `limit` session places (`slot-<n>.lock`,
  from memory: `ANALYST_MAX_RUNNING_SESSIONS`) from its first question until it closes or
  is paused, so its container (and its variables) stay between questions;
- a question that runs holds one of `questions` question places (`run-<n>.lock`, from the
  cores) for exactly its length (never per step: a session is never paused between two
  steps of one answer), and gives it back when it ends.

A question waits in the host's one line (`analyst.session.line`) only while the cores are
busy, or while every session place is taken: then the least recently used session that has
been idle at least `pause_after_s` (`ANALYST_PAUSE_IDLE_SECONDS`) is asked to pause (a
request file beside its place, which its own process sees within a fraction of a second):
its container stops, its workspace stays, and its next question starts a new container with
a notice. Its caller is told it waits (`Analysis` turns the wait into events).

Why a question, not a session, holds the running place: a session held it between its
questions, so with more users than places the others waited for a whole conversation (at
40 sessions of 10 questions on 2 cores the 95th percentile was 34 s, the ideal 5 s), and a
limit from memory let as many containers start at once as memory holds (a start storm).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

from analyst.data_folder import default_data_dir
from analyst.errors import AnalystError
from analyst.session.admission_settings import (
    PAUSE_AFTER_S,
    WAIT_LIMIT_S,
    default_questions,
    limit_from_env,
    pause_after_from_env,
    wait_limit_from_env,
)
from analyst.session.line import Line, Wait
from analyst.session.slots import Slots
from analyst.words.note import SessionNote

log = logging.getLogger(__name__)

POLL_S = 0.2
"""How often a holder's process looks for requests to pause its idle sessions."""
WAKE_S = 1.0
"""A waiter wakes at least this often (to say its place, and in case a holder died)."""


class QueueTimeout(AnalystError, TimeoutError):
    """Waited in line longer than the admission's `wait_limit_s`; the message says so."""


def default_folder() -> Path:
    data = os.environ.get("ANALYST_DATA_DIR") or str(default_data_dir(dict(os.environ)))
    return Path(data) / "running"


class Admission:
    """The host's places under `folder` (one object per process and folder: `admission()`):
    `limit` sessions whose container runs, `questions` questions running (default: `limit`,
    as many as sessions)."""

    def __init__(self, folder: Path | str, limit: int, pause_after_s: float | None = None,
                 wait_limit_s: float = WAIT_LIMIT_S, questions: int | None = None) -> None:
        self.folder = Path(folder)
        self.limit = limit
        """Sessions whose container runs at once (`ANALYST_MAX_RUNNING_SESSIONS`)."""
        self.questions = limit if questions is None else max(1, questions)
        """Questions running at once (from the cores: `default_questions`)."""
        self._slots = Slots(self.folder, "slot", limit)
        self._runs = Slots(self.folder, "run", self.questions)
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
        """A session place for `lease` (its container may run); False when all are taken."""
        taken = self._slots.take()
        if taken is None:
            return False
        n, fd = taken
        with contextlib.suppress(FileNotFoundError):
            self._slots.path(n, ".pause").unlink()  # asked of the previous holder
        lease._slot, lease._fd = n, fd
        with self._lock:
            self._held[n] = lease
        self._start_monitor()
        return True

    def _try_run(self, lease: Lease) -> bool:
        """A question place for `lease`'s question; False when the cores are all busy."""
        taken = self._runs.take()
        if taken is None:
            return False
        lease._run_fd = taken[1]
        return True

    def _run_back(self, lease: Lease) -> None:
        """The question ended: its question place is free; the first in line is rung."""
        fd, lease._run_fd = lease._run_fd, None
        if fd is not None:
            os.close(fd)  # the flock goes with it
            self.line.ring_first()

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
        # A session in line for a core is not idle: pausing it would stop the container it
        # is about to use (churn), so it counts as busy.
        tmp.write_text(json.dumps({"pid": os.getpid(), "busy": lease.busy or lease.queued,
                                   "last_used": lease.last_used}))
        tmp.replace(path)

    def _ask_to_pause(self) -> bool:
        """Ask the least recently used session idle long enough to give its slot up."""
        best: tuple[float, int] | None = None
        now = time.time()
        for n in range(self._slots.count):
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
        self._run_fd: int | None = None  # its question's place, held while one runs
        self._short_of_room = False  # the last try found a core free but no session place
        self.queued = False
        """It waits in line for a core: never paused meanwhile."""
        self._lock = threading.Lock()

    @property
    def holding(self) -> bool:
        """It holds a session place: its container may run (kept between questions)."""
        return self._slot is not None

    def try_begin(self) -> bool:
        """Take a question place (and a session place, if not held) and mark the session
        busy; False when either is not free now (then nothing new is held). A question
        begun inside a running one (a report's step) takes nothing more."""
        with self._lock:
            self._short_of_room = False
            if self._depth == 0:
                if not self.admission._try_run(self):
                    return False
                if self._slot is None and not self.admission._try_take(self):
                    fd, self._run_fd = self._run_fd, None
                    if fd is not None:
                        os.close(fd)  # nobody is rung: only the first in line takes
                    self._short_of_room = True
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
        gives a place back; each `Wait` says the seconds so far and the place in line. One
        exception, so that nobody waits on a session that waits itself: while every waiter
        ahead needs room for a container and there is none (memory full, no session idle
        long enough to pause), a session that has its container may run on a free core.
        """
        started = time.monotonic()
        if self.busy and self.try_begin():  # inside its own running question
            self.waited_s, self.granted_at = 0.0, time.monotonic()
            return
        ticket = self.admission.line.join(needs_room=not self.holding)
        self._set_queued(True)
        try:
            while True:
                place = ticket.place()
                if place == 1 or (self.holding and ticket.only_needing_room_ahead()
                                  and not self.admission._slots.any_free()):
                    if self.try_begin():
                        self.granted_at = time.monotonic()  # before the next is rung
                        break
                    if self._short_of_room:  # memory is full: an idle session makes room
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
            self._set_queued(False)
            ticket.leave()  # served or not: the next first is rung
        self.waited_s = time.monotonic() - started

    def _set_queued(self, queued: bool) -> None:
        with self._lock:
            self.queued = queued
            self.admission._write_state(self)

    def end(self) -> None:
        """The question is over: its question place is free for the next in line; the
        session place stays held (its container runs on), idle since now."""
        with self._lock:
            self._depth = max(0, self._depth - 1)
            self.busy = self._depth > 0
            self.last_used = time.time()
            if self._slot is not None:
                self.admission._write_state(self)
            if not self.busy:
                self.admission._run_back(self)

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
            if self.busy or self.queued or self._slot is None \
                    or idle < self.admission.pause_after_s:
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
        """The session closed: its places are free."""
        with self._lock:
            self.admission._run_back(self)
            self.admission._give_back(self)


_admissions: dict[Path, Admission] = {}
_admissions_lock = threading.Lock()


def admission(folder: Path | None = None, limit: int | None = None) -> Admission:
    """This process's `Admission` for `folder` (the data folder's `running/` by default),
    its limit of sessions (`limit`, else the environment's), questions from the cores
    (`default_questions`), idle time and longest wait from the environment (the app exports
    secrets.toml's there)."""
    where = (folder or default_folder()).resolve()
    wanted = limit or limit_from_env()
    pause_after = pause_after_from_env()
    with _admissions_lock:
        found = _admissions.get(where)
        if found is None or found.limit != wanted:
            # A changed limit takes effect for new leases; old ones keep their slot files.
            found = _admissions[where] = Admission(where, wanted, pause_after,
                                                   questions=default_questions(wanted))
        found.pause_after_s = pause_after
        found.wait_limit_s = wait_limit_from_env()
        return found
