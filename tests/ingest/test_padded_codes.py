"""Codes a workbook shows with leading zeros (zip codes, store and account codes) are read as
shown, "02134", never as the number 2134 to be summed; and a workbook's number formats are
read for whole-number columns too (a whole-amount column under an accounting format is money).
"""

from __future__ import annotations

import random

import openpyxl
import pandas as pd
import pytest

from analyst.ingest import ingest_file
from sandbox.workspace import Workspace

CODE_NAMES = ["Zip", "ZIP code", "Postcode", "Store code", "Filiale", "邮编", "Поштовий індекс",
              "Account", "Branch"]


def _book(path, seed: int):
    rng = random.Random(seed)
    width = rng.randint(3, 9)
    name = rng.choice(CODE_NAMES)
    rows = rng.randint(5, 80)
    codes = [rng.randint(1, 10 ** (width - 1) - 1) for _ in range(rows)]  # all fit, most padded
    if rng.random() < 0.5:
        codes[rng.randrange(rows)] = None  # a blank code
    amounts = [rng.randint(1, 5000) for _ in range(rows)]
    wb = openpyxl.Workbook()
    ws = wb.active
    if rng.random() < 0.4:
        ws.append(["Sales by area"])
        ws.append([])
    ws.append([name, "Region", "Q1"])
    regions = ["North", "South", "East"]
    money = rng.choice(['#,##0 "$"', '#,##0\\ [$€-407]', '_("$"* #,##0_)', '#,##0 "₴"'])
    for code, amount in zip(codes, amounts, strict=True):
        ws.append([code, rng.choice(regions), amount])
        ws.cell(ws.max_row, 1).number_format = "0" * width
        ws.cell(ws.max_row, 3).number_format = money
    wb.save(path)
    shown = [None if c is None else f"{c:0{width}d}" for c in codes]
    return name, shown, amounts


@pytest.mark.parametrize("seed", range(24))
def test_padded_codes_are_read_as_shown(tmp_path, seed):
    name, shown, amounts = _book(tmp_path / "codes.xlsx", seed)
    (card,) = ingest_file(tmp_path / "codes.xlsx", Workspace(tmp_path / "ws"))
    column = next(c for c in card.columns if c.name == name)
    assert column.role in ("id", "category"), column
    assert column.sum is None
    table = pd.read_parquet(tmp_path / "ws" / card.parquet_path)
    got = [None if pd.isna(v) else v for v in table[name].tolist()]
    assert got == shown
    # The whole amounts carry only the workbook's currency format as evidence of money.
    q1 = next(c for c in card.columns if c.name == "Q1")
    assert q1.role == "money", q1
    assert table["Q1"].sum() == sum(amounts)


@pytest.mark.parametrize("values", [[-5, 12, 40], [1.5, 2.25, 3.0]])
def test_numbers_that_are_not_codes_stay_numbers(tmp_path, values):
    """A zero-padded format over negative or fractional numbers is not a code's."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Change", "Region"])
    for v in values:
        ws.append([v, "North"])
        ws.cell(ws.max_row, 1).number_format = "0000"
    wb.save(tmp_path / "n.xlsx")
    (card,) = ingest_file(tmp_path / "n.xlsx", Workspace(tmp_path / "ws"))
    table = pd.read_parquet(tmp_path / "ws" / card.parquet_path)
    assert table["Change"].tolist() == values


@pytest.mark.parametrize("name", ["Zip", "zip_code", "ZIPCode", "Postal code", "PLZ", "邮编",
                                  "Індекс", "Почтовый индекс"])
def test_postal_names_are_ids(name):
    from analyst.ingest.profile import is_id_name

    assert is_id_name(name)


@pytest.mark.parametrize("name", ["Zipper sales", "Індекс цін", "Индекс потребительских цен",
                                  "Revenue", "Postage cost"])
def test_other_names_are_not_postal(name):
    from analyst.ingest.profile import is_id_name

    assert not is_id_name(name)
