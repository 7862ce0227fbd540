"""Exports are inert (issue 31, point 7): a downloaded CSV runs no formula in a spreadsheet.

Through the download door the app uses (`ui.render.download_data`, on files a step wrote
with pandas, or a model's own code with the csv module): every cell and header beginning
with `=`, `+`, `-`, `@`, a tab or a carriage return reads as text (a leading single quote);
every number - negative ones too - stays the same number; every other cell is unchanged.
"""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import pandas as pd
import pytest

from ui.render import download_data

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
ATTACKS = ["=HYPERLINK(\"http://127.0.0.1/?\"&A1,\"Sign in\")", "@SUM(1+1)*cmd|' /C calc'!A0",
           "+1+1", "-2+3", "=cmd|' /C notepad'!'A1'", "\t=1+1", "\r=1+1", "=1;=2", "-", "+",
           "@", "=", "-x", "+AND(1)", "=\"a,b\"\n=2", "-1-1", "--1", "+-1", "-1e", "- 5"]
PLAIN = ["North", "O'Brien", "a,b", "line\nbreak", "\"quoted\"", "", "1,000", " =1", "x=1",
         "Сума", "收入", "café", "'=already", "1-2", "2025-01-31"]
NUMBERS = ["-5", "-12.5", "+3", "0", "1e-3", "-1.5E+3", ".5", "-.5", "42", "3."]


def is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return text.strip() == text and text.lower().lstrip("+-") not in ("inf", "nan", "infinity")


def expected(cell: str) -> str:
    return "'" + cell if cell.startswith(TRIGGERS) and not is_number(cell) else cell


def rows_of(data: bytes, delimiter: str) -> list[list[str]]:
    text = data.decode("utf-8", "surrogateescape").removeprefix("\ufeff")
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def table(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    width = rng.randint(2, 5)  # one column has no delimiter to tell: see the next test
    header = [rng.choice(ATTACKS + PLAIN) + str(i) * rng.randint(0, 1) for i in range(width)]
    return [header] + [[rng.choice(ATTACKS + PLAIN + NUMBERS) for _ in range(width)]
                       for _ in range(rng.randint(1, 12))]


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_every_cell_that_starts_a_formula_reads_as_text(tmp_path: Path, seed: int,
                                                        delimiter: str):
    rows = table(seed * 7 + len(delimiter))
    buffer = io.StringIO(newline="")
    # "\r\n" ends rows so a cell holding a lone "\r" is quoted, as a spreadsheet writes it.
    csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    bom = "\ufeff" if seed % 5 == 0 else ""
    path = tmp_path / ("step.csv" if seed % 2 else "STEP.TSV")
    path.write_bytes((bom + buffer.getvalue()).encode())

    got = download_data(path)
    assert rows_of(got, delimiter) == [[expected(cell) for cell in row] for row in rows]
    assert inert_as(got, delimiter)


def inert_as(data: bytes, separator: str) -> bool:
    """Read with `separator`, no cell starts a formula."""
    return all(not cell.startswith(TRIGGERS) or is_number(cell)
               for row in rows_of(data, separator) for cell in row)


def assert_inert(data: bytes) -> None:
    # Read with the separator it was written with (a spreadsheet set to another one reads
    # a quoted file differently: docs/security.md, what this does not cover).
    assert any(inert_as(data, separator) for separator in (",", ";", "\t", "|"))


@pytest.mark.parametrize("seed", range(40))
def test_any_file_a_step_writes_comes_out_inert(tmp_path: Path, seed: int):
    """Whatever a step wrote (any delimiter, or none, broken quotes), no cell of the
    download starts a formula."""
    rng = random.Random(seed)
    cells = ATTACKS + PLAIN + NUMBERS
    text = "".join(rng.choice([*cells, ",", ";", "\t", "|", "\n", "\r\n", "\""])
                   for _ in range(rng.randint(1, 60)))
    path = tmp_path / "model.csv"
    path.write_bytes(text.encode())
    assert_inert(download_data(path))


@pytest.mark.parametrize("seed", range(20))
def test_a_step_table_keeps_its_numbers_as_numbers(tmp_path: Path, seed: int):
    rng = random.Random(seed)
    n = rng.randint(1, 30)
    # pandas writes a lone "\r" unquoted (a row break to every reader): not a cell it keeps.
    labels = [c for c in ATTACKS + PLAIN if "\r" not in c]
    frame = pd.DataFrame({
        "=label": [rng.choice(labels) for _ in range(n)],
        "amount": [rng.uniform(-1e6, 1e6) for _ in range(n)],
        "-change": [rng.randint(-50, 50) for _ in range(n)],
    })
    path = tmp_path / "output.csv"
    frame.to_csv(path, index=False)

    back = pd.read_csv(io.BytesIO(download_data(path)), keep_default_na=False)
    assert list(back.columns) == ["'=label", "amount", "'-change"]
    assert back["amount"].tolist() == pytest.approx(frame["amount"].tolist())
    assert back["'-change"].tolist() == frame["-change"].tolist()
    assert back["'=label"].tolist() == [expected(c) for c in frame["=label"]]


def test_bytes_that_are_not_utf8_pass_through(tmp_path: Path):
    path = tmp_path / "latin.csv"
    path.write_bytes("name,amount\ncaf\xe9,-3\n=1+1,4\n".encode("latin-1"))
    assert download_data(path) == b'"name","amount"\n"caf\xe9","-3"\n"\'=1+1","4"\n'


def test_other_files_are_given_as_they_are(tmp_path: Path):
    path = tmp_path / "chart.png"
    path.write_bytes(b"=1+1,\x89PNG")
    assert download_data(path) == b"=1+1,\x89PNG"
