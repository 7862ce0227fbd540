"""The admission's numbers and their settings: how many sessions keep a container (from
memory), how many questions run at once (from the cores), how long an idle session is kept
before it may be paused, and how long a question waits in line (`analyst.session.admission`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

from analyst.session.host import SESSION_MEMORY, usable_cores, usable_memory
from analyst.session.warm import read_count, size_from_env
from analyst.words.note import SettingNote

log = logging.getLogger(__name__)

ENV = "ANALYST_MAX_RUNNING_SESSIONS"
PAUSE_ENV = "ANALYST_PAUSE_IDLE_SECONDS"
WAIT_ENV = "ANALYST_QUEUE_TIMEOUT"
WAIT_LIMIT_S = 300.0
"""A question that waited this long for a place gives up, told so in plain words."""
PAUSE_AFTER_S = 30.0
"""Only a session idle this long is paused for another: a user reading an answer is not."""
QUESTIONS_PER_CORE = 2
"""Questions running at once per usable core: a question also waits on the engine and on its
host side, so one per core left the cores idle part of the time (measured: benchmarks/
sessions.py)."""


def default_limit(environ: Mapping[str, str] | None = None) -> int:
    """Sessions whose container may run at once, from the host: one per 512 MB of usable
    memory (a container's cgroup limit counted: `usable_memory`), at least 2.

    The warm sandboxes' memory is not the sessions' (`analyst.session.warm`): each takes
    one session's room. They take no place themselves: a warm container runs no question."""
    memory = usable_memory() - size_from_env(environ) * SESSION_MEMORY
    return max(2, memory // SESSION_MEMORY)


def default_questions(limit: int | None = None) -> int:
    """Questions running at once, from the cores: `QUESTIONS_PER_CORE` per usable core (a
    CPU quota counted: `usable_cores`), at least 2, never more than `limit` sessions."""
    questions = max(2, int(usable_cores() * QUESTIONS_PER_CORE))
    return questions if limit is None else max(1, min(limit, questions))


def read_limit(environ: Mapping[str, str] | None = None) -> tuple[int, SettingNote | None]:
    """`ANALYST_MAX_RUNNING_SESSIONS` (empty: `default_limit()`), and a problem in plain
    words when the value cannot be used (the default is used then)."""
    return read_count(environ, ENV, 1, lambda: default_limit(environ), "running_sessions")


def read_pause_after(environ: Mapping[str, str] | None = None) -> tuple[float, SettingNote | None]:
    """`ANALYST_PAUSE_IDLE_SECONDS` (default `PAUSE_AFTER_S`) and a problem, as `read_limit`."""
    raw = ((os.environ if environ is None else environ).get(PAUSE_ENV) or "").strip()
    if not raw:
        return PAUSE_AFTER_S, None
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        return PAUSE_AFTER_S, SettingNote("pause_seconds", name=PAUSE_ENV, value=repr(raw),
                                          default=PAUSE_AFTER_S)
    return value, None


def limit_from_env(environ: Mapping[str, str] | None = None) -> int:
    value, problem = read_limit(environ)
    if problem:
        log.warning("%s", problem)
    return value


def pause_after_from_env(environ: Mapping[str, str] | None = None) -> float:
    value, problem = read_pause_after(environ)
    if problem:
        log.warning("%s", problem)
    return value


def wait_limit_from_env(environ: Mapping[str, str] | None = None) -> float:
    """`ANALYST_QUEUE_TIMEOUT` seconds; `WAIT_LIMIT_S` when it cannot be used (the settings
    already tell the user why: `analyst.settings`)."""
    raw = ((os.environ if environ is None else environ).get(WAIT_ENV) or "").strip()
    try:
        value = float(raw)
    except ValueError:
        return WAIT_LIMIT_S
    return value if 1 <= value < float("inf") else WAIT_LIMIT_S
