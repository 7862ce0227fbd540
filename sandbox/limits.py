"""Resource limits of a sandbox session, read from documented environment variables.

| variable | default | meaning |
|---|---|---|
| ANALYST_SANDBOX_MEMORY | 2g | memory of one session (swap the same: none extra) |
| ANALYST_SANDBOX_CPUS | 1 | CPU quota of one session (Docker only) |
| ANALYST_SANDBOX_PIDS | 128 | processes and threads of one session (Docker only) |
| ANALYST_SANDBOX_TMP_SIZE | 256m | size of the session's `/tmp` (counts against memory) |
| ANALYST_SANDBOX_OUTPUT_SIZE | 1g | what a session may write under `output/` in total |
| ANALYST_SANDBOX_OUTPUT_FILES | 10000 | files and folders a session may create under `output/` |
| ANALYST_SANDBOX_TIMEOUT | 120 | seconds one step may run before it is interrupted |
| ANALYST_SANDBOX_GRACE | 5 | seconds an interrupted step gets to stop before a restart |
| ANALYST_SANDBOX_IDLE_MINUTES | 30 | a session unused this long is stopped |
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from sandbox.errors import SandboxError

_UNITS = {"": 1, "b": 1, "k": 1024, "m": 1024**2, "g": 1024**3, "t": 1024**4}


@dataclass(frozen=True)
class Limits:
    memory_bytes: int = 2 * 1024**3
    cpus: float = 1.0
    pids: int = 128
    tmp_bytes: int = 256 * 1024**2
    shm_bytes: int = 64 * 1024**2
    output_bytes: int = 1024**3
    output_files: int = 10_000
    step_timeout_s: float = 120.0
    grace_s: float = 5.0
    idle_s: float = 30 * 60.0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """Limits from `ANALYST_SANDBOX_*` variables; a bad value raises `SandboxError`."""
        env = os.environ if environ is None else environ
        d = cls()
        return cls(
            memory_bytes=_size(env, "ANALYST_SANDBOX_MEMORY", d.memory_bytes),
            cpus=_number(env, "ANALYST_SANDBOX_CPUS", d.cpus),
            pids=int(_number(env, "ANALYST_SANDBOX_PIDS", d.pids)),
            tmp_bytes=_size(env, "ANALYST_SANDBOX_TMP_SIZE", d.tmp_bytes),
            output_bytes=_size(env, "ANALYST_SANDBOX_OUTPUT_SIZE", d.output_bytes),
            output_files=int(_number(env, "ANALYST_SANDBOX_OUTPUT_FILES", d.output_files)),
            step_timeout_s=_number(env, "ANALYST_SANDBOX_TIMEOUT", d.step_timeout_s),
            grace_s=_number(env, "ANALYST_SANDBOX_GRACE", d.grace_s),
            idle_s=60.0 * _number(env, "ANALYST_SANDBOX_IDLE_MINUTES", d.idle_s / 60.0),
        )

    def describe(self) -> list[str]:
        """The limits in plain words, one line each (for `doctor` and logs)."""
        return [
            f"memory: {human_size(self.memory_bytes)} per session (no extra swap)",
            f"CPU: {self.cpus:g} core(s) per session",
            f"processes: at most {self.pids} per session",
            f"temporary files (/tmp): {human_size(self.tmp_bytes)}",
            (f"files written to output/: {human_size(self.output_bytes)} and "
             f"{self.output_files:,} files in total"),
            (f"one step: interrupted after {self.step_timeout_s:g} s, "
            f"restarted if still running {self.grace_s:g} s later"),
            f"idle sessions stopped after {self.idle_s / 60:g} minutes",
        ]


def human_size(n: int) -> str:
    """1073741824 -> '1 GB' (binary units, as Docker counts them)."""
    for unit, factor in (("TB", 1024**4), ("GB", 1024**3), ("MB", 1024**2), ("KB", 1024)):
        if n >= factor:
            return f"{n / factor:.3g} {unit}"
    return f"{n} bytes"


def parse_size(text: str) -> int:
    """'2g', '512M', '1.5GB', '1048576' -> bytes."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgtb]?)b?\s*", text.lower())
    if not match:
        raise ValueError(text)
    return int(float(match.group(1)) * _UNITS[match.group(2)])


def _size(env: Mapping[str, str], name: str, default: int) -> int:
    return int(_number(env, name, default, parse_size, "sandbox_size"))


def _number(env: Mapping[str, str], name: str, default: float,
            parse: Callable[[str], float] = float, key: str = "sandbox_positive") -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = parse(raw)
    except ValueError:
        value = 0.0
    if value <= 0:
        raise LimitError(key, name=name, value=repr(raw))
    return value


_LIMIT_WORDS = {
    "sandbox_size": "{name}={value} is not a size; write it like 512m or 2g.",
    "sandbox_positive": "{name}={value} must be a positive number.",
}


class LimitError(SandboxError):
    """A bad `ANALYST_SANDBOX_*` value: its English sentence, and `key` and `values` so the
    host can say it in the reader's language (its catalogue's context "settings_problem")."""

    def __init__(self, key: str, **values: str) -> None:
        # A plain sentence is taken as it is, as every error of the family takes one; only a
        # known id gets a key (the host words a key it knows, else shows the text).
        known = key in _LIMIT_WORDS
        super().__init__(_LIMIT_WORDS[key].format(**values) if known else key)
        # Pickled, it is rebuilt from its sentence (an unknown id) and these attributes are
        # put back from its `__dict__`: key and values travel without a method of their own.
        self.key: str | None = key if known else None
        self.values = values
