"""Save a report as a recurring one on the Report page, then run it on next month's file on
the Recurring reports page (AppTest): a column it cannot place is asked in a short form, and
the PDF shows the new figures with their change against the saved run."""

from __future__ import annotations

import io

from pypdf import PdfReader
from streamlit.testing.v1 import AppTest

from analyst.recurring.library import TemplateLibrary
from tests.app.samples import ROOT
from tests.recurring.months import sales
from ui.state import LOCAL_OWNER

APP = str(ROOT / "app.py")


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages)


def _pin_answer(at: AppTest, question: str) -> None:
    at.chat_input[0].set_value(question).run()
    assert not at.exception
    [*_, last] = [b for b in at.button if b.label == "Add to report"]
    last.click().run()
    assert not at.exception


def test_save_a_recurring_report_and_run_it_on_next_month(app_env) -> None:
    q1 = sales(3, seed=51)
    at = AppTest.from_file(APP, default_timeout=180).run()
    at.file_uploader(key="uploader").set_value(
        ("sales_q1.csv", q1.to_csv(index=False).encode(), "text/csv")).run()
    _pin_answer(at, "top 5 products by revenue")
    _pin_answer(at, "average revenue by region")

    at.switch_page("pages/report.py").run()
    next(b for b in at.button if b.label == "Save as a recurring report").click().run()
    assert not at.exception
    assert any("as a recurring report" in s.value for s in at.success)
    [(tid, template)] = TemplateLibrary(app_env, LOCAL_OWNER).items()
    assert [q.question for q in template.questions] == ["top 5 products by revenue",
                                                       "average revenue by region"]

    # April: one more month, prices +20%, "Revenue" renamed and a second new money column.
    q2 = sales(4, price=1.2, seed=52).rename(columns={"Revenue": "Net sales"})
    q2["Fee"] = (q2["Net sales"] * 0.03).round(2)
    at.switch_page("pages/recurring.py").run()
    assert not at.exception
    at.file_uploader(key=f"new_{tid}").set_value(
        ("sales_apr.csv", q2.to_csv(index=False).encode(), "text/csv")).run()
    next(b for b in at.button if b.label == "Run on the new file").click().run()
    assert not at.exception
    [which] = [s for s in at.selectbox if s.key == f"q_{tid}_Revenue"]
    assert set(which.options) == {"Net sales", "Fee"}
    which.set_value("Net sales")
    next(b for b in at.button if b.label == "Run with these columns").click().run()
    assert not at.exception
    done = at.session_state[f"done_{tid}"]
    text = _text(done.built.pdf)
    assert f"{round(q2['Net sales'].sum(), 2):,.2f}" in text
    change = (q2["Net sales"].sum() - q1["Revenue"].sum()) / q1["Revenue"].sum()
    assert f"+{change:.1%} vs Jan 2026 – Mar 2026" in text  # the months the saved run covered
    assert any(b.label == "Download PDF" for b in at.get("download_button"))
