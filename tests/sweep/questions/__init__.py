"""The sweep's questions, one module per public table (or family of tables)."""

from __future__ import annotations

from tests.sweep.question import Question
from tests.sweep.questions import blind, cars, hurried, later, penguins, rdata, weather, world

ALL: tuple[Question, ...] = (*weather.QUESTIONS, *cars.QUESTIONS, *rdata.QUESTIONS,
                             *penguins.QUESTIONS, *world.QUESTIONS, *later.QUESTIONS,
                             *blind.QUESTIONS, *hurried.QUESTIONS)
