"""The files of one analysis and the data cards of their tables, in the order they are shown.

`Analysis` reads its files through `Sources` and asks it for its cards: each file read is
recorded in the analysis' file log (the app's store, or the workspace's `.analyst/`), and
the files of an earlier session come back from that log on first use (`restore_later`).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from analyst.progress import Progress
from analyst.session.upload_name import arrived_name
from analyst.store import file_tables
from analyst.store import workspace_state as state
from analyst.store.file_log import FileLog
from analyst.store.file_log import current as current_file
from analyst.store.restore import ingest_named, restore_files
from sandbox import Workspace

log = logging.getLogger(__name__)


class Sources:
    """The files read into one workspace, with their `DataCard`s. No I/O in the constructor."""

    def __init__(self, workspace: Workspace, files: FileLog, cards: Sequence[Any] = ()) -> None:
        self.workspace = workspace
        self.files = files
        self._cards: list[Any] = list(cards)
        self._read: list[tuple[state.FileRecord, list[Any]]] = []
        self._restore_pending = False
        self.problems: list[str] = []
        """Files of an earlier session that could not be read again, in plain words."""

    def restore_later(self) -> None:
        """Bring the files of the file log back when the cards are first asked for (the UI
        opens workspaces only for their folders and brings its own cards)."""
        self._restore_pending = True

    @property
    def cards(self) -> tuple[Any, ...]:
        self._restore()
        return tuple(self._cards)

    def add(self, path: Path | str, display_name: str | None, options: Any | None, *,
            replace: bool, progress: Progress | None,
            on_replaced: Callable[[], None]) -> list[Any]:
        """`Analysis.add_file`: the cards of the file's tables. `on_replaced` is called once
        the tables of a file read before under the same name have been replaced."""
        self._restore()
        path = Path(path)
        name = arrived_name(display_name or path.name)
        sha, opts = state.sha256_of(path), state.options_dict(options)
        for known, cards in self._read:
            if (known.name, known.sha256, known.options) == (name, sha, opts):
                return list(cards)
        previous = current_file(self.files, name) if replace else None
        old = [c for c in self._cards if c.source_file == name] if replace else []
        with file_tables.scratch(self.workspace) as twin:
            fresh = ingest_named(path, name, options, twin, progress)
            new = file_tables.place_tables(self.workspace, twin, fresh, old)
            original = file_tables.place_original(self.workspace, twin, fresh,
                                                  previous.original if previous else None)
        self._keep(new, replacing=old)
        if old:
            on_replaced()
        # Recorded even without a kept original (then it cannot be read again, but its
        # saved cards still come back): the file log is the list of the session's files.
        record = state.record_of(name, original or "", sha, opts, new, self.workspace.root)
        self._read = [(r, c) for r, c in self._read if not (replace and r.name == name)]
        self._read.append((record, list(new)))
        try:
            self.files.add(record, replace=replace)
        except (OSError, sqlite3.Error):
            log.warning("could not record %s", name, exc_info=True)
        return list(new)

    def unchanged(self) -> bool:
        """Every table file read is still the one its card describes."""
        for record, _ in self._read:
            try:
                if state.saved_cards(record, self.workspace.root) is None:
                    return False
            except ValueError:
                return False
        return True

    def _keep(self, new: list[Any], replacing: Sequence[Any] = ()) -> None:
        """Cards of a file read again take the places of its old ones; others go last."""
        gone = {c.table for c in replacing} | {c.table for c in new}
        slots = {c.table: i for i, c in enumerate(self._cards)}
        updated = {c.table: c for c in new if c.table in slots}
        self._cards = [updated.get(c.table, c) for c in self._cards
                       if c.table not in gone or c.table in updated]
        self._cards += [c for c in new if c.table not in updated]

    def _restore(self) -> None:
        """Bring back the files of an earlier session: saved cards, else read them again."""
        if not self._restore_pending:
            return
        self._restore_pending = False
        restored, problems = restore_files(self.workspace, self.files)
        for record, cards in restored:
            self._keep(cards)
            self._read.append((record, cards))
        self.problems.extend(problems)
