"""The app's own words are in the user's language: the Settings choice, else the browser's.
(A question or a file in another language changes nothing: tests/app/test_language_choice.py.)"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.samples import ROOT, messy_csv
from ui.i18n import t

APP = str(ROOT / "app.py")


def ukrainian_csv() -> bytes:
    """A Kyiv accounting export: cp1251, semicolons, decimal commas, Ukrainian headers."""
    lines = ["Дата;Товар;Регіон;Виручка"]
    for month in range(1, 5):
        for day, product in ((3, "Чай"), (14, "Кава")):
            lines.append(f"{day:02d}.{month:02d}.2026;{product};Київ;{1000 + month * 10},50")
    return ("\n".join(lines) + "\n").encode("cp1251")


def _upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.file_uploader(key="uploader").set_value((name, data, "text/csv"))
    return at.run()


def _texts(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption") for e in at.get(kind))


def test_labels_fall_back_to_english():
    assert t("add_to_report", "uk") == "Додати до звіту"
    assert t("add_to_report", "de") == "Add to report"
    assert t("step", "zh", n=2, description="按月收入") == "第 2 步：按月收入"
    assert t("fail_KeyError", "ru") == "столбца или значения, которое он искал, нет в данных."


def test_every_label_has_four_languages_with_the_same_placeholders():
    import re

    from analyst.words import LANGUAGES
    from tests.words.test_catalogue import _messages

    # The labels are the catalogue's "ui" messages (analyst/words/locale/*/analyst.po).
    catalogs = [_messages(language) for language in LANGUAGES]
    labels = [key for key in catalogs[0] if key[0] == "ui"]
    assert len(labels) > 100
    for key in labels:
        texts = [text for catalog in catalogs for text in catalog[key]]
        names = [sorted(re.findall(r"\{(\w+)\}", text)) for text in texts]
        assert all(n == names[0] for n in names), key


def test_a_ukrainian_browser_gets_ukrainian_labels(app_env):
    at = AppTest.from_file(APP, default_timeout=90)
    at.context["locale"] = "uk-UA"
    at.run()
    _upload(at, "продажі.csv", ukrainian_csv())
    assert not at.exception
    # Before any question the browser's language decides: the data card and buttons.
    assert any(b.label == "Стандартний звіт" for b in at.button)
    assert any(b.label == "Прочитати файл знову" for b in at.button)
    assert "Прочитано продажі.csv" in at.success[0].value

    at.chat_input[0].set_value("виручка по місяцях").run()
    assert not at.exception
    labels = [b.label for b in at.button]
    assert "Додати до звіту" in labels and "Add to report" not in labels
    assert "**Крок 1:" in _texts(at)
    assert "Код" in [e.label for e in at.expander]

    next(b for b in at.button if b.label == "Додати до звіту").click().run()
    assert "У звіті ✓" in _texts(at)
    at.switch_page("pages/report.py").run()
    assert not at.exception
    assert any(b.label == "Створити звіт" for b in at.button)


def test_an_english_question_on_an_english_file_keeps_english_labels(app_env):
    at = AppTest.from_file(APP, default_timeout=90).run()
    _upload(at, "sales.csv", messy_csv())
    at.chat_input[0].set_value("revenue by month").run()
    assert not at.exception
    assert any(b.label == "Add to report" for b in at.button)
    assert "**Step 1:" in _texts(at)


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_the_settings_choice_wins_over_the_question(app_env):
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.switch_page("pages/settings.py").run()
    at.selectbox(key="w_ui_language").set_value("zh").run()
    assert not at.exception
    at.switch_page("pages/analyze.py").run()
    _upload(at, "sales.csv", messy_csv())
    at.chat_input[0].set_value("revenue by month").run()
    assert not at.exception
    assert any(b.label == "加入报告" for b in at.button)
    assert "标准报告" in [b.label for b in at.button]
