"""In real headless Chromium: save a recurring report, run it on next month's file, download
the PDF with the new figures and their change against the saved run."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.app import browser_fixtures
from tests.app.browser_fixtures import _last_message, _settled, _upload, chat_box, open_app
from tests.recurring.months import sales

pytestmark = pytest.mark.browser
_patient, app_url = browser_fixtures._patient, browser_fixtures.app_url  # the shared fixtures


PATIENCE_MS = 180_000  # a report, a template and a second run: longer than one question


def _nav(page, name: str) -> None:
    page.locator('[data-testid="stSidebarNavLink"]').filter(has_text=name).click()


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_save_a_recurring_report_run_it_on_a_new_file_and_download(page, app_url, tmp_path):
    q1, q2 = sales(3, seed=61), sales(4, price=1.1, seed=62)
    (tmp_path / "sales_q1.csv").write_text(q1.to_csv(index=False))
    (tmp_path / "sales_apr.csv").write_text(q2.to_csv(index=False))
    open_app(page, app_url)
    _upload(page, tmp_path / "sales_q1.csv")
    _settled(page, page.get_by_text("What I assumed when reading it"))
    box = chat_box(page)
    box.fill("top 5 products by revenue")
    box.press("Enter")
    # The stored answer (with its buttons) replaces the live one after a rerun.
    _settled(page, page.locator('[data-testid="stChatMessage"]').filter(
        has_text="Top 5 products by revenue").get_by_role("button", name="Add to report"),
        timeout=240_000).click()
    _settled(page, _last_message(page).get_by_text("In the report ✓"))

    _nav(page, "Report")
    _settled(page, page.get_by_role("button", name="Save as a recurring report")).click()
    _settled(page, page.get_by_text("as a recurring report."))

    _nav(page, "Recurring")
    _settled(page, page.get_by_text("This month's file"))
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').nth(1).set_input_files(
        str(tmp_path / "sales_apr.csv"))
    _settled(page, page.get_by_text("sales_apr.csv"))
    page.get_by_role("button", name="Run on the new file").click()
    _settled(page, page.get_by_text("is ready"), timeout=240_000)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download PDF").click()
    pdf = tmp_path / "april.pdf"
    download.value.save_as(pdf)
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert f"{round(q2['Revenue'].sum(), 2):,.2f}" in text
    change = (q2["Revenue"].sum() - q1["Revenue"].sum()) / q1["Revenue"].sum()
    assert f"+{change:.1%} vs Jan 2026 – Mar 2026" in text  # the months the saved run covered
    assert "Top 5 products by revenue" in text
