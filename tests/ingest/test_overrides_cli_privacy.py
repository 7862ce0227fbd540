"""The user's corrections change the result; the CLI prints the cards; privacy mode hides rows."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pandas as pd

from tests.cli import inprocess
from tests.ingest.conftest import cents, english

ROOT = Path(__file__).resolve().parents[2]
AMBIGUOUS = "Date,Item,Amount\n03/04/2026,Tea,\"1,250\"\n05/06/2026,Coffee,\"2,500\"\n"
KYIV = (
    "Звіт про продажі за січень 2026\n"
    "Дата;Регіон;Сума\n"
    "31.01.2026;Київ;1 234,56\n"
    "15.01.2026;Львів;56,00\n"
    "Разом;;1 290,56\n"
)


def test_date_order_override(ingest):
    card, frame = ingest("a.csv", AMBIGUOUS)
    assert frame["Date"].tolist() == [pd.Timestamp("2026-03-04"), pd.Timestamp("2026-05-06")]
    assert any("month-first" in a and "fit both ways" in a for a in english(card.assumptions))
    card, frame = ingest("b.csv", AMBIGUOUS, date_order="DMY")
    assert frame["Date"].tolist() == [pd.Timestamp("2026-04-03"), pd.Timestamp("2026-06-05")]
    assert card.date_range == ("2026-04-03", "2026-06-05")
    assert any("day-first" in a and "as you chose" in a for a in english(card.assumptions))


def test_decimal_override(ingest):
    card, frame = ingest("a.csv", AMBIGUOUS)
    assert frame["Amount"].tolist() == [1250, 2500]  # "1,250" read with a thousands comma by default
    assert any("could be read either way" in a for a in english(card.assumptions))
    card, frame = ingest("b.csv", AMBIGUOUS, decimal=",")
    assert frame["Amount"].tolist() == [1.25, 2.5]
    assert cents(card.column("Amount").sum) == 3.75


def test_header_row_override(ingest):
    card, frame = ingest("k.csv", KYIV)
    assert card.header_row == 2 and list(frame.columns) == ["Дата", "Регіон", "Сума"]
    card, frame = ingest("k2.csv", KYIV, header_row=1)
    assert card.header_row == 1
    assert next(iter(frame.columns)) == "Звіт про продажі за січень 2026"
    assert any("Header on row 1, as you chose" in a for a in english(card.assumptions))


def test_prompt_in_privacy_mode_has_no_raw_values(ingest):
    card, _ = ingest("k.csv", KYIV)
    private = card.to_prompt(include_samples=False)
    shared = card.to_prompt(include_samples=True)
    for raw_value in ("Київ", "Львів", "Разом | 1 290,56"):
        assert raw_value not in private
        assert raw_value in shared
    assert "Сума" in private and "sum=1290.56" in private  # schema and statistics stay
    assert "Excluded as total row: row 5 (content withheld)." in private


def run_cli(*args: str) -> subprocess.CompletedProcess:
    """`analyst ingest *args`, in this process (tests/cli/inprocess.py)."""
    return inprocess.run("ingest", *args, cwd=ROOT)


def test_cli_prints_the_cards_as_json(tmp_path):
    path = tmp_path / "продажі.csv"
    path.write_bytes(KYIV.encode("cp1251"))
    done = run_cli(str(path), "--json")
    assert done.returncode == 0, done.stderr
    (table,) = json.loads(done.stdout)
    assert table["rows"] == 2
    assert table["header_row"] == 2
    assert table["encoding"] == "cp1251" and table["delimiter"] == ";"
    assert table["sheet"] is None
    assert [(r["line"], r["reason"]) for r in table["excluded_rows"]] == [(5, "total row")]
    assert any("Header on row 2" in a for a in table["assumptions"])
    columns = {c["name"]: c for c in table["columns"]}
    assert set(columns) == {"Дата", "Регіон", "Сума"}
    assert all({"name", "role", "dtype"} <= set(c) for c in columns.values())
    assert columns["Сума"]["sum"] == 1290.56 and columns["Сума"]["role"] == "money"
    assert columns["Дата"]["role"] == "date"


def test_cli_sheet_option(tmp_path):
    from tests.ingest.workbooks import shenzhen_workbook

    path = shenzhen_workbook(tmp_path / "book.xlsx")
    done = run_cli(str(path), "--sheet", "旧数据", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["sheet"] == "旧数据"


def test_cli_bad_input_is_one_line_without_traceback(tmp_path):
    path = tmp_path / "photo.csv"
    path.write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 100)
    done = run_cli(str(path), "--json")
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "JPEG image" in done.stderr
    missing = run_cli(str(tmp_path / "nope.csv"))
    assert missing.returncode != 0 and "Traceback" not in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1
