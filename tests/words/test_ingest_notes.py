"""The ingester's assumptions are catalogue messages with values, rendered in every language.

Every message of context "ingest" is rendered here in en/uk/ru/zh with every placeholder of
every plural form filled; the counted ones are checked at 1, 2, 5, 21, 22, 25, 111 in
Ukrainian and Russian; files of many shapes are generated, ingested and their cards read in
Ukrainian, Russian and Chinese with no English sentence left; and a card's notes come back
unchanged (id, values, count) through the SQLite store and the workspace's files.json.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import string
from functools import cache
from pathlib import Path

import openpyxl
import pytest
from babel.messages.pofile import read_po

from analyst.catalogue import keys, po_path
from analyst.datacard import DataCard, assumptions_of
from analyst.ingest import IngestOptions, ingest_file
from analyst.store import FileRecord, Store
from analyst.store.workspace_state import load_files, save_files
from analyst.words.note import (
    Items,
    Labels,
    Name,
    NameList,
    Names,
    Note,
    Parts,
    Word,
    _shown,
    render,
)
from sandbox import Workspace
from tests.ingest.finance_books import months_wide, pnl_workbook
from tests.ingest.workbooks import monthly_workbook, shenzhen_workbook, simple_workbook

LANGUAGES = ("en", "uk", "ru", "zh")
COUNTS = (1, 2, 5, 21, 22, 25, 111)
# Codes and names a translation keeps: encodings, ISO codes, products and the generic names.
KEPT = {"UTF", "USD", "EUR", "CNY", "JPY", "ISO", "Excel", "Parquet", "Column",
        # names of formats and settings, the same in every language
        "OpenDocument", "gzip", "ANALYST_MAX_UPLOAD_MB", "ANALYST_MAX_ROWS", "MAX", "UPLOAD", "ROWS", "ANALYST",
        "SHEETS", "CELLS", "COLUMNS", "INGEST", "MEMORY", "SECONDS", "Analyst", "FORMULAS", "FORMULA",
        "INDIRECT", "WEBSERVICE", "DDE"}


def _row(line: int, text: str) -> Note:
    return Note("excluded_row", line=line, text=text)


def _one(key: str, n: int = 3, **values) -> Note:
    return Note(key, n, n=n, **values)


SAMPLES: dict[str, Note] = {
    "encoding_detected": Note("encoding_detected", enc="cp1251"),
    "encoding_bom": Note("encoding_bom", enc="UTF-16"),
    "encoding_utf8": Note("encoding_utf8"),
    "as_written": Note("as_written", text="Header row 1."),
    "encoding_forced": Note("encoding_forced", enc="cp1252"),
    "unreadable_chars": _one("unreadable_chars"),
    "two_sentences": Note("two_sentences", first=Note("encoding_detected", enc="cp1251"),
                          second=_one("unreadable_chars", 2)),
    "separator": Note("separator", delimiter=Word("sep_semicolon")),
    "header_row": Note("header_row", row=3),
    "header_row_chosen": Note("header_row_chosen", row=4),
    "header_merged": Note("header_merged", a=3, b=4),
    "header_periods_row": Note("header_periods_row", row=2, shown="Січ 2026"),
    "header_periods_rows": Note("header_periods_rows", a=2, b=3, n=2,
                                shown=Note("two_labels", a="2026", b="Q1")),
    "two_labels": Note("two_labels", a="2026", b="Q1"),
    "no_header": Note("no_header"),
    "skipped_titles": _one("skipped_titles", 2),
    "skipped_blanks": _one("skipped_blanks", 1),
    "skipped_both": Note("skipped_both", titles=_one("skipped_titles", 2), blanks=_one("skipped_blanks", 1)),
    "skipped_above": _one("skipped_above", 3, details=Note("skipped_both", titles=_one("skipped_titles", 2),
                                                           blanks=_one("skipped_blanks", 1))),
    "excluded_row": _row(21, "Разом | 1 250,00"),
    "excluded_more": Note("excluded_more", n=4),
    "excluded": Note("excluded", reason=Word("footnote"), rows=Parts([_row(21, "* Дані попередні")]),
                     more=Note("excluded_more", n=2)),
    "blank_rows": _one("blank_rows", 2),
    "column_n": Note("column_n", n=3),
    "empty_column": Note("empty_column", label=Note("column_n", n=3)),
    "unnamed_column": Note("unnamed_column", name=Name("Колонка 2")),
    "duplicate_name": Note("duplicate_name", base=Name("Сума"), new=Name("Сума (2)")),
    "dates": Note("dates", name=Name("Дата"), how=Word("day-first"), example="31.01.2026",
                  tail=Word("dates_both_ways")),
    "excel_serials": Note("excel_serials", name=Name("Дата")),
    "not_dates": _one("not_dates", 2, name=Name("Дата"), examples="'скоро', '?'"),
    "not_numbers": _one("not_numbers", 5, name=Name("Сума"), examples="'TBD', 'н/д'"),
    "decimal_comma": Note("decimal_comma", names=NameList(["Сума", "Знижка"])),
    "ambiguous_thousands": Note("ambiguous_thousands", name=Name("Кількість"), mark=Word("mark_comma"),
                                source=Word("source_default")),
    "duplicates": _one("duplicates", 22),
    "amounts_in": Note("amounts_in", code="USD"),
    "currency": Note("currency", sign="$", names=Names(["Amount", "Cost"]),
                     code=Note("amounts_in", code=Word("JPY or CNY (¥)"))),
    "thousands": Note("thousands", marks=Word("marks_spaces"), names=Names(["Сума"]),
                      decimal=Word("decimal_comma")),
    "parentheses": _one("parentheses", 21, ex="56,00", name=Name("Сума")),
    "percent": Note("percent", names=Names(["Знижка", "Маржа", "ПДВ"])),
    "scientific": Note("scientific", names=Names(["Маса", "Енергія"])),
    "final_dot": Note("final_dot", names=Names(["Вага"])),
    "unit_scaled": Note("unit_scaled", factor=1000, phrase=Name("in thousands"), names=Names(["2024", "2025"])),
    "unit_scaled_header": Note("unit_scaled_header", factor=1000, phrase=Name("thousands"), names=Names(["Units"])),
    "sheet_chosen_by_user": Note("sheet_chosen_by_user", sheet=Name("Лютий")),
    "skipped_sheet": Note("skipped_sheet", sheet=Name("Обкладинка"), why=Word("sheet_cover")),
    "not_read": Note("not_read", items=Items([Note("skipped_sheet", sheet=Name("Обкладинка"), why=Word("sheet_cover")),
                                              Note("skipped_sheet", sheet=Name("Архів"), why=Word("sheet_hidden"))])),
    "sheet_chosen": Note("sheet_chosen", sheet=Name("Дані"),
                         skipped=Note("not_read", items=Items([Note("skipped_sheet", sheet=Name("Чернетка"),
                                                                    why=Word("sheet_no_table"))]))),
    "sheets_read": Note("sheets_read", sheets=NameList(["Січень", "Лютий"]), skipped=""),
    "formulas_saved": Note("formulas_saved"),
    "formulas_computed": _one("formulas_computed", 25),
    "formulas_missing": _one("formulas_missing", 1),
    "sheet_empty": Note("sheet_empty", sheets=NameList(["Березень"])),
    "sheets_empty": Note("sheets_empty", sheets=NameList(["Березень", "Квітень"])),
    "own_table": Note("own_table"),
    "sheets_also_joined": _one("sheets_also_joined", 3, sheets=NameList(["Січ", "Лют", "Бер"]),
                               slug="sales_all_sheets"),
    "sheets_not_joined": Note("sheets_not_joined", sheets=NameList(["Січ", "Лют"]), name=Name("Сума"),
                              dtypes="float64, str"),
    "sheets_joined": Note("sheets_joined", 1250, sheets=NameList(["Січ", "Лют"]), count=1250, label=Name("Sheet")),
    "sheet_prefix": Note("sheet_prefix", sheet=Name("Січ"), rest=Note("header_row", row=2)),
    "parquet": Note("parquet"),
    "excluded_sums": Note("excluded_sums", rows=Parts([_row(40, "| 1 250,00"), _row(80, "| 3 400,00")]), more=""),
    "excluded_subtotals": Note("excluded_subtotals", rows=Parts([_row(5, "| 1 250,00"), _row(9, "| 3 400,00")]),
                               more=""),
    "rows_section": _one("rows_section", 3),
    "rows_line": _one("rows_line", 7),
    "rows_subtotal": _one("rows_subtotal", 4),
    "rows_total": _one("rows_total", 1),
    "rows_ratio": _one("rows_ratio", 2),
    "layout_statement": Note("layout_statement", parts=Items([_one("rows_section", 3), _one("rows_line", 7),
                                                              _one("rows_total", 1)])),
    "lines_above": _one("lines_above", 3),
    "statement_differs": _one("statement_differs", 12, label="Разом витрати", lines=_one("lines_above", 3),
                              by=7764.96),
    "statement_adds_up": _one("statement_adds_up", 3, label="Разом витрати"),
    "statement_unreconciled": Note("statement_unreconciled", label="Валовий прибуток",
                                   column=Name("Jan 2025"), stated=41250.5, read=52870.25),
    "statement_sections_closed": Note("statement_sections_closed", label="Разом доходи",
                                      line="Собівартість товарів"),
    "statement_costs_of_gross": Note("statement_costs_of_gross", label="Валовий прибуток",
                                     line="Транспортні витрати"),
    "wide_measures": Note("wide_measures", 2, n=2, names="Виручка, Кількість"),
    "wide_total_a": Note("wide_total_a", name="Total"),
    "wide_total_an": Note("wide_total_an", name="FY 2025"),
    "wide_totals": Note("wide_totals", names=Labels(["H1 2025", "FY 2025"])),
    "wide_totals_n": Note("wide_totals_n", n=5),
    "wide_columns": _one("wide_columns", 12, kind=Word("wide_month"), span="Jan 2025–Dec 2025", measures="",
                         totals=Note("wide_total_an", name="FY 2025")),
    "wide_periods": _one("wide_periods", 4, kind=Word("wide_quarter"), span="Q1 2026–Q4 2026",
                         measures=Note("wide_measures", 2, n=2, names="Виручка, Кількість"), totals=""),
    "period_text_cells": _one("period_text_cells", 2, shown="'TBD', 'н/д'"),
    "budget_paired": _one("budget_paired", 3, budget=Name("Бюджет"), actual=Name("Факт"),
                          first="Jan 2026", last="Dec 2026"),
    "budget_only_lines": _one("budget_only_lines", 3, sheet=Name("Бюджет"), other=Name("Факт"),
                              lines=NameList(["Оренда", "Зв'язок", "ІТ"])),
    "actual_only_lines": _one("actual_only_lines", 3, sheet=Name("Факт"), other=Name("Бюджет"),
                              lines=NameList(["Оренда", "Зв'язок", "ІТ"])),
    "budget_paired_in": Note("budget_paired_in", slug="pnl_budget_vs_actual"),
    "statement_not_yet": _one("statement_not_yet", 3, span="Oct 2026–Dec 2026", covered="Jan 2026–Sep 2026"),
    "periods_sum_from": _one("periods_sum_from", 3),
    "periods_sum_equal": _one("periods_sum_equal", 2),
    "total_differs": _one("total_differs", 1, column="Q2 2026", rows=5, what=_one("periods_sum_from", 3)),
    "total_equal": Note("total_equal", column="FY 2025", what=_one("periods_sum_equal", 12)),
    "layout": Note("layout", said=_one("wide_columns", 12, kind=Word("wide_month"), span="Jan 2025–Dec 2025",
                                       measures="", totals="")),
    "long_keys": Note("long_keys", names=NameList(["Регіон"])),
    "long_written": Note("long_written", table="sales_long", shape=Note("long_keys", names=NameList(["Регіон"])),
                         rows=Word("rows_period")),
    "long_form": Note("long_form", table="sales", said=_one("wide_columns", 12, kind=Word("wide_month"),
                                                            span="Jan 2025–Dec 2025", measures="", totals=""),
                      first="Jan 2025", last="Dec 2025", period="Period", value="Value",
                      left_out=Word("left_out_totals")),
    # Errors: why a file could not be read, named and in the reader's language.
    "error_binary": Note("error_binary", file="sales.csv"),
    "error_no_rows_below_header": Note("error_no_rows_below_header"),
    "error_no_rows_below_header_in": Note("error_no_rows_below_header_in", file="sales.csv"),
    "error_not_a_table": Note("error_not_a_table", detail="CSV parse error: Expected 3 columns"),
    "error_not_a_table_in": Note("error_not_a_table_in", file="sales.csv",
                                 detail="CSV parse error: Expected 3 columns"),
    "error_too_big": Note("error_too_big", file="big.csv", mb=312.4, limit=200.0),
    "error_empty_file": Note("error_empty_file", file="empty.csv"),
    "error_too_many_rows": Note("error_too_many_rows", 1_204_331, file="log.csv", n=1_204_331,
                                limit=1_000_000),
    "error_damaged_workbook": Note("error_damaged_workbook", file="book.xlsx"),
    "error_zip_bomb": Note("error_zip_bomb", file="bomb.xlsx", mb=4096.0),
    "error_too_many_sheets": Note("error_too_many_sheets", file="book.xlsx", n=2_000, limit=400),
    "error_too_many_cells": Note("error_too_many_cells", file="book.xlsx", sheet=Name("Дані"),
                                 n=17_179_869_184, rows=1_048_576, columns=16_384,
                                 limit=50_000_000),
    "error_too_many_columns": Note("error_too_many_columns", file="book.xlsx",
                                   sheet=Name("Дані"), n=16_384, limit=10_000),
    "error_password_xls": Note("error_password_xls", file="locked.xls"),
    "formulas_external": _one("formulas_external", 3),
    "formulas_outward": _one("formulas_outward", 2, names=NameList(["INDIRECT", "WEBSERVICE"])),
    "formulas_too_complex": _one("formulas_too_complex", 5),
    "formulas_over_limit": Note("formulas_over_limit", n=50_000, limit=20_000),
    "formulas_out_of_time": Note("formulas_out_of_time", n=1_200, limit=30.0),
    "error_ingest_memory": Note("error_ingest_memory", file="book.xlsx", limit=4096.0),
    "error_ingest_time": Note("error_ingest_time", file="book.xlsx", limit=300.0),
    "error_ingest_stopped": Note("error_ingest_stopped", file="book.xlsx", code=-11),
    "error_reader_unavailable": Note("error_reader_unavailable"),
    "error_no_visible_sheets": Note("error_no_visible_sheets", file="book.xlsx"),
    "error_no_data_any_sheet": Note("error_no_data_any_sheet", file="book.xlsx"),
    "error_sheet_empty": Note("error_sheet_empty", sheet=Name("Дані"), file="book.xlsx"),
    "error_no_such_sheet": Note("error_no_such_sheet", file="book.xlsx", sheet=Name("Q3"),
                                sheets=NameList(["Q1", "Q2"])),
    "error_no_rows_with_data": Note("error_no_rows_with_data"),
    "error_no_rows_with_data_in": Note("error_no_rows_with_data_in", file="sales.csv"),
    "error_header_row_outside": Note("error_header_row_outside", row=40),
    "error_header_row_outside_in": Note("error_header_row_outside_in", file="sales.csv", row=40),
    "error_zip_archive": Note("error_zip_archive", file="export.zip"),
    "error_not_table_kind": Note("error_not_table_kind", file="scan.csv", what=Word("pdf_document")),
    "error_sheet_unreadable": Note("error_sheet_unreadable", sheet=Name("P&L"), detail="XmlError"),
    "error_sheet_unreadable_in": Note("error_sheet_unreadable_in", file="book.xlsx",
                                      sheet=Name("P&L"), detail="XmlError"),
    "error_password": Note("error_password", file="locked.xlsx"),
    "error_cannot_open_workbook": Note("error_cannot_open_workbook", file="book.xlsx",
                                       detail="Zip error"),
    "error_not_found": Note("error_not_found", file="gone.csv"),
    "error_unreadable": Note("error_unreadable", file="odd.csv", kind="ValueError",
                             detail="bad value"),
    "error_no_rows_below_header_sheet": Note("error_no_rows_below_header_sheet", file="book.xlsx",
                                             sheet=Name("Дані")),
    "error_unknown_encoding": Note("error_unknown_encoding", enc=Name("klingon-8")),
    "error_unknown_encoding_in": Note("error_unknown_encoding_in", file="sales.csv",
                                      enc=Name("klingon-8")),
    "error_not_text": Note("error_not_text", file="photo.csv"),
    "error_not_a_workbook": Note("error_not_a_workbook", file="photo.xlsx", ext=".xlsx"),
    # Roles the user set on the data card (analyst.ingest.roles).
    **{key: Note(key, column=Name("Сума, грн")) for key in (
        "role_amount", "role_date", "role_category", "role_id", "role_not_numbers",
        "role_not_dates")},
}


@cache
def _po(language: str):
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def _forms(language: str, context: str, key: str) -> list[str]:
    found = _po(language).get(key, context=context)
    assert found is not None and found.string, f"{language}: no {context}/{key}"
    return list(found.string) if isinstance(found.string, (list, tuple)) else [found.string]


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _counted(key: str) -> bool:
    return bool(_po("en").get(key, context="ingest").pluralizable)


def _carried(note: Note) -> list[str]:
    """The values a translation carries over as they are: names, quoted cells, codes, labels."""
    out: list[str] = []
    for value in note.values.values():
        if isinstance(value, Note):
            out += _carried(value)
        elif isinstance(value, Parts):
            for part in value:
                out += _carried(part)
        elif isinstance(value, Names):
            out += [repr(v) for v in value] + list(value)
        elif isinstance(value, Word):
            continue  # a word of the catalogue: it must be translated
        elif isinstance(value, (str, Name)):
            out.append(str(value))
    return out


def english_left(text: str, note: str) -> list[str]:
    """ASCII words of 4+ letters in `text` that are neither kept codes nor values carried over."""
    for value in sorted(_carried(note), key=len, reverse=True) if isinstance(note, Note) else []:
        text = text.replace(value, " ")
    return [w for w in re.findall(r"[A-Za-z]{4,}", text) if w not in KEPT]


def test_every_ingest_message_has_a_sample_here() -> None:
    # A new message without a sample fails here, so it cannot go out untranslated.
    assert set(SAMPLES) == set(keys("ingest")), set(keys("ingest")) ^ set(SAMPLES)
    for key, note in SAMPLES.items():
        assert note.key == key


@pytest.mark.parametrize("key", sorted(SAMPLES))
def test_every_form_of_every_message_names_the_same_placeholders(key: str) -> None:
    wanted = _fields(_forms("en", "ingest", key)[0])
    for language in LANGUAGES:
        forms = _forms(language, "ingest", key)
        assert len(forms) == (1 if not _counted(key) else {"en": 2, "uk": 3, "ru": 3, "zh": 1}[language])
        for form in forms:
            assert _fields(form) == wanted, (language, key, form)


@pytest.mark.parametrize("key", sorted(SAMPLES))
@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_every_message_renders_filled_and_translated(key: str, language: str) -> None:
    note = SAMPLES[key]
    text = note.render(language)
    assert text and "{" not in text and "}" not in text, text
    assert text != str(note) or not english_left(str(note), note), (language, text)
    assert not english_left(text, note), (language, key, text)
    for value in _carried(note):
        if value.strip() and not value.startswith("'") and len(value) > 1:
            assert value in text or repr(value) in text, (language, key, value, text)


def test_english_stays_the_ingesters_own_sentences() -> None:
    # What the tests of analyst/ingest quote (the English the prompts and tests rely on).
    assert SAMPLES["sheets_joined"].english == ("Sheets 'Січ', 'Лют' have the same columns: this table joins their "
                                        "1,250 rows, with the sheet name in column 'Sheet'; each sheet is also "
                                        "a table of its own, so you can ask about all of them together or one "
                                        "at a time.")
    assert SAMPLES["layout_statement"].english == ("Layout statement: 3 sections, 7 lines, 1 total (each row's kind is "
                                           "on the card).")
    assert SAMPLES["layout"].english == "Layout wide: 12 monthly columns Jan 2025–Dec 2025."
    assert SAMPLES["wide_columns"].english == "wide: 12 monthly columns Jan 2025–Dec 2025 and an FY 2025 total"
    assert SAMPLES["wide_totals"].english == " and totals H1 2025 and FY 2025"
    assert SAMPLES["sheet_chosen"].english == (
        "Sheet 'Дані' chosen: it holds the table; not read: 'Чернетка' (no table could be read from it).")
    for language in (None, "en", "de", "en-GB"):
        for note in SAMPLES.values():
            assert note.render(language) == note.english


def _form_index(n: int) -> int:
    """The CLDR rule Ukrainian and Russian share: 1, 21 / 2-4, 22 / 5-20, 25, 111."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def _recount(note: Note, n: int) -> Note:
    values = {k: (n if k == "n" or (k == "count" and isinstance(v, int)) else v) for k, v in note.values.items()}
    return Note(note.key, n, **values)


