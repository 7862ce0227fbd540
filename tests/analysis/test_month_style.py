"""One month style everywhere: "Jul 2025" in the words, on the chart, in the PDF; a real
date (shown "mmm yyyy") in the Excel export; the appendix numbers its steps once."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pandas as pd
import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from analyst.recipes.labels import month_label
from analyst.report import render_pdf, render_xlsx
from analyst.report.build import Pin
from analyst.session.analysis import Analysis

ISO_MONTH = re.compile(r"(?<![\d-])\d{4}-\d{2}(?![\d-])")


def _monthly_file(tmp_path: Path, start: str, months: int, header: tuple[str, str, str]) -> Path:
    dates = pd.date_range(start, periods=months * 4, freq="7D")
    frame = pd.DataFrame({header[0]: dates.strftime("%Y-%m-%d"),
                          header[1]: [f"Item {i % 5}" for i in range(len(dates))],
                          header[2]: [100.0 + 13 * i for i in range(len(dates))]})
    path = tmp_path / "monthly.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(("start", "months", "header", "question", "language"), [
    ("2025-07-01", 4, ("Date", "Product", "Revenue"), "revenue by month", "en"),
    ("2024-11-03", 6, ("Date", "Product", "Revenue"), "revenue by month", "en"),
    ("2025-01-06", 3, ("Дата", "Товар", "Сума"), "сума по місяцях", "uk"),
    ("2025-05-05", 5, ("Дата", "Товар", "Сумма"), "сумма по месяцам", "ru"),
])
def test_months_read_the_same_in_words_pdf_and_excel(tmp_path: Path, start: str, months: int,
                                                     header: tuple[str, str, str],
                                                     question: str, language: str) -> None:
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(_monthly_file(tmp_path, start, months, header))
        events = list(analysis.ask(question, brain="offline"))
        answer = next(e.answer for e in events if e.kind == "answer")
        report = analysis.report(pins=[Pin(len(analysis.history) - 1, 1)])
    # The words: no ISO month label left, the last month said as the chart says it.
    first = pd.Timestamp(start).strftime("%Y-%m")
    last = pd.date_range(start, periods=months * 4, freq="7D")[-1].strftime("%Y-%m")
    assert month_label(last, language) in answer.text
    assert not ISO_MONTH.search(answer.text), answer.text

    [section] = report.sections
    month_column = section.table.columns[0]
    assert section.column_formats[month_column] == "month"

    # Excel: every month cell is a date (the first of its month) shown as "mmm yyyy".
    book = load_workbook(io.BytesIO(render_xlsx(report)))
    sheet = book.worksheets[1]
    cells = [row[0] for row in sheet.iter_rows(min_row=5) if row[0].value is not None]
    assert cells and all(c.is_date and c.number_format == "mmm yyyy" for c in cells)
    assert cells[0].value.strftime("%Y-%m-%d") == pd.Timestamp(start).strftime("%Y-%m-01")

    # PDF: the table and the narrative say months as the chart does; the appendix numbers
    # each step once ("1. Revenue by month", never "1. Step 1: ...").
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(render_pdf(report))).pages)
    assert month_label(first, language) in text
    assert not re.search(r"\d+\.\s*Step \d+:", text)
    assert not any(s.title.startswith("Step ") for s in report.steps_code)
