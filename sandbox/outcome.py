"""One step as a session handles it: what it learned while the step ran (`Outcome`), the
keeper's report of a full output/ read against the limits, and the step's `ExecutionResult`
made of it all (streams bounded, the reply's values read as data)."""

from __future__ import annotations

from dataclasses import dataclass, field

from sandbox.artifacts import Snapshot
from sandbox.limits import Limits
from sandbox.notices import sentence
from sandbox.protocol import ChannelTampered
from sandbox.replies import count_of, error_of, figures_of, is_memory_error, text_of, value_of
from sandbox.result import ExecutionError, ExecutionResult, Notice, OutputFile, bound_text

MAX_STREAM_CHARS = 64_000


@dataclass
class Outcome:
    """What `KernelSession._execute` learned; mutable while one step is being handled."""

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

    def result(self, files: tuple[OutputFile, ...], notices: list[Notice],
               duration_s: float) -> ExecutionResult:
        """The step's result: the files collected and the notices of the whole run."""
        reply = self.reply
        return ExecutionResult(
            stdout=bound_text(text_of(reply.get("stdout")), MAX_STREAM_CHARS),
            stderr=bound_text(text_of(reply.get("stderr")), MAX_STREAM_CHARS),
            # A stopped step's KeyboardInterrupt is the user's doing, not the step's error.
            error=self.error or error_of(None if self.interrupted else reply.get("error")),
            value=value_of(reply.get("value")), figures=figures_of(reply.get("figures")),
            files=files,
            duration_s=duration_s,
            timed_out=self.timed_out,
            interrupted=self.interrupted,
            out_of_memory=self.out_of_memory or is_memory_error(reply),
            restarted=self.restarted,
            notice=sentence(notices),
            notices=tuple(notices),
        )


def output_full(state: object, limits: Limits) -> str | None:
    """"bytes" or "files" when the keeper's report (`state`) says the sandbox's output/ is at
    that limit (its filesystem stopped the step), else None."""
    if not isinstance(state, dict):
        return None
    size, files = state.get("bytes"), state.get("files")
    if isinstance(files, int) and files >= limits.output_files:
        return "files"
    margin = max(1024 * 1024, limits.output_bytes // 50)  # the tmpfs's own blocks
    if isinstance(size, int) and size >= limits.output_bytes - margin:
        return "bytes"
    return None


def threads_left(reply: dict | None) -> int:
    return count_of((reply or {}).get("threads"))


def tampered(exc: ChannelTampered) -> Notice:
    return Notice("tampered", {"detail": str(exc), "reason": exc.reason, **exc.values})
