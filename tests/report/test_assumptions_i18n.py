"""The data card's assumptions read in the report's language, never half in English.

The ingester writes its assumptions in English; a Ukrainian, Russian or Chinese report
shows them translated. Real files are ingested here (a Kyiv cp1251 export, a bookkeeping
export with $ and (56.00), a Chinese workbook with a cover sheet), so a sentence the
ingester starts writing differently shows up as a failure, not as English in a PDF.
"""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest

from analyst.assumptions_i18n import LANGUAGES, PATTERNS, translate_assumption
from analyst.ingest import ingest_file
from analyst.session.analysis import Analysis
from analyst.words.note import Note
from sandbox import Workspace

KYIV = ("Звіт про продажі за січень 2026;;;;\n;;;;\nДата;Регіон;Сума, грн;Знижка;Порожня\n"
        "31.01.2026;Київ;1 250 000,00;5%;\n01.02.2026;Львів;(56,00);2,5%;\n"
        "02.02.2026;Київ;12,50;1%;\nРазом;;1 250 012,50;;\n")
BOOK = ("Date,Product,Category,Amount,Cost\n"
        '01/31/2026,Widget,Tools,"$1,234.00","$800.00"\n'
        "02/01/2026,Gadget,Tools,(56.00),$10.00\n"
        '02/13/2026,Thing,Toys,"($1,000.50)",$5.00\n'
        '02/14/2026,Widget,Tools,"$1,234.00","$800.00"\n'
        '02/14/2026,Widget,Tools,"$1,234.00","$800.00"\n'
        "Total,,,\"$2,411.50\",\n")
# Codes and names a translation keeps: encodings, ISO currencies, the app's own file type.
KEPT = {"UTF", "USD", "CNY", "JPY", "ISO", "Excel", "Parquet", "Column"}


def kyiv_file(folder: Path) -> Path:
    path = folder / "продажі.csv"
    path.write_bytes(KYIV.encode("cp1251"))
    return path


def book_file(folder: Path) -> Path:
    path = folder / "books.csv"
    path.write_text(BOOK, encoding="utf-8")
    return path


def chinese_workbook(folder: Path) -> Path:
    book = openpyxl.Workbook()
    cover = book.active
    cover.title = "封面"
    cover["A1"] = "2026年销售报告"
    for name, rows in (("一月", [("2026-01-05", "茶", "华东", "¥1,250.00"), ("2026-01-09", "咖啡", "华南", "¥700.00")]),
                       ("二月", [("2026-02-05", "茶", "华东", "¥300.00"), ("2026-02-07", "可可", "华东", "¥90.50")])):
        sheet = book.create_sheet(name)
        sheet.append(["2026年销售明细"])
        sheet.append([])
        sheet.append(["日期", "产品", "地区", "销售额"])
        for row in rows:
            sheet.append(list(row))
        sheet.append(["合计", None, None, None])
    path = folder / "销售.xlsx"
    book.save(path)
    return path


def english_left(translated: str, original_values: str) -> list[str]:
    """ASCII words of 4+ letters in the translation that are neither kept codes nor the user's
    own text (column names, quoted cells) carried over from the English sentence."""
    user_text = " ".join(re.findall(r"'[^']*'", original_values))
    return [w for w in re.findall(r"[A-Za-z]{4,}", translated)
            if w not in KEPT and w not in user_text]


