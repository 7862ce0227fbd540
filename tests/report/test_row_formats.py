"""A key-figures table mixes money, counts and a margin in one column: each row keeps its own
format in the PDF and the Excel export, in the report's language."""

from __future__ import annotations

import io

import openpyxl
import pandas as pd

from analyst.report import Report, Section, render_pdf, render_xlsx

NB = "\u00a0"
TABLE = pd.DataFrame({"Показник": ["Сума, разом", "Рядків", "Валова маржа"],
                      "Значення": [2009930.98, 400.0, 0.3101]})


def _report() -> Report:
    section = Section("Ключові показники", table=TABLE, currency="грн",
                      row_formats={0: "money", 1: "int", 2: "percent"})
    return Report("Звіт про продажі", sections=(section,), language_hint="uk")


def test_pdf_rows_are_formatted_each_its_own_way(probe):
    text = probe(render_pdf(_report())).text
    assert "Сума, разом 2 009 930,98 грн" in text
    assert "Рядків 400 " in text and "400,00" not in text
    assert "Валова маржа 31,0%" in text


def test_excel_rows_keep_numbers_with_a_format_each():
    book = openpyxl.load_workbook(io.BytesIO(render_xlsx(_report())))
    sheet = book.worksheets[1]
    cells = [sheet.cell(row=row, column=2) for row in (5, 6, 7)]
    assert [c.value for c in cells] == [2009930.98, 400, 0.3101]
    assert [c.number_format for c in cells] == [f'#,##0.00"{NB}грн"', "#,##0", "0.0%"]
