"""Records returned by `analyst.store`, and its SQLite schema."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyst.events import Answer, Step
from sandbox import ExecutionResult

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
    id: int
    session_id: str
    name: str
    options: dict[str, Any]
    """The user's ingestion overrides (sheet, header row, decimal, date order)."""
    cards: list[dict[str, Any]]
    """`DataCard.to_dict()` of every table read from the file."""
    added: str
    source: dict[str, Any] | None = None
    """Where its one kept copy is and what was read (`original`, `sha256`, `tables`: the
    rest of the session's `workspace_state.FileRecord`); None in rows of older versions."""


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
