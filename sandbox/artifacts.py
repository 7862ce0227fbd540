"""What a step wrote under `output/`, copied once, by value, into host-only storage.

The sandbox controls everything under `output/`: after a step lists a file it (or a thread
it left running) can swap it for a symlink to a host file, a FIFO, or a bigger file. So the
host never reads `output/` by path. At the end of each step it walks `output/` through
directory descriptors (`O_NOFOLLOW` on every component, `O_NONBLOCK` so a FIFO cannot block
the open), copies regular files only (`fstat` after the open decides, not the name), within
caps on count, depth, name length and bytes, hashes each copy and keeps it under
`<workspace>/.artifacts/<sha256>` (never mounted, 0700). Everything the app shows, stores
or puts in a report reads those copies: a later step cannot change what an earlier showed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from sandbox.notices import (
    DEEP,
    ENTRIES,
    LINKS,
    LONG_NAMES,
    OTHERS,
    TOO_BIG,
    TOO_MANY,
    files_skipped,
)
from sandbox.result import Notice, OutputFile

ARTIFACTS_DIR = ".artifacts"
MAX_FILES = 200
"""Files kept from one step; a step writing more gets the first ones and a notice."""
MAX_ENTRIES = 12_000
"""Entries of `output/` looked at per walk (more than a session may keep, see
`workspace.MAX_SESSION_FILES`): 100,000 empty files must not slow every step."""
MAX_DEPTH = 12
MAX_PATH_CHARS = 512
"""A workspace-relative name longer than this (after escaping) is not kept."""
CHUNK = 1 << 20
RASTER = {".png": (b"\x89PNG\r\n\x1a\n",), ".jpg": (b"\xff\xd8\xff",),
          ".jpeg": (b"\xff\xd8\xff",), ".gif": (b"GIF87a", b"GIF89a"), ".webp": (b"RIFF",)}
"""Images a browser may be shown, by suffix and the bytes they must start with. SVG is not
one of them: it is a document that can make the browser fetch other URLs."""


_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0)

Snapshot = Mapping[str, tuple[int, int]]


@dataclass
class Collected:
    """The files kept from one step and what the user must know about the rest."""

    files: list[OutputFile] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    """Why files were left out, one reason id (`sandbox.notices.REASONS`) per kind of file."""

    def notice(self) -> Notice | None:
        """What the user is told of the files left out (None: none was), with the limits
        the reasons name."""
        return files_skipped(self.skipped, entries=MAX_ENTRIES, depth=MAX_DEPTH,
                             chars=MAX_PATH_CHARS, files=MAX_FILES)


def display_name(raw: str) -> str:
    """A file name as text that is safe to store and show: valid UTF-8, no control characters.

    Bytes that are not UTF-8 become `\\xNN`, control and format characters (newlines, ANSI
    escapes, right-to-left overrides) `\\uNNNN`, and a backslash is doubled, so two different
    names never show the same.
    """
    parts: list[str] = []
    for piece in os.fsencode(raw).decode("utf-8", errors="surrogateescape"):
        code = ord(piece)
        if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte
            parts.append(f"\\x{code - 0xDC00:02x}")
        elif piece == "\\":
            parts.append("\\\\")
        elif unicodedata.category(piece) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            parts.append(f"\\u{code:04x}")
        else:
            parts.append(piece)
    return "".join(parts)


def store_dir(root: Path) -> Path:
    return root / ARTIFACTS_DIR


def ensure_store(root: Path) -> Path:
    folder = store_dir(root)
    folder.mkdir(mode=0o700, exist_ok=True)
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode):
        raise OSError(f"{folder} is not a folder")
    if stat.S_IMODE(info.st_mode) != 0o700:
        os.chmod(folder, 0o700)
    return folder


def artifact_path(root: Path, file: OutputFile) -> Path | None:
    """The host's copy of `file`, or None (no hash recorded, or the copy is gone)."""
    digest = getattr(file, "sha256", "") or ""
    if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        return None
    path = store_dir(root) / digest
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return path if stat.S_ISREG(info.st_mode) else None


# -- walking output/ without following anything ---------------------------------------------

@dataclass(frozen=True)
class _Entry:
    parent_fd: int
    name: str  # the raw name, for the open
    rel: str  # escaped, workspace-relative, for people
    size: int
    mtime_ns: int


