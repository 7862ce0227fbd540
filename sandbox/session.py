"""A sandbox session: one persistent kernel, its failures turned into plain-words results.
The backend (Docker or local process) only starts, interrupts, kills and inspects the kernel;
what a user sees of timeouts, memory, restarts and output limits is decided here, alike.
What a backend must offer is `backend_protocol`'s; one step's record and result, `outcome`'s."""

from __future__ import annotations

import logging
import threading
import time
from typing import Protocol, Self

from sandbox.artifacts import remove_created
from sandbox.backend_protocol import Backend
from sandbox.errors import SandboxError
from sandbox.health import Patience, load_factor, wait_patiently
from sandbox.limits import Limits, human_size
from sandbox.notices import When, lost
from sandbox.notices import english as english_notice
from sandbox.outcome import Outcome, output_full, tampered, threads_left
from sandbox.protocol import ChannelTampered, KernelConnection, KernelGone, ReplyTimeout
from sandbox.replies import count_of, hit_file_size_limit, is_memory_error
from sandbox.result import ExecutionError, ExecutionResult, Notice
from sandbox.workspace import Workspace

START_TIMEOUT_S = 30.0  # a cold Docker engine can be slow to create the first container
WATCH_EVERY_S = 0.2  # how often a running step's output size is checked
log = logging.getLogger(__name__)


class Session(Protocol):
    backend: str
    isolated: bool
    warning: Notice | None
    workspace: Workspace

    def start(self) -> None: ...
    def run(self, code: str, timeout: float | None = None) -> ExecutionResult: ...
    def interrupt(self) -> bool:
        """Stop the step running now (from any thread); False when none is running."""
    def close(self) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(self, *exc: object) -> None: ...


