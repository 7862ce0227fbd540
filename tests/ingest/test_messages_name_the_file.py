"""Every refusal names the file it is about: a user who dropped several files must not have
to guess which one "has no data rows"."""

from __future__ import annotations

import pytest

from analyst.ingest import IngestError, IngestOptions, ingest_file
from tests.ingest.workbooks import simple_workbook

NAMES = ["sales.csv", "Q3 report (final).csv", "продажі_липень.csv", "销售.csv", "export;2025.txt"]

# content -> options: each of these files cannot become a table
BAD_TEXT = [
    ("Date,Product,Revenue\n", None),                  # a header and nothing below it
    ("Дата;Товар;Сума\r\n", None),                     # the same, Windows line ends
    ("Date\tProduct\tRevenue\n\n\n", None),            # blank lines only below the header
    ("", None),                                        # nothing at all
    ("a,b\n1,2\n", IngestOptions(header_row=40)),      # a header row outside the file
    ("a,b\n1,2\n", IngestOptions(encoding="klingon")),  # an encoding nobody knows
]


def _refusal(path, workspace, options=None) -> str:
    with pytest.raises(IngestError) as info:
        ingest_file(path, workspace, options)
    return str(info.value)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("content", "options"), BAD_TEXT)
def test_a_text_file_that_is_refused_is_named(tmp_path, workspace, name, content, options):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    message = _refusal(path, workspace, options)
    assert name in message, message
    assert "Empty CSV file" not in message and "\n" not in message


@pytest.mark.parametrize("name", ["budget.xlsx", "звіт.xlsx"])
def test_a_workbook_that_is_refused_is_named(tmp_path, workspace, name):
    path = simple_workbook(tmp_path / name, {"Sales": [["Date", "Revenue"], ["2026-01-02", 5]],
                                             "Empty": []})
    message = _refusal(path, workspace, IngestOptions(sheet="No such sheet"))
    assert name in message, message


@pytest.mark.parametrize("name", ["budget.xlsx", "звіт.xlsx"])
def test_an_empty_sheet_is_named_with_its_workbook(tmp_path, workspace, name):
    path = simple_workbook(tmp_path / name, {"Sales": [["Date", "Revenue"]]})
    message = _refusal(path, workspace)
    assert name in message, message


def test_a_header_only_file_says_there_are_no_rows_below_the_header(tmp_path, workspace):
    path = tmp_path / "sales_export.csv"
    path.write_text("Date,Product,Revenue\n", encoding="utf-8")
    assert _refusal(path, workspace) == "sales_export.csv has no data rows below its header."