def _walk(output_dir: Path, prefix: str, skipped: set[str]) -> Iterator[_Entry]:
    """Regular-looking entries under `output_dir` (lstat only); bounded; opens no file."""
    try:
        top = os.open(output_dir, _DIR_FLAGS)
    except OSError:
        return
    seen = 0
    stack: list[tuple[int, str, int]] = [(top, prefix, 0)]
    try:
        while stack:
            fd, rel_dir, depth = stack.pop()
            try:
                with os.scandir(fd) as entries:
                    listed = []
                    for entry in entries:
                        seen += 1
                        if seen > MAX_ENTRIES:
                            skipped.add(ENTRIES)
                            break
                        listed.append(entry)
                for entry in sorted(listed, key=lambda e: e.name):
                    rel = f"{rel_dir}/{display_name(entry.name)}"
                    try:
                        info = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if stat.S_ISDIR(info.st_mode):
                        if depth + 1 >= MAX_DEPTH:
                            skipped.add(DEEP)
                            continue
                        try:
                            child = os.open(entry.name, _DIR_FLAGS, dir_fd=fd)
                        except OSError:
                            continue  # swapped for a link or removed since the listing
                        stack.append((child, rel, depth + 1))
                    elif stat.S_ISREG(info.st_mode):
                        if len(rel) > MAX_PATH_CHARS:
                            skipped.add(LONG_NAMES)
                            continue
                        yield _Entry(fd, entry.name, rel, info.st_size, info.st_mtime_ns)
                    elif stat.S_ISLNK(info.st_mode):
                        skipped.add(LINKS)
                    else:
                        skipped.add(OTHERS)
                if seen > MAX_ENTRIES:
                    return
            finally:
                if fd != top:
                    os.close(fd)
    finally:
        for fd, *_ in stack:
            if fd != top:
                os.close(fd)
        os.close(top)


def snapshot(output_dir: Path, prefix: str = "output") -> dict[str, tuple[int, int]]:
    """Relative name -> (size, mtime_ns) of the regular files under `output_dir` (bounded)."""
    return {e.rel: (e.size, e.mtime_ns) for e in _walk(output_dir, prefix, set())}


def collect(root: Path, before: Snapshot, *, max_bytes: int, prefix: str = "output") -> Collected:
    """Copy the files created or changed since `before` into `<root>/.artifacts/`.

    Regular files only, opened without following links; at most `MAX_FILES` files and
    `max_bytes` in total (a file that does not fit is left out, never cut). Each copy is
    exactly the bytes hashed, whatever the file becomes afterwards.
    """
    store = ensure_store(root)
    kept = Collected()
    skipped: set[str] = set()
    budget = max_bytes
    for entry in _walk(root / prefix, prefix, skipped):
        if before.get(entry.rel) == (entry.size, entry.mtime_ns):
            continue
        if len(kept.files) >= MAX_FILES:
            skipped.add(TOO_MANY)
            break
        copied = _copy(entry, store, budget)
        if copied is None:
            continue
        if isinstance(copied, str):
            skipped.add(copied)
            continue
        kept.files.append(copied)
        budget -= copied.size
    kept.skipped = sorted(skipped)
    return kept


def _copy(entry: _Entry, store: Path, budget: int) -> OutputFile | str | None:
    """The kept `OutputFile`, a reason it was not kept, or None (gone or not a file now)."""
    try:
        fd = os.open(entry.name, _FILE_FLAGS, dir_fd=entry.parent_fd)
    except OSError:
        return None  # swapped for a link (ELOOP) or removed since it was listed
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return OTHERS
        if info.st_size > budget:
            return TOO_BIG
        digest = hashlib.sha256()
        head = b""
        out_fd, part = tempfile.mkstemp(dir=store, prefix=".part-")
        try:
            remaining = info.st_size  # what it held when opened: later growth is not ours
            while remaining > 0:
                chunk = os.read(fd, min(CHUNK, remaining))
                if not chunk:
                    break
                if len(head) < 16:
                    head = (head + chunk)[:16]
                digest.update(chunk)
                view = memoryview(chunk)
                while view:
                    view = view[os.write(out_fd, view):]
                remaining -= len(chunk)
            os.close(out_fd)
            out_fd = -1
            size = info.st_size - remaining
            sha = digest.hexdigest()
            os.replace(part, store / sha)
        finally:
            if out_fd >= 0:
                os.close(out_fd)
            Path(part).unlink(missing_ok=True)
    except OSError:
        return None
    finally:
        os.close(fd)
    suffix = os.path.splitext(entry.rel)[1].lower()
    is_image = any(head.startswith(magic) for magic in RASTER.get(suffix, ()))
    return OutputFile(path=entry.rel, size=size, is_image=is_image, sha256=sha)


# -- removing what a step created, by descriptor -----------------------------------------------

def remove_created(folder: Path, prefix: str, keep: Callable[[str], bool]) -> int:
    """Unlink entries under `folder` whose name `keep` refuses; links are removed, never followed.

    Every name is unlinked relative to its parent's descriptor (opened `O_NOFOLLOW`), so a
    symlink swapped in during the clean-up cannot redirect it to a file outside.
    """
    removed = 0
    try:
        top = os.open(folder, _DIR_FLAGS)
    except OSError:
        return 0
    stack: list[tuple[int, str, int]] = [(top, prefix, 0)]
    seen = 0
    while stack:
        fd, rel_dir, depth = stack.pop()
        try:
            with os.scandir(fd) as entries:
                names = [e.name for e in entries]
        except OSError:
            names = []
        for name in names:
            seen += 1
            if seen > MAX_ENTRIES * 20:
                break
            rel = f"{rel_dir}/{display_name(name)}"
            try:
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(info.st_mode):
                if depth + 1 < MAX_DEPTH * 4:
                    with contextlib.suppress(OSError):
                        stack.append((os.open(name, _DIR_FLAGS, dir_fd=fd), rel, depth + 1))
                continue
            if keep(rel):
                continue
            with contextlib.suppress(OSError):
                os.unlink(name, dir_fd=fd)
                removed += 1
        os.close(fd)
    return removed
