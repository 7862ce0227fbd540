"""History and Settings speak the interface language: no English sentence is left on them in
Ukrainian, Russian or Chinese (every label, caption, help text and message of the page)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from analyst.words import say
from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")
# Text-bearing fields of the page's protobuf elements and blocks (popover and expander
# labels, toggle and selectbox help, options, placeholders); ids and icons are not text.
TEXT_FIELDS = {"body", "label", "help", "placeholder", "options", "text", "caption"}
# Names that stay as they are in every language: products, units, the time standard.
NAMES = {"UTC", "Docker", "Analyst", "OpenAI", "Ollama", "vLLM", "API", "MB", "GB", "KB",
         "CPU", "Excel", "CSV", "PDF", "English", "auto", "local", "docker", "none"}


def _strings(message) -> Iterator[str]:
    for field, value in message.ListFields():
        items = [value] if isinstance(value, str | bytes) or not hasattr(value, "__len__") \
            else list(value)
        if field.message_type is not None:
            for item in items:
                yield from _strings(item)
        elif field.name in TEXT_FIELDS:
            yield from (item for item in items if isinstance(item, str))


def page_texts(at: AppTest) -> list[str]:
    """Every text of the main area (the sidebar's navigation is app.py's, tested elsewhere)."""
    out: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.extend(_strings(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at.main)
    return [text for text in out if text.strip()]


def english_words(text: str) -> list[str]:
    """Latin words left once names are set aside: URLs, `code`, file, setting and model names
    (anything with a dot, underscore, slash or digit), ALL-CAPS names and the NAMES above."""
    text = re.sub(r"https?://\S+|`[^`]*`|:material/\w+:", " ", text)
    words = re.findall(r"[\w.\-/:]+", text)
    return [w for w in words
            if re.fullmatch(r"[A-Za-z][a-z]+(-[a-z]+)?", w.strip(".:-")) and w.strip(".:-") not in NAMES]


def test_the_heuristic_catches_an_english_sentence_and_spares_names() -> None:
    assert english_words("Times are in UTC.") == ["Times", "are", "in"]
    assert english_words("Час указано за UTC; файл sales.csv, модель gpt-4o-mini") == []
    assert english_words("Задайте `OPENAI_API_KEY` у .streamlit/secrets.toml") == []
    assert english_words("Сервер Ollama або vLLM, https://api.openai.com/v1") == []


def _set_language(at: AppTest, language: str) -> None:
    at.switch_page("pages/settings.py").run()
    at.selectbox(key="w_ui_language").set_value(language).run()
    assert not at.exception


@pytest.fixture()
def session(app_env) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv")).run()
    assert not at.exception
    return at


HISTORY_KEYS = ("history_title", "times_in_utc", "history_open_mark", "history_last_used",
                "history_open", "history_rename", "history_new_title", "history_save",
                "history_delete", "history_delete_confirm", "history_delete_for_good")


def test_history_has_no_english_left_in_ukrainian_russian_and_chinese(session) -> None:
    at = session
    for language in ("uk", "ru", "zh"):
        _set_language(at, language)
        at.switch_page("pages/history.py").run()
        assert not at.exception
        texts = page_texts(at)
        joined = "\n".join(texts)
        left = {w for text in texts for w in english_words(text)}
        assert not left, (language, left, texts)
        for key in HISTORY_KEYS:  # each label is on the page, in the language
            wanted = say(language, "ui", key, files="sales.csv", when="")
            assert wanted.split("{")[0].strip(" ·") in joined, (language, key, wanted)
            assert wanted != say("en", "ui", key, files="sales.csv", when=""), key
        assert "sales.csv" in joined


def test_an_empty_history_says_so_in_the_language(app_env) -> None:
    at = AppTest.from_file(APP, default_timeout=90).run()
    for language in ("uk", "ru", "zh", "en"):
        _set_language(at, language)
        at.switch_page("pages/history.py").run()
        assert [i.value for i in at.info] == [say(language, "ui", "history_empty")]
        assert [t.value for t in at.title] == [say(language, "ui", "history_title")]
    assert at.info[0].value.startswith("No analyses yet.")
