"""Warm sandboxes: Docker containers started ahead, their kernel's imports done, each handed
to exactly one session.

A new session's first answer otherwise pays a container start and the imports of pandas
and matplotlib (seconds on a busy host). The pool keeps `size` containers ready: created
with the very options of a session's container (`docker_backend.container_options`, only
the labels and the sources of input/ and lib/ differ), started, and asked to run the
imports once. `take()` hands one out and forgets it: the session removes it when it closes
(it is never given back), and a background thread starts its replacement.

The pool knows nothing of analyses: its owner decides its size (the app:
`analyst.session.warm`). Its containers carry the sandbox's and the installation's labels,
so the orphan sweep (`sandbox.reaper`) finds them; `owners` removes them at exit.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass
from typing import Self

from sandbox.docker_backend import create_and_attach, remove_container
from sandbox.engine import image_tag
from sandbox.engines import Engine, engines
from sandbox.errors import SandboxUnavailable
from sandbox.limits import Limits
from sandbox.protocol import AttachChannel, KernelConnection, KernelGone, ReplyTimeout

log = logging.getLogger(__name__)

WARMUP = "import pandas, matplotlib.pyplot"
"""The warm-up step: it returns once the kernel's background imports are done."""
WARMUP_TIMEOUT_S = 120.0  # a busy 2-core host imports pandas and matplotlib in seconds
RETRY_S = 5.0
"""After a failed start (engine busy or down) the next try waits this long."""
CHECK_S = 5.0
"""How often the filler looks for ready containers that ended (idle timeout, docker rm)."""


@dataclass(frozen=True)
class WarmContainer:
    """A started container whose kernel has its imports done, and the keeper's channel."""

    id: str
    channel: AttachChannel


class WarmPool:
    """Up to `size` warm containers for sessions of `image` with `limits`, on one engine
    (default: the first of `sandbox.engines`). No I/O until `start()`; thread-safe; a
    context manager (`stop()` at its end)."""

    def __init__(self, size: int, limits: Limits, image: str | None = None,
                 engine: Engine | None = None, parallel: int = 1) -> None:
        self.size = max(0, size)
        """Containers kept ready (`resize` changes it while the pool runs)."""
        self.parallel = max(1, parallel)
        """Containers started at once while the pool is short (one thread each)."""
        self.limits = limits
        self.image = image or image_tag()
        self.engine = engine or engines()[0]
        """Where its containers are: a session placed elsewhere starts its own."""
        self.handed = 0
        """Containers handed to sessions so far."""
        self.started = 0
        """Containers made warm so far (handed, ready, or ended while waiting)."""
        self._ready: deque[WarmContainer] = deque()
        self._starting = 0
        self._cond = threading.Condition()
        self._stopped = False
        self._threads: list[threading.Thread] = []

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def fits(self, image: str, limits: Limits) -> bool:
        """Its containers are what a session of `image` and `limits` would start."""
        return self.size > 0 and image == self.image and limits == self.limits

    def start(self) -> Self:
        """Start filling in the background (a size of 0 starts nothing until `resize`)."""
        with self._cond:
            if self._stopped or self._threads:
                return self
            self._threads = [threading.Thread(target=self._fill, name=f"warm-pool-{n}",
                                              daemon=True) for n in range(self.parallel)]
            for thread in self._threads:
                thread.start()
        atexit.register(self.stop)
        return self

    def resize(self, size: int) -> None:
        """Keep `size` containers ready from now on: more are started in the background, and
        ready ones beyond it are removed (those handed out are their sessions')."""
        with self._cond:
            self.size = max(0, size)
            extra = []
            while len(self._ready) > self.size:
                extra.append(self._ready.pop())  # the newest: the oldest may time out first
            self._cond.notify_all()
        for warm in extra:
            self._discard(warm)

    def take(self) -> WarmContainer | None:
        """A ready container, now the caller's alone (it removes it); None when none is ready."""
        with self._cond:
            while self._ready:
                warm = self._ready.popleft()
                self._cond.notify_all()  # the filler starts a replacement
                if self.engine.exits.ended(warm.id):  # ended while it waited (idle timeout, removed)
                    self._discard(warm)
                    continue
                self.handed += 1
                return warm
        return None

    def ready(self) -> int:
        with self._cond:
            return len(self._ready)

    def ready_ids(self) -> list[str]:
        """The ids of the containers ready now (oldest first)."""
        with self._cond:
            return [warm.id for warm in self._ready]

    def wait_ready(self, count: int | None = None, timeout: float = 60.0) -> bool:
        """Wait until `count` (default: all) containers are ready; False at the timeout."""
        wanted = self.size if count is None else count
        deadline = time.monotonic() + timeout
        with self._cond:
            while len(self._ready) < wanted and not self._stopped:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
            return len(self._ready) >= wanted

    def stop(self) -> None:
        """Stop filling and remove every container not handed out (idempotent)."""
        with self._cond:
            self._stopped = True
            left = list(self._ready)
            self._ready.clear()
            self._cond.notify_all()
        for warm in left:
            self._discard(warm)

    # -- the filler ------------------------------------------------------------------------

    def _fill(self) -> None:
        problem = self.engine.problem(self.image)
        if problem:  # nothing to warm: sessions start cold, as without a pool
            log.info("no warm sandboxes: %s", problem)
            return
        while True:
            with self._cond:
                while not self._stopped and len(self._ready) + self._starting >= self.size:
                    self._cond.wait(CHECK_S)
                    self._drop_ended()
                if self._stopped:
                    return
                self._starting += 1
            warm = None
            try:
                warm = self._warm_one()
            finally:
                with self._cond:
                    self._starting -= 1
                    if warm is not None and not self._stopped:
                        self._ready.append(warm)
                        self.started += 1
                        warm = None
                    self._cond.notify_all()
            if warm is not None:  # stopped meanwhile
                self._discard(warm)

    def _warm_one(self) -> WarmContainer | None:
        """One container started and its imports done; None when that failed (retried later)."""
        try:
            cid, channel = create_and_attach(self.image, self.limits, None,
                                             f"analyst-warm-{uuid.uuid4().hex[:12]}", self.engine)
        except SandboxUnavailable as exc:
            log.warning("a warm sandbox did not start: %s", exc)
            time.sleep(RETRY_S)
            return None
        warm = WarmContainer(cid, channel)
        try:
            reply = KernelConnection(channel).request(
                {"op": "run", "code": WARMUP}, time.monotonic() + WARMUP_TIMEOUT_S)
        except (KernelGone, ReplyTimeout) as exc:
            if not self._stopped:  # else removed under it (the pool or the process ended)
                log.warning("a warm sandbox did not import its modules: %s", exc)
            reply = None
        if reply is None or reply.get("error"):
            self._discard(warm)
            time.sleep(RETRY_S)
            return None
        return warm

    def _drop_ended(self) -> None:
        """Forget ready containers that ended (called holding the lock)."""
        for warm in [w for w in self._ready if self.engine.exits.ended(w.id)]:
            self._ready.remove(warm)
            self._discard(warm)

    def _discard(self, warm: WarmContainer) -> None:
        warm.channel.close()
        remove_container(warm.id, self.engine)
        self.engine.exits.forget(warm.id)
