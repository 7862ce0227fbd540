"""The host folder of one analysis session, as the sandbox sees it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from sandbox import artifacts
from sandbox.errors import WorkspaceError
from sandbox.result import IMAGE_SUFFIXES, OutputFile

Snapshot = Mapping[str, tuple[int, int]]
"""Relative path -> (size, mtime_ns) of every file under `output/` at one moment."""

# `.sandbox/` holds the kernel's socket; it is the only other place the sandbox can write.
PRIVATE_DIR = ".sandbox"
MAX_SESSION_FILES = 10_000
"""Files a session may keep under `output/` (and `.sandbox/`) in all."""


@dataclass(frozen=True)
class Workspace:
    """`input/` (read-only in the sandbox), `output/` (writable), `lib/` (read-only, importable).

    The constructor does no I/O; `ensure()` creates the folders.
    """

    root: Path

    def __post_init__(self) -> None:
        # Absolute once, so that a later chdir of the host process changes nothing.
        object.__setattr__(self, "root", Path(os.path.abspath(self.root)))

    @property
    def input_dir(self) -> Path:
        return self.root / "input"

    @property
    def output_dir(self) -> Path:
        return self.root / "output"

    @property
    def lib_dir(self) -> Path:
        return self.root / "lib"

    @property
    def private_dir(self) -> Path:
        return self.root / PRIVATE_DIR

    def ensure(self) -> Workspace:
        """Create the folders (idempotent) and return self."""
        try:
            for folder in (self.input_dir, self.output_dir, self.lib_dir, self.private_dir):
                folder.mkdir(parents=True, exist_ok=True)
            artifacts.ensure_store(self.root)
        except OSError as exc:
            raise WorkspaceError(
                f"Cannot create the workspace folders in {self.root}: {exc.strerror}. "
                "Check that the folder is writable by the app."
            ) from exc
        return self

    def resolve(self, relpath: str | os.PathLike[str]) -> Path:
        """The absolute path of `relpath` inside the workspace; refuses any escape (.., symlinks)."""
        candidate = Path(relpath)
        if candidate.is_absolute():
            raise WorkspaceError(f"{relpath} is an absolute path; use a path inside the workspace.")
        resolved = (self.root / candidate).resolve()
        if not resolved.is_relative_to(self.root.resolve()):
            raise WorkspaceError(f"{relpath} points outside the workspace.")
        return resolved

    def snapshot(self) -> Snapshot:
        """Size and modification time of the regular files under `output/` (bounded walk,
        names escaped as `OutputFile.path` shows them; links are never followed)."""
        return artifacts.snapshot(self.output_dir)

    def collect(self, before: Snapshot, max_bytes: int) -> artifacts.Collected:
        """Copy what changed under `output/` since `before` into host-only storage, by value."""
        return artifacts.collect(self.root, before, max_bytes=max_bytes)

    def remove_created(self, before: Snapshot) -> int:
        """Remove files under `output/` that `before` did not list, never through a link."""
        return artifacts.remove_created(self.output_dir, "output", lambda rel: rel in before)

    def artifact_path(self, file: OutputFile) -> Path | None:
        """The host's own copy of a file a step wrote, or None when none was kept.

        Hosts read step files only through this (the UI, the store, reports): the copy is
        what the step had written when it ended, whatever `output/` holds now.
        """
        return artifacts.artifact_path(self.root, file)

    def changed_since(self, before: Snapshot) -> list[OutputFile]:
        """Files under `output/` created or changed since `before`, sorted by path."""
        changed = [
            OutputFile(path=rel, size=size, is_image=Path(rel).suffix.lower() in IMAGE_SUFFIXES)
            for rel, (size, mtime) in self.snapshot().items()
            if before.get(rel) != (size, mtime)
        ]
        return sorted(changed, key=lambda f: f.path)

    def usage(self, max_files: int = MAX_SESSION_FILES) -> Usage:
        """Bytes and entries in the folders the sandbox can write, counted up to a cap.

        The walk stops past `max_files` entries (the session's file limit): a session
        holding more is over its limit anyway, and 100,000 empty files must not make every
        later step slow.
        """
        total = entries = 0
        for folder in (self.output_dir, self.private_dir):
            for _, stat in _walk_files(folder):
                total += stat.st_size
                entries += 1
                if entries > max_files:
                    return Usage(total, entries, too_many=True)
        return Usage(total, entries, too_many=False)


@dataclass(frozen=True)
class Usage:
    bytes: int
    entries: int
    too_many: bool
    """More files than the session may keep: over the limit whatever their size."""


def _walk_files(folder: Path):
    """(path, stat) of the regular files under `folder`, without following symlinks."""
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue  # vanished or unreadable: nothing to report
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(Path(entry.path))
                elif entry.is_file(follow_symlinks=False):
                    yield Path(entry.path), entry.stat(follow_symlinks=False)
            except OSError:
                continue
