"""Suggested questions name their table as the user knows it, or not at all: the file (when
other files are open) and the sheet (when the file has tables on other sheets), never the
app's internal table name ("northwind_pnl_2025_long"). Asked again as text (the history's
"Run again"), a question with its place reads as the query the button carried, on its table,
even when a sheet is called "Jan" or "2025".

Workbooks are generated (one wide sheet of months; two or three sheets of different tables
under names users give, with brackets, commas, months, years and four scripts) and read by
the real ingester; the questions are those the page shows (`suggested_questions`)."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest

from analyst.brain.understand.query import Query
from analyst.brain.understand.reading import choose
from analyst.brain.understand.values import category_values
from analyst.datacard import DataCard
from analyst.ingest import ingest_file
from sandbox import Workspace
from tests.ingest.finance_books import months_wide
from tests.ingest.workbooks import simple_workbook
from ui.questions import suggested_questions

SHEET_NAMES = ["Jan", "2025", "P&L (old)", "Sales, EU", "Продажі", "Расходы 2024", "销售",
               "Sheet1", "Q1", "North (draft)"]


def _sales(rng: random.Random, rows: int) -> list[list]:
    regions = ["North", "South", "East", "West"][:rng.randint(2, 4)]
    start = dt.date(2025, rng.randint(1, 6), 1)
    out: list[list] = [["Date", "Region", "Amount"]]
    for i in range(rows):
        out.append([start + dt.timedelta(days=3 * i), rng.choice(regions),
                    round(rng.uniform(10, 900), 2)])
    return out


def _stock(rng: random.Random, rows: int) -> list[list]:
    out: list[list] = [["Warehouse", "Item", "Units", "Unit cost"]]
    for i in range(rows):
        out.append([rng.choice(["Kyiv", "Lviv", "Odesa"]), f"Item {i % 7}", rng.randint(1, 90),
                    round(rng.uniform(1, 50), 2)])
    return out


def _book(tmp: Path, seed: int) -> Path:
    rng = random.Random(seed)
    names = rng.sample(SHEET_NAMES, rng.randint(2, 3))
    makers = [_sales, _stock, _sales]
    sheets = {name: make(rng, rng.randint(20, 40))
              for name, make in zip(names, makers[:len(names)], strict=True)}
    return simple_workbook(tmp / f"book {seed}.xlsx", sheets)


def _read(path: Path, tmp: Path) -> tuple[list[DataCard], Path]:
    ws = Workspace(tmp / "ws").ensure()
    return ingest_file(path, ws), ws.root


def _shown(cards: list[DataCard], root: Path, several: bool) -> list[tuple[str, dict]]:
    return suggested_questions(cards, root, several)


def _check(shown: list[tuple[str, dict]], cards: list[DataCard], root: Path,
           others: list[DataCard] = (), *, pinned: bool) -> None:
    """No internal name in sight; asked again, each question is its carried query (when
    its place names one table: `pinned`), or one of the readings offered to choose from."""
    assert shown, [c.table for c in cards]
    known = {c.source_file for c in cards} | {c.sheet for c in cards if c.sheet}
    everyone = [*cards, *others]
    values = {c.table: category_values(root, c) for c in everyone}
    for question, query in shown:
        for card in everyone:
            if card.table not in known:
                assert card.table not in question, question
        carried = Query.from_dict(query)
        reading = choose(question, everyone, values)
        if pinned:
            assert reading.query == carried, (question, reading)
        else:  # nothing the user knows tells the tables apart: the reader may be asked which
            assert reading.query == carried or carried in [q for q, _ in reading.options], (
                question, reading)


def _card_of(shown: list[tuple[str, dict]], cards: list[DataCard]) -> DataCard:
    table = Query.from_dict(shown[0][1]).table
    [card] = [c for c in cards if c.table == table]
    return card


@pytest.mark.parametrize("seed", range(12))
def test_a_workbook_of_several_sheets_names_the_sheet(tmp_path: Path, seed: int) -> None:
    cards, root = _read(_book(tmp_path, seed), tmp_path)
    shown = _shown(cards, root, several=False)
    card = _card_of(shown, cards)
    # Sheets of the same columns are also read joined, as one table of no single sheet.
    place = f" ({card.sheet})" if card.sheet else ""
    assert all(q.endswith(place) and q.count("(") == place.count("(") for q, _ in shown), shown
    _check(shown, cards, root, pinned=bool(card.sheet))


@pytest.mark.parametrize("seed", range(6))
def test_one_wide_sheet_of_months_names_nothing(tmp_path: Path, seed: int) -> None:
    path, _ = months_wide(tmp_path / f"northwind_pnl_{2020 + seed}.xlsx", year=2020 + seed,
                          seed=seed, labels=("North", "South", "East", "West")[:2 + seed % 3])
    cards, root = _read(path, tmp_path)
    assert len(cards) == 2  # the wide table and its tidy twin ("..._long")
    shown = _shown(cards, root, several=False)
    assert all("(" not in q for q, _ in shown), shown
    _check(shown, cards, root, pinned=True)


@pytest.mark.parametrize("seed", range(6))
def test_beside_other_files_a_question_names_its_file(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    csv = tmp_path / f"sales {seed}.csv"
    rows = _sales(rng, 30)
    csv.write_text("\n".join(",".join(str(v) for v in r) for r in rows), encoding="utf-8")
    first, root = _read(csv, tmp_path)
    book, _ = _read(_book(tmp_path, 100 + seed), tmp_path)
    shown = _shown(first, root, several=True)
    assert all(q.endswith(f" ({csv.name})") for q, _ in shown), shown
    _check(shown, first, root, book, pinned=True)
    shown = _shown(book, root, several=True)
    card = _card_of(shown, book)
    place = f" ({card.source_file}, {card.sheet})" if card.sheet else f" ({card.source_file})"
    assert all(q.endswith(place) for q, _ in shown), shown
    _check(shown, book, root, first, pinned=bool(card.sheet))
