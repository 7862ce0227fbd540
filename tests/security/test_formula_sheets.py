"""The workbook guard's one pass says which sheets hold formulas, and the formula reader
trusts it: so the guard must never miss a sheet the formula reader would have found.

Workbooks of several sheets, named with the characters XML escapes (&, <, >, quotes) and in
other scripts, formulas in a random choice of them: the guard's `formula_sheets` is exactly
the set of sheets `sheet_xml.sheet_formulas` finds formulas in, and a formula saved without
a result on any of them is computed when the file is read.
"""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from analyst.ingest import ingest_file
from analyst.ingest.sheet_xml import sheet_formulas
from analyst.ingest.workbook_guard import check_workbook

NAMES = ["Sales", "R&D", "a<b>c", "Q1 'draft'", 'say "hi"', "Продажі", "销售额", "x & y < z", "Ümsatz 2024"]


class Folder:
    def __init__(self, root: Path) -> None:
        self.input_dir = root / "input"


def _book(path: Path, names: list[str], with_formulas: set[str]) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name in names:
        sheet = book.create_sheet(name)
        sheet.append(["Region", "Units", "Price", "Revenue"])
        for row in range(2, 6):
            units, price = row * 3, row + 0.5
            revenue: object = f"=B{row}*C{row}" if name in with_formulas else units * price
            sheet.append([f"R{row}", units, price, revenue])
    book.save(path)  # openpyxl saves formulas without a result
    return path


@pytest.mark.parametrize("seed", range(12))
def test_the_guard_names_every_sheet_with_a_formula(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    names = rng.sample(NAMES, rng.randint(1, 5))
    chosen = {n for n in names if rng.random() < 0.5}
    path = _book(tmp_path / f"book{seed}.xlsx", names, chosen)
    found = {n for n in names if sheet_formulas(path, n).present}
    assert found == chosen
    assert check_workbook(path, path.name).formula_sheets == frozenset(chosen)


# A sheet named with an apostrophe ("Q1 'draft'") is left out: the formula library cannot
# compute on it, before and after the guard's pass alike (the card says the cells are empty).
@pytest.mark.parametrize("name", [n for n in NAMES if "'" not in n])
def test_a_formula_without_a_result_is_computed_on_a_sheet_of_any_name(tmp_path: Path, name: str) -> None:
    path = _book(tmp_path / "one.xlsx", [name], {name})
    (card,) = ingest_file(path, Folder(tmp_path))
    frame = pd.read_parquet(tmp_path / card.parquet_path)
    assert frame["Revenue"].tolist() == [r * 3 * (r + 0.5) for r in range(2, 6)]
