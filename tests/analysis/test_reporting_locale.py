"""Figures in the reader's language: the answer, the PDF and the Excel export agree.

A Kyiv FP&A analyst reads "2 009 930,98 грн" (non-breaking-space thousands, decimal comma,
hryvnias after the number); Russian the same with "руб."; Chinese and English keep
"¥2,009,930.98" / "$2,009,930.98". The currency comes from the data: the cells' sign or
the column's name ("Сума, грн"). Excel cells stay numbers; only the format says the unit.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

from analyst.report import render_pdf, render_xlsx
from analyst.session.analysis import Analysis
from tests.grids import first_fast

NB = "\u00a0"
# Three rows: 1 250 000,00 + 700 000,00 + 59 930,98 = 2 009 930,98
CASES = {
    "uk": ("продажі.csv", "cp1251",
           ("Дата;Товар;Регіон;Сума, грн\n05.01.2026;Чай;Київ;1 250 000,00\n"
           "17.02.2026;Кава;Львів;700 000,00\n09.03.2026;Какао;Київ;59 930,98\n"),
           "загальна сума", f"Сума, грн: разом 2{NB}009{NB}930,98{NB}грн, рядків: 3.",
           f"2{NB}009{NB}930,98{NB}грн", f'#,##0.00"{NB}грн"'),
    "ru": ("продажи.csv", "cp1251",
           ("Дата;Товар;Регион;Сумма, руб.\n05.01.2026;Чай;Москва;1 250 000,00\n"
           "17.02.2026;Кофе;Казань;700 000,00\n09.03.2026;Какао;Москва;59 930,98\n"),
           "общая сумма", f"Сумма, руб.: всего 2{NB}009{NB}930,98{NB}руб., строк: 3.",
           f"2{NB}009{NB}930,98{NB}руб.", f'#,##0.00"{NB}руб."'),
    "zh": ("销售.csv", "utf-8",
           ("日期,产品,地区,销售额\n2026-01-05,茶,华东,¥1250000.00\n"
           "2026-02-17,咖啡,华南,¥700000.00\n2026-03-09,可可,华东,¥59930.98\n"),
           "销售额合计", "销售额合计¥2,009,930.98，共3行。",
           "¥2,009,930.98", '"¥"#,##0.00'),
    "en": ("sales.csv", "utf-8",
           ("Date,Product,Region,Revenue\n2026-01-05,Tea,East,\"$1,250,000.00\"\n"
           "2026-02-17,Coffee,South,\"$700,000.00\"\n2026-03-09,Cocoa,East,\"$59,930.98\"\n"),
           "total revenue", "Total revenue is $2,009,930.98 over 3 rows.",
           "$2,009,930.98", '"$"#,##0.00'),
}


# Each case is a sandbox session (seconds): the fast tier keeps the first two cases, the full run all.
@pytest.fixture(scope="module", params=first_fast(list(CASES), 2, one_name=True))
def case(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Analysis]]:
    name, encoding, text, *_ = CASES[request.param]
    folder = tmp_path_factory.mktemp(request.param)
    (folder / name).write_bytes(text.encode(encoding))
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(folder / name)
        yield request.param, analysis


def _answer_text(analysis: Analysis, question: str) -> str:
    answer = next(e.answer for e in analysis.ask(question, brain="offline")
                  if e.kind == "answer")
    assert answer.ok, answer.text
    return answer.text


def test_the_answer_quotes_the_total_in_the_readers_style(case) -> None:
    language, analysis = case
    *_, question, sentence, _, _ = CASES[language]
    assert _answer_text(analysis, question).startswith(sentence)


def test_pdf_and_excel_show_the_same_total_the_same_way(case) -> None:
    language, analysis = case
    *_, total, excel_format = CASES[language]
    for _ in analysis.standard_report():
        pass
    report = analysis.report()
    assert report.language_hint == language

    pdf = PdfReader(io.BytesIO(render_pdf(report)))
    first_page = pdf.pages[0].extract_text()
    # The KPI tile. The embedded font draws U+00A0 with the space glyph, so text extraction
    # gives a plain space; the renderer still never breaks a line there.
    assert total.replace(NB, " ") in first_page
    body = " ".join(page.extract_text() for page in pdf.pages)
    if language in ("uk", "ru"):
        assert "2,009,930.98" not in body and "930.98" not in body

    book = openpyxl.load_workbook(io.BytesIO(render_xlsx(report)))
    summary = book.worksheets[0]  # named in the report's language ("Підсумок")
    value = next(row[1] for row in summary.iter_rows(min_row=6) if row[1].value is not None)
    assert value.value == pytest.approx(2009930.98)  # a number Excel can add up
    assert value.number_format == excel_format
    by_month = book.worksheets[2]  # the section after the key figures
    formats = {cell.number_format for row in by_month.iter_rows(min_row=5)
               for cell in row if isinstance(cell.value, float)}
    assert excel_format in formats


def test_the_long_tail_is_named_in_the_readers_language(tmp_path: Path) -> None:
    lines = ["Дата;Товар;Сума, грн"] + [f"0{1 + i % 9}.01.2026;Товар {i};{100 + i},50"
                                        for i in range(14)]
    (tmp_path / "товари.csv").write_bytes(("\n".join(lines) + "\n").encode("cp1251"))
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "товари.csv")
        for _ in analysis.standard_report():
            pass
        report = analysis.report()
        top = next(s for s in report.sections if s.title.startswith("Топ-10"))
        assert "Інші" in set(top.table["Товар"]) and "Other" not in set(top.table["Товар"])
        step = next(s for s in analysis.history[-1].steps if s.recipe == "top_n")
        assert "'Інші'" in step.code  # the chart's bar is renamed by the step's own code


ABC_RULE = {"uk": "Клас A: накопичена частка ≤ 80%; клас B: ≤ 95%",
            "ru": "Класс A: накопленная доля ≤ 80%; класс B: ≤ 95%",
            "zh": "A 类：累计占比 ≤ 80%；B 类：≤ 95%",
            "en": "Class A: cumulative share <= 80%; class B: <= 95%"}


def test_the_appendix_defines_the_methods_in_the_readers_language(case) -> None:
    language, analysis = case
    for _ in analysis.standard_report():
        pass
    report = analysis.report()
    texts = [d.text for d in report.definitions]
    assert any(ABC_RULE[language] in text for text in texts)
    if language != "en":
        assert not any("Items are ranked" in text for text in texts)
    pdf = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(render_pdf(report))).pages)
    # Lines wrap anywhere (Chinese wraps between any two characters): compare without spaces.
    assert "".join(ABC_RULE[language].split()) in "".join(pdf.split())
