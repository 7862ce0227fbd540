"""The session store: what a user did survives a reload, a restart, and stays theirs."""

from __future__ import annotations

import threading

import pytest

from analyst.events import Answer, RecipeCall, Step
from analyst.store import DEFAULT_TITLE, Store
from sandbox.result import DisplayValue, ExecutionResult, OutputFile


def _answer(question: str = "revenue by month") -> Answer:
    result = ExecutionResult(
        stdout="done",
        value=DisplayValue(text="...", table={"columns": ["month", "revenue"],
                                              "index": [0, 1], "data": [["2026-01", 10.5], ["2026-02", 12.0]]}),
        files=(OutputFile("output/revenue.png", 2048, True), OutputFile("output/revenue.csv", 80, False)),
        duration_s=0.4,
    )
    steps = (
        Step(1, "Load sales.csv", "df = pd.read_parquet('input/sales.parquet')"),
        Step(2, "Revenue by month", "recipes.by_month(df)", result=result,
             origin=RecipeCall("by_month", {})),
    )
    return Answer(question=question, text="Revenue grew 14% from January to February.", steps=steps)


@pytest.fixture()
def store(tmp_path) -> Store:
    return Store(tmp_path / "data")


def test_the_database_is_sqlite_in_wal_mode_beside_the_workspaces(store, tmp_path):
    session = store.create_session("local")
    assert store.journal_mode() == "wal"
    assert store.db_path == tmp_path / "data" / "analyst.db"
    assert store.workspace_dir(session.id) == tmp_path / "data" / "workspaces" / session.id


def test_session_ids_are_unguessable_and_sessions_belong_to_their_owner(store):
    ids = {store.create_session("ann").id for _ in range(50)}
    assert len(ids) == 50
    assert all(len(i) >= 24 for i in ids)
    mine = store.create_session("ann", "Q1 sales")
    assert store.get_session(mine.id, "ann").title == "Q1 sales"
    assert store.get_session(mine.id, "bob") is None
    assert store.get_session("guess", "ann") is None
    assert not store.rename_session(mine.id, "bob", "stolen")
    assert not store.delete_session(mine.id, "bob")
    assert store.get_session(mine.id, "ann").title == "Q1 sales"


def test_history_lists_sessions_most_recent_first_with_their_files(store):
    first = store.create_session("ann", "January")
    second = store.create_session("ann", "February")
    store.create_session("bob", "Bob's")
    store.add_file(first.id, "sales.csv", {}, [{"table": "sales"}])
    listed = store.list_sessions("ann")
    assert [s.title for s in listed] == ["January", "February"]
    assert listed[0].files == ("sales.csv",)
    assert second.id in {s.id for s in listed}


def test_history_can_leave_out_sessions_where_nothing_happened(store):
    with_file = store.create_session("ann", "With a file")
    with_question = store.create_session("ann", "With a question")
    store.create_session("ann")  # a failed upload: no file, no message
    store.add_file(with_file.id, "sales.csv", {}, [{"table": "sales"}])
    store.add_message(with_question.id, "user", "revenue by month")
    listed = store.list_sessions("ann", with_work_only=True)
    assert {s.title for s in listed} == {"With a file", "With a question"}
    assert len(store.list_sessions("ann")) == 3


def test_rename_normalises_blank_titles(store):
    s = store.create_session("ann")
    assert s.title == DEFAULT_TITLE
    store.rename_session(s.id, "ann", "  Monthly   report ")
    assert store.get_session(s.id, "ann").title == "Monthly report"
    store.rename_session(s.id, "ann", "   ")
    assert store.get_session(s.id, "ann").title == DEFAULT_TITLE


def test_delete_removes_records_and_the_workspace_folder(store):
    s = store.create_session("ann")
    ws = store.workspace_dir(s.id)
    (ws / "input").mkdir(parents=True)
    (ws / "input" / "sales.csv").write_text("a;b\n")
    msg = store.add_answer(s.id, _answer())
    store.add_pin(s.id, msg.steps[1].id, "Revenue")
    assert store.delete_session(s.id, "ann")
    assert not ws.exists()
    assert store.get_session(s.id, "ann") is None
    assert store.messages(s.id) == [] and store.pins(s.id) == [] and store.artifacts(s.id) == []


