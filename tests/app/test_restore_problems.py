"""A session reopened by a reload never uses a table changed on disk, and says so in words.

The app keeps each upload; a table whose file changed since it was read is read again
from that kept upload, or, when the upload is gone too, left out with "Upload ... again".
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")
TOTAL = "33,912.00"  # the total revenue of the sample, as the offline analyst says it


def _last_answer(at: AppTest) -> str:
    return at.chat_message[-1].markdown[0].value


def _session_with_a_tampered_table(data: Path) -> tuple[str, Path]:
    """Upload, ask once, then overwrite the table file in the workspace: (session id, root)."""
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    at.chat_input[0].set_value("total revenue").run()
    assert not at.exception and TOTAL in _last_answer(at)
    [table] = data.rglob("input/sales.parquet")
    table.write_bytes(b"PAR1 not the table that was read PAR1")
    return at.session_state["sid"], table.parent.parent


def _reload(sid: str) -> AppTest:
    again = AppTest.from_file(APP, default_timeout=90)  # a new browser session, same address
    again.query_params["s"] = sid
    return again.run()


def test_a_changed_table_is_read_again_from_the_kept_upload_and_the_user_is_told(app_env):
    sid, _ = _session_with_a_tampered_table(app_env)

    again = _reload(sid)
    again.chat_input[0].set_value("total revenue").run()

    assert not again.exception
    assert TOTAL in _last_answer(again)
    told = [s.value for s in again.success]
    assert any("sales.csv" in s and "read again from your upload" in s for s in told), told
    used = [c.parquet_path for c in again.session_state["analysis"].cards]
    assert used and "input/sales.parquet" not in used


def test_a_changed_table_without_its_upload_is_left_out_with_upload_it_again(app_env):
    sid, root = _session_with_a_tampered_table(app_env)
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
