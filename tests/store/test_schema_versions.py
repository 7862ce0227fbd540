"""The store carries a schema version and migrates older databases without losing a session.

The previous release's store (verbatim, in `release_33c1413/`) writes a database the way
users' machines hold it today; today's `Store` must open it and find every session, file,
message, pin and artifact, and bring it to the latest schema version.
"""

from __future__ import annotations

import random
import sqlite3
import threading

import pytest

from analyst.errors import AnalystError, user_message
from analyst.events import Answer, ModelCode, RecipeCall, Step
from analyst.store import Store
from analyst.store.schema import LATEST, MIGRATIONS, StoreVersionError, version_of
from sandbox.result import ExecutionResult, OutputFile
from tests.store.release_33c1413.store import Store as PreviousStore

TITLES = ["Q1 sales", "Продажі за березень", "Звіт 2026", "三月销售", "Umsatz März", "P&L <draft>"]
OWNERS = ["local", "ann@example.com", "борис@приклад.укр", "wang@例子.中国"]


def _answer(rng: random.Random, question: str, n_steps: int) -> dict:
    steps = []
    for number in range(1, n_steps + 1):
        files = tuple(OutputFile(f"output/step{number}_{i}.{ext}", rng.randint(10, 99999), ext == "png")
                      for i, ext in enumerate(rng.sample(["png", "csv", "parquet"], rng.randint(0, 2))))
        result = ExecutionResult(stdout=f"step {number}", files=files, duration_s=0.1 * number)
        recipe = rng.choice([None, "by_month", "top_n"])
        steps.append(Step(number, f"Step {number} of {question}", f"print({number})", result=result,
                          origin=RecipeCall(recipe, {}) if recipe else ModelCode()))
    return Answer(question=question, text=f"Answer to {question}: {rng.randint(1, 10**6):,}",
                  steps=tuple(steps)).to_dict()


def _previous_release_database(data_dir, seed: int) -> dict:
    """Sessions written by the previous release; returns what each owner must find again."""
    rng = random.Random(seed)
    old = PreviousStore(data_dir)
    expected: dict = {}
    for _ in range(rng.randint(3, 8)):
        owner = rng.choice(OWNERS)
        session = old.create_session(owner, rng.choice(TITLES))
        files = [f"{rng.choice(['sales', 'продажі', '销售'])}_{i}.csv" for i in range(rng.randint(0, 3))]
        for name in files:
            old.add_file(session.id, name, {"decimal": ","}, [{"table": name.split(".")[0], "rows": 12}])
        texts, pins = [], []
        for q in range(rng.randint(0, 3)):
            question = f"{rng.choice(['revenue by month', 'виручка по місяцях', '按月收入'])} #{q}"
            old.add_message(session.id, "user", question)
            message = old.add_answer(session.id, _answer(rng, question, rng.randint(1, 3)))
            texts += [question, message.text]
            for step in message.steps:
                if rng.random() < 0.5:
                    pins.append(old.add_pin(session.id, step.id, f"Pinned {step.description}").title)
        expected.setdefault(owner, {})[session.id] = {
            "title": session.title, "files": files, "texts": texts, "pins": pins,
            "artifacts": sorted(a.path for a in old.artifacts(session.id))}
    return expected


@pytest.mark.parametrize("seed", range(6))
def test_a_previous_release_database_opens_with_every_session(tmp_path, seed):
    data_dir = tmp_path / "data"
    expected = _previous_release_database(data_dir, seed)
    with sqlite3.connect(data_dir / "analyst.db") as conn:
        assert version_of(conn) == 0  # the previous release wrote no version
    store = Store(data_dir)
    for owner, sessions in expected.items():
        listed = {s.id: s for s in store.list_sessions(owner)}
        assert set(listed) == set(sessions)
        for session_id, want in sessions.items():
            assert store.get_session(session_id, owner).title == want["title"]
            assert [f.name for f in store.files(session_id)] == want["files"]
            assert [m.text for m in store.messages(session_id)] == want["texts"]
            assert [p.title for p in store.pins(session_id)] == want["pins"]
            assert sorted(a.path for a in store.artifacts(session_id)) == want["artifacts"]
    with sqlite3.connect(data_dir / "analyst.db") as conn:
        assert version_of(conn) == LATEST


def test_a_migrated_database_takes_new_work_and_the_previous_release_still_reads_it(tmp_path):
    data_dir = tmp_path / "data"
    expected = _previous_release_database(data_dir, 99)
    store = Store(data_dir)
    owner = next(iter(expected))
    session_id = next(iter(expected[owner]))
    store.add_message(session_id, "user", "and by region?")
    assert store.messages(session_id)[-1].text == "and by region?"
    # A user who goes back to the previous release (added columns and indexes only) keeps working.
    old = PreviousStore(data_dir)
    assert old.messages(session_id)[-1].text == "and by region?"


def test_a_new_database_starts_at_the_latest_version_with_the_same_tables(tmp_path):
    store = Store(tmp_path / "new")
    store.create_session("local")
    old_dir = tmp_path / "old"
    PreviousStore(old_dir).create_session("local")
    Store(old_dir).list_sessions("local")

    def schema(path):
        with sqlite3.connect(path) as conn:
            return version_of(conn), sorted(conn.execute(
                "SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall())

    assert schema(tmp_path / "new" / "analyst.db") == schema(old_dir / "analyst.db")
    assert schema(old_dir / "analyst.db")[0] == LATEST == len(MIGRATIONS)


def test_versions_are_consecutive():
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))


def test_a_database_of_a_newer_release_is_refused_in_words_and_left_untouched(tmp_path):
    data_dir = tmp_path / "data"
    Store(data_dir).create_session("local", "mine")
    with sqlite3.connect(data_dir / "analyst.db") as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(StoreVersionError, match="newer version of Analyst") as raised:
        Store(data_dir).list_sessions("local")
    assert isinstance(raised.value, AnalystError) and user_message(raised.value)
    with sqlite3.connect(data_dir / "analyst.db") as conn:
        assert version_of(conn) == LATEST + 1
        assert conn.execute("SELECT title FROM sessions").fetchall() == [("mine",)]


def test_processes_opening_an_old_database_at_once_migrate_it_once(tmp_path):
    data_dir = tmp_path / "data"
    expected = _previous_release_database(data_dir, 7)
    errors: list[BaseException] = []
    counts: list[int] = []

    def open_it() -> None:
        try:
            counts.append(sum(len(Store(data_dir).list_sessions(o)) for o in expected))
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert counts == [sum(len(s) for s in expected.values())] * 8
