"""The app's logs of one session of the SQLite store: its answers and its files."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from analyst.events import Answer
from analyst.ingest.pipeline import sha256_of
from analyst.session import workspace_state
from analyst.session.workspace_state import FileRecord
from analyst.store.db import Store
from analyst.store.records import FileRecord as StoredFile

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
        if any(row.source is None for row in rows):
            rows = self._complete(rows)
        return [record_of(row) for row in rows]

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

    def _complete(self, rows: list[StoredFile]) -> list[StoredFile]:
        root = self.store.workspace_dir(self.session_id)
        written = {r.name: r for r in workspace_state.load_files(root)}  # the last one counts
        done = []
        for row in rows:
            if row.source is None:
                record = written.get(row.name) or _from_disk(row, root)
                options, cards, source = _columns(record)
                try:
                    self.store.update_file(self.session_id, row.id, options, cards, source)
                except Exception:  # noqa: BLE001 - completed again next time; used now
                    log.warning("could not complete the record of %s", row.name, exc_info=True)
                row = StoredFile(row.id, row.session_id, row.name, options, cards, row.added,
                                 source)
            done.append(row)
        return done


def record_of(row: StoredFile) -> FileRecord:
    """The session's record of a stored file."""
    source = row.source or {}
    return FileRecord(row.name, str(source.get("original") or ""), str(source.get("sha256") or ""),
                      dict(row.options), tuple(row.cards),
                      {str(k): str(v) for k, v in (source.get("tables") or {}).items()})


def _columns(record: FileRecord) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    return (dict(record.options), list(record.cards),
            {"original": record.original, "sha256": record.sha256, "tables": dict(record.tables)})


def _from_disk(row: StoredFile, root: Any) -> FileRecord:
    tables = {}
    for card in row.cards:
        path = card.get("parquet_path") if isinstance(card, dict) else None
        if isinstance(path, str) and (root / path).is_file():
            tables[path] = sha256_of(root / path)
    return FileRecord(row.name, "", "", dict(row.options), tuple(row.cards), tables)
