"""An upload the app refuses is refused in the interface's language: too big, unreadable.

Each language is chosen in Settings; the messages must carry the file's name and the limit
and no English sentence (tests/app/test_page_languages.english_words).
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.samples import ROOT
from tests.app.test_page_languages import english_words

APP = str(ROOT / "app.py")
NAMES = {"ANALYST_MAX_UPLOAD_MB", "CSV", "Excel", "Parquet", "MB", "МБ"}


def _upload(at: AppTest, name: str, data: bytes) -> None:
    at.file_uploader(key="uploader").set_value((name, data, "text/csv"))
    at.run()


def _in(at: AppTest, language: str) -> None:
    at.switch_page("pages/settings.py").run()
    at.selectbox(key="w_ui_language").set_value(language).run()
    at.switch_page("pages/analyze.py").run()


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_refused_uploads_speak_the_interface_language(app_env, monkeypatch, language: str) -> None:
    monkeypatch.setenv("ANALYST_MAX_UPLOAD_MB", "1")
    at = AppTest.from_file(APP, default_timeout=60).run()
    _in(at, language)
    for name, data in (("великий звіт.csv", b"a;b\n" + b"1;2\n" * 400_000),
                       ("photo.csv", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)):
        _upload(at, name, data)
        assert not at.exception
        (message,) = [e.value for e in at.error][:1]
        assert name in message, message
        left = [w for w in english_words(message.replace(name, " ")) if w.strip(".:-") not in NAMES]
        assert not left, (language, message)
