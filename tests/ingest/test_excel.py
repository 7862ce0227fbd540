"""Excel workbooks: the data sheet chosen and explained, merged headers joined, formulas right."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pandas as pd
import pytest
import xlwt

from analyst.ingest import IngestError, IngestOptions, ingest_file
from tests.ingest.conftest import cents, english
from tests.ingest.workbooks import (
    MONTH_COLUMNS,
    MONTHS,
    SHENZHEN_COST,
    SHENZHEN_NAMES,
    SHENZHEN_PROFIT,
    SHENZHEN_REVENUE,
    SHENZHEN_ROWS,
    as_xlsm,
    monthly_workbook,
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
    choice = english(card.assumptions)[0]
    assert "'销售数据' chosen" in choice and "'封面' (looks like a cover" in choice
    assert "'旧数据' (hidden)" in choice
    assert list(frame.columns) == SHENZHEN_NAMES
    assert card.rows == len(frame) == 4
    assert card.header_row == 4
    assert any("merged two-row header" in a for a in english(card.assumptions))
    assert any("computed from their formulas" in a for a in english(card.assumptions))
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
    assert any("results Excel saved" in a for a in english(card.assumptions))
    assert not any("computed" in a for a in english(card.assumptions))
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
    assert "as you chose" in english(card.assumptions)[0]
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
    assert "as you chose" in " ".join(english(card.assumptions))


# One sheet per month: every sheet is a table, and the months are also joined.

def test_a_sheet_per_month_gives_each_month_and_all_months_joined_first(workspace, tmp_path):
    cards = ingest_file(monthly_workbook(tmp_path / "sales 2026.xlsx"), workspace)
    assert [c.table for c in cards] == ["sales_2026_all_sheets", "sales_2026_jan", "sales_2026_feb", "sales_2026_mar"]
    joined, jan, feb, mar = cards
    # Exact to the cent, per month and for the quarter; the Total rows are left out everywhere.
    assert [cents(c.column("Revenue").sum) for c in (jan, feb, mar)] == [300.00, 300.01, 1300.00]
    assert cents(joined.column("Revenue").sum) == 1900.01
    assert [c.rows for c in cards] == [7, 2, 3, 2]
    assert [c.sheet for c in cards] == [None, "Jan", "Feb", "Mar"]
    assert all(c.sheets == ("Notes", "Jan", "Feb", "Mar") for c in cards)
    frame = pd.read_parquet(workspace.root / joined.parquet_path)
    assert list(frame.columns) == MONTH_COLUMNS + ["Sheet"]
    assert frame["Sheet"].tolist() == ["Jan"] * 2 + ["Feb"] * 3 + ["Mar"] * 2
    assert frame.groupby("Sheet", sort=False)["Revenue"].sum().round(2).to_dict() == {
        "Jan": 300.00, "Feb": 300.01, "Mar": 1300.00}
    assert joined.date_range == ("2026-01-05", "2026-03-31")
    assert [(r.line, r.reason, r.text) for r in joined.excluded_rows] == [
        (5, "total row", "[Jan] Total | 300"), (6, "total row", "[Feb] Total | 300.01"),
        (5, "total row", "[Mar] Total | 1300")]
    # Which sheets were read and why, in plain words, on every table.
    choice = "Sheets 'Jan', 'Feb', 'Mar' hold tables: each is read as its own table; not read: " \
             "'Notes' (looks like a cover or notes page), 'Dec 2025' (hidden)."
    assert all(english(c.assumptions)[0] == choice for c in (jan, feb, mar))
    assert english(joined.assumptions)[1] == choice
    assert english(joined.assumptions)[0] == (
        "Sheets 'Jan', 'Feb', 'Mar' have the same columns: this table joins their 7 rows, with the "
        "sheet name in column 'Sheet'; each sheet is also a table of its own, so you can ask about "
        "all of them together or one at a time.")
    said = ("Sheets 'Jan', 'Feb', 'Mar' have the same columns: read as 3 tables, one per sheet (ask "
            "about each), and also joined into table 'sales_2026_all_sheets' (ask about all of them together).")
    assert all(said in english(c.assumptions) for c in (jan, feb, mar))
    # What every month shares is said once on the joined table; nothing is said twice.
    assert "Header on row 2." in english(joined.assumptions)
    assert "1 line above the header skipped: 1 title or notes line." in english(joined.assumptions)
    assert len(set(english(joined.assumptions))) == len(english(joined.assumptions))


def test_the_sheet_override_still_reads_one_sheet(workspace, tmp_path):
    (card,) = ingest_file(monthly_workbook(tmp_path / "q1.xlsx"), workspace, IngestOptions(sheet="Feb"))
    assert card.table == "q1" and card.sheet == "Feb" and card.rows == 3
    assert cents(card.column("Revenue").sum) == 300.01
    assert english(card.assumptions)[0] == "Sheet 'Feb' read, as you chose."


def test_sheets_with_different_tables_are_read_apart_and_the_main_one_first(workspace, tmp_path):
    path = simple_workbook(tmp_path / "book.xlsx", {
        "Customers": [["Customer", "Since", "Credit limit"], ["Acme", 2019, 5000], ["Globex", 2021, 2500]],
        "Orders": [["Order", "Customer", "Amount"]] + [[f"SO-{i}", "Acme", 10.5 * i] for i in range(1, 7)],
        "Read me": [["This workbook is exported nightly."], ["Contact: it@example.com"]],
    })
    orders, customers = ingest_file(path, workspace)
    assert (orders.sheet, orders.table, orders.rows) == ("Orders", "book_orders", 6)
    assert (customers.sheet, customers.table, customers.rows) == ("Customers", "book_customers", 2)
    assert cents(orders.column("Amount").sum) == 220.50
    assert cents(customers.column("Credit limit").sum) == 7500.00
    assert english(orders.assumptions)[0] == ("Sheets 'Customers', 'Orders' hold tables: each is read as its own "
                                     "table; not read: 'Read me' (looks like a cover or notes page).")
    assert not any("same columns" in a for a in english(orders.assumptions) + english(customers.assumptions))


def test_months_of_chinese_and_cyrillic_names_get_safe_distinct_tables(workspace, tmp_path):
    rows = [["日期", "销售额"], [dt.datetime(2026, 1, 2), 10.25], [dt.datetime(2026, 1, 3), 20.5]]
    path = simple_workbook(tmp_path / "销售.xlsx", {"一月": rows, "二月": rows, "Січень": rows})
    cards = ingest_file(path, workspace)
    assert [c.table for c in cards] == ["table_all_sheets", "table_sheet_1", "table_sheet_2", "table_sichen"]
    assert cents(cards[0].column("销售额").sum) == 92.25
    assert pd.read_parquet(workspace.root / cards[0].parquet_path)["Sheet"].tolist() == [
        "一月", "一月", "二月", "二月", "Січень", "Січень"]


def test_total_revenue_of_a_workbook_of_months_is_the_quarter(tmp_path):
    from analyst.session.analysis import Analysis

    path = monthly_workbook(tmp_path / "sales.xlsx")
    quarter = round(sum(r[3] for rows in MONTHS.values() for r in rows), 2)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        answer = next(e.answer for e in analysis.ask("total revenue", brain="offline") if e.kind == "answer")
    assert answer.ok, answer.text
    assert f"{quarter:,.2f}" in answer.text  # 1,900.01, not January's 300.00
    assert "sales_all_sheets" in answer.steps[0].code