@pytest.fixture(scope="module")
def real_assumptions(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("files")
    ws = Workspace(folder / "ws")
    sentences: list[str] = []
    for path in (kyiv_file(folder), book_file(folder), chinese_workbook(folder)):
        for card in ingest_file(path, ws):
            sentences += card.assumptions
    return sentences


def test_every_pattern_has_a_template_in_every_language() -> None:
    for language, words in LANGUAGES.items():
        assert set(words.TEMPLATES) == set(PATTERNS), language


def test_the_real_files_say_the_sentences_this_table_knows(real_assumptions: list[str]) -> None:
    says = " | ".join(real_assumptions)
    for expected in ("Text encoding detected as cp1251", "Columns separated by semicolons.",
                     "above the header skipped", "Excluded as total row: row", "Comma read as the decimal",
                     "read day-first", "'$' removed from 'Amount' and 'Cost'; amounts read in USD.",
                     "(56.00) read as", "Column 'Порожня' is empty", "exact duplicate", "Sheets '一月', '二月'"):
        assert expected in says


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_real_assumptions_come_out_fully_translated(real_assumptions: list[str], language: str) -> None:
    for english in real_assumptions:
        # The product's way: a Note renders itself, an old plain sentence goes through the patterns.
        translated = english.render(language) if isinstance(english, Note) else translate_assumption(english, language)
        assert translated != english, f"not translated to {language}: {english}"
        assert not english_left(translated, english), (english, translated)


@pytest.mark.parametrize("english, language, expected", [
    ("Text encoding detected as cp1251 (not UTF-8).", "uk", "Кодування тексту визначено як cp1251 (не UTF-8)."),
    ("Columns separated by semicolons.", "ru", "Столбцы разделены точками с запятой."),
    ("2 lines above the header skipped: 1 title or notes line and 1 blank line.", "uk",
     "Пропущено рядків над заголовком: 2 (назва чи примітки: 1; порожні: 1)."),
    ("Excluded as total row: row 304 'Разом | 8 647 578,30'.", "uk",
     "Виключено як підсумковий рядок: рядок 304 'Разом | 8 647 578,30'."),
    ("Comma read as the decimal separator in 'Сума, грн'.", "ru",
     "Запятая прочитана как десятичный разделитель в 'Сума, грн'."),
    ("'$' removed from 'Amount' and 'Cost'; amounts read in USD.", "zh",
     "已从 'Amount' 和 'Cost' 中去除 '$'；金额按 USD 读取。"),
    ("(56.00) read as \u221256.00: 3 value(s) in 'Amount'.", "uk",
     "(56.00) прочитано як \u221256.00: значень у 'Amount': 3."),
    ("Header on row 3.", "zh", "表头在第 3 行。"),
    ("Text encoding detected as cp1251 (not UTF-8). 2 characters could not be read and show as \ufffd.", "zh",
     "文本编码识别为 cp1251（不是 UTF-8）。2 个字符无法读取，显示为 \ufffd。"),
    ("Sheet 'Jan': Header on row 2.", "ru", "Лист 'Jan': Заголовок в строке 2."),
])
def test_known_sentences(english: str, language: str, expected: str) -> None:
    assert translate_assumption(english, language) == expected


@pytest.mark.parametrize("english", [
    "Something the ingester never said.",
    "Sheet 'Jan': something new the ingester says now.",
    "Sheet 'Data' chosen: it holds the table; not read: 'X' (a reason nobody wrote yet).",
    "'$' removed from 'Amount' or 'Cost'.",
])
def test_an_unknown_sentence_stays_english_rather_than_half_translated(english: str) -> None:
    for language in ("uk", "ru", "zh"):
        assert translate_assumption(english, language) == english


def test_english_and_unknown_languages_are_untouched(real_assumptions: list[str]) -> None:
    for english in real_assumptions:
        assert translate_assumption(english, "en") == english
        assert translate_assumption(english, None) == english
        assert translate_assumption(english, "de") == english


def test_a_ukrainian_report_lists_the_assumptions_in_ukrainian_and_english_stays(tmp_path: Path) -> None:
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        (card,) = analysis.add_file(kyiv_file(tmp_path))
        for _ in analysis.standard_report():
            pass
        ukrainian = analysis.report()
        english = analysis.report(language="en")
    assert ukrainian.language_hint == "uk"
    (source,) = ukrainian.sources
    assert "Кодування тексту визначено як cp1251 (не UTF-8)." in source.assumptions
    assert all(not english_left(t, e) for t, e in zip(source.assumptions, card.assumptions, strict=True))
    assert english.sources[0].assumptions == tuple(card.assumptions)
