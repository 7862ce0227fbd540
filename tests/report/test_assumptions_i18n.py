"""The data card's assumptions read in the report's language, never half in English.

The ingester writes its assumptions as `Note`s (a catalogue id and its values; the English
text is the note itself); a Ukrainian, Russian or Chinese report renders them from the
catalogue. Real files are ingested here (a Kyiv cp1251 export, a bookkeeping export with $
and (56.00), a Chinese workbook with a cover sheet), so a sentence the ingester starts
writing without a catalogue id shows up as a failure, not as English in a PDF.
"""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest

from analyst.ingest import ingest_file
from analyst.session.analysis import Analysis
from analyst.words.note import Name, NameList, Names, Note, Parts, Word, render
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
    sentences: list[Note] = []
    for path in (kyiv_file(folder), book_file(folder), chinese_workbook(folder)):
        for card in ingest_file(path, ws):
            sentences += card.assumptions
    return sentences


def test_every_real_assumption_is_a_note_with_a_catalogue_id(real_assumptions: list[Note]) -> None:
    assert real_assumptions and all(isinstance(a, Note) for a in real_assumptions)


def test_the_real_files_say_the_sentences_this_table_knows(real_assumptions: list[Note]) -> None:
    says = " | ".join(a.english for a in real_assumptions)
    for expected in ("Text encoding detected as cp1251", "Columns separated by semicolons.",
                     "above the header skipped", "Excluded as total row: row", "Comma read as the decimal",
                     "read day-first", "'$' removed from 'Amount' and 'Cost'; amounts read in USD.",
                     "(56.00) read as", "Column 'Порожня' is empty", "exact duplicate", "Sheets '一月', '二月'"):
        assert expected in says


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_real_assumptions_come_out_fully_translated(real_assumptions: list[Note], language: str) -> None:
    for note in real_assumptions:
        translated, english = render(note, language), note.english
        assert translated != english, f"not translated to {language}: {english}"
        assert not english_left(translated, english), (english, translated)


@pytest.mark.parametrize("note, language, expected", [
    (Note("encoding_detected", enc="cp1251"), "uk", "Кодування тексту визначено як cp1251 (не UTF-8)."),
    (Note("separator", delimiter=Word("sep_semicolon")), "ru", "Столбцы разделены точками с запятой."),
    (Note("skipped_above", 2, n=2, details=Note("skipped_both", titles=Note("skipped_titles", 1, n=1),
                                                blanks=Note("skipped_blanks", 1, n=1))), "uk",
     "Пропущено 2 рядки над заголовком (назва чи примітки: 1; порожні: 1)."),
    (Note("excluded", reason=Word("total row"), rows=Parts([Note("excluded_row", line=304,
                                                                 text="Разом | 8 647 578,30")]), more=""), "uk",
     "Виключено як підсумковий рядок: рядок 304 'Разом | 8 647 578,30'."),
    (Note("decimal_comma", names=NameList(["Сума, грн"])), "ru",
     "Запятая прочитана как десятичный разделитель в 'Сума, грн'."),
    (Note("currency", sign="$", names=Names(["Amount", "Cost"]), code=Note("amounts_in", code="USD")), "zh",
     "已从 'Amount' 和 'Cost' 中去除 '$'；金额按 USD 读取。"),
    (Note("parentheses", 3, ex="56.00", n=3, name=Name("Amount")), "uk",
     "(56.00) прочитано як \u221256.00: 3 значення в 'Amount'."),
    (Note("header_row", row=3), "zh", "表头在第 3 行。"),
    (Note("two_sentences", first=Note("encoding_detected", enc="cp1251"), second=Note("unreadable_chars", 2, n=2)),
     "zh", "文本编码识别为 cp1251（不是 UTF-8）。2 个字符无法读取，显示为 \ufffd。"),
    (Note("sheet_prefix", sheet=Name("Jan"), rest=Note("header_row", row=2)), "ru",
     "Лист 'Jan': Заголовок в строке 2."),
])
def test_known_sentences(note: Note, language: str, expected: str) -> None:
    assert note.render(language) == expected


@pytest.mark.parametrize("english", [
    "Something the ingester never said.",
    "Sheet 'Jan': something new the ingester says now.",
    "Header on row 2.",  # an old card's plain sentence: shown as it was written, never guessed at
])
def test_a_plain_sentence_is_shown_as_it_is(english: str) -> None:
    for language in ("uk", "ru", "zh"):
        assert render(english, language) == english


def test_english_and_unknown_languages_are_untouched(real_assumptions: list[Note]) -> None:
    for note in real_assumptions:
        assert render(note, "en") == note.english
        assert render(note, None) == note.english
        assert render(note, "de") == note.english


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
    assert all(not english_left(t, e.english) for t, e in zip(source.assumptions, card.assumptions, strict=True))
    assert english.sources[0].assumptions == tuple(a.english for a in card.assumptions)
