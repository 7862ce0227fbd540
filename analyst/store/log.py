"""The app's answer log: the answers of one session of the SQLite store."""

from __future__ import annotations

from dataclasses import dataclass

from analyst.events import Answer
from analyst.store.db import Store


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