@pytest.mark.parametrize("key", sorted(k for k in SAMPLES if _counted(k)))
@pytest.mark.parametrize("language", ["uk", "ru"])
def test_counted_messages_take_the_plural_form_of_their_number(key: str, language: str) -> None:
    forms = _forms(language, "ingest", key)
    for n in COUNTS:
        note = _recount(SAMPLES[key], n)
        text = note.render(language)
        # The catalogue's form for n by the rule above (not gettext's choice), showing n itself.
        assert str(n) in text, (language, key, n, text)
        want = forms[_form_index(n)].format(**{k: _shown(v, language) for k, v in note.values.items()})
        assert text == want, (language, key, n, text)


# The noun after the number, as a Ukrainian or Russian reader expects it.
NOUNS = {
    ("formulas_computed", "uk"): ("клітинка", "клітинки", "клітинок"),
    ("formulas_computed", "ru"): ("ячейка", "ячейки", "ячеек"),
    ("formulas_missing", "uk"): ("клітинка", "клітинки", "клітинок"),
    ("formulas_missing", "ru"): ("ячейка", "ячейки", "ячеек"),
    ("period_text_cells", "uk"): ("клітинка", "клітинки", "клітинок"),
    ("period_text_cells", "ru"): ("ячейка", "ячейки", "ячеек"),
    ("budget_paired", "uk"): ("стаття", "статті", "статей"),
    ("budget_paired", "ru"): ("статья", "статьи", "статей"),
    ("budget_only_lines", "uk"): ("стаття", "статті", "статей"),
    ("budget_only_lines", "ru"): ("статья", "статьи", "статей"),
    ("actual_only_lines", "uk"): ("стаття", "статті", "статей"),
    ("actual_only_lines", "ru"): ("статья", "статьи", "статей"),
    ("statement_not_yet", "uk"): ("останній період", "останні періоди", "останніх періодів"),
    ("statement_not_yet", "ru"): ("последний период", "последних периода", "последних периодов"),
    ("sheets_also_joined", "uk"): ("таблицю", "таблиці", "таблиць"),
    ("sheets_also_joined", "ru"): ("таблица", "таблицы", "таблиц"),
    ("sheets_joined", "uk"): ("рядок", "рядки", "рядків"),
    ("sheets_joined", "ru"): ("строку", "строки", "строк"),
    ("rows_section", "uk"): ("розділ", "розділи", "розділів"),
    ("rows_section", "ru"): ("раздел", "раздела", "разделов"),
    ("rows_line", "uk"): ("стаття", "статті", "статей"),
    ("rows_line", "ru"): ("статья", "статьи", "статей"),
    ("rows_subtotal", "uk"): ("проміжний підсумок", "проміжні підсумки", "проміжних підсумків"),
    ("rows_subtotal", "ru"): ("промежуточный итог", "промежуточных итога", "промежуточных итогов"),
    ("rows_ratio", "uk"): ("коефіцієнт", "коефіцієнти", "коефіцієнтів"),
    ("rows_ratio", "ru"): ("коэффициент", "коэффициента", "коэффициентов"),
    ("wide_columns", "uk"): ("стовпець", "стовпці", "стовпців"),
    ("wide_columns", "ru"): ("столбец", "столбца", "столбцов"),
    ("wide_periods", "uk"): ("період", "періоди", "періодів"),
    ("wide_periods", "ru"): ("период", "периода", "периодов"),
    ("duplicates", "uk"): ("рядок", "рядки", "рядків"),
    ("duplicates", "ru"): ("строка", "строки", "строк"),
    ("skipped_above", "uk"): ("рядок", "рядки", "рядків"),
    ("skipped_above", "ru"): ("строка", "строки", "строк"),
}
# After a preposition the case changes: "у 1 рядку", "у 2 рядках"; "суми 1 стовпця", "суми 5 стовпців".
AFTER = {
    ("total_differs", "uk"): ("у {n} рядку", "у {n} рядках", "у {n} рядках"),
    ("total_differs", "ru"): ("в {n} строке", "в {n} строках", "в {n} строках"),
    ("statement_differs", "uk"): ("у {n} стовпці", "у {n} стовпцях", "у {n} стовпцях"),
    ("statement_differs", "ru"): ("в {n} столбце", "в {n} столбцах", "в {n} столбцах"),
    ("periods_sum_from", "uk"): ("суми {n} стовпця", "суми {n} стовпців", "суми {n} стовпців"),
    ("periods_sum_equal", "ru"): ("сумме {n} столбца", "сумме {n} столбцов", "сумме {n} столбцов"),
    ("lines_above", "uk"): ("{n} статті", "{n} статей", "{n} статей"),
    ("statement_adds_up", "ru"): ("сумме {n} статьи", "сумме {n} статей", "сумме {n} статей"),
}


