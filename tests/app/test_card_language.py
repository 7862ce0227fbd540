"""The data card speaks the interface language: the ingester's assumptions (catalogue notes)
are rendered in it, and each still carries its correction hint (found by the note's id)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analyst.ingest import IngestOptions, ingest_file
from sandbox import Workspace
from tests.app.samples import ROOT
from tests.ingest.workbooks import monthly_workbook
from ui.cardview import _escape

APP = str(ROOT / "app.py")


def titled_ukrainian_csv() -> bytes:
    """A Kyiv export in cp1251 with two title lines, so the header is on row 3."""
    lines = ["Звіт про продажі;;;", "ТОВ Ромашка;;;", "Дата;Товар;Регіон;Виручка"]
    for month in range(1, 5):
        for day, product in ((3, "Чай"), (14, "Кава")):
            lines.append(f"{day:02d}.{month:02d}.2026;{product};Київ;{1000 + month * 10},50")
    return ("\n".join(lines) + "\n").encode("cp1251")


def _card_text(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def _read(at: AppTest, language: str) -> AppTest:
    at.switch_page("pages/settings.py").run()
    at.selectbox(key="w_ui_language").set_value(language).run()
    at.switch_page("pages/analyze.py").run()
    at.file_uploader(key="uploader").set_value(("продажі.csv", titled_ukrainian_csv(), "text/csv"))
    return at.run()


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_a_ukrainian_interface_shows_the_assumptions_in_ukrainian_with_their_hints(app_env):
    at = _read(AppTest.from_file(APP, default_timeout=90).run(), "uk")
    assert not at.exception
    card = _card_text(at)
    assert "Що я припустив, читаючи файл:" in card
    assert "Заголовок у рядку 3." in card
    assert "Кодування тексту визначено як" in card
    assert "Header on row" not in card and "Text encoding detected" not in card
    # The hint was found by the note's id and is shown under its translation.
    assert "Заголовок у рядку 3.  \n  :gray[Неправильно? Змініть **Рядок заголовка** нижче.]" in card


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_an_english_interface_keeps_the_ingesters_sentences(app_env):
    at = _read(AppTest.from_file(APP, default_timeout=90).run(), "en")
    assert not at.exception
    card = _card_text(at)
    assert "Header on row 3.  \n  :gray[Wrong? Change **Header row** below.]" in card
    assert "Заголовок у рядку" not in card


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_a_workbook_of_month_sheets_reads_in_russian_with_no_english_sentence(app_env, tmp_path: Path):
    path = monthly_workbook(tmp_path / "months.xlsx")
    notes = {a for card in ingest_file(path, Workspace(tmp_path / "ws"), IngestOptions()) for a in card.assumptions}
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.switch_page("pages/settings.py").run()
    at.selectbox(key="w_ui_language").set_value("ru").run()
    at.switch_page("pages/analyze.py").run()
    at.file_uploader(key="uploader").set_value(("months.xlsx", path.read_bytes(), "application/octet-stream"))
    at.run()
    assert not at.exception
    card = _card_text(at)
    assert len(notes) >= 5  # sheets read, joined, skipped, a total row per sheet, dates...
    for note in notes:
        assert _escape(note.render("ru")) in card, note
        assert _escape(str(note)) not in card, note
    for english in ("Sheets '", "Excluded", "columns", "read as", "Header on"):
        assert english not in card, english
