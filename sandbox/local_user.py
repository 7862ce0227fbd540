"""Who the local kernel runs as, and the workspace permissions that user needs.

An app running as root starts the local kernel as `nobody`: a different user without
capabilities cannot read `/proc/<app pid>/environ` (the API key), root's files or another
user's private files. That user needs to read `input/` and `lib/` and to write `output/`
and `.sandbox/` (the socket), and nothing else of the workspace.
"""

from __future__ import annotations

import functools
import os
import pwd
import stat
import tempfile
from pathlib import Path

from sandbox.workspace import Workspace

UNPRIVILEGED_NAME = "nobody"
FALLBACK_ID = 65534  # nobody/nogroup on Debian, Ubuntu, Fedora, Alpine


@functools.cache
def _nobody() -> tuple[int, int]:
    try:
        entry = pwd.getpwnam(UNPRIVILEGED_NAME)
    except KeyError:
        return FALLBACK_ID, FALLBACK_ID
    return entry.pw_uid, entry.pw_gid


def unprivileged_ids() -> tuple[int, int] | None:
    """(uid, gid) the local kernel switches to; None when the app is not root (it cannot)."""
    return _nobody() if os.geteuid() == 0 else None


def prepare_workspace(workspace: Workspace, uid: int, gid: int) -> None:
    """`output/` and `.sandbox/` become the kernel user's; `input/` and `lib/` readable only.

    Called at every launch: files added since (an upload, the recipes) must be readable,
    and files another backend left in `output/` (Docker's user) must be rewritable.
    """
    # Its working directory: entering it is not enough, relative paths need search (x).
    root_mode = stat.S_IMODE(os.stat(workspace.root).st_mode)
    if root_mode & 0o005 != 0o005:
        os.chmod(workspace.root, root_mode | 0o005)
    for folder in (workspace.output_dir, workspace.private_dir):
        for path in _tree(folder):
            os.lchown(path, uid, gid)
    for folder in (workspace.input_dir, workspace.lib_dir):
        for path in _tree(folder):
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                continue
            if info.st_uid == uid:  # never writable by the kernel, whoever made it
                os.chown(path, os.geteuid(), os.getegid())
            wanted = 0o555 if stat.S_ISDIR(info.st_mode) else 0o444
            mode = stat.S_IMODE(info.st_mode)
            if mode & wanted != wanted:
                os.chmod(path, mode | wanted)


def private_home(uid: int, gid: int) -> Path:
    """A fresh home for one kernel (matplotlib's cache), only its user's; removed at stop."""
    home = Path(tempfile.mkdtemp(prefix="analyst-sandbox-home-"))
    os.chown(home, uid, gid)
    return home


def blocked_folder(path: Path) -> str:
    """The first folder on `path` that other users cannot enter, for an error message."""
    for folder in reversed(path.resolve().parents):
        if not os.stat(folder).st_mode & stat.S_IXOTH:
            return str(folder)
    return str(path.parent)


def _tree(folder: Path):
    """`folder` and everything below it, without following symlinks."""
    yield folder
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            yield os.path.join(root, name)
