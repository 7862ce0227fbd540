"""What a user must not lose: the SQLite store (`db`), its records (`records`), its schema
versions (`schema`) and the answer log over it (`log`)."""

from analyst.store.db import DEFAULT_TITLE, Store
from analyst.store.records import (
    ArtifactRecord,
    FileRecord,
    MessageRecord,
    PinRecord,
    SessionRecord,
    StepRecord,
    unanswered,
)

__all__ = ["DEFAULT_TITLE", "ArtifactRecord", "FileRecord", "MessageRecord", "PinRecord",
           "SessionRecord", "Store", "StepRecord",
           "unanswered"]
