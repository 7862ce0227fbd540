"""How many warm sandboxes this process keeps ready, and the one pool that holds them.

The sandbox owns the pool (`sandbox.pool.WarmPool`); the analyst decides its size:
`ANALYST_WARM_SANDBOXES`, by default one per usable core while the memory allows at least
eight sessions per warm container (so on a small host the pool is off and every place
goes to running sessions). 0 turns it off: every session starts its own container, as
before the pool existed.

The pool grows with the line: while a question waits for a core and its session has no
container yet (`expecting`), one more is started ahead, so the container start (a
second or more of CPU for the imports) overlaps the wait instead of following it; the pool
shrinks back to its size as those questions take theirs. It starts `STARTS_PER_CORE` at
once per usable core.

A warm container is not a running session: it takes no place of the admission (the pool
must never make a user wait). Its memory is counted, though: its kernel holds pandas and
matplotlib (about 200 MB) and may grow to a session's limit once handed out, so the
default number of running sessions (`admission.default_limit`) is computed from the
host's memory less one session's room (`SESSION_MEMORY`) per warm container.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from analyst.session.host import SESSION_MEMORY, usable_cores, usable_memory
from analyst.words.note import SettingNote

if TYPE_CHECKING:
    from sandbox import Limits, WarmPool

log = logging.getLogger(__name__)

ENV = "ANALYST_WARM_SANDBOXES"
SESSIONS_PER_WARM = 8
"""The memory must hold this many sessions for each warm container it also holds."""
STARTS_PER_CORE = 2
"""Containers the pool starts at once per usable core while it is short: a start is mostly
the kernel's imports (CPU) with some waiting on the engine, and new sessions wait for them."""

_lock = threading.Lock()
_pool: WarmPool | None = None
_size = 0  # what the pool keeps when nobody waits
_expected = 0  # questions in line whose session has no container yet


def default_size() -> int:
    """One per usable core, while memory holds `SESSIONS_PER_WARM` sessions for each."""
    places = usable_memory() // SESSION_MEMORY
    return max(0, min(int(usable_cores()), places // SESSIONS_PER_WARM))


def read_size(environ: Mapping[str, str] | None = None) -> tuple[int, SettingNote | None]:
    """`ANALYST_WARM_SANDBOXES` (empty: `default_size()`) and a problem in plain words when
    the value cannot be used (the default is used then)."""
    return read_count(environ, ENV, 0, default_size, "warm_sandboxes")


def read_count(environ: Mapping[str, str] | None, name: str, least: int,
               default: Callable[[], int], problem: str) -> tuple[int, SettingNote | None]:
    """The whole number setting `name` (empty: `default()`), and the `SettingNote` `problem`
    when it is not one of at least `least` (the default is used then)."""
    raw = ((os.environ if environ is None else environ).get(name) or "").strip()
    if not raw:
        return default(), None
    try:
        value = int(raw)
    except ValueError:
        value = least - 1
    if value < least:
        return default(), SettingNote(problem, name=name, value=repr(raw), default=default())
    return value, None


def size_from_env(environ: Mapping[str, str] | None = None) -> int:
    value, problem = read_size(environ)
    if problem:
        log.warning("%s", problem)
    return value


def start_pool(backend: str, limits: Limits | None = None) -> WarmPool | None:
    """Start this process's pool (once; the app at its start), sized from the environment.

    None when the backend is local or the size is 0. The pool fills in the background;
    when Docker or its image is missing it stays empty and sessions start as without it."""
    global _pool, _size
    if backend == "local":
        return None
    size = size_from_env()
    if size == 0:
        return None
    from sandbox import Limits, SandboxError, WarmPool  # the Docker SDK: only with a pool

    try:
        wanted = limits or Limits.from_env()
    except SandboxError:
        return None  # bad limits: the session says so when it starts
    with _lock:
        if _pool is None or not _pool.fits(_pool.image, wanted):
            if _pool is not None:
                _pool.stop()
            starts = STARTS_PER_CORE * max(1, int(usable_cores()))
            _pool = WarmPool(size, wanted, parallel=starts).start()
            _size = size
        return _pool


def current_pool() -> WarmPool | None:
    """The pool `start_pool` started in this process, if any (a session takes from it)."""
    with _lock:
        return _pool


@contextlib.contextmanager
def expecting() -> Iterator[None]:
    """A question of a session without a container waits for its place: while it does, the
    pool keeps one more container ready (no more in all than memory holds sessions)."""
    _expect(1)
    try:
        yield
    finally:
        _expect(-1)


def _expect(change: int) -> None:
    global _expected
    with _lock:
        _expected = max(0, _expected + change)
        pool = _pool
        wanted = min(_size + _expected, max(_size, usable_memory() // SESSION_MEMORY))
    if pool is not None:
        pool.resize(wanted)


def stop_pool() -> None:
    """Stop and forget this process's pool (its ready containers removed; those handed out
    stay their sessions'). The pool also stops by itself at exit."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.stop()
