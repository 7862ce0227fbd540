"""A step record is one record everywhere: it round-trips unchanged through JSON, the
SQLite store and the workspace's answer log, whatever its origin, outcome or script."""

from __future__ import annotations

import json
import sqlite3

import pytest

from analyst.events import Answer, Step
from analyst.store import Store, workspace_state
from tests.record.steps import generated_answers, generated_steps

STEPS = list(generated_steps())
ANSWERS = generated_answers()


def test_the_generated_steps_cover_every_origin_and_outcome():
    kinds = {(type(s.origin).__name__, s.result is None or s.result.ok) for s in STEPS}
    assert kinds == {(o, ok) for o in ("RecipeCall", "QueryCall", "ModelCode")
                     for ok in (True, False)}
    assert any(s.charts for s in STEPS) and any(s.tables for s in STEPS)
    assert any(s.result is None for s in STEPS)
    assert sum(len(a.steps) for a in ANSWERS) == len(STEPS)


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"step{s.number}")
def test_a_step_survives_json_unchanged(step: Step):
    again = Step.from_dict(json.loads(json.dumps(step.to_dict(), ensure_ascii=False)))
    assert again == step
    assert again.to_dict() == step.to_dict()


def test_answers_round_trip_through_the_store(tmp_path):
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    for answer in ANSWERS:
        store.add_message(session.id, "user", answer.question)
        store.add_answer(session.id, answer)
    again = Store(tmp_path / "data")  # another process opening the same folder
    stored = [m.answer for m in again.messages(session.id) if m.role == "assistant"]
    assert stored == ANSWERS
    # Pins hand back the very step they point at.
    message = next(m for m in again.messages(session.id) if m.steps)
    pin = again.add_pin(session.id, message.steps[-1].id, "pinned")
    assert pin.step.step == message.answer.steps[-1]
    # Artifacts are listed with the hash the step recorded.
    hashes = {(a.path, a.sha256) for a in again.artifacts(session.id)}
    assert {(f.path, f.sha256) for s in STEPS for f in s.artifacts} == hashes


def test_answers_round_trip_through_the_workspace(tmp_path):
    for answer in ANSWERS:
        workspace_state.append_answer(tmp_path, answer)
    assert workspace_state.load_answers(tmp_path) == ANSWERS


OLD_STEP = {  # how steps were written before they kept their origin
    "number": 2, "description": "Top 10 Товар by Сума", "recipe": "top_n",
    "code": ("import json\nimport pandas as pd\nimport recipes\n\n"
             "df = pd.read_parquet('input/продажі.parquet')\n"
             "result = recipes.top_n(\n    df,\n    by='Товар',\n    amount='Сума',\n"
             "    n=10,\n    other=True,\n    currency='грн',\n)\n"
             "chart = replace(chart, language='uk')\n"),
    "result": {"ok": True, "stdout": 'ANALYST_FIGURES {"recipe": "top_n", "title": "Top", '
                                     '"figures": {"items": 3}, "notes": [], "head": [], "rows": 3}',
               "files": [{"path": "output/top.png", "size": 10, "is_image": True}]},
}


def test_steps_of_older_versions_are_read_with_their_recipe_call():
    step = Step.from_dict(OLD_STEP)
    assert step.recipe == "top_n" and step.origin.language == "uk"
    assert step.origin.params == {"by": "Товар", "amount": "Сума", "n": 10, "other": True,
                                  "currency": "грн"}
    assert [i.path for i in step.inputs] == ["input/продажі.parquet"]
    assert step.figures is not None and step.figures.figures == {"items": 3.0}
    assert [(a.path, a.sha256) for a in step.artifacts] == [("output/top.png", "")]
    # Read once, kept in the new form from then on.
    assert Step.from_dict(json.loads(json.dumps(step.to_dict()))) == step


def test_a_database_of_an_older_version_opens_and_its_steps_read(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    old = sqlite3.connect(data / "analyst.db")
    old.executescript("""
        CREATE TABLE sessions (id TEXT PRIMARY KEY, owner TEXT NOT NULL, title TEXT NOT NULL,
            created TEXT NOT NULL, updated TEXT NOT NULL);
        CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT NOT NULL, role TEXT NOT NULL,
            text TEXT NOT NULL, data TEXT NOT NULL, created TEXT NOT NULL);
        CREATE TABLE steps (id INTEGER PRIMARY KEY, session_id TEXT NOT NULL,
            message_id INTEGER NOT NULL, number INTEGER NOT NULL, description TEXT NOT NULL,
            code TEXT NOT NULL, recipe TEXT, result TEXT);
        CREATE TABLE artifacts (session_id TEXT NOT NULL, step_id INTEGER NOT NULL,
            path TEXT NOT NULL, size INTEGER NOT NULL, is_image INTEGER NOT NULL);
    """)
    old.execute("INSERT INTO sessions VALUES ('s1', 'ann', 'Old', '2026-01-01', '2026-01-01')")
    old.execute("INSERT INTO messages VALUES (1, 's1', 'assistant', 'Top items.', ?, '2026-01-01')",
                (json.dumps({"question": "top 10", "brain": "offline", "ok": True}),))
    old.execute("INSERT INTO steps VALUES (1, 's1', 1, 2, ?, ?, 'top_n', ?)",
                (OLD_STEP["description"], OLD_STEP["code"], json.dumps(OLD_STEP["result"])))
    old.execute("INSERT INTO artifacts VALUES ('s1', 1, 'output/top.png', 10, 1)")
    old.commit()
    old.close()

    store = Store(data)
    (message,) = store.messages("s1")
    assert message.answer == Answer("top 10", "Top items.", steps=(Step.from_dict(OLD_STEP),))
    assert store.artifacts("s1")[0].sha256 == ""
    # New answers go into the same, upgraded database.
    store.add_answer("s1", ANSWERS[1])
    assert store.messages("s1")[-1].answer == ANSWERS[1]


def test_an_answer_log_line_of_an_older_version_is_read(tmp_path):
    line = {"question": "top 10", "answer": "Top items.", "ok": True, "brain": "offline",
            "warnings": [], "usage": {}, "steps": [OLD_STEP], "artifacts": ["output/top.png"]}
    folder = tmp_path / workspace_state.STATE_DIR
    folder.mkdir()
    (folder / workspace_state.HISTORY).write_text(json.dumps(line, ensure_ascii=False) + "\n")
    (answer,) = workspace_state.load_answers(tmp_path)
    assert answer.steps == (Step.from_dict(OLD_STEP),)
