"""The sweep's questions, one module per public table (or family of tables)."""

from __future__ import annotations

from tests.sweep.question import Question
from tests.sweep.questions import weather

ALL: tuple[Question, ...] = (*weather.QUESTIONS,)
