"""A session reopened by a reload never uses a table changed on disk, and says so in words.

The app keeps each upload; a table whose file changed since it was read is read again
from that kept upload, or, when the upload is gone too, left out with "Upload ... again".
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.app.prepared import TOTAL, UPLOAD
from tests.app.samples import ROOT

APP = str(ROOT / "app.py")


def _last_answer(at: AppTest) -> str:
    return at.chat_message[-1].markdown[0].value


def _tamper_with_the_table(data: Path) -> Path:
    """Overwrite the table file of the session's upload (asked once: tests/app/prepared.py)
    in the workspace; the workspace root."""
    [table] = data.rglob("input/sales.parquet")
    table.write_bytes(b"PAR1 not the table that was read PAR1")
    return table.parent.parent


def _reload(sid: str) -> AppTest:
    again = AppTest.from_file(APP, default_timeout=90)  # a new browser session, same address
    again.query_params["s"] = sid
    return again.run()


def test_a_changed_table_is_read_again_from_the_kept_upload_and_the_user_is_told(
        app_env, answered_session):
    sid = answered_session
    _tamper_with_the_table(app_env)

    again = _reload(sid)
    again.chat_input[0].set_value("total revenue").run()

    assert not again.exception
    assert TOTAL in _last_answer(again)
    told = [s.value for s in again.success]
    assert any(UPLOAD in s and "read again from your upload" in s for s in told), told
    used = [c.parquet_path for c in again.session_state["analysis"].cards]
    assert used and "input/sales.parquet" not in used


def test_a_changed_table_without_its_upload_is_left_out_with_upload_it_again(
        app_env, answered_session):
    sid = answered_session
    root = _tamper_with_the_table(app_env)
    for kept in (root / "input").glob("sales*.csv"):  # the one kept copy of the upload
        kept.unlink()

    again = _reload(sid)
    again.chat_input[0].set_value("total revenue").run()

    assert not again.exception
    errors = [e.value for e in again.error]
    assert any("Upload sales.csv again" in e for e in errors), errors
    assert TOTAL not in _last_answer(again)
    assert again.session_state["analysis"].cards == ()
    assert any("sales.csv" in p for p in again.session_state["analysis"].problems)
