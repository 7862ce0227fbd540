"""Numbered places of the host, each a file locked with `flock` by whoever holds it.

`Slots(folder, prefix, count)` is `count` files `<prefix>-<n>.lock` under `folder`. The
lock is the operating system's: a process that dies frees its places at once, and every
process of the host that uses the same folder counts against the same `count`. The
admission (`analyst.session.admission`) keeps two such sets: places for sessions whose
container runs (`slot-*`, from memory) and places for questions that run (`run-*`, from
cores).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


class Slots:
    """`count` places named `<prefix>-<n>.lock` under `folder` (no I/O until `take`)."""

    def __init__(self, folder: Path, prefix: str, count: int) -> None:
        self.folder = Path(folder)
        self.prefix = prefix
        self.count = count

    def path(self, n: int, suffix: str = ".lock") -> Path:
        return self.folder / f"{self.prefix}-{n}{suffix}"

    def take(self) -> tuple[int, int] | None:
        """A free place's number and the open, locked descriptor that holds it (closing it
        gives the place back); None when every place is held."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for n in range(self.count):
            fd = os.open(self.path(n), os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            return n, fd
        return None

    def any_free(self) -> bool:
        """Whether a place is free now (looked at, not taken)."""
        taken = self.take()
        if taken is None:
            return False
        os.close(taken[1])
        return True
