"""In real headless Chromium with a Russian browser: questions in Ukrainian and English get
answers in their languages, while the sidebar, the labels and the earlier answer stay as
they were (a real server runs app.py's sidebar on every rerun, which AppTest does not)."""

from __future__ import annotations

import pytest

from tests.app import browser_fixtures
from tests.app.browser_fixtures import _last_message, _settled, _upload, chat_box, open_app
from tests.app.samples import messy_csv
from ui.i18n import t

pytestmark = pytest.mark.browser
_patient, app_url = browser_fixtures._patient, browser_fixtures.app_url  # the shared fixtures
NAV = ("nav_analyze", "nav_report", "nav_recurring", "nav_history", "set_title")


def _nav(page) -> list[str]:
    # Each link's text is its icon's name, then its title.
    return [text.strip().split("\n")[-1] for text in
            page.locator('[data-testid="stSidebarNavLink"]').all_inner_texts()]


def _answers(page) -> list[str]:
    avatars = page.locator('[data-testid="stChatMessage"]').filter(
        has=page.locator('[data-testid="stChatMessageAvatarAssistant"]'))
    # The first paragraph of each: the answer's own words.
    return [avatars.nth(i).locator('[data-testid="stMarkdownContainer"]').first.inner_text()
            for i in range(avatars.count())]


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
@pytest.mark.browser_context_args(locale="ru-RU")
def test_questions_in_other_languages_change_only_their_answers(page, app_url, tmp_path):
    csv = tmp_path / "sales.csv"
    csv.write_bytes(messy_csv())
    open_app(page, app_url)
    assert _nav(page) == [t(key, "ru") for key in NAV]  # the browser's language at first visit
    _upload(page, csv)
    box = _settled(page, chat_box(page))
    assert box.get_attribute("placeholder") == t("ask_placeholder", "ru")

    given: list[str] = []
    for question, word in (("виручка по місяцях", "разом"), ("revenue by month", "in total")):
        chat_box(page).fill(question)
        page.keyboard.press("Enter")
        add = page.get_by_role("button", name=t("add_to_report", "ru"))
        _settled(page, page.locator('[data-testid="stChatMessage"]').filter(has_text=word)
                 .filter(has=add))
        answers = _answers(page)
        assert len(answers) == len(given) + 1 and word in answers[-1], answers
        assert answers[:-1] == given  # the earlier answer as it was
        given = answers
        assert _nav(page) == [t(key, "ru") for key in NAV]
        assert page.get_by_role("button", name=t("standard_report", "ru")).is_visible()
        step = t("step", "ru", n=1, description="\0").split("\0")[0]
        assert _last_message(page).get_by_text(step).count() >= 1
        assert page.get_by_text(t("step", "en", n=1, description="\0").split("\0")[0]).count() == 0
