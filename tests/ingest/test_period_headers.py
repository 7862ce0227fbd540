"""Headers of periods: dates, month names in five languages, quarters, years, merged rows."""

from __future__ import annotations

import datetime as dt

import pandas as pd
import pytest

from analyst.ingest import ingest_file
from analyst.ingest.periods import parse_period
from tests.ingest.conftest import cents, english
from tests.ingest.finance_books import MONTH_SPELLINGS, merged_measures


@pytest.mark.parametrize(("text", "label"), [
    ("Jan 2026", "Jan 2026"), ("2026-01", "Jan 2026"), ("01/2026", "Jan 2026"), ("Jan-26", "Jan 2026"),
    ("Q1 2026", "Q1 2026"), ("2026 Q1", "Q1 2026"), ("1 кв. 2026", "Q1 2026"), ("2026年第1季度", "Q1 2026"),
    ("H1 2026", "H1 2026"), ("FY 2025", "FY 2025"), ("FY25", "FY 2025"), ("2025", "2025"),
    ("січ. 2026", "Jan 2026"), ("лютий 2026", "Feb 2026"), ("янв 2026", "Jan 2026"), ("мая 2026", "May 2026"),
    ("März 2026", "Mar 2026"), ("Mrz 2026", "Mar 2026"), ("Dezember 2025", "Dec 2025"), ("2026年1月", "Jan 2026"),
    ("Sept 2025", "Sep 2025"), ("Total", "Total"), ("Итого", "Total"), ("Разом", "Total"), ("合计", "Total"),
    ("Gesamt", "Total"), (dt.datetime(2025, 3, 1), "Mar 2025"), (dt.datetime(2025, 3, 31), "Mar 2025"),
])
def test_every_spelling_of_a_period_is_read(text, label):
    assert parse_period(text).label == label


@pytest.mark.parametrize("text", ["Revenue", "Product", "Marketing", "Region", "Amount", "12.5", "Notes", "Units"])
def test_words_that_are_not_periods(text):
    assert parse_period(text) is None


def _read(workspace, path):
    card = ingest_file(path, workspace)[0]
    frame = pd.read_parquet(workspace.root / card.parquet_path)
    return card, frame


# A row of months as the header, in every spelling and with or without titles and a total
# column: checked on the workbooks of
# test_wide_tables::test_months_as_columns_make_a_wide_card_and_a_tidy_long_table (each a
# workbook read in seconds; one read serves both).


@pytest.mark.parametrize("measures", [("Units", "Revenue"), ("Revenue", "Cost", "Margin")])
@pytest.mark.parametrize("rows", [2, 3])
def test_merged_periods_over_measures_are_joined(workspace, tmp_path, rows, measures):
    path, info = merged_measures(tmp_path / "m.xlsx", rows=rows, measures=measures)
    card, frame = _read(workspace, path)
    assert list(frame.columns) == info["names"]
    assert card.rows == 4
    first = f"Jan 2026 {measures[1]}"
    assert cents(card.column(first).sum) == round(sum(v[1] for v in info["values"].values()), 2)
    assert any(f"{rows}-row header of periods" in a for a in english(card.assumptions))


@pytest.mark.parametrize("style", ["en", "iso", "slash", "quarters"])
def test_a_csv_header_of_periods(ingest, style):
    if style == "quarters":
        names = ["Jan 2026", "Feb 2026", "Mar 2026", "Q1 2026"]
    else:
        names = [MONTH_SPELLINGS[style](m, 2026) for m in (1, 2, 3)] + ["Q1 2026"]
    lines = ["Account," + ",".join(names), "Ads,100.50,200.25,300,600.75", "Email,10,20,30.10,60.10"]
    card, frame = ingest(f"{style}.csv", "\n".join(lines) + "\n")
    assert list(frame.columns) == ["Account", *names]
    assert card.header_row == 1
    assert cents(card.column(names[0]).sum) == 110.50


def test_a_long_table_with_dates_keeps_its_header(ingest):
    rows = "\n".join(f"2026-01-{d:02d},2026-02-{d:02d},Widget,{d}" for d in range(1, 20))
    card, frame = ingest("long.csv", "Ordered,Shipped,Product,Qty\n" + rows + "\n")
    assert list(frame.columns) == ["Ordered", "Shipped", "Product", "Qty"]
    assert card.rows == 19


def test_weekly_date_headers_keep_the_day(workspace, tmp_path):
    import openpyxl

    book = openpyxl.Workbook()
    ws = book.active
    weeks = [dt.datetime(2026, 1, 5) + dt.timedelta(days=7 * k) for k in range(4)]
    ws.append(["Store", *weeks])
    ws.append(["A", 1.5, 2, 3, 4])
    ws.append(["B", 5, 6, 7, 8.25])
    book.save(tmp_path / "w.xlsx")
    _card, frame = _read(workspace, tmp_path / "w.xlsx")
    assert list(frame.columns) == ["Store"] + [w.date().isoformat() for w in weeks]
