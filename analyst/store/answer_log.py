"""Where a session's answers are kept: one log per session, behind one interface.

`Analysis` writes every answer it gives to its log and reads the earlier ones from it, so
the app and the command line keep one record each: the app's log is its SQLite store
(`analyst.store.log.SessionAnswers`), the command line's the workspace's
`.analyst/history.jsonl` (`WorkspaceAnswers`). `MemoryAnswers` keeps them in memory only.

A question is kept before anything runs (`begin`), so a page reloaded, or a process that
dies, while it is answered does not lose it: the app shows it with "Run again".
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from analyst.events import Answer
from analyst.store import workspace_state


@runtime_checkable
class AnswerLog(Protocol):
    """The answers of one session, oldest first."""

    def answers(self) -> list[Answer]: ...

    def begin(self, question: str) -> None:
        """Keep `question` as asked, before it runs; the next `add` is its answer. Asking
        again a question still without an answer keeps it once (raises as `add`)."""
        ...

    def add(self, answer: Answer) -> None:
        """Keep one more answer (raises `OSError` or `sqlite3.Error` when it cannot)."""
        ...


class WorkspaceAnswers:
    """`<workspace>/.analyst/history.jsonl`: one `Answer.to_dict()` per line."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def answers(self) -> list[Answer]:
        return workspace_state.load_answers(self.root)

    def begin(self, question: str) -> None:
        # The command line's question is on the user's own command line and its answer is
        # printed by the same process: there is no page to show it again after a crash.
        return None

    def add(self, answer: Answer) -> None:
        workspace_state.append_answer(self.root, answer)


class MemoryAnswers:
    """Answers held in memory only (given by a caller that keeps its own record)."""

    def __init__(self, answers: Sequence[Answer] = ()) -> None:
        self._answers = list(answers)

    def answers(self) -> list[Answer]:
        return list(self._answers)

    def begin(self, question: str) -> None:
        return None  # the caller keeps its own record of what it asked

    def add(self, answer: Answer) -> None:
        self._answers.append(answer)


def open_answer_log(history: AnswerLog | Sequence[Answer] | None, root: Path) -> AnswerLog:
    """The log of an `Analysis` given `history`: that log itself, earlier answers held in
    memory only, or (None) the workspace's own `.analyst/history.jsonl` under `root`."""
    if history is None:
        return WorkspaceAnswers(root)
    if isinstance(history, AnswerLog):
        return history
    return MemoryAnswers(history)
