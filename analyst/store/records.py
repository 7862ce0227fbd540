"""Records returned by `analyst.store`, and its SQLite schema."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from analyst.datacard import DataCard
from analyst.events import Answer, Step
from sandbox import ExecutionResult

log = logging.getLogger(__name__)

# The first release's schema, frozen: it is migration 1 in `analyst.store.schema`, which
# databases in the field have already run. A schema change is a new migration there.
SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    title TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_owner ON sessions (owner, updated);

CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON: the user's ingestion overrides
    cards TEXT NOT NULL,            -- JSON: DataCard.to_dict() of each table
    added TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    role TEXT NOT NULL,             -- user | assistant
    text TEXT NOT NULL,
    data TEXT NOT NULL,             -- JSON: brain, ok, warnings, usage, question
    created TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS steps (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    description TEXT NOT NULL,
    code TEXT NOT NULL,
    recipe TEXT,
    result TEXT                     -- JSON: ExecutionResult.to_dict(), NULL if it never ran
);

CREATE TABLE IF NOT EXISTS pins (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    step_id INTEGER NOT NULL REFERENCES steps (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    title TEXT NOT NULL,
    narrative TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS artifacts (
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    step_id INTEGER NOT NULL REFERENCES steps (id) ON DELETE CASCADE,
    path TEXT NOT NULL,             -- relative to the session's workspace
    size INTEGER NOT NULL,
    is_image INTEGER NOT NULL
);
"""


@dataclass(frozen=True)
class SessionRecord:
    id: str
    owner: str
    title: str
    created: str
    updated: str
    files: tuple[str, ...] = ()
    """Display names of the files in the session, in upload order."""


@dataclass(frozen=True)
class FileRecord:
    """One ingested file, enough to read it again exactly as the first time (everywhere)."""

    name: str
    """The file name the user knows (shown in data cards and the report's sources)."""
    original: str = ""
    """The kept original, relative to the workspace, e.g. "input/sales.csv"."""
    sha256: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    """The `IngestOptions` fields that were set (None left out)."""
    cards: tuple[DataCard, ...] = ()
    """Every table read from the file (stored as `DataCard.to_dict()`)."""
    tables: dict[str, str] = field(default_factory=dict)
    """SHA-256 of each table file when it was written, by `parquet_path`."""
    id: int = 0
    """The store's row (0 outside the store)."""
    session_id: str = ""
    added: str = ""
    complete: bool = True
    """False for a store row of an older version, which kept no original, SHA-256 or
    table hashes (`analyst.store.log` completes it once)."""

    def to_dict(self) -> dict[str, Any]:
        """The `files.json` entry."""
        return {"name": self.name, "original": self.original, "sha256": self.sha256,
                "options": dict(self.options), "cards": [c.to_dict() for c in self.cards],
                "tables": dict(self.tables)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileRecord:
        """A `files.json` entry, or a store row's columns and the keys of its `source`."""
        return cls(str(data["name"]), str(data.get("original") or ""),
                   str(data.get("sha256") or ""), dict(data.get("options") or {}),
                   cards_of(data.get("cards") or ()),
                   {str(k): str(v) for k, v in (data.get("tables") or {}).items()})


def cards_of(stored: Sequence[Any]) -> tuple[DataCard, ...]:
    """The cards kept as dicts; one that cannot be read is left out (the file is then read
    again from its original), never shown or used with made-up fields."""
    cards = []
    for data in stored:
        try:
            cards.append(DataCard.from_dict(data))
        except (TypeError, ValueError, KeyError, AttributeError):
            log.warning("a stored data card could not be read: %.200r", data)
    return tuple(cards)


@dataclass(frozen=True)
class StepRecord:
    """A stored `Step` and where it is in the store (pins refer to its id)."""

    id: int
    message_id: int
    step: Step

    @property
    def number(self) -> int:
        return self.step.number

    @property
    def description(self) -> str:
        return self.step.description

    @property
    def code(self) -> str:
        return self.step.code

    @property
    def recipe(self) -> str | None:
        return self.step.recipe

    @property
    def result(self) -> ExecutionResult | None:
        """None when the step never ran."""
        return self.step.result


@dataclass(frozen=True)
class MessageRecord:
    id: int
    session_id: str
    role: str
    """"user" or "assistant"."""
    text: str
    data: dict[str, Any]
    """For answers: brain, ok, warnings, usage."""
    created: str
    steps: tuple[StepRecord, ...] = ()

    @property
    def answer(self) -> Answer | None:
        """An assistant message as the `Answer` it stored (None for the user's messages)."""
        if self.role != "assistant":
            return None
        return replace(answer_of(self.data, self.text), steps=tuple(s.step for s in self.steps))


@dataclass(frozen=True)
class PinRecord:
    id: int
    session_id: str
    position: int
    title: str
    narrative: str
    step: StepRecord
    question: str = ""
    """The question the pinned step answered, for context in the report builder."""


@dataclass(frozen=True)
class ArtifactRecord:
    session_id: str
    step_id: int
    path: str
    """Relative to the session's workspace, e.g. `output/revenue.png`."""
    size: int
    is_image: bool
    sha256: str = ""
    """Of the file when its step ended ("" in rows of older versions)."""


def unanswered(messages: Sequence[MessageRecord]) -> list[MessageRecord]:
    """The user's questions that no answer follows (before the next question or at the
    end): their page was reloaded or closed, or the app stopped, before an answer was kept."""
    return [m for i, m in enumerate(messages) if m.role == "user"
            and (i + 1 == len(messages) or messages[i + 1].role != "assistant")]


def answer_of(data: dict[str, Any], text: str) -> Answer:
    """The stepless `Answer` of a message's data (`Answer.to_dict()` less its steps)."""
    return Answer.from_dict({**data, "answer": text, "steps": []})
