"""End to end in real headless Chromium: the first ten minutes of a user, no API key."""

from __future__ import annotations

import os
import re

import pytest
from pypdf import PdfReader

from sandbox.health import load_factor
from tests.app import browser_fixtures
from tests.app.browser_fixtures import (
    CHART,
    _idle,
    _last_message,
    _settled,
    _upload,
    chat_box,
    open_app,
)
from tests.app.samples import ROOT, messy_csv
from tests.app.server import running_app

_patient, app_url = browser_fixtures._patient, browser_fixtures.app_url  # the shared fixtures

pytestmark = pytest.mark.browser
# Saved beside the test run; ANALYST_UPDATE_SCREENSHOT=1 refreshes the README's copy instead.
_SHOTS = "docs" if os.environ.get("ANALYST_UPDATE_SCREENSHOT") == "1" else "test-artifacts"
SCREENSHOT = ROOT / _SHOTS / "screenshot.png"


def _expect_english(page) -> None:
    """The labels follow the user's language (ui/i18n): this test's file and question are
    English, so a different language here is a bug to report plainly, not a timeout."""
    from playwright.sync_api import expect

    expect(page.get_by_role("button", name="Standard report"),
           "the interface should be in English for an English file").to_be_visible(timeout=60_000)


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_upload_ask_chart_pin_pdf_and_reload(page, app_url, tmp_path):
    csv = tmp_path / "sales.csv"
    csv.write_bytes(messy_csv())
    open_app(page, app_url)
    assert page.get_by_text("offline analyst answers").is_visible()

    _upload(page, csv)
    _settled(page, page.get_by_text("What I assumed when reading it"))
    assert page.get_by_text(re.compile("total row", re.IGNORECASE)).first.is_visible()
    _expect_english(page)

    box = chat_box(page)
    box.fill("revenue by month")
    box.press("Enter")
    # The live answer shows the figure while the script still runs; the stored answer
    # (with its buttons) replaces it after a rerun: wait for that, in the last message.
    _settled(page, page.locator('[data-testid="stChatMessage"]').filter(has_text="33,912"))
    answer = _last_message(page)
    _settled(page, answer.locator(CHART))
    pin = _settled(page, answer.get_by_role("button", name="Add to report"))
    pin.click()
    _settled(page, _last_message(page).get_by_text("In the report ✓"))
    assert "s=" in page.url
    SCREENSHOT.parent.mkdir(exist_ok=True)
    page.locator('[data-testid="stChatMessage"]').last.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOT))

    page.locator('[data-testid="stSidebarNavLink"]').filter(has_text="Report").click()
    _settled(page, page.get_by_role("button", name="Generate report")).click()
    _settled(page, page.get_by_text("is ready"))
    with page.expect_download() as download:
        page.get_by_role("button", name="Download PDF").click()
    pdf = tmp_path / "report.pdf"
    download.value.save_as(pdf)
    assert pdf.read_bytes().startswith(b"%PDF")
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "33,912" in text or "33 912" in text

    page.locator('[data-testid="stSidebarNavLink"]').filter(has_text="Analyze").click()
    _settled(page, page.locator('[data-testid="stChatMessage"]'))
    page.reload()
    restored = page.locator('[data-testid="stChatMessage"]').filter(has_text="revenue by month")
    restored.first.wait_for(timeout=60_000)
    assert page.locator('[data-testid="stChatMessage"]').filter(has_text="33,912").count() >= 1


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_bad_files_give_readable_messages_and_the_app_keeps_working(page, app_url, tmp_path):
    open_app(page, app_url)
    photo = tmp_path / "photo.csv"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    huge = tmp_path / "huge.csv"
    huge.write_bytes(b"a;b\n" + b"1;2\n" * 1_600_000)  # 6.4 MB, above the 5 MB limit

    for path in (photo, empty):
        _upload(page, path)
        alert = page.locator('[data-testid="stAlert"]').filter(has_text=path.name)
        alert.first.wait_for(timeout=60_000)
        _idle(page)
        sentence = alert.first.inner_text().strip()
        assert sentence.endswith(".") and "Traceback" not in sentence  # one plain sentence
        # Whatever technical detail exists stays folded away: no traceback on screen.
        assert "Traceback" not in page.locator('[data-testid="stApp"]').inner_text()
    _upload(page, huge)
    page.get_by_text(re.compile(r"(must be|or smaller|above the upload limit)", re.IGNORECASE)).first.wait_for(
        timeout=30_000)

    good = tmp_path / "sales.csv"
    good.write_bytes(messy_csv())
    _upload(page, good)
    page.get_by_text("Read sales.csv").wait_for(timeout=60_000)


def test_stop_ends_a_long_step_and_keeps_the_conversation(page, tmp_path):
    from tests.agent.fake_openai import FakeOpenAI, tool_call

    slow = "import time\ntime.sleep(6)\nprint('done')"
    # One scripted reply only: after Stop, the model must not be asked again.
    with FakeOpenAI([tool_call(slow, "A slow step")]) as server, \
            running_app(tmp_path / "data", OPENAI_BASE_URL=server.base_url,
                        OPENAI_API_KEY="test-key") as url:
        open_app(page, url)
        csv = tmp_path / "sales.csv"
        csv.write_bytes(messy_csv())
        _upload(page, csv)
        page.get_by_text("What I assumed when reading it").wait_for(timeout=60_000)
        _idle(page)
        box = chat_box(page)
        box.fill("do something slow")
        box.press("Enter")
        page.get_by_text("Step 1: A slow step").first.wait_for(timeout=60_000)
        page.get_by_role("button", name="Stop").click()
        # The page is free again at once (before the 6-second step could have ended, on a
        # machine as busy as this one is now); the sandbox finishes or times out the step alone.
        page.get_by_text("Stopped before the end.").wait_for(timeout=5_000 * load_factor())
        _idle(page)
        assert page.locator('[data-testid="stChatMessage"]').filter(
            has_text="do something slow").count() == 1
