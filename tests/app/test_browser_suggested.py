"""In real headless Chromium: a suggested question under the data card is clicked and its
answer comes with its chart."""

from __future__ import annotations

import pytest

from tests.app import browser_fixtures
from tests.app.browser_fixtures import CHART, _last_message, _settled, _upload, open_app
from tests.query.tables import SHAPES

pytestmark = pytest.mark.browser
_patient, app_url = browser_fixtures._patient, browser_fixtures.app_url  # the shared fixtures


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_a_clicked_suggested_question_is_answered_with_its_chart(page, app_url, tmp_path):
    csv = tmp_path / "weather.csv"
    SHAPES["weather"]().to_csv(csv, index=False)
    open_app(page, app_url)
    _upload(page, csv)
    question = "Total precipitation by month"
    button = _settled(page, page.get_by_role("button", name=question))
    button.click()
    answer = _settled(page, page.locator('[data-testid="stChatMessage"]').filter(
        has_text="I read this as: total of precipitation per month"))
    assert answer.is_visible()
    users = page.locator('[data-testid="stChatMessage"]').filter(has_text=question)
    assert users.count() >= 1  # the click asked it, as if typed
    _settled(page, _last_message(page).locator(CHART))
    assert _last_message(page).locator(CHART).first.is_visible()
