"""Every refusal names the file it is about: a user who dropped several files must not have
to guess which one "has no data rows"."""

from __future__ import annotations

import random

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


# The same refusals in the reader's language: the error carries its message id, so the app
# says it in Ukrainian, Russian or Chinese, still naming the file, with no English left.
ENGLISH_WORDS = ("file", "table", "rows", "header", "sheet", "encoding", "empty", "could not",
                 "has no", "below", "outside", "pick")


def _other_language(error: IngestError, language: str) -> str:
    text = error.message_in(language)
    lowered = text.lower()
    assert not [w for w in ENGLISH_WORDS if w in lowered.replace(".csv", "").replace(".txt", "")
                .replace(".xlsx", "")], (language, text)
    return text


BINARY = [b"%PDF-1.7\n%\xe2\xe3\n", b"\x89PNG\r\n\x1a\n\x00\x00", b"PK\x03\x04" + b"\x00" * 40,
          b"PK\x03\x04broken zip", b"a,b\n1,\x002\n"]


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
@pytest.mark.parametrize("name", NAMES)
def test_a_refusal_is_said_in_the_readers_language_and_names_the_file(
        tmp_path, workspace, name, language):
    for i, (content, options) in enumerate(BAD_TEXT):
        path = tmp_path / f"{i}" / name
        path.parent.mkdir()
        path.write_text(content, encoding="utf-8")
        with pytest.raises(IngestError) as info:
            ingest_file(path, workspace, options)
        assert name in _other_language(info.value, language)
        assert info.value.message_in("en") == str(info.value)  # English as it always was
    for i, data in enumerate(BINARY):
        path = tmp_path / f"b{i}" / name
        path.parent.mkdir()
        path.write_bytes(data)
        with pytest.raises(IngestError) as info:
            ingest_file(path, workspace)
        assert name in _other_language(info.value, language), data


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_a_workbook_refusal_is_said_in_the_readers_language(tmp_path, workspace, language):
    path = simple_workbook(tmp_path / "звіт.xlsx", {"Sales": [["Date", "Revenue"], ["2026-01-02", 5]],
                                                    "Дані": []})
    with pytest.raises(IngestError) as info:
        ingest_file(path, workspace, IngestOptions(sheet="No such sheet"))
    text = info.value.message_in(language)
    assert "звіт.xlsx" in text and "'No such sheet'" in text and "'Sales'" in text, text


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", ["budget.xlsx", "звіт.XLSX", "old.xls", "plan.xlsm", "销售.ods",
                                  "sales.csv", "export.txt"])
def test_noise_is_called_what_its_name_claims(tmp_path, workspace, name, seed):
    """Random bytes named as a workbook are not called "a binary file renamed to .csv"."""
    path = tmp_path / name
    path.write_bytes(random.Random(seed).randbytes(4000 + 997 * seed))
    with pytest.raises(IngestError) as info:
        ingest_file(path, workspace)
    suffix = path.suffix.lower()
    for language in ("en", "uk", "ru", "zh"):
        text = info.value.message_in(language)
        assert name in text and "Traceback" not in text, (language, text)
        if suffix in (".csv", ".txt"):
            continue
        assert ".csv" not in text and suffix in text, (language, text)