@pytest.mark.parametrize("case", sorted(NOUNS) + sorted(AFTER))
def test_ukrainian_and_russian_numbers_agree_with_their_noun(case: tuple[str, str]) -> None:
    key, language = case
    for n in COUNTS:
        text = _recount(SAMPLES[key], n).render(language)
        number = f"{n:,}".replace(",", "\u00a0")
        if case in NOUNS:
            want = f"{number} {NOUNS[case][_form_index(n)]}"
        else:
            want = AFTER[case][_form_index(n)].format(n=number)
        assert want in text, (key, language, n, text)


# -- files of many shapes, ingested, read in Ukrainian, Russian and Chinese -----------------

def _csv(rows: list[list], delimiter: str = ",") -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows(rows)
    return out.getvalue()


def _delimited_files(folder: Path) -> list[Path]:
    kyiv = ("Звіт про продажі за січень 2026;;;;\n;;;;\nДата;Регіон;Сума, грн;Знижка;Порожня\n"
            "31.01.2026;Київ;1 250 000,00;5%;\n01.02.2026;Львів;(56,00);2,5%;\n"
            "02.02.2026;Київ;12,50;1%;\n02.02.2026;Київ;12,50;1%;\nРазом;;1 250 025,00;;\n")
    (folder / "kyiv.csv").write_bytes(kyiv.encode("cp1251"))
    paths = [folder / "kyiv.csv"]
    for i, (delimiter, name) in enumerate(((",", "a.csv"), ("\t", "b.tsv"), ("|", "c.txt"), (";", "d.csv"))):
        rows = [["Date", "Item", "Amount", "Amount"]]
        rows += [[f"2026-0{1 + k % 9}-{10 + k:02d}", f"item {k}", f"${100 + k * 7:,}.50", k] for k in range(8 + i)]
        rows += [["", "", "", ""], [f"2026-02-{11 + i}", "late", "TBD", 3], ["see note 2", "", "", ""]]
        (folder / name).write_text(_csv(rows, delimiter), encoding="utf-8")
        paths.append(folder / name)
    # An unlabelled row of sums at the end, tokens among the figures, dates month-first.
    rows = [["Region", "Q1", "Q2"]] + [[f"R{k}", 10.0 * k, 5.0 + k] for k in range(1, 6)]
    rows.append(["", sum(10.0 * k for k in range(1, 6)), sum(5.0 + k for k in range(1, 6))])
    (folder / "sums.csv").write_text(_csv(rows), encoding="utf-8")
    paths.append(folder / "sums.csv")
    return paths


