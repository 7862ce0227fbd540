"""What a workspace remembers between sessions: the files it ingested and the answers given.

`<workspace>/.analyst/files.json` lists every `Analysis.add_file` in order: the name the
user knows, where the untouched original is kept under `input/`, its SHA-256 and the
`IngestOptions` used. Reopening the workspace reads those originals again with the same
options, which gives the same data cards (ingestion is deterministic), without asking the
user to upload anything. `history.jsonl` holds one `Answer.to_dict()` per line, so the
answers (and the report built from them) survive a reopen too.

The folder is outside what the sandbox mounts; paths read back are still checked to stay
inside `input/`, since the local backend isolates nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from analyst.events import Answer, Step
from sandbox import DisplayValue, ExecutionError, ExecutionResult, OutputFile

STATE_DIR = ".analyst"
FILES = "files.json"
HISTORY = "history.jsonl"


@dataclass(frozen=True)
class FileRecord:
    """One ingested file, enough to read it again exactly as the first time."""

    name: str
    """The file name the user knows (shown in data cards and the report's sources)."""
    original: str
    """The kept original, relative to the workspace, e.g. "input/sales.csv"."""
    sha256: str
    options: dict[str, Any] = field(default_factory=dict)
    """The `IngestOptions` fields that were set (None left out)."""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "original": self.original, "sha256": self.sha256,
                "options": dict(self.options)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileRecord:
        return cls(str(data["name"]), str(data["original"]), str(data["sha256"]),
                   dict(data.get("options") or {}))


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


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
            answers.append(answer_from_dict(json.loads(line)))
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short by a crash: the others are still good
    return answers


def answer_from_dict(data: dict[str, Any]) -> Answer:
    """`Answer.to_dict()` back into an `Answer` (keys it does not know are ignored)."""
    steps = tuple(
        Step(int(s["number"]), str(s["description"]), str(s["code"]),
             _result(s.get("result")), s.get("recipe"))
        for s in data.get("steps") or ()
    )
    return Answer(question=str(data["question"]), text=str(data["answer"]), steps=steps,
                  warnings=tuple(data.get("warnings") or ()), brain=str(data.get("brain")),
                  ok=bool(data.get("ok", True)), usage=dict(data.get("usage") or {}))


def _result(raw: dict[str, Any] | None) -> ExecutionResult | None:
    if raw is None:
        return None
    kept = _known(ExecutionResult, raw)
    if kept.get("error"):
        kept["error"] = ExecutionError(**_known(ExecutionError, kept["error"]))
    if kept.get("value"):
        kept["value"] = DisplayValue(**_known(DisplayValue, kept["value"]))
    kept["files"] = tuple(OutputFile(**_known(OutputFile, f)) for f in kept.get("files") or ())
    return ExecutionResult(**kept)


def _known(cls: Any, raw: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in raw.items() if k in names}


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
