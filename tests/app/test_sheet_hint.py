"""The data card points to the Sheet control only when the form has one: a workbook of more
than one visible sheet. A one-sheet workbook (or one whose other sheets are hidden) says
which sheet it read, and nothing about choosing another. In every language.

Workbooks are generated (title rows, a total row, months as columns, hidden sheets, names
in four scripts) and read by the real ingester; the card's text is the page's own
(`card_text`), and one pair is checked on the page itself (AppTest)."""

from __future__ import annotations

import datetime as dt
import io
import random
from pathlib import Path

import openpyxl
import pytest
from streamlit.testing.v1 import AppTest

from analyst.datacard import DataCard
from analyst.ingest import ingest_file
from analyst.words import LANGUAGES, say
from sandbox import Workspace
from tests.app.samples import ROOT
from ui.cardview import card_text
from ui.corrections import has_sheet_choice

NAMES = ["Sheet1", "Продажі", "Продажи", "销售", "Data 2025", "P&L (Jan)"]


def _workbook(seed: int, visible: int, hidden: int) -> bytes:
    rng = random.Random(seed)
    book = openpyxl.Workbook()
    book.remove(book.active)
    for i, name in enumerate(rng.sample(NAMES, visible + hidden)):
        ws = book.create_sheet(name)
        for t in range(rng.randint(0, 2)):
            ws.append([f"Report {name} {t}"])
        if rng.random() < 0.3:
            ws.append(["Region", *(f"{m} 2025" for m in ("Jan", "Feb", "Mar", "Apr"))])
            for region in ("North", "South", "East"):
                ws.append([region, *(round(rng.uniform(10, 99), 2) for _ in range(4))])
        else:
            ws.append(["Date", "Product", "Amount"])
            for d in range(rng.randint(8, 20)):
                ws.append([dt.date(2025, 1, 1) + dt.timedelta(days=d), rng.choice("ABC") + str(i),
                           round(rng.uniform(1, 500), 2)])
            if rng.random() < 0.5:
                ws.append(["Total", None, None])
        if i >= visible:
            ws.sheet_state = "hidden"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _cards(tmp: Path, data: bytes, name: str) -> list[DataCard]:
    path = tmp / name
    path.write_bytes(data)
    return ingest_file(path, Workspace(tmp / "ws").ensure())


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("visible,hidden", [(1, 0), (1, 1), (1, 2), (2, 0), (3, 1)])
def test_the_card_points_to_the_sheet_control_only_when_there_is_one(
        tmp_path: Path, seed: int, visible: int, hidden: int) -> None:
    cards = _cards(tmp_path, _workbook(seed, visible, hidden), f"book {seed}.xlsx")
    choice = has_sheet_choice(cards[0])
    assert choice == (visible > 1)
    for lang in LANGUAGES:
        hint = say(lang, "ui", "hint_sheet")
        text = "\n".join(block for card in cards for block in card_text(card, lang, choice))
        if choice:
            assert hint in text, text
        else:
            assert hint not in text, text
            assert cards[0].sheet in text  # the sheet read is still said


def _page(data: bytes, name: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90).run()
    at.file_uploader(key="uploader").set_value((name, data, "application/octet-stream"))
    return at.run()


@pytest.mark.parametrize("visible", [1, 2])
def test_on_the_page_the_hint_and_the_control_come_together(app_env, visible: int) -> None:
    at = _page(_workbook(7, visible, 1), "book.xlsx")
    assert not at.exception
    page = "\n".join(m.value for m in at.markdown)
    has_control = any(s.label == "Sheet" for s in at.selectbox)
    assert has_control == (visible > 1)
    assert ("Choose it under **Sheet** below" in page) == has_control, page