def _workbooks(folder: Path) -> list[Path]:
    made = [monthly_workbook(folder / "months.xlsx"), shenzhen_workbook(folder / "shenzhen.xlsx"),
            months_wide(folder / "wide.xlsx"), months_wide(folder / "wide_text.xlsx", months=6),
            pnl_workbook(folder / "pnl.xlsx"), pnl_workbook(folder / "pnl_wrong.xlsx", wrong_subtotal=True),
            pnl_workbook(folder / "pnl_uk.xlsx", language="uk")]
    paths = [m[0] if isinstance(m, tuple) else m for m in made]  # some also return what they wrote
    # Sheets alike but one column read differently; an empty sheet; formulas without results.
    day = dt.datetime(2026, 1, 5)
    paths.append(simple_workbook(folder / "mixed.xlsx", {
        "Jan": [["Date", "Client", "Amount"], [day, "A", 10.0], [day, "B", 12.5], [day, "C", 3.0]],
        "Feb": [["Date", "Client", "Amount"], [day, "A", "ten"], [day, "B", "n/a"], [day, "C", "x"]],
        "Empty": [["Date", "Client", "Amount"], ["Total", None, 25.5], ["Subtotal", None, 25.5]],
    }))
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Data"
    sheet.append(["Item", "Qty", "Price", "Total"])
    for k in range(2, 8):
        sheet.append([f"item {k}", k, 2.5, f"=B{k}*C{k}"])
    book.save(folder / "formulas.xlsx")
    paths.append(folder / "formulas.xlsx")
    return paths


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> list[DataCard]:
    folder = tmp_path_factory.mktemp("shapes")
    ws = Workspace(folder / "ws")
    found: list[DataCard] = []
    for path in _delimited_files(folder) + _workbooks(folder):
        found += ingest_file(path, ws, IngestOptions())
    # A chosen sheet and a Parquet file.
    found += ingest_file(folder / "months.xlsx", ws, IngestOptions(sheet="Feb"))
    found += ingest_file(ws.root / found[0].parquet_path, ws, IngestOptions())
    # Actuals and their budget on two sheets, a line missing in each.
    from tests.ingest.finance_books import budget_book, pnl_sheet

    found += ingest_file(pnl_sheet(folder / "pnl_blank.csv", language="ru", spelling="ru",
                                   subtotals="blank")[0], ws, IngestOptions())

    found += ingest_file(budget_book(folder / "pnl_budget.xlsx", language="uk", actual_sheet="Факт",
                                     budget_sheet="Бюджет", spelling="uk", drop_actual=12,
                                     drop_budget=13)[0], ws, IngestOptions())
    return found


