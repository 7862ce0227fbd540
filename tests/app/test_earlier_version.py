"""Replacing a file marks the earlier answers as from its earlier version (AppTest), and
"Run again on the new version" answers the question again on the new file."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.samples import ROOT
from tests.recurring.months import sales

APP = str(ROOT / "app.py")
MARK = "From the earlier version of sales.csv"


def _csv(months: int, price: float) -> bytes:
    return sales(months, price=price, seed=41).to_csv(index=False).encode()


def _marks(at: AppTest) -> list[str]:
    """The warnings saying so (shown as literal text: markdown characters are escaped)."""
    return [text for w in at.warning if MARK in (text := w.value.replace("\\", ""))]


def test_replacing_a_file_marks_earlier_answers_and_runs_them_again(app_env) -> None:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", _csv(2, 1.0), "text/csv")).run()
    at.chat_input[0].set_value("total revenue").run()
    assert not at.exception and not _marks(at)

    newer = sales(3, price=1.25, seed=41)
    at.file_uploader(key="uploader").set_value(
        ("sales.csv", newer.to_csv(index=False).encode(), "text/csv")).run()
    assert not at.exception
    assert len(_marks(at)) == 1  # the one answer given before the new version
    again = next(b for b in at.button if b.label == "Run again on the new version")
    again.click().run()
    assert not at.exception
    answers = [m for m in at.chat_message if m.avatar == "assistant"]
    latest = "\n".join(m.value for m in answers[-1].markdown)
    assert f"{round(newer['Revenue'].sum(), 2):,.2f}" in latest
    assert len(_marks(at)) == 1  # the new answer is not marked, the old one still is
