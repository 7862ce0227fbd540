"""Who the local kernel runs as, the workspace permissions it needs, and how it is ended.

An app running as root starts each session's kernel under a uid of its own, drawn from a
high range no account uses (the kernel needs no account): without capabilities it cannot
read `/proc/<app pid>/environ` (the API key), root's files, the app's database, or any other
session's workspace or processes. Its primary group is as private as its uid; its one
supplementary group, `SHARED_GID`, exists only so an administrator can let every session
kernel pass through a closed folder holding Python (`setfacl -m g:<SHARED_GID>:x /root`).
The workspace root becomes `root:<session gid>` 0750, so no other session can even enter it;
the kernel may read `input/` and `lib/` and write `output/` and `.sandbox/`, nothing else.
At stop every process of that uid is killed, whatever process group or session it made.
"""

from __future__ import annotations

import os
import secrets
import signal
import stat
import subprocess
import tempfile
import time
from pathlib import Path

from sandbox.workspace import Workspace

UID_BASE = 1_600_000_000
UID_SPAN = 100_000_000
SHARED_GID = 1_599_999_999
"""Supplementary group of every session kernel: grant it search (x) on closed folders that
hold Python or its packages, nothing more."""
KILL_WAIT_S = 5.0


def session_ids() -> tuple[int, int] | None:
    """A fresh (uid, gid) for one kernel; None when the app is not root (it cannot switch).

    Drawn at random from the range and checked against the running processes, so two
    sessions never share a uid (and so never share RLIMIT_NPROC or a kill).
    """
    if os.geteuid() != 0:
        return None
    busy = set(_uids_running())
    while True:
        uid = UID_BASE + secrets.randbelow(UID_SPAN)
        if uid not in busy:
            return uid, uid


def is_session_uid(uid: int) -> bool:
    return UID_BASE <= uid < UID_BASE + UID_SPAN


def prepare_workspace(workspace: Workspace, uid: int, gid: int) -> None:
    """The root enterable by this kernel only; `output/` and `.sandbox/` its own; `input/`
    and `lib/` readable, never writable. Called at every launch (a new uid each time)."""
    os.chown(workspace.root, os.geteuid(), gid)
    os.chmod(workspace.root, 0o750)  # noqa: S103 - group is the session's own gid
    for folder in (workspace.output_dir, workspace.private_dir):
        for path in _tree(folder):
            os.lchown(path, uid, gid)
        os.chmod(folder, 0o700)
    for folder in (workspace.input_dir, workspace.lib_dir):
        for path in _tree(folder):
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                continue
            if info.st_uid != os.geteuid():  # never writable by a kernel, whoever made it
                os.chown(path, os.geteuid(), os.getegid())
            wanted = 0o555 if stat.S_ISDIR(info.st_mode) else 0o444
            mode = stat.S_IMODE(info.st_mode) & ~0o022
            if mode & wanted != wanted or stat.S_IMODE(info.st_mode) & 0o022:
                os.chmod(path, mode | wanted)


def private_home(uid: int, gid: int) -> Path:
    """A fresh home for one kernel (matplotlib's cache), only its user's; removed at stop."""
    home = Path(tempfile.mkdtemp(prefix="analyst-sandbox-home-"))
    os.chown(home, uid, gid)
    return home


def kill_user(uid: int) -> int:
    """SIGKILL every process of `uid` until none is left; returns how many were signalled.

    A `setsid` child or a double fork escapes the kernel's process group, not its uid.
    Each process is signalled through a pidfd opened before its uid is checked, so a pid
    reused meanwhile by another process is never hit.
    """
    if not is_session_uid(uid):
        raise ValueError(f"{uid} is not a sandbox session uid")
    killed = 0
    deadline = time.monotonic() + KILL_WAIT_S
    while time.monotonic() < deadline:
        found = 0
        for pid in _pids():
            try:
                fd = os.pidfd_open(pid)
            except OSError:
                continue
            try:
                # A zombie has already died: it holds no memory, runs nothing and cannot be
                # killed again; its parent (PID 1 for an orphan) reaps it in its own time.
                # Counting it kept this loop signalling until the reaper came (1.6-2 s).
                if uid in _uids_of(pid) and not _dead(pid):
                    found += 1
                    signal.pidfd_send_signal(fd, signal.SIGKILL)
            except OSError:
                pass
            finally:
                os.close(fd)
        killed += found
        if not found:
            return killed
        time.sleep(0.005)
    return killed


def blocked_folder(path: Path, uid: int, gid: int) -> str | None:
    """The first folder on the way to `path` that this kernel's user cannot pass, or None.

    Asked as that user (`test -x` for each folder, with its groups), so ACLs count: the
    message names the folder that really blocks, not a guess from mode bits.
    """
    absolute = Path(os.path.abspath(path))
    folders = [str(p) for p in reversed(absolute.parents)]
    script = 'for d in "$@"; do test -x "$d" || { printf %s "$d"; exit 1; }; done'
    try:
        done = subprocess.run(["/bin/sh", "-c", script, "sh", *folders], user=uid, group=gid,  # noqa: S603
                              extra_groups=[SHARED_GID], capture_output=True, text=True,
                              timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout or None if done.returncode else None


def _pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _uids_of(pid: int) -> tuple[int, ...]:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("Uid:"):
                    return tuple(int(v) for v in line.split()[1:])
    except (OSError, ValueError):
        pass
    return ()


def _dead(pid: int) -> bool:
    """A zombie (Z) or dead (X) process: ended, only waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat_file:
            # "pid (comm) S ...": comm may hold spaces and parentheses; the state follows
            # the last ")".
            return stat_file.read().rpartition(b")")[2].split()[:1] in ([b"Z"], [b"X"])
    except OSError:
        return True  # gone already


def _uids_running() -> list[int]:
    return [uid for pid in _pids() for uid in _uids_of(pid)[:1]]


def _tree(folder: Path):
    """`folder` and everything below it, without following symlinks."""
    yield folder
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            yield os.path.join(root, name)
