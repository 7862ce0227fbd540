"""Every workbook format reads alike: .ods and .xlsx of the same table give the same card and
table; values come from calamine as pandas' own calamine reader sees them."""

from __future__ import annotations

import datetime as dt
import random
import zipfile

import pandas as pd
import pytest

from analyst.ingest import IngestError, ingest_file
from tests.ingest.conftest import english
from tests.ingest.ods_files import ods_workbook
from tests.ingest.workbooks import simple_workbook

LANGUAGES = {
    "uk": (["Дата", "Регіон", "Кількість", "Сума"], ["Київ", "Львів", "Одеса"], "Разом", "Звіт про продажі"),
    "en": (["Date", "Region", "Quantity", "Revenue"], ["North", "South", "East"], "Total", "Sales report"),
    "zh": (["日期", "地区", "数量", "收入"], ["南山", "福田", "宝安"], "合计", "销售报告"),
    "de": (["Datum", "Region", "Menge", "Umsatz"], ["Nord", "Süd", "Ost"], "Summe", "Umsatzbericht"),
}


def _table(seed: int):
    rng = random.Random(seed)
    names, regions, total_word, title = LANGUAGES[rng.choice(sorted(LANGUAGES))]
    rows = []
    for _ in range(rng.randint(20, 120)):
        rows.append([dt.datetime(2026, rng.randint(1, 12), rng.randint(1, 28)), rng.choice(regions),
                     rng.randint(1, 40), round(rng.uniform(1, 9999), 2)])
    totals = [total_word, None, sum(r[2] for r in rows), round(sum(r[3] for r in rows), 2)]
    top = [[title], []] if rng.random() < 0.6 else []
    return top + [names] + rows + ([totals] if rng.random() < 0.7 else []), names, rows


def _card_facts(card):
    return {
        "rows": card.rows, "header_row": card.header_row, "sheet": card.sheet, "sheets": card.sheets,
        "columns": [(c.name, c.dtype, c.role, c.sum, c.missing, c.first, c.last) for c in card.columns],
        "excluded": [(r.line, r.reason) for r in card.excluded_rows], "date_range": card.date_range,
    }


@pytest.mark.parametrize("seed", range(8))
def test_an_ods_file_reads_like_the_same_xlsx(tmp_path, seed):
    grid, names, rows = _table(seed)
    sheets = {"Cover": [["Prepared by finance"]], "Data": grid, "Old": [[names[0], names[3]], ["x", 1]]}
    ods = ods_workbook(tmp_path / "book.ods", sheets, hidden=("Old",))
    xlsx = simple_workbook(tmp_path / "book.xlsx", sheets)
    book = tmp_path / "book_xlsx.xlsx"
    xlsx.rename(book)
    import openpyxl

    edited = openpyxl.load_workbook(book)
    edited["Old"].sheet_state = "hidden"
    edited.save(book)
    (from_ods,) = ingest_file(ods, _ws(tmp_path / "a"))
    (from_xlsx,) = ingest_file(book, _ws(tmp_path / "b"))
    assert _card_facts(from_ods) == _card_facts(from_xlsx)
    assert from_ods.rows == len(rows)
    assert "'Old' (hidden)" in english(from_ods.assumptions)[0]
    frame = pd.read_parquet(tmp_path / "a" / from_ods.parquet_path)
    assert frame[names[3]].round(2).tolist() == [r[3] for r in rows]
    assert frame[names[0]].tolist() == [pd.Timestamp(r[0]) for r in rows]


@pytest.mark.parametrize("seed", range(4))
def test_values_are_what_pandas_calamine_reader_sees(tmp_path, seed):
    """Thousands of rows of mixed kinds: every column equal to `pd.read_excel(engine="calamine")`."""
    rng = random.Random(seed)
    header = ["Date", "Invoice", "Customer", "Quantity", "Unit Price", "Revenue", "Note"]
    rows = []
    for i in range(rng.randint(2000, 4000)):
        quantity, price = rng.randint(1, 50), round(rng.uniform(0.5, 900), 2)
        note = rng.choice([None, None, "rush", "  padded  ", "возврат", "退货"])
        rows.append([dt.datetime(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 700)), f"INV-{seed}-{i}",
                     f"Customer {rng.randint(1, 300)}", quantity, price, round(quantity * price, 2), note])
    path = simple_workbook(tmp_path / "big.xlsx", {"Sales": [header] + rows})
    (card,) = ingest_file(path, _ws(tmp_path / "ws"))
    ours = pd.read_parquet(tmp_path / "ws" / card.parquet_path)
    theirs = pd.read_excel(path, engine="calamine")
    assert list(ours.columns) == header and len(ours) == len(theirs) == len(rows)
    for name in header:
        if name == "Note":
            expected = theirs[name].str.strip().where(theirs[name].notna()).tolist()
            assert [None if pd.isna(v) else v for v in ours[name]] == [None if pd.isna(v) else v for v in expected]
        elif name == "Date":
            assert ours[name].tolist() == theirs[name].tolist()
        else:
            assert ours[name].tolist() == theirs[name].tolist(), name
    assert str(ours["Quantity"].dtype) == "int64"


@pytest.mark.parametrize(("row", "col"), [(1, 1), (3, 2), (6, 3), (12, 1)])
def test_a_table_placed_anywhere_keeps_its_excel_row_numbers(tmp_path, row, col):
    grid = [[None] * 8 for _ in range(row - 1)]
    body = [["Region", "Revenue"]] + [[f"R{i}", i * 10.5] for i in range(1, 25)] + [["Total", 3150.0]]
    grid += [[None] * (col - 1) + r for r in body]
    path = simple_workbook(tmp_path / "placed.xlsx", {"S": grid})
    (card,) = ingest_file(path, _ws(tmp_path / "ws"))
    assert card.header_row == row
    assert [(r.line, r.reason) for r in card.excluded_rows] == [(row + 25, "total row")]
    assert card.column("Revenue").sum == 3150.0


def test_an_xlsb_is_recognised_and_a_damaged_one_refused_in_words(tmp_path):
    path = tmp_path / "book.xlsb"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.bin", b"\x00\x01broken")
    with pytest.raises(IngestError, match="could not be opened as a workbook") as raised:
        ingest_file(path, _ws(tmp_path / "ws"))
    assert "zip archive" not in str(raised.value)


def _ws(root):
    from sandbox.workspace import Workspace

    return Workspace(root)
