"""A folder of wheels that several builds (and several checkouts) share.

Resolving a lock with the host's pip costs seconds of CPU and needs the package index even
when every wheel is on disk already. So each set of requirements downloaded into the folder
leaves a stamp: a file named by a hash of the requirements' text and of the target (Python,
platforms), listing the wheels that set needs. While the stamp's wheels are all there, the
set is complete and pip is not run. The lock, a changed requirement or a missing wheel sends
it to pip again. An `flock` per set keeps two builds from resolving it at once.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

STAMPS = ".stamps"


def user_wheel_cache() -> Path:
    """Wheels kept for every checkout of this user (`$XDG_CACHE_HOME/analyst/wheels`): a
    fresh clone builds its images without resolving the locks again."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "analyst" / "wheels"


def stamp_key(requirements: Path, target: Sequence[str]) -> str:
    """The set's name: what pip would be asked (the requirements' text and the target). The
    text only: a requirements file that names another (`-r`, `-c`) is not followed (the locks
    and the image's requirements name none)."""
    digest = hashlib.sha256(requirements.read_bytes())
    digest.update("\0".join(target).encode())
    return digest.hexdigest()[:24]


def stamped(folder: Path, key: str) -> list[Path] | None:
    """The wheels of a complete set; None when it was never stamped or a wheel is gone."""
    stamp = folder / STAMPS / key
    if not stamp.is_file():
        return None
    wheels = [folder / name for name in stamp.read_text(encoding="utf-8").split()]
    return wheels if all(wheel.is_file() for wheel in wheels) else None


def stamp(folder: Path, key: str, wheels: Sequence[Path]) -> None:
    """Mark the set complete (written whole, then renamed: a reader sees all of it or none)."""
    path = folder / STAMPS / key
    partial = path.with_name(f"{key}.{os.getpid()}.partial")
    partial.write_text("".join(f"{wheel.name}\n" for wheel in sorted(wheels)), encoding="utf-8")
    os.replace(partial, path)


@contextmanager
def held(folder: Path, key: str) -> Iterator[None]:
    """One resolve of a set at a time, across processes."""
    (folder / STAMPS).mkdir(parents=True, exist_ok=True)
    with open(folder / STAMPS / f"{key}.lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def link_into(found: Sequence[Path], folder: Path) -> None:
    """A build context's wheelhouse: hard links where the cache is on the same disk (no
    second copy of hundreds of MB), copies where not."""
    folder.mkdir(parents=True, exist_ok=True)
    for wheel in found:
        target = folder / wheel.name
        if target.exists():
            continue
        try:
            os.link(wheel, target)
        except OSError:
            shutil.copy2(wheel, target)
