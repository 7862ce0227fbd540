"""What a session needs of a sandbox (`Backend`, a typing Protocol; the channel's frames are
`protocol`'s) and what a backend can tell of a kernel's end (`Death`). The Docker and local
backends implement it; `session.KernelSession` uses nothing else of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from sandbox.health import Vitals
from sandbox.notices import death_detail
from sandbox.protocol import Channel
from sandbox.result import Notice


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