def test_the_generated_files_say_every_kind_of_sentence(cards: list[DataCard]) -> None:
    said = {a.key for card in cards for a in card.assumptions if isinstance(a, Note)}
    for key in ("encoding_detected", "separator", "skipped_above", "excluded", "excluded_sums", "decimal_comma",
                "currency", "parentheses", "percent", "not_numbers", "duplicates", "sheets_read", "sheets_joined",
                "sheets_also_joined", "sheet_prefix", "sheet_chosen", "sheet_chosen_by_user", "layout",
                "layout_statement", "long_written", "long_form", "total_equal", "statement_differs",
                "statement_adds_up", "excluded_subtotals", "budget_paired", "budget_paired_in", "budget_only_lines",
                "actual_only_lines", "parquet", "sheet_empty", "empty_column",
                "formulas_computed", "blank_rows", "two_sentences", "header_merged", "dates"):
        assert key in said, (key, sorted(said))


def test_every_assumption_of_every_card_is_a_note(cards: list[DataCard]) -> None:
    plain = [a for card in cards for a in card.assumptions if not isinstance(a, Note)]
    assert not plain  # a plain English sentence could not be translated any more


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_the_cards_read_in_the_users_language_have_no_english_sentence_left(cards: list[DataCard],
                                                                              language: str) -> None:
    for card in cards:
        # As the UI and the report read them: from the stored dict.
        for note in assumptions_of(json.loads(json.dumps(card.to_dict(), ensure_ascii=False))):
            text = render(note, language)
            assert text != note.english or not english_left(note.english, note), (language, text)
            assert not english_left(text, note), (card.source_file, language, note, text)


