"""One question, one answer: an answer cut short ("interrupted", "stopped") is not kept twice
for the same question (a page reloaded mid-question has its old run and the run it cut both
say so); a question asked again is a new message, and its answer is kept."""

from __future__ import annotations

import random

import pytest

from analyst.events import Answer
from analyst.session.stopping import INTERRUPTED, STOPPED, ended_text
from analyst.store.db import Store


def _assistants(store: Store, sid: str) -> int:
    return sum(m.role == "assistant" for m in store.messages(sid))


@pytest.mark.parametrize("seed", range(12))
def test_an_answer_cut_short_is_kept_once_per_question(tmp_path, seed):
    rng = random.Random(seed)
    store = Store(tmp_path / "data")
    sid = store.create_session("local").id
    question = rng.choice(["revenue by month", "total revenue by product", "виручка за місяцями"])
    reason = rng.choice([INTERRUPTED, STOPPED])
    store.add_question(sid, question)
    for _ in range(rng.randint(2, 4)):
        store.add_answer(sid, Answer(question, ended_text(reason), ok=False, ended=reason))
    assert _assistants(store, sid) == 1
    # Asked again ("Run again"): a new question message, and its own answer.
    store.add_question(sid, question)
    store.add_answer(sid, Answer(question, ended_text(reason), ok=False, ended=reason))
    assert _assistants(store, sid) == 2
    # A whole answer is always kept, and so is a cut one to another question.
    store.add_answer(sid, Answer(question, "Revenue: 42.", ok=True))
    other = question + " 2025"
    store.add_question(sid, other)
    store.add_answer(sid, Answer(other, ended_text(reason), ok=False, ended=reason))
    assert _assistants(store, sid) == 4
