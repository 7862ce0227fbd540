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


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
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


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_an_empty_history_says_so_in_the_language(app_env) -> None:
    at = AppTest.from_file(APP, default_timeout=90).run()
    for language in ("uk", "ru", "zh", "en"):
        _set_language(at, language)
        at.switch_page("pages/history.py").run()
        assert [i.value for i in at.info] == [say(language, "ui", "history_empty")]
        assert [t.value for t in at.title] == [say(language, "ui", "history_title")]
    assert at.info[0].value.startswith("No analyses yet.")


# Lines that end in Docker's own diagnostic (an engine or image problem, a failed sweep): the
# sentence around it is the catalogue's, the diagnostic is the engine's words, kept verbatim.
DIAGNOSTICS = ("set_engine_problem", "set_image_problem", "set_sweep_problem")


def _settings_words(at: AppTest, language: str) -> set[str]:
    prefixes = tuple(say(language, "ui", key).split("{")[0] for key in DIAGNOSTICS)
    lines = [line.removeprefix("- ") for text in page_texts(at) for line in text.splitlines()]
    return {w for line in lines if not line.startswith(prefixes) for w in english_words(line)}


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
@pytest.mark.parametrize("model", [False, True], ids=["offline", "with-model"])
def test_settings_has_no_english_left_in_ukrainian_russian_and_chinese(app_env, monkeypatch,
                                                                        model) -> None:
    if model:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-sent")
    at = AppTest.from_file(APP, default_timeout=90).run()
    for language in ("uk", "ru", "zh"):
        _set_language(at, language)
        at.switch_page("pages/settings.py").run()
        assert not at.exception
        left = _settings_words(at, language)
        assert not left, (language, left)
        assert [s.value for s in at.title] == [say(language, "ui", "set_title")]
        admin = say(language, "ui", "set_admin_limits").split("：")[0].split(":")[0]
        assert len([e for e in at.expander if e.label.startswith(admin)]) == 3, language
        toggles = {t.label for t in at.toggle}
        assert toggles == {say(language, "ui", k) for k in ("set_offline", "set_privacy",
                                                             "set_approval")}
        plain = "\n".join(str(e.value) for kind in ("info", "success", "warning")
                          for e in at.get(kind))
        wanted = "set_model_ready_key" if model else "set_model_none"
        assert say(language, "ui", wanted).split("{")[0] in plain
        assert say(language, "ui", "set_plain_local") in plain
        for name in ("ANALYST_SANDBOX_BACKEND", "OPENAI_API_KEY", "secrets.toml"):
            assert name not in plain  # the plain words name no setting, in any language
        if model:  # offline on: the model is configured but not asked
            at.toggle(key="w_offline").set_value(True).run()
            assert not _settings_words(at, language)
            assert any(say(language, "ui", "set_model_offline").split("{")[0] in i.value
                       for i in at.info)
            at.toggle(key="w_offline").set_value(False).run()
    # English is unchanged where the other tests read it.
    _set_language(at, "en")
    at.switch_page("pages/settings.py").run()
    assert _settings_words(at, "en")  # the heuristic sees English when it is there


# The noun each count takes (Ukrainian/Russian: 1, 21 / 2, 22 / 5, 25, 111).
COUNTED = {
    "uk": {"set_sweep_removed": ("залишений контейнер", "залишені контейнери", "залишених контейнерів"),
           "set_app_problems": ("налаштування", "налаштування", "налаштувань"),
           "set_plain_files": ("рядка", "рядків", "рядків"),
           "set_lim_rows": ("рядка", "рядків", "рядків"),
           "set_plain_parallel": ("аналізу", "аналізів", "аналізів"),
           "set_lim_queue": ("аналізу", "аналізів", "аналізів"),
           "set_lim_output": ("файл", "файли", "файлів"),
           "set_lim_idle": ("хвилину", "хвилини", "хвилин"),
           "set_plain_step": ("секунди", "секунд", "секунд")},
    "ru": {"set_sweep_removed": ("оставшийся контейнер", "оставшихся контейнера",
                                 "оставшихся контейнеров"),
           "set_app_problems": ("настройку", "настройки", "настроек"),
           "set_plain_files": ("строки", "строк", "строк"),
           "set_lim_rows": ("строки", "строк", "строк"),
           "set_plain_parallel": ("анализа", "анализов", "анализов"),
           "set_lim_queue": ("анализа", "анализов", "анализов"),
           "set_lim_output": ("файл", "файла", "файлов"),
           "set_lim_idle": ("минуту", "минуты", "минут"),
           "set_plain_step": ("секунды", "секунд", "секунд")},
}
FORM = {1: 0, 2: 1, 5: 2, 21: 0, 22: 1, 25: 2, 111: 2}


@pytest.mark.parametrize("language", ["uk", "ru"])
@pytest.mark.parametrize("count", sorted(FORM))
def test_counted_settings_sentences_take_the_form_of_their_count(language, count) -> None:
    from ui.i18n import t

    values = {"mb": "200", "memory": "2 GB", "size": "1 GB", "seconds": "60"}
    for key, nouns in COUNTED[language].items():
        text = t(key, language, count=count, **values)
        assert re.search(rf"(?<![\d,]){count} {nouns[FORM[count]]}(?!\w)", text), (key, text)
        assert "{" not in text and "(" not in text.replace("(ABC", ""), text
    english = t("set_sweep_removed", "en", count=count)
    assert ("container from" in english) == (count == 1)
    assert t("set_lim_rows", "zh", count=count) == f"表格：最多 {count} 行"


def test_every_settings_and_history_key_is_in_all_four_catalogues() -> None:
    from tests.words.test_catalogue import _messages

    english = _messages("en")  # read once: parsing the .po file is the whole cost here
    keys = [k for k in english if k[0] == "ui"
            and (k[1].startswith(("set_", "history_")) or k[1] == "times_in_utc")]
    assert len(keys) > 80
    for language in ("uk", "ru", "zh"):
        catalog = _messages(language)
        for key in keys:
            assert key in catalog and all(catalog[key]), (language, key)
            if len(key[1]) > 3 and key[1] not in ("set_lim_tmp",):
                assert catalog[key] != english[key], (language, key)


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_bad_settings_are_announced_in_the_language(app_env) -> None:
    at = AppTest.from_file(APP, default_timeout=90)
    at.secrets["ANALYST_SANDBOX_CPUS"] = "half"
    at.secrets["ANALYST_MAX_UNZIPPED_MB"] = "-1"
    at.run()
    for language in ("uk", "ru", "zh"):
        _set_language(at, language)
        # Said at once: the run that takes the choice is already in the new language (the
        # page's text above the selectbox too). The problems name the setting and its value.
        problems = at.error[0].value
        assert problems.startswith(say(language, "ui", "set_problems"))
        assert "ANALYST_SANDBOX_CPUS='half'" in problems
        assert at.title[0].value == say(language, "ui", "set_title")
