"""The app's logs of one session of the SQLite store: its answers and its files."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

from analyst.events import Answer
from analyst.ingest.pipeline import sha256_of
from analyst.store import workspace_state
from analyst.store.db import Store
from analyst.store.records import FileRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SessionAnswers:
    """`AnswerLog` of one store session: what `Analysis` writes is what the pages show."""

    store: Store
    session_id: str

    def answers(self) -> list[Answer]:
        return [m.answer for m in self.store.messages(self.session_id) if m.answer is not None]

    def begin(self, question: str) -> None:
        self.store.add_question(self.session_id, question)

    def add(self, answer: Answer) -> None:
        self.store.add_answer(self.session_id, answer)


@dataclass(frozen=True)
class SessionFiles:
    """`FileLog` of one store session: its `files` rows are the one list of its files.

    A row holds the whole `FileRecord`: name, options and cards in their columns, the rest
    (kept original, SHA-256, table hashes) in `source`. Rows of older versions have no
    `source`; they are completed once, on first read: from the workspace's `files.json`
    (versions that wrote both), else from the table files on disk (versions before it: a
    table is taken as the one its card describes when it is there; a missing one makes the
    file be read again from its kept upload, see `ui.state`).
    """

    store: Store
    session_id: str

    def records(self) -> list[FileRecord]:
        rows = self.store.files(self.session_id)
        return self._complete(rows) if any(not row.complete for row in rows) else rows

    def add(self, record: FileRecord, *, replace: bool = False) -> None:
        same = [row for row in self.store.files(self.session_id) if row.name == record.name]
        options, cards, source = _columns(record)
        if replace and same:
            self.store.update_file(self.session_id, same[0].id, options, cards, source)
            for extra in same[1:]:
                self.store.remove_file(self.session_id, extra.id)
        else:
            self.store.add_file(self.session_id, record.name, options, cards, source)

    def rewrite(self, records: list[FileRecord]) -> None:
        rows = self.store.files(self.session_id)
        for row, record in zip(rows, records, strict=False):
            if row.name == record.name:
                self.store.update_file(self.session_id, row.id, *_columns(record))

    def _complete(self, rows: list[FileRecord]) -> list[FileRecord]:
        root = self.store.workspace_dir(self.session_id)
        written = {r.name: r for r in workspace_state.load_files(root)}  # the last one counts
        done = []
        for row in rows:
            if not row.complete:
                record = written.get(row.name) or _from_disk(row, root)
                try:
                    self.store.update_file(self.session_id, row.id, *_columns(record))
                except Exception:  # noqa: BLE001 - completed again next time; used now
                    log.warning("could not complete the record of %s", row.name, exc_info=True)
                row = replace(record, id=row.id, session_id=row.session_id, added=row.added)
            done.append(row)
        return done


def _columns(record: FileRecord) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    return (dict(record.options), [c.to_dict() for c in record.cards],
            {"original": record.original, "sha256": record.sha256, "tables": dict(record.tables)})


def _from_disk(row: FileRecord, root: Any) -> FileRecord:
    tables = {c.parquet_path: sha256_of(root / c.parquet_path) for c in row.cards
              if c.parquet_path and (root / c.parquet_path).is_file()}
    return replace(row, tables=tables, complete=True)
