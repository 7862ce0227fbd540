"""A cap on analyses running at once, shared by every browser session of the process.

A question, the standard report or an ingestion holds a slot while it runs; the others
wait in line, first come first served, and are told their place in the queue. Plain
threading (no streamlit here), so it is tested on its own.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from analyst.errors import AnalystError


class QueueTimeout(AnalystError, RuntimeError):
    """Waited too long for a free slot; the message says so in plain words."""


class SandboxSlots:
    def __init__(self, capacity: int) -> None:
        self.capacity = max(1, capacity)
        self._cond = threading.Condition()
        self._queue: list[int] = []  # waiting tickets, oldest first
        self._running: set[int] = set()
        self._tickets = itertools.count(1)

    @property
    def running(self) -> int:
        with self._cond:
            return len(self._running)

    @property
    def waiting(self) -> int:
        with self._cond:
            return len(self._queue)

    @contextmanager
    def hold(
        self,
        on_wait: Callable[[int], None] | None = None,
        timeout: float = 300.0,
        poll: float = 0.5,
    ) -> Iterator[None]:
        """Run the block in a slot; `on_wait(place)` is called while waiting (1 = next)."""
        ticket = next(self._tickets)
        deadline = time.monotonic() + timeout
        last_place = 0
        with self._cond:
            self._queue.append(ticket)
            while not self._can_start(ticket):
                place = self._queue.index(ticket) + 1
                if on_wait is not None and place != last_place:
                    last_place = place
                    self._cond.release()  # never call out while holding the lock
                    try:
                        on_wait(place)
                    finally:
                        self._cond.acquire()
                    continue
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self._queue.remove(ticket)
                    self._cond.notify_all()
                    raise QueueTimeout(
                        f"All {self.capacity} analysis slots stayed busy for {timeout:.0f} s. "
                        "Please try again in a moment."
                    )
                self._cond.wait(min(poll, remaining))
            self._queue.remove(ticket)
            self._running.add(ticket)
        try:
            yield
        finally:
            with self._cond:
                self._running.discard(ticket)
                self._cond.notify_all()

    def _can_start(self, ticket: int) -> bool:
        return len(self._running) < self.capacity and self._queue[0] == ticket
