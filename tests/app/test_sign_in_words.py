"""The sign-in screen and the sidebar's "Signed in as" / "Sign out" speak the interface
language, and the signed-in name is shown exactly (a name is never read as markdown)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from analyst.words import say
from tests.app.samples import ROOT
from tests.app.test_page_languages import english_words

APP = str(ROOT / "app.py")
AUTH = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x" * 32,
        "client_id": "id", "client_secret": "s",
        "server_metadata_url": "https://login.example.com/.well-known/openid-configuration"}
# Names with markdown characters, non-Latin letters and none at all (the subject id is used).
USERS = {"en": {"email": "first_last@example.com"},
         "uk": {"email": "олена.*коваль*@приклад.укр"},
         "ru": {"email": "[ivan](http://evil.example)@mail.ru"},
         "zh": {"sub": "user-`42`#"}}
WORDS = ("sign_in_intro", "sign_in", "signed_in_as", "sign_out")


def _app(language: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    at.secrets["auth"] = AUTH
    at.session_state["pref_ui_language"] = language
    return at


def test_every_sign_in_word_is_translated() -> None:
    for key in WORDS:
        texts = {language: say(language, "ui", key, user="x") for language in USERS}
        assert len(set(texts.values())) == len(texts), (key, texts)  # none left in English
        for language in ("uk", "ru", "zh"):
            assert not english_words(texts[language]), (key, language, texts[language])


@pytest.mark.parametrize("language", list(USERS))
def test_the_sign_in_screen_is_in_the_interface_language(app_env, language) -> None:
    at = _app(language)
    at.user = {"is_logged_in": False}
    at.run()
    assert not at.exception
    assert [m.value for m in at.markdown] == [say(language, "ui", "sign_in_intro")]
    assert [b.label for b in at.button] == [say(language, "ui", "sign_in")]


@pytest.mark.parametrize("language", list(USERS))
def test_the_signed_in_user_and_sign_out_are_in_the_interface_language(app_env, language) -> None:
    at = _app(language)
    at.user = {"is_logged_in": True, **USERS[language]}
    at.run()
    assert not at.exception
    name = next(iter(USERS[language].values()))
    before, after = say(language, "ui", "signed_in_as", user="\0").split("\0")
    captions = [c.value for c in at.sidebar.caption if c.value.startswith(before)]
    assert len(captions) == 1, [c.value for c in at.sidebar.caption]
    shown = captions[0].removeprefix(before).removesuffix(after)
    # Escaped markdown: every character of the name is there as written, none is a format.
    assert shown.replace("\\", "").replace("\u200b", "") == name, shown
    assert all(f"\\{c}" in shown for c in "*[]`#_" if c in name), shown
    labels = [b.label for b in at.sidebar.button]
    assert say(language, "ui", "sign_out") in labels, labels
    if language != "en":
        assert "Sign out" not in labels and not captions[0].startswith("Signed in")
