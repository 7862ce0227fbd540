"""Analyze page (AppTest): upload, see the assumptions, correct them, ask offline, pin."""

from __future__ import annotations

import io

from openpyxl import Workbook
from streamlit.testing.v1 import AppTest

from analyst.store import Store
from tests.app.prepared import QUESTION, TOTAL
from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.caption]
    parts += [e.value for kind in ("info", "success", "warning", "error") for e in at.get(kind)]
    return "\n".join(str(p) for p in parts)


def _upload(at: AppTest, name: str, data: bytes, mime: str = "text/csv") -> AppTest:
    at.file_uploader(key="uploader").set_value((name, data, mime))
    return at.run()


def test_first_visit_explains_the_app_and_that_no_key_is_needed(app_env):
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    text = _texts(at)
    assert "Your files stay on this machine" in text
    assert "No language model is configured, so the offline analyst answers" in text
    assert len(at.file_uploader) == 1
    assert len(at.chat_input) == 0  # nothing to ask about before a file is read


def test_upload_shows_preview_and_assumptions_then_offline_answer_with_chart_and_pin(app_env):
    at = AppTest.from_file(APP, default_timeout=60).run()
    _upload(at, "sales.csv", messy_csv())
    assert not at.exception
    text = _texts(at)
    assert "Read sales.csv" in text
    assert "semicolon" in text.lower()
    assert "total row" in text.lower()
    assert at.dataframe[0].value.shape[0] > 0  # the preview
    sid = at.query_params["s"][0] if isinstance(at.query_params["s"], list) else at.query_params["s"]

    at.chat_input[0].set_value("revenue by month").run()
    assert not at.exception
    assert [m.avatar for m in at.chat_message] == ["user", "assistant"]
    answer = "\n".join(m.value for m in at.chat_message[1].markdown)
    assert "33,912" in answer  # 18 rows of revenue, the 999,999 total row left out
    assert len(at.get("imgs")) >= 1 or "Chart" in [t.label for t in at.tabs]
    assert any(b.label == "Add to report" for b in at.button)

    next(b for b in at.button if b.label == "Add to report").click().run()
    assert not at.exception
    store = Store(app_env)
    (pin,) = store.pins(sid)
    assert "Revenue by month" in pin.title
    assert "In the report ✓" in _texts(at)


def test_correcting_the_header_row_reads_the_file_again(app_env):
    at = AppTest.from_file(APP, default_timeout=60).run()
    _upload(at, "sales.csv", messy_csv())
    at.number_input[0].set_value(2)
    next(b for b in at.button if b.label == "Read the file again").click().run()
    assert not at.exception
    sid = at.session_state["sid"]
    (record,) = Store(app_env).files(sid)
    assert record.options.get("header_row") == 2
    names = [c.name for c in record.cards[0].columns]
    assert "Revenue" in names and not any("Sales report" in n for n in names)


