"""Where a session's files are recorded: one record per session, behind one interface.

`Analysis` writes the record of every file it reads (`add_file`) to its file log and brings
the files of an earlier session back from it (`restore.restore_files`), nowhere else; so,
as for answers (`answer_log`), the app and the command line keep one record each: the
app's is its SQLite store (`analyst.store.log.SessionFiles`, the store's `files` table),
the command line's the workspace's `.analyst/files.json` (`WorkspaceFiles`). Both hold the
same `analyst.store.records.FileRecord`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from analyst.store import workspace_state
from analyst.store.records import FileRecord


@runtime_checkable
class FileLog(Protocol):
    """The files of one session, oldest first."""

    def records(self) -> list[FileRecord]: ...

    def add(self, record: FileRecord, *, replace: bool = False) -> None:
        """Keep one more file's record; `replace`: it takes the place of the records of its
        name (raises `OSError` or `sqlite3.Error` when it cannot)."""
        ...

    def rewrite(self, records: list[FileRecord]) -> None:
        """The same files, their records upgraded (e.g. cards added to an older record)."""
        ...


def current(log: FileLog, name: str) -> FileRecord | None:
    """The latest record of the file the user knows as `name`."""
    found = [r for r in log.records() if r.name == name]
    return found[-1] if found else None


class WorkspaceFiles:
    """`<workspace>/.analyst/files.json` (see `workspace_state`)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def records(self) -> list[FileRecord]:
        return workspace_state.load_files(self.root)

    def add(self, record: FileRecord, *, replace: bool = False) -> None:
        workspace_state.add_record(self.root, record, replace=replace)

    def rewrite(self, records: list[FileRecord]) -> None:
        workspace_state.save_files(self.root, records)
