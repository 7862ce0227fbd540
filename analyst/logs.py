"""Logging of `analyst.*` (and the app's `analyst.app`): one handler, level from the environment.

Every line carries the time and the level, e.g.
`2026-12-02 01:23:45,678 WARNING analyst.app: could not record report.pdf`.
The web app (each script run, after secrets.toml reached the environment) and the CLI call
`configure_logging()`; calling it again only applies a changed level. Records still
propagate, so a handler an embedding process puts on the root logger (pytest's, say) sees
them too; the root logger has none of its own here, so nothing is printed twice.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from analyst.words.note import SettingNote

LEVEL_VARIABLE = "ANALYST_LOG_LEVEL"
DEFAULT_LEVEL = "INFO"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
ROOT = "analyst"


class _Handler(logging.StreamHandler):
    """Ours, so that a second configure_logging() replaces it instead of adding another."""


_said: set[str] = set()  # bad-value warnings already logged: once per process, not per run


def read_log_level(values: Mapping[str, str] | None = None) -> tuple[str, SettingNote | None]:
    """The level name in force and, when the variable's value is bad, why (in plain words)."""
    source = os.environ if values is None else values
    raw = (source.get(LEVEL_VARIABLE) or "").strip()
    if not raw:
        return DEFAULT_LEVEL, None
    if raw.upper() in LEVELS:
        return raw.upper(), None
    from analyst.words.note import SettingNote

    return DEFAULT_LEVEL, SettingNote("one_of", name=LEVEL_VARIABLE, allowed=", ".join(LEVELS),
                                      value=repr(raw), default=DEFAULT_LEVEL)


def configure_logging(values: Mapping[str, str] | None = None,
                      stream: TextIO | None = None) -> logging.Logger:
    """Give the `analyst` logger its one stderr handler and the level of ANALYST_LOG_LEVEL."""
    level, problem = read_log_level(values)
    logger = logging.getLogger(ROOT)
    for old in [h for h in logger.handlers if isinstance(h, _Handler)]:
        if stream is None and old.stream is sys.stderr:
            handler = old  # the same destination: keep it (a script run is not a restart)
            break
        logger.removeHandler(old)
    else:
        handler = _Handler(stream or sys.stderr)
        handler.setFormatter(logging.Formatter(FORMAT))
        logger.addHandler(handler)
    logger.setLevel(level)
    if problem and problem.english not in _said:
        _said.add(problem.english)
        logger.warning(problem.english)
    return logger
