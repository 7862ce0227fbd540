"""A sandbox session: one persistent kernel, its failures turned into plain-words results.
The backend (Docker or local process) only starts, interrupts, kills and inspects the kernel;
what a user sees of timeouts, memory, restarts and output limits is decided here, alike."""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Protocol, Self

from sandbox.artifacts import Snapshot, remove_created
from sandbox.errors import SandboxError
from sandbox.health import Patience, Vitals, load_factor, wait_patiently
from sandbox.limits import Limits, human_size
from sandbox.notices import When, death_detail, lost, sentence
from sandbox.notices import english as english_notice
from sandbox.protocol import Channel, ChannelTampered, KernelConnection, KernelGone, ReplyTimeout
from sandbox.replies import (
    count_of,
    error_of,
    figures_of,
    hit_file_size_limit,
    is_memory_error,
    text_of,
    value_of,
)
from sandbox.result import ExecutionError, ExecutionResult, Notice, bound_text
from sandbox.workspace import Workspace

START_TIMEOUT_S = 30.0  # a cold Docker engine can be slow to create the first container
WATCH_EVERY_S = 0.2  # how often a running step's output size is checked
MAX_STREAM_CHARS = 64_000
STOPPED = english_notice(Notice("stopped"))
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Death:
    """Why a kernel ended, as far as the backend can tell: a reason of
    `sandbox.notices.DEATHS` and the figures it names (an exit status, a signal)."""

    out_of_memory: bool
    reason: str
    values: dict[str, int | float | str] = field(default_factory=dict)

    @property
    def detail(self) -> str:
        """The reason in English."""
        return death_detail(self.reason, self.values)

    def notice(self, kind: str) -> Notice:
        """A "session_stopped" or "process_ended" notice: the English detail and the reason."""
        return Notice(kind, {"detail": self.detail, "reason": self.reason, **self.values})