class KernelSession:
    """`Session` over any `Backend`. No I/O until `start()` or the first `run()`."""

    def __init__(self, workspace: Workspace, backend: Backend, limits: Limits) -> None:
        self.workspace = workspace
        self.limits = limits
        self._backend = backend
        self._conn: KernelConnection | None = None
        self._lock = threading.RLock()  # one step at a time; held for the whole step
        # `interrupt()` comes from another thread while `run` holds `_lock`: it only sets a
        # flag that the waiting loop acts on, so every backend call stays in one thread.
        self._stop = threading.Event()
        self._flag_lock = threading.Lock()
        self._running = False
        self.patience = Patience()
        """How long pings may take before the sandbox itself is looked at (see `health`)."""
        # Steps the kernel now running has run: what a restart loses (its variables).
        self._steps = 0

    @property
    def backend(self) -> str:
        return self._backend.name

    @property
    def isolated(self) -> bool:
        return self._backend.isolated

    @property
    def warning(self) -> Notice | None:
        return self._backend.warning

    @property
    def steps(self) -> int:
        """Steps the kernel running now has run: whose variables a stop or restart loses."""
        return self._steps

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        with self._lock:
            if self._conn is not None:
                return
            self.workspace.ensure()
            conn = KernelConnection(self._backend.launch())
            try:
                self._ping(conn, START_TIMEOUT_S)
                self._conn = conn
                self._steps = 0  # a new kernel: nothing of a closed one's is in it
            except (KernelGone, ReplyTimeout) as exc:
                conn.close()
                detail = self._backend.death().detail
                self._backend.stop()
                raise SandboxError(
                    f"The sandbox kernel did not start ({detail}). "
                    "Run `python -m sandbox doctor` to check the setup."
                ) from exc

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            self._backend.stop()

    def interrupt(self) -> bool:
        """Stop the step that is running now, as a timeout would, but at the user's request.

        Thread-safe and non-blocking. The step gets a KeyboardInterrupt (variables kept);
        one that does not stop within the grace period restarts the session (variables
        lost). Its result has `interrupted=True` and a notice saying so. Returns False when
        no step is running (nothing is remembered for the next one).
        """
        with self._flag_lock:
            if not self._running:
                return False
            self._stop.set()
            return True

    def run(self, code: str, timeout: float | None = None) -> ExecutionResult:
        with self._lock:
            notices: list[Notice] = []
            restarted = not self._ensure_alive(notices)
            if not self._backend.sync_input():  # a stale input must not give a wrong number
                notices.append(lost(self._steps, "before"))
                self._restart()
                restarted = True
            earlier = self._steps
            t0 = time.monotonic()
            with self._flag_lock:
                self._stop.clear()
                self._running = True
            try:
                outcome = self._execute(code, timeout or self.limits.step_timeout_s)
            finally:
                with self._flag_lock:
                    self._running = False
                    self._stop.clear()
            if not outcome.restarted:
                self._steps += 1
            outcome.restarted |= restarted
            notices += outcome.notices
            if outcome.restarted_during:
                notices.append(lost(earlier, "during"))
            # By value, once: what the step wrote is copied to host-only storage now, and
            # every host reader uses the copies (`Workspace.artifact_path`).
            collected = self.workspace.collect(outcome.before, self.limits.output_bytes)
            # What a sandbox with its own output/ (Docker) did not hand over is said alike.
            collected.skipped = sorted({*collected.skipped, *outcome.left_out})
            if (skipped := collected.notice()) is not None:
                notices.append(skipped)
            if threads_left(outcome.reply) and not outcome.restarted:
                # Collected above while the kernel is frozen; now stop what it left running.
                self._restart_after(outcome, "threads left running")
                notices += [Notice("threads", {"count": threads_left(outcome.reply)}),
                            lost(earlier, "after")]
            if not notices and is_memory_error(outcome.reply):
                notices = [Notice("memory", {"limit_bytes": self.limits.memory_bytes})]
            return outcome.result(tuple(collected.files), notices,
                                  round(time.monotonic() - t0, 4))

    # -- internals -------------------------------------------------------------------------

    def _ensure_alive(self, notices: list[Notice]) -> bool:
        """Start or check the kernel; False when a previous kernel was lost (variables gone)."""
        if self._conn is None:
            self.start()
            return True
        steps = self._steps
        try:
            if not self._ping(self._conn).get("pong"):
                raise KernelGone("the kernel is not running")
            return True
        except ChannelTampered as exc:
            self._restart()
            notices += [tampered(exc), lost(steps, "before")]
            return False
        except (KernelGone, ReplyTimeout):
            death = self._backend.death()
            self._restart()
            notices += [death.notice("session_stopped"), lost(steps, "before")]
            return False

    def _ping(self, conn: KernelConnection, base_s: float | None = None) -> dict:
        """The keeper's answer to a ping. Slow is not dead: past the first window the
        sandbox itself is looked at, and the wait goes on while it runs and works."""
        wanted = conn.send({"op": "ping"})

        def receive(deadline: float) -> dict:
            while True:
                reply = conn.receive(deadline)
                if reply.get("id") == wanted:  # a late answer to an older request is skipped
                    return reply

        return wait_patiently(receive, self._backend.vitals, self.patience, base_s)

    def _restart(self) -> None:
        self._steps = 0
        self.close()
        self.start()

    def _execute(self, code: str, timeout: float) -> Outcome:
        assert self._conn is not None  # noqa: S101  started in __init__/restart (narrows the type)
        out = Outcome(before=self.workspace.snapshot())
        deadline = time.monotonic() + timeout
        try:
            wanted = self._conn.send({"op": "run", "code": code})
            out.reply = self._wait(wanted, deadline, out)
            state = out.reply.get("output") if self._backend.owns_output else None
            full = output_full(state, self.limits)
            if full:  # what the step made goes in the sandbox: nothing to copy first
                out.over_output_limit, out.too_many_files = True, full == "files"
            else:
                self._sync_output(state, out)
            # A fast step is never seen by the watcher: check once more at its end. A write
            # stopped by the file-size limit (set to the same size) crossed it as well.
            usage = self.workspace.usage(self.limits.output_files)
            written = usage.bytes
            if written > self.limits.output_bytes or usage.too_many or (
                    hit_file_size_limit(out.reply) and written >= self.limits.output_bytes):
                out.over_output_limit = True
                out.too_many_files |= usage.too_many
            if out.over_output_limit:
                self._output_limit_exceeded(out)
            elif out.stop_requested and out.reply.get("interrupted"):
                # Only when the kernel says so: a step that ended before the signal landed
                # finished normally, and its result is kept as such.
                out.interrupted = True
                out.notices.append(Notice("stopped"))
            elif out.timed_out:
                out.notices.append(Notice("timeout", {"seconds": timeout}))
        except ReplyTimeout:
            # Interrupted, and still running after the grace period: only a restart stops it.
            self._restart_after(out, "it did not stop when interrupted")
            if out.over_output_limit:
                self._output_limit_exceeded(out)
            elif out.stop_requested:
                out.interrupted = True
                out.notices.append(Notice("stopped_restarted"))
            else:
                out.notices.append(Notice("timeout_restarted", {"seconds": timeout}))
        except ChannelTampered as exc:
            self._restart_after(out, "the control channel was tampered with")
            out.error = out.error or ExecutionError("ChannelTampered", str(exc), "")
            out.notices.append(tampered(exc))
        except KernelGone:
            death = self._backend.death()
            self._restart_after(out, death.detail)
            if death.out_of_memory:
                out.out_of_memory = True
                # The reason as data: the engine's word (Docker), or a SIGKILL that most
                # likely was the OOM killer (local); the sentence is the same.
                out.notices.append(Notice("memory_restarted", {
                    "limit_bytes": self.limits.memory_bytes, "reason": death.reason,
                    **death.values}))
            else:
                out.error = out.error or ExecutionError(
                    "SessionEnded", f"the Python process ended ({death.detail})", ""
                )
                out.notices.append(death.notice("process_ended"))
        return out

    def _wait(self, wanted: int, deadline: float, out: Outcome) -> dict:
        """The step's reply; interrupts it at the deadline or past the output limit."""
        assert self._conn is not None  # noqa: S101  started in __init__/restart (narrows the type)
        interrupted_at: float | None = None
        grace = self.limits.grace_s
        while True:
            now = time.monotonic()
            if interrupted_at is None and self._stop.is_set():
                out.stop_requested = True
            elif interrupted_at is None and now >= deadline:
                out.timed_out = True
            if interrupted_at is None and (out.timed_out or out.over_output_limit
                                           or out.stop_requested):
                self._backend.interrupt()
                interrupted_at = now
                grace = self.limits.grace_s * load_factor()  # stopping is slower under load
            limit = (interrupted_at + grace) if interrupted_at else deadline
            try:
                reply = self._conn.receive(min(limit, now + WATCH_EVERY_S))
            except ReplyTimeout:
                if interrupted_at is not None and time.monotonic() >= limit:
                    raise
                usage = self.workspace.usage(self.limits.output_files)
                if usage.bytes > self.limits.output_bytes or usage.too_many:
                    out.over_output_limit = True
                    out.too_many_files = usage.too_many
                continue
            if reply.get("id") == wanted:
                return reply

    def _restart_after(self, out: Outcome, why: str) -> None:
        log.warning("a sandbox session restarts mid-step: %s", why)  # (the user: a notice)
        out.restarted = out.restarted_during = True
        try:
            self._restart()
        except SandboxError as exc:
            # Leave it stopped: the next run tries again and raises if it still cannot.
            self._conn = None
            out.error = ExecutionError("SandboxRestartFailed", str(exc), "")

    def _output_limit_exceeded(self, out: Outcome) -> None:
        """Remove what the step created: the session may not fill the host's disk."""
        # By descriptor, never by a path the sandbox controls: a symlink swapped in during
        # the clean-up must not make the host delete a file outside `output/`.
        removed = self.workspace.remove_created(out.before)
        # The socket's folder is writable too: anything but the kernel's own files goes.
        remove_created(self.workspace.private_dir, ".sandbox",
                       lambda rel: rel.startswith(".sandbox/kernel."))
        removed += self._drop_in_sandbox(out)
        limit = human_size(self.limits.output_bytes)
        what = (f"more than {self.limits.output_files:,} files" if out.too_many_files
                else f"more than {limit} of files")
        out.error = ExecutionError("OutputLimitExceeded", f"the step wrote {what}", "")
        out.notices = [Notice("output_files_limit", {"limit": self.limits.output_files,
                                                     "removed": removed})
                       if out.too_many_files else
                       Notice("output_bytes_limit", {"limit_bytes": self.limits.output_bytes,
                                                     "removed": removed})]
        if out.restarted:
            out.notices.append(Notice("restarted"))

    # -- a backend whose output/ is the sandbox's own (Docker: a tmpfs volume) -------------

    def _sync_output(self, state: object, out: Outcome) -> None:
        """Copy what the step changed in the sandbox's output/ to the host's."""
        if self._backend.owns_output and isinstance(state, dict):
            out.left_out |= self._backend.sync_output(state)

    def _drop_in_sandbox(self, out: Outcome) -> int:
        """Past the limit: what the step created goes inside the sandbox too (the keeper
        removes it there, by descriptor, never through a link); how many entries."""
        if not self._backend.owns_output or self._conn is None or out.restarted:
            return 0  # a restarted session's output/ is the host's copies again
        try:
            reply = self._conn.request({"op": "drop"}, time.monotonic() + 30)
        except (KernelGone, ReplyTimeout, ChannelTampered):
            return 0  # the next step finds the session gone and restarts it
        self._sync_output(reply.get("output"), out)
        return count_of(reply.get("removed"))


def lost_words(earlier: int, *, when: When) -> str:
    """What a restart took, in English (`sandbox.notices.lost_words`)."""
    return english_notice(lost(earlier, when))
