"""What a user must not lose: the SQLite store (`db`), its records (`records`), its schema
versions (`schema`) and the logs over it (`log`); a session's answer and file logs
(`answer_log`, `file_log`: the store's, or the workspace's `.analyst/` for the command line,
`workspace_state`), its tables put into `input/` (`file_tables`) and brought back
(`restore`)."""

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
