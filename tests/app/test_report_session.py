"""A report built on the Report page runs its own key-figures step in the user's live
sandbox session (warm, with the configured backend), not in a new short-lived one."""

from __future__ import annotations

import io

from pypdf import PdfReader
from streamlit.testing.v1 import AppTest

from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")


def _pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages)


def test_a_pinned_only_report_gets_its_total_revenue_tile_from_the_live_session(app_env):
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    at.chat_input[0].set_value("revenue by month").run()
    assert not at.exception
    next(b for b in at.button if b.label == "Add to report").click().run()
    live = at.session_state["analysis"]
    warm = live.session  # the session that answered the question

    at.switch_page("pages/report.py").run()
    next(b for b in at.button if b.label == "Generate report").click().run()
    assert not at.exception
    assert at.session_state["analysis"] is live and live.session is warm
    # The key-figures step ran in that session: its variables are still there.
    probe = warm.run("print(result.name)")
    assert probe.stdout.strip() == "kpi_summary", probe.stdout

    pdf = at.session_state["built"][1].pdf  # what the builder returned, not the download
    summary = _pdf_text(pdf).split("Executive summary", 1)[1][:200]
    total = sum(1000 + m * 137 + d * 11 + i * 250 + 0.5
                for m in range(1, 7) for i, d in enumerate((3, 14, 25)))
    assert f"Total revenue\n{total:,.2f}" in summary, summary
