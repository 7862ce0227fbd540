"""The user's Stop: one switch per `Analysis`, seen by the sandbox and by the event stream.

`Analysis.interrupt()` comes from another thread (the UI's Stop button) while a brain is
running. It interrupts the sandbox step running now (`Session.interrupt()`), and the switch
makes every later step of the same question return at once without running, so the brain
reaches its next event quickly and the stream can end with a "stopped" answer.
"""

from __future__ import annotations

import threading
from typing import Any

from sandbox import ExecutionResult

STOPPED_TEXT = "Stopped before the end."
NOT_RUN = "Not run: the analysis was stopped at your request."


class StopSwitch:
    """Set by `interrupt()`, cleared when the next question starts. Thread-safe."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def set(self) -> None:
        self._event.set()

    def clear(self) -> None:
        self._event.clear()

    @property
    def on(self) -> bool:
        return self._event.is_set()


class StoppableSession:
    """A sandbox session whose `run` refuses new steps once the switch is on.

    Everything else (workspace, backend, warning, ...) is the wrapped session's, so the
    brains cannot tell the difference.
    """

    def __init__(self, session: Any, switch: StopSwitch) -> None:
        self._session = session
        self._switch = switch

    def run(self, code: str, timeout: float | None = None) -> ExecutionResult:
        if self._switch.on:
            return ExecutionResult(interrupted=True, notice=NOT_RUN)
        return self._session.run(code, timeout)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)