def test_a_conversation_is_stored_with_its_steps_results_and_artifacts(store):
    s = store.create_session("ann")
    store.add_message(s.id, "user", "revenue by month")
    store.add_answer(s.id, _answer())
    user, assistant = store.messages(s.id)
    assert (user.role, user.text) == ("user", "revenue by month")
    assert assistant.role == "assistant"
    assert assistant.text.startswith("Revenue grew 14%")
    assert assistant.data["brain"] == "offline" and assistant.data["ok"] is True
    assert [st.description for st in assistant.steps] == ["Load sales.csv", "Revenue by month"]
    assert assistant.steps[0].result is None
    result = assistant.steps[1].result
    assert result.value.table["data"][1] == ["2026-02", 12.0]
    assert assistant.steps[1].recipe == "by_month"
    assert [(a.path, a.is_image) for a in store.artifacts(s.id)] == [
        ("output/revenue.csv", False), ("output/revenue.png", True)]


def test_pins_keep_order_titles_and_narrative_and_can_be_moved_and_removed(store):
    s = store.create_session("ann")
    steps = [store.add_answer(s.id, _answer(f"q{i}")).steps[1] for i in range(3)]
    a, b, c = (store.add_pin(s.id, st.id, f"Pin {n}") for n, st in zip("ABC", steps, strict=True))
    assert [p.title for p in store.pins(s.id)] == ["Pin A", "Pin B", "Pin C"]
    assert store.pins(s.id)[1].question == "q1"
    assert store.pins(s.id)[0].step.result.files[0].path == "output/revenue.png"
    store.move_pin(s.id, c.id, -1)
    assert [p.title for p in store.pins(s.id)] == ["Pin A", "Pin C", "Pin B"]
    store.move_pin(s.id, a.id, -1)  # already first: nothing moves
    assert [p.title for p in store.pins(s.id)] == ["Pin A", "Pin C", "Pin B"]
    store.update_pin(s.id, b.id, title="Revenue by month", narrative="Up 14%.")
    store.remove_pin(s.id, a.id)
    assert [(p.title, p.narrative) for p in store.pins(s.id)] == [("Pin C", ""), ("Revenue by month", "Up 14%.")]
    assert store.is_pinned(s.id, steps[1].id) and not store.is_pinned(s.id, steps[0].id)


def test_a_step_of_another_session_cannot_be_pinned(store):
    mine, theirs = store.create_session("ann"), store.create_session("bob")
    step = store.add_answer(theirs.id, _answer()).steps[1]
    with pytest.raises(KeyError):
        store.add_pin(mine.id, step.id, "theirs")
    pin = store.add_pin(theirs.id, step.id, "Theirs")
    store.update_pin(mine.id, pin.id, title="changed by someone else")
    store.remove_pin(mine.id, pin.id)
    assert [p.title for p in store.pins(theirs.id)] == ["Theirs"]


def test_an_app_restart_loses_nothing(tmp_path):
    before = Store(tmp_path / "data")
    s = before.create_session("ann", "Kept")
    before.add_file(s.id, "sales.csv", {"decimal": ","}, [{"table": "sales"}])
    before.add_message(s.id, "user", "revenue by month")
    step = before.add_answer(s.id, _answer()).steps[1]
    before.add_pin(s.id, step.id, "Revenue", "Narrative")
    after = Store(tmp_path / "data")  # a new process opens the same folder
    assert after.get_session(s.id, "ann").files == ("sales.csv",)
    assert [m.role for m in after.messages(s.id)] == ["user", "assistant"]
    assert after.pins(s.id)[0].narrative == "Narrative"


def test_several_browser_sessions_write_at_the_same_time(store):
    sessions = [store.create_session(f"user{i}") for i in range(4)]
    errors: list[Exception] = []

    def chat(session_id: str) -> None:
        try:
            for i in range(10):
                store.add_message(session_id, "user", f"question {i}")
                store.add_answer(session_id, _answer(f"question {i}"))
        except Exception as exc:  # noqa: BLE001 - collected: a failure in a thread must fail the test
            errors.append(exc)

    threads = [threading.Thread(target=chat, args=(s.id,)) for s in sessions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(len(store.messages(s.id)) == 20 for s in sessions)