def test_bad_files_get_a_readable_message_and_the_app_keeps_working(app_env, monkeypatch):
    monkeypatch.setenv("ANALYST_MAX_UPLOAD_MB", "1")
    at = AppTest.from_file(APP, default_timeout=60).run()
    book = Workbook()
    buf = io.BytesIO()
    book.save(buf)
    bad = [
        ("photo.csv", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40, "text/csv"),
        ("empty.csv", b"", "text/csv"),
        ("nothing.xlsx", buf.getvalue(),
         "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("huge.csv", b"a;b\n" + b"1;2\n" * 400_000, "text/csv"),
    ]
    for name, data, mime in bad:
        _upload(at, name, data, mime)
        assert not at.exception, name
        errors = [e.value for e in at.error]
        assert errors, f"no message for {name}"
        assert name in errors[0], errors[0]
        assert "Traceback" not in errors[0]
    assert "above the upload limit of 1 MB" in at.error[0].value
    _upload(at, "sales.csv", messy_csv())
    assert not at.exception and "Read sales.csv" in _texts(at)


def test_a_reload_with_the_session_in_the_address_restores_the_conversation(app_env,
                                                                           answered_session):
    # The conversation: sales.csv uploaded and "total revenue" answered by the real page
    # (tests/app/prepared.py), in this test's own copy of the data folder.
    sid = answered_session

    again = AppTest.from_file(APP, default_timeout=60)
    again.query_params["s"] = sid
    again.run()
    assert not again.exception
    assert len(again.chat_message) == 2
    assert QUESTION in again.chat_message[0].markdown[0].value
    assert TOTAL in again.chat_message[1].markdown[0].value
    assert "sales.csv" in _texts(again)
    # The restored session answers at once: its tables come back from the store.
    again.chat_input[0].set_value("top products").run()
    assert not again.exception
    assert len(again.chat_message) == 4
    assert [f.name for f in Store(app_env).files(sid)] == ["sales.csv"]


def test_someone_elses_or_a_made_up_session_id_opens_nothing(app_env):
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["s"] = "not-a-real-session"
    at.run()
    assert not at.exception
    assert len(at.chat_message) == 0
    assert "s" not in at.query_params


def test_when_all_sandboxes_are_busy_the_question_waits_and_shows_its_place(app_env, monkeypatch):
    import threading

    from analyst.session.admission import admission

    monkeypatch.setenv("ANALYST_MAX_SANDBOXES", "1")
    at = AppTest.from_file(APP, default_timeout=90).run()
    _upload(at, "sales.csv", messy_csv())
    busy, release = threading.Event(), threading.Event()

    def someone_else() -> None:  # another browser session's question, in the one line
        lease = admission(app_env / "running", 1).lease(lambda: None)
        with lease.question(timeout_s=10):
            busy.set()
            release.wait(10)
        lease.release()

    other = threading.Thread(target=someone_else)
    other.start()
    busy.wait(5)
    threading.Timer(2.0, release.set).start()
    at.chat_input[0].set_value("revenue by month").run()
    other.join(10)
    assert not at.exception
    sid = at.session_state["sid"]
    (answer,) = [m for m in Store(app_env).messages(sid) if m.role == "assistant"]
    assert "33,912" in answer.text
    assert answer.data["waited_s"] >= 1.5
    assert any("in the queue for a free analysis slot" in c.value for c in at.caption)


def test_the_local_backend_warning_is_kept_with_the_answer(app_env):
    at = AppTest.from_file(APP, default_timeout=90).run()
    _upload(at, "sales.csv", messy_csv())
    at.chat_input[0].set_value("revenue by month").run()
    sid = at.session_state["sid"]
    (answer,) = [m for m in Store(app_env).messages(sid) if m.role == "assistant"]
    assert any("isolat" in w for w in answer.data["warnings"])
    assert any("isolat" in w.value for w in at.warning)


def test_several_files_at_once_and_a_workbook_sheet_can_be_chosen(app_env):
    book = Workbook()
    cover = book.active
    cover.title = "Cover"
    cover.append(["Quarterly sales workbook"])
    data = book.create_sheet("Data")
    data.append(["Date", "Product", "Revenue"])
    for day in range(1, 11):
        data.append([f"2026-03-{day:02d}", "Widget" if day % 2 else "Gadget", 100.0 * day])
    buf = io.BytesIO()
    book.save(buf)
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.file_uploader(key="uploader").set_value(
        [("sales.csv", messy_csv(), "text/csv"), ("book.xlsx", buf.getvalue(), xlsx)])
    at.run()
    assert not at.exception
    sid = at.session_state["sid"]
    names = [f.name for f in Store(app_env).files(sid)]
    assert names == ["sales.csv", "book.xlsx"]
    sheet = next(s for s in at.selectbox if s.label == "Sheet")
    assert set(sheet.options) >= {"Cover", "Data"}
    sheet.set_value("Data")
    rereads = [b for b in at.button if b.label == "Read the file again"]
    rereads[1].click().run()  # the workbook's form (the CSV's comes first)
    assert not at.exception
    (book_record,) = [f for f in Store(app_env).files(sid) if f.name == "book.xlsx"]
    assert book_record.cards[0].sheet == "Data"
    assert book_record.cards[0].rows == 10
