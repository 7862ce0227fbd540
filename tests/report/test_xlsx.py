"""The Excel export: the same report as numbers with number formats, ready for formulas."""

from __future__ import annotations

import io
from datetime import datetime

import numpy as np
import openpyxl
import pandas as pd
import pytest

from analyst.report import KPI, CodeStep, Definition, Report, Section, Source, render_xlsx
from analyst.report.xlsx import safe_sheet_name

SHA = "ab" * 32


@pytest.fixture
def workbook(sales, chart_png):
    by_region = sales.groupby("region")["revenue"].sum().to_frame("Revenue")
    by_region["Share"] = by_region["Revenue"] / by_region["Revenue"].sum()
    by_region["Lines"] = sales.groupby("region").size()
    report = Report(
        "Sales report", "sales.csv \u00b7 2026", datetime(2026, 11, 29, 14, 5),
        kpis=(KPI("Revenue", float(sales["revenue"].sum()), "money", "USD", 0.074),
              KPI("Lines", len(sales), "int"), KPI("Margin", 0.3125, "percent")),
        sections=(
            Section("Revenue by region", "North leads.", chart_png, by_region,
                    {"Revenue": "money", "Share": "percent"}, "USD"),
            Section("Narrative only", "Nothing to tabulate."),
            Section("Lines", "", None, sales.head(20)),
        ),
        sources=(Source("sales.csv", SHA, None, len(sales), ("Day-first dates.",), 1),),
        definitions=(Definition("ABC", "A: first 80%."),),
        steps_code=(CodeStep("Sum", "df['revenue'].sum()"),),
    )
    return openpyxl.load_workbook(io.BytesIO(render_xlsx(report))), sales


def test_sheets_summary_sections_with_data_sources_and_steps(workbook):
    book, _ = workbook
    assert book.sheetnames == ["Summary", "1. Revenue by region", "3. Lines", "Source files",
                               "Analysis steps"]


def test_summary_kpis_are_numbers_with_number_formats(workbook):
    book, sales = workbook
    ws = book["Summary"]
    assert ws["A1"].value == "Sales report"
    rows = {row[0].value: row for row in ws.iter_rows(min_row=6, max_row=8)}
    revenue = rows["Revenue"][1]
    assert revenue.value == pytest.approx(sales["revenue"].sum())
    assert revenue.number_format == '"$"#,##0.00'
    assert rows["Revenue"][2].value == pytest.approx(0.074)
    assert rows["Lines"][1].value == len(sales) and rows["Lines"][1].number_format == "#,##0"
    assert rows["Margin"][1].number_format == "0.0%"


def test_section_table_has_formats_frozen_header_filter_and_the_chart(workbook):
    book, sales = workbook
    ws = book["1. Revenue by region"]
    header = [c.value for c in ws[4]][:4]
    assert header == ["region", "Revenue", "Share", "Lines"]
    assert ws.freeze_panes == "A5"
    assert ws.auto_filter.ref == "A4:D7"
    east = [c for c in ws[5]]
    assert east[0].value == "East"
    assert east[1].value == pytest.approx(sales.loc[sales.region == "East", "revenue"].sum())
    assert east[1].number_format == '"$"#,##0.00'
    assert east[2].number_format == "0.0%"
    assert east[3].number_format == "#,##0" and isinstance(east[3].value, int)
    assert len(ws._images) == 1
    size = ws._images[0].anchor.ext  # EMU; 9525 per pixel
    assert size.cx / 9525 == pytest.approx(720)  # a 1600 px chart scaled to fit a screen
    assert size.cy / size.cx == pytest.approx(700 / 1600, rel=0.01)  # aspect ratio kept


def test_dates_are_real_dates_and_inferred_formats_apply(workbook):
    book, sales = workbook
    ws = book["3. Lines"]
    assert [c.value for c in ws[4]] == list(sales.columns)
    first = ws[5]
    assert first[0].value == datetime(2026, 1, 1) and first[0].number_format == "yyyy-mm-dd"
    assert first[4].number_format == "#,##0.00"


def test_sources_sheet_traces_every_file(workbook):
    book, sales = workbook
    ws = book["Source files"]
    assert [c.value for c in ws[2]] == ["sales.csv", SHA, None, len(sales), 1, "Day-first dates."]
    assert any(row[0].value == "ABC" for row in ws.iter_rows())
    assert book["Analysis steps"]["C2"].value == "df['revenue'].sum()"


def test_hostile_cells_are_stored_as_text_never_as_formulas():
    table = pd.DataFrame({
        "Name": ["=HYPERLINK(\"http://evil\")", "a\x00b", "B" * 40_000, "\U0001f4c8"],
        "Value": [1.0, np.nan, np.inf, -2.5],
    })
    report = Report("T", sections=(Section("S", table=table),))
    ws = openpyxl.load_workbook(io.BytesIO(render_xlsx(report)))["1. S"]
    assert ws["A5"].data_type == "s" and ws["A5"].value.startswith("=HYPERLINK")
    assert ws["A6"].value == "ab"
    assert len(ws["A7"].value) == 32_767
    assert ws["A8"].value == "\U0001f4c8"
    assert ws["B6"].value is None and ws["B7"].value is None and ws["B8"].value == -2.5


def test_code_sheet_is_left_out_when_code_is_switched_off():
    report = Report("T", steps_code=(CodeStep("Sum", "x"),), include_code=False)
    book = openpyxl.load_workbook(io.BytesIO(render_xlsx(report)))
    assert "Analysis steps" not in book.sheetnames


@pytest.mark.parametrize(
    ("name", "taken", "expected"),
    [
        ("Revenue by region", [], "Revenue by region"),
        ("a[b]:c*d?e/f\\g", [], "a b c d e f g"),
        ("x" * 40, [], "x" * 31),
        ("Summary", ["Summary"], "Summary (2)"),
        ("summary", ["Summary", "summary (2)"], "summary (3)"),
        ("y" * 40, ["y" * 31], "y" * 27 + " (2)"),
        ("'quoted'", [], "quoted"),
        ("", [], "Sheet"),
        ("History", [], "History (2)"),
        ("销售额按地区", [], "销售额按地区"),
    ],
)
def test_sheet_names_are_valid_and_unique(name, taken, expected):
    assert safe_sheet_name(name, taken) == expected
