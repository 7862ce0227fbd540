"""Files between the host and a container, through the engine's archive API, by value.

The sandbox's `output/` lives on a size- and inode-limited tmpfs inside the container; after
a step that changed it, its tar stream is unpacked into the host's `output/`, which the
sandbox cannot reach. Only regular files cross (links, FIFOs, devices never do), each path
is opened component by component with O_NOFOLLOW, and count, size and name length are capped.
When a session's container is replaced, the host's copies are packed back into the new one.
"""

from __future__ import annotations

import hashlib
import io
import os
import secrets
import stat
import tarfile
import tempfile
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from sandbox.artifacts import MAX_DEPTH, MAX_PATH_CHARS, display_name
from sandbox.notices import DEEP, LINKS, LONG_NAMES, OTHERS, PAST_LIMITS

MAX_NAME_BYTES = 1024
MAX_PART_BYTES = 255
DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW


class _Chunks(io.RawIOBase):
    """A file object over the SDK's chunk iterator (tarfile reads a stream from it)."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self._chunks: Iterator[bytes] = iter(chunks)
        self._left = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # noqa: ANN001 - io's signature
        while not self._left:
            self._left = next(self._chunks, b"")
            if not self._left:
                return 0
        n = min(len(buffer), len(self._left))
        buffer[:n] = self._left[:n]
        self._left = self._left[n:]
        return n


def _parts(name: str) -> list[str] | None:
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if not parts or ".." in parts or len(name.encode(errors="surrogateescape")) > MAX_NAME_BYTES:
        return None
    if any(len(p.encode(errors="surrogateescape")) > MAX_PART_BYTES for p in parts):
        return None
    return parts


def _open_dir(root_fd: int, parts: list[str], create: bool) -> int:
    """A descriptor of root/parts..., never through a link; OSError when it cannot be."""
    fd = os.dup(root_fd)
    try:
        for part in parts:
            try:
                nxt = os.open(part, DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                os.mkdir(part, 0o755, dir_fd=fd)
                nxt = os.open(part, DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = nxt
        return fd
    except OSError:
        os.close(fd)
        raise


@dataclass
class Unpacked:
    """What one sync did: files written, and plain-words reasons for what was left out."""

    written: int = 0
    skipped: set[str] = field(default_factory=set)


def unpack(chunks: Iterable[bytes], dest: Path, seen: dict[str, str], *, max_files: int,
           max_bytes: int, changed: Collection[str] | None = None) -> Unpacked:
    """Make dest hold the regular files of a tar stream of the sandbox's whole `output/`.

    `seen` maps each path to the sha256 of what was last written there and is updated: a
    file whose bytes did not change is not rewritten (so not reported as changed) unless
    `changed` (the keeper's list of files written since the step began; None: all) names
    it, and one whose bytes changed is replaced even when its size and (whole-second) time
    in the tar are the same. Copies this made earlier (in `seen`) that the stream no longer holds are removed,
    by descriptor; dest is the host's own folder, so no name the sandbox chooses can make
    this delete anything else, and files the host put there itself are left alone.
    Links, FIFOs, devices, names over the limits and files past the caps are left out,
    each kind with a reason (the same words as `sandbox.artifacts` uses).
    """
    done = Unpacked()
    present: set[str] = set()
    files = total = 0
    root_fd = os.open(dest, DIR_FLAGS)
    try:
        with tarfile.open(fileobj=io.BufferedReader(_Chunks(chunks), 1 << 16), mode="r|") as tar:
            for member in tar:
                if member.isdir():
                    continue
                if not member.isreg():
                    done.skipped.add(LINKS if member.issym() or member.islnk() else OTHERS)
                    continue
                files += 1
                total += member.size
                parts, why = _checked(member.name)
                if why:
                    done.skipped.add(why)
                if parts is None:
                    continue
                if files > max_files or total > max_bytes:
                    done.skipped.add(PAST_LIMITS)
                    continue
                source = tar.extractfile(member)
                if source is None:
                    continue
                rel = "/".join(parts)
                try:
                    rewritten = changed is None or rel in changed
                    digest = _write(root_fd, parts, source, None if rewritten else seen.get(rel))
                except OSError:
                    continue
                present.add(rel)
                if digest is not None:
                    seen[rel] = digest
                    done.written += 1
        for rel in [r for r in seen if r not in present]:
            del seen[rel]
            _remove(root_fd, rel.split("/"))
    finally:
        os.close(root_fd)
    return done


def beyond(state: dict) -> set[str]:
    """Reasons for what the keeper saw in output/ past where the engine's archive reaches
    (it stops at PATH_MAX) or past the collector's rules: the stream never shows those."""
    why = set()
    depth, longest = state.get("depth"), state.get("longest")
    if isinstance(depth, int) and depth >= MAX_DEPTH:
        why.add(DEEP)
    if isinstance(longest, int) and len("output/") + longest > MAX_PATH_CHARS:
        why.add(LONG_NAMES)
    return why


def _checked(name: str) -> tuple[list[str] | None, str | None]:
    """The parts of a member's name, or None and why it is not kept (the collector's rules)."""
    parts = _parts(name)
    if parts is None:  # empty, `..` (never in the engine's stream) or over the OS's own limits
        too_long = len(name.encode(errors="surrogateescape")) > MAX_PATH_CHARS
        return None, LONG_NAMES if too_long else None
    shown = "output/" + "/".join(display_name(p) for p in parts)
    if len(parts) - 1 >= MAX_DEPTH:
        return None, DEEP
    if len(shown) > MAX_PATH_CHARS:
        return None, LONG_NAMES
    return parts, None


def _remove(root_fd: int, parts: list[str]) -> None:
    """Remove root/parts (a copy this module wrote) and the folders it leaves empty, each
    relative to its parent's descriptor, never through a link."""
    fds = [os.dup(root_fd)]
    try:
        for part in parts[:-1]:
            fds.append(os.open(part, DIR_FLAGS, dir_fd=fds[-1]))
        os.unlink(parts[-1], dir_fd=fds[-1])
        for depth in range(len(parts) - 1, 0, -1):  # innermost folder first
            os.rmdir(parts[depth - 1], dir_fd=fds[depth - 1])
    except OSError:
        pass  # gone already, or a folder that still holds something
    finally:
        for fd in fds:
            os.close(fd)


def _write(root_fd: int, parts: list[str], source, known: str | None) -> str | None:  # noqa: ANN001 - a tar member
    """Write a member's bytes at root/parts (a new file renamed over the old name, which
    replaces whatever entry was there without opening it); the sha256 written, or None
    when the bytes are `known` already (nothing is touched)."""
    dir_fd = _open_dir(root_fd, parts[:-1], create=True)
    try:
        digest = hashlib.sha256()
        part = f".part-{secrets.token_hex(8)}"
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644,
                     dir_fd=dir_fd)
        try:
            try:
                while chunk := source.read(1 << 20):
                    digest.update(chunk)
                    view = memoryview(chunk)
                    while view:
                        view = view[os.write(fd, view):]
            finally:
                os.close(fd)
            if digest.hexdigest() == known and _is_file(dir_fd, parts[-1]):
                return None
            os.replace(part, parts[-1], src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
            part = ""
            return digest.hexdigest()
        finally:
            if part:
                os.unlink(part, dir_fd=dir_fd)
    finally:
        os.close(dir_fd)


def _is_file(dir_fd: int, name: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
    except OSError:
        return False


class _Hashing(io.RawIOBase):
    """A file read through tarfile while its sha256 is taken."""

    def __init__(self, fd: int) -> None:
        self.fd, self.digest = fd, hashlib.sha256()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # noqa: ANN001 - io's signature
        data = os.read(self.fd, len(buffer))
        buffer[:len(data)] = data
        self.digest.update(data)
        return len(data)


def pack(folder: Path, uid: int, seen: dict[str, str], *, max_files: int,
         max_bytes: int) -> IO[bytes] | None:
    """A tar of the regular files under folder (owned by uid), or None when there are none.

    `seen` learns each packed file's sha256, so unpacking it back unchanged writes nothing.
    Spooled to disk past 16 MB: a session's output may be as large as its limit.
    """
    buffer = tempfile.SpooledTemporaryFile(max_size=16 * 1024**2)  # noqa: SIM115 - returned
    count = entries = total = 0
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        stack: list[tuple[Path, str]] = [(folder, "")]
        while stack:
            current, prefix = stack.pop()
            try:
                listing = list(os.scandir(current))
            except OSError:
                continue
            for entry in listing:
                rel = f"{prefix}{entry.name}"
                if _checked(rel)[0] is None:
                    continue
                entries += 1  # folders take an inode of the sandbox's tmpfs too
                if entry.is_dir(follow_symlinks=False):
                    folder_member = tarfile.TarInfo(rel)
                    folder_member.type, folder_member.mode = tarfile.DIRTYPE, 0o755
                    folder_member.uid = folder_member.gid = uid
                    tar.addfile(folder_member)
                    stack.append((Path(entry.path), rel + "/"))
                    continue
                if not entry.is_file(follow_symlinks=False):
                    continue
                try:
                    fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
                except OSError:
                    continue
                try:
                    info = os.fstat(fd)
                    if not stat.S_ISREG(info.st_mode):
                        continue
                    total += info.st_size
                    if entries > max_files or total > max_bytes:
                        continue
                    member = tarfile.TarInfo(rel)
                    member.size, member.mtime, member.mode = info.st_size, info.st_mtime, 0o644
                    member.uid = member.gid = uid
                    source = _Hashing(fd)
                    tar.addfile(member, source)
                    seen[rel] = source.digest.hexdigest()
                    count += 1
                finally:
                    os.close(fd)
    if not count:
        buffer.close()
        return None
    buffer.seek(0)
    return buffer
