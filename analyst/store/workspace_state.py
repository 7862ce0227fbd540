"""What a workspace remembers between sessions: the files it ingested and the answers given.

`<workspace>/.analyst/files.json` lists every file `Analysis.add_file` read, in order: the
name the user knows, where the untouched original is kept under `input/`, its SHA-256, the
`IngestOptions` used, its data cards (`DataCard.to_dict()`) and the SHA-256 of each table
file. Reopening the workspace takes the cards from there when every table file is still the
one described; a deleted table is read again from the kept original; a changed one is
reported, never used. Records written before cards were kept are read again from the
originals with the same options (ingestion is deterministic). A file read again with other
options replaces its record. `history.jsonl` holds one `Answer.to_dict()` per line, so the
answers (and the report built from them) survive a reopen too.

The folder is outside what the sandbox mounts; paths read back are still checked to stay
inside `input/`, since the local backend isolates nothing.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import fields
from pathlib import Path
from typing import Any

from analyst.datacard import DataCard
from analyst.events import Answer
from analyst.ingest.pipeline import sha256_of
from analyst.store.records import FileRecord

STATE_DIR = ".analyst"
FILES = "files.json"
HISTORY = "history.jsonl"


def record_of(name: str, original: str, sha256: str, options: dict[str, Any],
              cards: list[DataCard], root: Path) -> FileRecord:
    """The record of cards just written: their table files are hashed now."""
    return FileRecord(name, original, sha256, options, tuple(cards),
                      {c.parquet_path: sha256_of(root / c.parquet_path) for c in cards})


def options_dict(options: Any | None) -> dict[str, Any]:
    """The fields of an `IngestOptions` that were set, JSON-ready."""
    if options is None:
        return {}
    return {f.name: getattr(options, f.name) for f in fields(options)
            if getattr(options, f.name) is not None}


def load_files(root: Path) -> list[FileRecord]:
    """The recorded files, oldest first; a missing or unreadable list is an empty one."""
    path = root / STATE_DIR / FILES
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [FileRecord.from_dict(item) for item in data["files"]]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def save_files(root: Path, records: list[FileRecord]) -> None:
    text = json.dumps({"version": 1, "files": [r.to_dict() for r in records]},
                      ensure_ascii=False, indent=2)
    _write_atomic(root / STATE_DIR / FILES, text)


def append_answer(root: Path, answer: Answer) -> None:
    """Add one answer to the history (one JSON line; a torn last line is skipped on load)."""
    folder = root / STATE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    line = json.dumps(answer.to_dict(), ensure_ascii=False, default=str)
    with (folder / HISTORY).open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")


def load_answers(root: Path) -> list[Answer]:
    path = root / STATE_DIR / HISTORY
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    answers = []
    for line in lines:
        try:
            answers.append(Answer.from_dict(json.loads(line)))
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short by a crash: the others are still good
    return answers


def add_record(root: Path, record: FileRecord, *, replace: bool = False) -> None:
    """Append a file's record; `replace`: it takes the place of the records of its name."""
    records = load_files(root)
    if replace and any(r.name == record.name for r in records):
        at = next(i for i, r in enumerate(records) if r.name == record.name)
        records = [r for r in records if r.name != record.name]
        records.insert(at, record)
    else:
        records.append(record)
    save_files(root, records)


def saved_cards(record: FileRecord, root: Path) -> list[DataCard] | None:
    """The record's cards when every table file is still the one they describe.

    None when the record keeps no cards (older version) or a table file is missing: the
    caller reads the original again. A table file that exists but differs raises
    `ValueError`: using it would give numbers the card does not describe.
    """
    if not record.cards or set(record.tables) != {c.parquet_path for c in record.cards}:
        return None
    for card in record.cards:
        table = root / card.parquet_path
        if not table.is_file():
            return None
        if sha256_of(table) != record.tables[card.parquet_path]:
            raise ValueError(f"{card.parquet_path} holds a different table now")
    return list(record.cards)


def _write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and a rename: a crash leaves the old list or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
