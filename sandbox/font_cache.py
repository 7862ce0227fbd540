"""matplotlib's font list, made once per host process for the local kernels' homes.

As root each local kernel gets a fresh private home (`local_user.private_home`), and
matplotlib's config dir with it: every kernel scanned the system's fonts again when its
pre-import reached `matplotlib.pyplot` (about 0.2 s of CPU per kernel, with the CJK fonts;
a quarter of a kernel's start, measured here). The Docker image bakes the list at build
time for the same reason (sandbox/Dockerfile). Here the host makes it once, in a process
with the kernel's own environment (so it lists what a kernel would find), and each new home
gets a copy owned by its kernel. Never a list a kernel wrote: that would be a channel from
one session to the next.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

_MAKE = "import matplotlib.font_manager"  # its import builds and saves the list
_lock = threading.Lock()
_made: list[Path | None] = []  # [] not tried yet; [None] tried and failed


def font_lists(env_for: Callable[[Path], dict[str, str]]) -> list[Path]:
    """The font list files (fontlist-v*.json) made by a kernel-like process of this host,
    once per process; [] when they could not be made (a kernel then makes its own).
    `env_for(home)`: the kernel's environment with `home` as its home and config dir."""
    with _lock:
        if not _made:
            _made.append(_make(env_for))
        folder = _made[0]
    return sorted(folder.glob("fontlist-*.json")) if folder is not None else []


def seed(home: Path, uid: int, gid: int, env_for: Callable[[Path], dict[str, str]]) -> None:
    """Copy the host's font list into a kernel's new home (its config dir), owned by it."""
    for source in font_lists(env_for):
        target = home / source.name
        shutil.copyfile(source, target)
        os.chown(target, uid, gid)


def _make(env_for: Callable[[Path], dict[str, str]]) -> Path | None:
    folder = Path(tempfile.mkdtemp(prefix="analyst-font-list-"))
    atexit.register(shutil.rmtree, folder, True)
    try:
        done = subprocess.run([sys.executable, "-I", "-c", _MAKE], env=env_for(folder),  # noqa: S603  our own constant
                              cwd=folder, capture_output=True, timeout=120, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("could not list the fonts for the local kernels: %s", exc)
        return None
    if done.returncode != 0 or not any(folder.glob("fontlist-*.json")):
        log.warning("could not list the fonts for the local kernels: %s",
                    done.stderr.decode(errors="replace")[-500:])
        return None
    return folder