def _notes(card: DataCard) -> list[dict]:
    return [a.to_dict() for a in card.assumptions]


def test_notes_round_trip_through_the_store_and_the_workspace_unchanged(cards: list[DataCard],
                                                                       tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    session = store.create_session("someone")
    store.add_file(session.id, "all.xlsx", {}, [c.to_dict() for c in cards])
    (stored,) = store.files(session.id)
    back = list(stored.cards)
    assert [_notes(c) for c in back] == [_notes(c) for c in cards]
    assert [c.assumptions for c in back] == [c.assumptions for c in cards]
    assert all(isinstance(a, Note) for c in back for a in c.assumptions)
    for language in ("uk", "ru", "zh"):
        assert [[render(a, language) for a in c.assumptions] for c in back] == \
            [[render(a, language) for a in c.assumptions] for c in cards]

    root = tmp_path / "ws"
    save_files(root, [FileRecord("all.xlsx", "input/all.xlsx", "0" * 64, {}, tuple(cards))])
    (record,) = load_files(root)
    again = list(record.cards)
    assert [_notes(c) for c in again] == [_notes(c) for c in cards]
    assert again == list(cards)


def test_an_old_card_without_notes_shows_its_sentences_as_written() -> None:
    card = {"assumptions": ["Header on row 2.", "Columns separated by semicolons."]}
    assert [render(a, "uk") for a in assumptions_of(card)] == card["assumptions"]
