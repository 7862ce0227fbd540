"""A host folder copied into a container by value: what changed since the last copy, as a tar.

A warm container (`sandbox.pool`) was made before its session was known, so it cannot
mount the session's input/ and lib/: they are copied in through the engine's archive API
when it is handed out, and again before a step when the host's copy changed (a new upload).
Files arrive owned by root, folders 0755 and files 0644, so the sandbox's uid reads them
and cannot change them, as through a read-only mount.
"""

from __future__ import annotations

import os
import stat
import tarfile
import tempfile
from pathlib import Path
from typing import IO

Listing = dict[str, tuple[int, int]]
"""Relative path -> (size, mtime_ns) of every regular file under a folder."""

OWNER = 0  # root: readable by the sandbox's uid, never writable by it


def listing(folder: Path) -> Listing:
    """Every regular file under `folder` (links and special files are never copied)."""
    found: Listing = {}
    stack: list[tuple[Path, str]] = [(folder, "")]
    while stack:
        current, prefix = stack.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue
        for entry in entries:
            rel = f"{prefix}{entry.name}"
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(info.st_mode):
                stack.append((Path(entry.path), rel + "/"))
            elif stat.S_ISREG(info.st_mode):
                found[rel] = (info.st_size, info.st_mtime_ns)
    return found


def changed_since(sent: Listing, now: Listing) -> list[str]:
    """Files new or changed since `sent` was copied (the archive API only adds: a removed
    file makes the backend restart the session in a bound container instead)."""
    return sorted(rel for rel, seen in now.items() if sent.get(rel) != seen)


def tar_of(folder: Path, names: list[str]) -> IO[bytes]:
    """A tar of `names` under `folder` with their parent folders, owned by root.

    Spooled to disk past 16 MB (an input table can be large). A file that became a link
    or vanished since it was listed is left out."""
    buffer = tempfile.SpooledTemporaryFile(max_size=16 * 1024**2)  # noqa: SIM115 - returned
    folders: set[str] = set()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for rel in names:
            parts = rel.split("/")
            for depth in range(1, len(parts)):
                parent = "/".join(parts[:depth])
                if parent not in folders:
                    folders.add(parent)
                    tar.addfile(_member(parent, tarfile.DIRTYPE, 0o755))
            try:
                fd = os.open(folder / rel, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                continue
            with os.fdopen(fd, "rb") as source:
                info = os.fstat(source.fileno())
                if not stat.S_ISREG(info.st_mode):
                    continue
                member = _member(rel, tarfile.REGTYPE, 0o644)
                member.size, member.mtime = info.st_size, info.st_mtime
                tar.addfile(member, source)
    buffer.seek(0)
    return buffer


def _member(name: str, kind: bytes, mode: int) -> tarfile.TarInfo:
    member = tarfile.TarInfo(name)
    member.type, member.mode = kind, mode
    member.uid = member.gid = OWNER
    return member
