"""Is the session alive? Judged from its container (or process) and its channel, not a clock.

A fixed deadline on the keeper's answer to a ping reads a loaded machine as a dead kernel:
at 30-40 sessions on 2 cores, healthy sessions missed a 2 s deadline, were killed and
restarted, and their users were told their variables were gone. Here a missed answer only
means "look closer": the session is declared dead when its channel closes or its container
(or process) is no longer running, never while it runs and uses CPU. Only a sandbox that
runs, answers nothing and does no work at all for `Patience.stuck_after()` is taken for
hung.

The first window scales with load: the run queue per core (`os.getloadavg()`), and how
long recent round trips of this session took.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PING_BASE_S = 2.0
"""The first wait for a ping's answer on an idle machine; longer under load."""
STUCK_BASE_S = 30.0
"""A sandbox that runs but neither answers nor uses CPU this long (more under load) hangs."""
RECENT = 20  # round trips remembered


def load_factor() -> float:
    """How many times slower than an idle machine things run now (at least 1): the
    runnable work per core over the last minute."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # not every platform has a load average
        return 1.0
    return max(1.0, load / (os.cpu_count() or 1))


@dataclass(frozen=True)
class Vitals:
    """What the backend can see of its sandbox without the channel."""

    running: bool
    cpu_s: float | None
    """CPU time the sandbox has used so far; None when it cannot be read."""


class Patience:
    """How long to wait for the keeper before looking at the sandbox itself. Thread-safe."""

    def __init__(self, base_s: float = PING_BASE_S, stuck_s: float = STUCK_BASE_S) -> None:
        self.base_s = base_s
        self.stuck_s = stuck_s
        self._recent: deque[float] = deque(maxlen=RECENT)
        self._lock = threading.Lock()
        self.slow = 0
        """Answers that took longer than their first window (counted, never fatal)."""

    def record(self, seconds: float) -> None:
        with self._lock:
            self._recent.append(seconds)

    def window(self, base_s: float | None = None) -> float:
        """The first wait: the base times the load, at least ten times the slowest recent
        round trip (a session that answered in 3 s a minute ago may take 3 s again)."""
        with self._lock:
            slowest = max(self._recent, default=0.0)
        return max((self.base_s if base_s is None else base_s) * load_factor(), 10 * slowest)

    def stuck_after(self) -> float:
        return self.stuck_s * load_factor()


def wait_patiently(receive: Callable[[float], dict[str, Any]], vitals: Callable[[], Vitals],
                   patience: Patience, base_s: float | None = None) -> dict[str, Any]:
    """The reply `receive(deadline)` gives, waiting as long as `vitals()` shows the sandbox
    running and, at least every `patience.stuck_after()`, using CPU.

    `receive` raises the protocol's `ReplyTimeout` at the deadline and `KernelGone` when
    the channel closed; `vitals() -> Vitals`. Raises `KernelGone` when the sandbox stopped
    running and `ReplyTimeout` when it runs but hangs (no answer, no work)."""
    from sandbox.protocol import KernelGone, ReplyTimeout

    started = time.monotonic()
    worked_at = started
    last_cpu: float | None = None
    window = patience.window(base_s)
    first = True
    while True:
        try:
            reply = receive(time.monotonic() + window)
        except ReplyTimeout:
            if first:
                patience.slow += 1
                first = False
            seen = vitals()
            now = time.monotonic()
            if not seen.running:
                raise KernelGone("its sandbox is no longer running") from None
            if seen.cpu_s is None or last_cpu is None or seen.cpu_s > last_cpu:
                worked_at = now  # busy (or unknown): slow, not dead
            last_cpu = seen.cpu_s
            if now - worked_at >= patience.stuck_after():
                raise
            window = min(max(window, 1.0), 5.0)  # look again soon, the sandbox is there
            continue
        patience.record(time.monotonic() - started)
        return reply
