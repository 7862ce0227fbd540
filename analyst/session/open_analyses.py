"""The analyses open in one app process, one per session, whichever tab or reload opened it.

A browser tab, a reload or a second tab each start a new Streamlit session of the same
conversation (`?s=...`). Each used to open its own `Analysis`, and so its own sandbox: one
user ended with 13 containers for one session, the old ones running until they idled out.
Here a page that reopens a session attaches to the analysis already open for it (its files,
its sandbox and its place on the host), so a session has one sandbox however it is opened.

Each page that uses an analysis is one of its holders. A page that leaves the session (a new
session in that tab) releases it; the last holder's release closes it. A page that simply
disappears (a reload, a closed tab) never says so: its analysis stays open, its sandbox
idles out or is paused by admission, and the least recently opened beyond `KEEP` is closed.

Plain Python (no Streamlit): the app keeps one `OpenAnalyses` for the process.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

log = logging.getLogger(__name__)

KEEP = 64
"""Sessions kept attached at once; the least recently opened beyond that is closed (its
sandbox stops; a later page of it opens it again, with its files from the workspace)."""


class Closable(Protocol):
    def close(self) -> None: ...


A = TypeVar("A", bound=Closable)


class OpenAnalyses(Generic[A]):
    """Session id -> its open analysis; thread-safe (each Streamlit session is a thread)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._lock = threading.Lock()
        self._open: OrderedDict[str, A] = OrderedDict()
        self._opening: dict[str, threading.Lock] = {}
        self._holders: dict[str, set[str]] = {}

    def attach(self, key: str, holder: str, opener: Callable[[], A],
               usable: Callable[[A], bool] = lambda _: True) -> tuple[A, bool]:
        """The analysis open for `key`, else a new one from `opener()`; and whether it was
        new. `holder` (a page) holds it until it `release`s it. One open but no longer
        `usable` (a table of it changed on disk) is closed and replaced. Two pages opening
        the same session at once get the same one (the second waits for the first's
        `opener`)."""
        with self._lock:
            gate = self._opening.setdefault(key, threading.Lock())
        with gate:
            with self._lock:
                known = self._open.get(key)
            if known is not None and usable(known):
                with self._lock:
                    self._open.move_to_end(key)
                    self._holders.setdefault(key, set()).add(holder)
                return known, False
            if known is not None:
                _close(known)  # its sandbox stops before the new one can start
            opened = opener()
            with self._lock:
                self._open[key] = opened
                self._open.move_to_end(key)
                self._holders.setdefault(key, set()).add(holder)
                evicted = []
                while len(self._open) > self.keep:
                    old_key, old = self._open.popitem(last=False)
                    self._holders.pop(old_key, None)
                    evicted.append(old)
                self._opening.pop(key, None)
        for old in evicted:
            _close(old)
        return opened, True

    def get(self, key: str) -> A | None:
        with self._lock:
            return self._open.get(key)

    def release(self, key: str, holder: str) -> None:
        """`holder` no longer uses the analysis of `key`; the last one to leave closes it."""
        with self._lock:
            holders = self._holders.get(key)
            if holders is None:
                return
            holders.discard(holder)
            gone = self._open.pop(key, None) if not holders else None
            if gone is not None:
                self._holders.pop(key, None)
        if gone is not None:
            _close(gone)

    def forget(self, key: str) -> None:
        """Close the analysis of `key` and drop it, whoever holds it (the session was
        deleted)."""
        with self._lock:
            gone = self._open.pop(key, None)
            self._holders.pop(key, None)
        if gone is not None:
            _close(gone)

    def close_all(self) -> None:
        with self._lock:
            gone, self._open = list(self._open.values()), OrderedDict()
            self._holders.clear()
        for old in gone:
            _close(old)

    def __len__(self) -> int:
        with self._lock:
            return len(self._open)


def _close(analysis: Closable) -> None:
    try:
        analysis.close()
    except Exception:  # noqa: BLE001 - closing one must not stop the others
        log.warning("could not close a sandbox session", exc_info=True)
