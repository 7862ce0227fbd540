"""Excel workbooks: the data sheet chosen and explained, merged headers joined, formulas right."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pandas as pd
import pytest
import xlwt

from analyst.ingest import IngestError, IngestOptions, ingest_file
from tests.ingest.conftest import cents
from tests.ingest.workbooks import (
    SHENZHEN_COST,
    SHENZHEN_NAMES,
    SHENZHEN_PROFIT,
    SHENZHEN_REVENUE,
    SHENZHEN_ROWS,
    as_xlsm,
    shenzhen_workbook,
    simple_workbook,
)


def read(workspace, path, **options):
    (card,) = ingest_file(path, workspace, IngestOptions(**options))
    return card, pd.read_parquet(workspace.root / card.parquet_path)


def test_shenzhen_workbook_formulas_without_saved_results_are_computed(workspace, tmp_path):
    card, frame = read(workspace, shenzhen_workbook(tmp_path / "深圳销售.xlsx"))
    assert card.sheet == "销售数据"
    assert card.sheets == ("封面", "销售数据")  # every visible sheet; the hidden one is not offered
    choice = card.assumptions[0]
    assert "'销售数据' chosen" in choice and "'封面' (looks like a cover" in choice
    assert "'旧数据' (hidden)" in choice
    assert list(frame.columns) == SHENZHEN_NAMES
    assert card.rows == len(frame) == 4
    assert card.header_row == 4
    assert any("merged two-row header" in a for a in card.assumptions)
    assert any("computed from their formulas" in a for a in card.assumptions)
    assert cents(card.column("2026年 / 收入").sum) == SHENZHEN_REVENUE
    assert cents(card.column("2026年 / 成本").sum) == SHENZHEN_COST
    assert cents(card.column("2026年 / 利润").sum) == SHENZHEN_PROFIT
    assert frame["2026年 / 利润"].round(2).tolist() == [4345.57, 1300.05, -0.5, 9499.75]
    assert [(r.line, r.reason) for r in card.excluded_rows] == [(9, "total row")]
    assert card.excluded_rows[0].text == "合计 | 55845.71 | 40700.84 | 15144.87"
    # Real Excel dates, not text: the range is exact and the column is a date column.
    assert card.column("日期").role == "date"
    assert card.date_range == ("2026-01-05", "2026-03-31")
    assert frame["日期"].tolist() == [pd.Timestamp(r[0]) for r in SHENZHEN_ROWS]


def test_formulas_with_saved_results_use_them(workspace, tmp_path):
    card, _frame = read(workspace, shenzhen_workbook(tmp_path / "saved.xlsx", cached=True))
    assert any("results Excel saved" in a for a in card.assumptions)
    assert not any("computed" in a for a in card.assumptions)
    assert cents(card.column("2026年 / 利润").sum) == SHENZHEN_PROFIT
    assert card.excluded_rows[0].text == "合计 | 55845.71 | 40700.84 | 15144.87"
    assert card.rows == 4


def test_money_sum_is_exact_to_the_cent_against_decimal(workspace, tmp_path):
    amounts = [f"{(i * 7919) % 100000 / 100:.2f}" for i in range(1, 3001)]
    lines = ["Invoice;Amount"] + [f"INV-{i};{a.replace('.', ',')}" for i, a in enumerate(amounts)]
    path = tmp_path / "invoices.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (card,) = ingest_file(path, workspace)
    exact = sum(Decimal(a) for a in amounts)
    assert Decimal(str(card.column("Amount").sum)) == exact


def test_sheet_override_reads_the_other_sheet(workspace, tmp_path):
    path = shenzhen_workbook(tmp_path / "book.xlsx")
    card, frame = read(workspace, path, sheet="旧数据")
    assert card.sheet == "旧数据" and card.rows == 39
    assert "as you chose" in card.assumptions[0]
    assert frame["收入"].sum() == sum(i * 100 for i in range(1, 40))
    with pytest.raises(IngestError, match="no sheet 'Nope'.*'封面', '销售数据'"):
        read(workspace, path, sheet="Nope")


def test_xlsm_is_read_like_xlsx(workspace, tmp_path):
    xlsm = as_xlsm(shenzhen_workbook(tmp_path / "src.xlsx", cached=True), tmp_path / "macro.xlsm")
    card, frame = read(workspace, xlsm)
    assert list(frame.columns) == SHENZHEN_NAMES
    assert cents(card.column("2026年 / 收入").sum) == SHENZHEN_REVENUE


def test_workbook_uploaded_under_a_temporary_name(workspace, tmp_path):
    # Uploads arrive as temporary files without the .xlsx ending; the display name has it.
    temp = tmp_path / "upload_8f3a"
    shenzhen_workbook(tmp_path / "src.xlsx").rename(temp)
    (card,) = ingest_file(temp, workspace, display_name="深圳销售.xlsx")
    assert card.source_file == "深圳销售.xlsx"
    assert cents(card.column("2026年 / 利润").sum) == SHENZHEN_PROFIT


def test_xls_97_2003_with_cover_hidden_sheet_dates_and_total(workspace, tmp_path):
    book = xlwt.Workbook(encoding="utf-8")
    book.add_sheet("Титул").write(0, 0, "Отчёт о продажах")
    data = book.add_sheet("Продажи")
    date_style = xlwt.easyxf(num_format_str="DD.MM.YYYY")
    data.write(0, 0, "Продажи за январь 2026")
    for col, name in enumerate(["Дата", "Клиент", "Сумма"]):
        data.write(2, col, name)
    rows = [(dt.datetime(2026, 1, 3), "ООО Ромашка", 1500.25), (dt.datetime(2026, 1, 17), "ИП Петров", 99.99),
            (dt.datetime(2026, 1, 30), "АО Вектор", 20000.10)]
    for r, (day, client, amount) in enumerate(rows, start=3):
        data.write(r, 0, day, date_style)
        data.write(r, 1, client)
        data.write(r, 2, amount)
    data.write(6, 0, "Итого")
    data.write(6, 2, 21600.34)
    hidden = book.add_sheet("Служебный")
    for r in range(30):
        hidden.write(r, 0, r)
        hidden.write(r, 1, r * 2)
    hidden.visibility = 1
    path = tmp_path / "продажи.xls"
    book.save(str(path))
    card, frame = read(workspace, path)
    assert card.sheet == "Продажи" and card.sheets == ("Титул", "Продажи")
    assert list(frame.columns) == ["Дата", "Клиент", "Сумма"]
    assert card.rows == 3 and card.header_row == 3
    assert cents(card.column("Сумма").sum) == 21600.34
    assert card.date_range == ("2026-01-03", "2026-01-30")
    assert [(r.line, r.reason) for r in card.excluded_rows] == [(7, "total row")]


def test_parquet_is_used_as_it_is(workspace, tmp_path):
    source = pd.DataFrame({"day": pd.to_datetime(["2026-01-01", "2026-01-02"]),
                           "region": ["North", "South"], "revenue": [10.10, 20.20]})
    path = tmp_path / "clean.parquet"
    source.to_parquet(path)
    card, frame = read(workspace, path)
    assert card.rows == 2 and list(frame.columns) == ["day", "region", "revenue"]
    assert cents(card.column("revenue").sum) == 30.30
    assert card.date_range == ("2026-01-01", "2026-01-02")
    assert card.sheet is None and card.encoding is None


def test_header_row_override_in_a_workbook(workspace, tmp_path):
    path = simple_workbook(tmp_path / "h.xlsx", {"S": [["Report"], ["Units", "Price"], ["a", "b"], [1, 2.5], [3, 4.5]]})
    card, frame = read(workspace, path, header_row=3)
    assert list(frame.columns) == ["a", "b"] and card.header_row == 3
    assert frame["b"].sum() == 7.0
    assert "as you chose" in " ".join(card.assumptions)
