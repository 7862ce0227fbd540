"""Bringing back the files of an earlier session of a workspace (its `file_log`: the
store for the app, `workspace_state`'s `files.json` for the command line).

Saved cards are used when every table file is still the one they describe; otherwise the
kept original is read again with the same options (deterministic), and a table that
differs from what was recorded is reported in plain words, never used.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from analyst.store import workspace_state as state
from analyst.store.file_log import FileLog, WorkspaceFiles
from analyst.store.records import FileRecord
from sandbox import Workspace, WorkspaceError

log = logging.getLogger(__name__)


def restore_files(workspace: Workspace, files: FileLog | None = None,
                  ) -> tuple[list[tuple[FileRecord, list[Any]]], list[str]]:
    """The cards of every file `files` records (default: the workspace's `files.json`), and
    what could not be restored, in plain words."""
    from analyst.ingest import IngestError, IngestOptions
    from analyst.store import file_tables as place

    root = workspace.root
    log_ = files if files is not None else WorkspaceFiles(root)
    records = log_.records()
    restored, problems, kept = [], [], list(records)
    with place.scratch(workspace) as twin:
        # Older records keep no cards: replaying them in order into an empty twin gives each
        # table the name it got the first time (names are made unique against what is there).
        for index, record in enumerate(records):
            try:
                if record.cards:
                    cards = state.saved_cards(record, root)
                    if cards is None and not record.original:
                        # A record of an older app version, which kept its upload elsewhere
                        # (`uploads/`): the app reads that copy again (`ui.state`).
                        log.info("%s has no kept original recorded", record.name)
                        continue
                    if cards is None:  # a table file was deleted: read the original again
                        with place.scratch(workspace) as alone:
                            recorded = list(record.cards)
                            fresh = _reread(workspace, record, alone, IngestOptions)
                            place.put_back(workspace, alone, fresh, recorded)
                        cards = state.saved_cards(record, root)
                else:
                    fresh = _reread(workspace, record, twin, IngestOptions)
                    cards = _legacy_match(fresh, twin.root, root)
                    record = kept[index] = state.record_of(
                        record.name, record.original, record.sha256, record.options, cards, root)
                if cards is None:
                    raise ValueError("its tables are missing")
            except (IngestError, WorkspaceError, OSError, TypeError, ValueError, KeyError) as exc:
                problems.append(f"{record.name} could not be read again: {exc}")
                continue
            restored.append((record, cards))
    # A file read again before replacing existed is listed twice: its last reading counts.
    last = {record.name: i for i, (record, _) in enumerate(restored)}
    restored = [item for i, item in enumerate(restored) if last[item[0].name] == i]
    if kept != records:
        try:  # next time the cards come from the saved JSON, without reading again
            log_.rewrite(kept)
        except (OSError, sqlite3.Error):
            log.warning("could not update the workspace's file list", exc_info=True)
    return restored, problems


def _reread(workspace: Workspace, record: FileRecord, twin: Workspace,
            options_type: Any) -> list[Any]:
    original = workspace.resolve(record.original)
    if original.parent != workspace.input_dir.resolve():
        raise WorkspaceError(f"{record.original} is not in input/")
    if state.sha256_of(original) != record.sha256:
        raise WorkspaceError("the kept copy has changed since it was added")
    return ingest_named(original, record.name, options_type(**record.options), twin)


def _legacy_match(cards: list[Any], twin: Path, root: Path) -> list[Any]:
    """Check each re-read table is the one the workspace holds under that name.

    A table file that differs (the workspace also holds files this record does not know
    of, so names came out differently) must not be silently used: that would be a wrong
    number. A table deleted meanwhile is put back.
    """
    for card in cards:
        mine, fresh = root / card.parquet_path, twin / card.parquet_path
        if not mine.exists():
            shutil.copyfile(fresh, mine)
        elif state.sha256_of(mine) != state.sha256_of(fresh):
            raise WorkspaceError(f"{card.parquet_path} holds a different table now")
    return cards


def ingest_named(path: Path, name: str, options: Any | None, workspace: Workspace,
                 progress: Any | None = None) -> list[Any]:
    from analyst.ingest import ingest_file

    if name != path.name:
        # Uploads arrive under temporary names; the user must see their own file name
        # in the data card, the answer and the report's sources.
        with tempfile.TemporaryDirectory() as tmp:
            named = Path(tmp) / name
            shutil.copyfile(path, named)
            return ingest_file(named, workspace, options, progress=progress)
    return ingest_file(path, workspace, options, progress=progress)