class Backend(Protocol):
    """What a session needs of a sandbox. Every capability is a member here, never found
    with `getattr`: a backend that lacks one (or a wrapper that forgets to pass it on) is a
    type error, not a silent loss at run time."""

    @property
    def name(self) -> str: ...

    @property
    def isolated(self) -> bool: ...

    @property
    def owns_output(self) -> bool:
        """The sandbox's output/ is its own (Docker: a tmpfs volume), so what a step wrote
        reaches the host only through `sync_output`; False: output/ is the host's folder."""

    @property
    def warning(self) -> Notice | None:
        """What generated code can reach here (`sandbox.problems`); None when isolated."""

    def launch(self) -> Channel:
        """Start the keeper and its kernel; return the channel to the keeper.

        Raises SandboxUnavailable."""

    def alive(self) -> bool: ...

    def vitals(self) -> Vitals:
        """Whether the sandbox runs and the CPU time it used, without the channel."""

    def interrupt(self) -> None: ...

    def death(self) -> Death:
        """After the kernel went away: why (waits briefly for the exit to be recorded)."""

    def stop(self) -> None:
        """Kill and remove the kernel (idempotent)."""

    def sync_input(self) -> bool:
        """Before a step: copy the host's input/ and lib/ in when the sandbox holds copies
        (a warm container's); False when that failed (the session restarts)."""

    def sync_output(self, state: object) -> set[str]:
        """After a step, with the keeper's report of output/ (`state`): make the host's
        output/ hold what the sandbox's holds, by value; the reasons for what was left out.
        A backend whose output/ is the host's own has nothing to copy (returns an empty set)."""


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
            if _threads_left(outcome.reply) and not outcome.restarted:
                # Collected above while the kernel is frozen; now stop what it left running.
                self._restart_after(outcome, "threads left running")
                notices += [Notice("threads", {"count": _threads_left(outcome.reply)}),
                            lost(earlier, "after")]
            if not notices and is_memory_error(outcome.reply):
                notices = [Notice("memory", {"limit_bytes": self.limits.memory_bytes})]
            return ExecutionResult(
                stdout=bound_text(text_of(outcome.reply.get("stdout")), MAX_STREAM_CHARS),
                stderr=bound_text(text_of(outcome.reply.get("stderr")), MAX_STREAM_CHARS),
                error=outcome.error or error_of(None if outcome.interrupted else
                                              outcome.reply.get("error")),
                value=value_of(outcome.reply.get("value")), figures=figures_of(outcome.reply.get("figures")),
                files=tuple(collected.files),
                duration_s=round(time.monotonic() - t0, 4),
                timed_out=outcome.timed_out,
                interrupted=outcome.interrupted,
                out_of_memory=outcome.out_of_memory or is_memory_error(outcome.reply),
                restarted=outcome.restarted,
                notice=sentence(notices),
                notices=tuple(notices),
            )

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
            notices += [_tampered(exc), lost(steps, "before")]
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
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self._backend.stop()
        self.start()

    def _execute(self, code: str, timeout: float) -> _Outcome:
        assert self._conn is not None  # noqa: S101  started in __init__/restart (narrows the type)
        out = _Outcome(before=self.workspace.snapshot())
        deadline = time.monotonic() + timeout
        try:
            wanted = self._conn.send({"op": "run", "code": code})
            out.reply = self._wait(wanted, deadline, out)
            state = out.reply.get("output") if self._backend.owns_output else None
            full = self._output_full(state)
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
            out.notices.append(_tampered(exc))
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

    def _wait(self, wanted: int, deadline: float, out: _Outcome) -> dict:
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

    def _restart_after(self, out: _Outcome, why: str) -> None:
        log.warning("a sandbox session restarts mid-step: %s", why)  # (the user: a notice)
        out.restarted = out.restarted_during = True
        try:
            self._restart()
        except SandboxError as exc:
            # Leave it stopped: the next run tries again and raises if it still cannot.
            self._conn = None
            out.error = ExecutionError("SandboxRestartFailed", str(exc), "")

    def _output_limit_exceeded(self, out: _Outcome) -> None:
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

    def _sync_output(self, state: object, out: _Outcome) -> None:
        """Copy what the step changed in the sandbox's output/ to the host's."""
        if self._backend.owns_output and isinstance(state, dict):
            out.left_out |= self._backend.sync_output(state)

    def _output_full(self, state: object) -> str | None:
        """"bytes" or "files" when the sandbox's output/ is at that limit (its filesystem
        stopped the step), else None."""
        if not isinstance(state, dict):
            return None
        size, files = state.get("bytes"), state.get("files")
        if isinstance(files, int) and files >= self.limits.output_files:
            return "files"
        margin = max(1024 * 1024, self.limits.output_bytes // 50)  # the tmpfs's own blocks
        if isinstance(size, int) and size >= self.limits.output_bytes - margin:
            return "bytes"
        return None

    def _drop_in_sandbox(self, out: _Outcome) -> int:
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

@dataclass
class _Outcome:
    """What `_execute` learned; mutable while one step is being handled."""

    before: Snapshot
    reply: dict = field(default_factory=dict)
    error: ExecutionError | None = None
    timed_out: bool = False
    stop_requested: bool = False
    """`interrupt()` was called while the step ran."""
    interrupted: bool = False
    """The step really was stopped because of that request."""
    out_of_memory: bool = False
    over_output_limit: bool = False
    too_many_files: bool = False
    left_out: set[str] = field(default_factory=set)
    """Why files the sandbox kept to itself were not handed over (links, FIFOs, ...)."""
    restarted: bool = False
    restarted_during: bool = False
    """Restarted while this step was handled: the notice then says what else was lost."""
    notices: list[Notice] = field(default_factory=list)


def _threads_left(reply: dict | None) -> int:
    return count_of((reply or {}).get("threads"))


def _tampered(exc: ChannelTampered) -> Notice:
    return Notice("tampered", {"detail": str(exc), "reason": exc.reason, **exc.values})


def lost_words(earlier: int, *, when: When) -> str:
    """What a restart took, in English (`sandbox.notices.lost_words`)."""
    return english_notice(lost(earlier, when))
