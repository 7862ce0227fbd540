"""A workbook with one sheet per month is reported once, on its joined table, with a
comparison by sheet; unrelated tables side by side say which table each section is about.

By hand: Jan 100 + 50 = 150, Feb 70 + 30 = 100, Mar 20 + 80 = 100; total 350.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from analyst.brain import standard_plan
from analyst.ingest import ingest_file
from analyst.session.analysis import Analysis
from sandbox import Workspace


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    path = tmp_path / "book.xlsx"
    months = {"Jan": (["2026-01-05", "2026-01-20"], ["A", "B"], ["N", "S"], [100.0, 50.0]),
              "Feb": (["2026-02-05", "2026-02-20"], ["A", "C"], ["N", "S"], [70.0, 30.0]),
              "Mar": (["2026-03-05", "2026-03-20"], ["B", "C"], ["S", "N"], [20.0, 80.0])}
    with pd.ExcelWriter(path) as writer:
        for sheet, (dates, products, regions, revenue) in months.items():
            pd.DataFrame({"Date": pd.to_datetime(dates), "Product": products,
                          "Region": regions, "Revenue": revenue}).to_excel(
                writer, sheet_name=sheet, index=False)
    return path


def test_the_joined_table_stands_for_its_sheets(workbook: Path, tmp_path: Path) -> None:
    cards = ingest_file(workbook, Workspace(tmp_path / "ws"))
    assert [c.table for c in cards] == ["book_all_sheets", "book_jan", "book_feb", "book_mar"]
    steps = standard_plan(cards).steps
    assert [s.description for s in steps] == [
        "Key figures: Revenue", "Revenue by month", "Revenue by sheet",
        "Top 10 products by revenue", "ABC analysis of products by revenue", "Revenue by region"]
    assert {s.parquet_path for s in steps} == {"input/book_all_sheets.parquet"}


def test_unrelated_tables_name_their_table_in_each_title(workbook: Path, tmp_path: Path) -> None:
    (tmp_path / "shop.csv").write_text("Product,Revenue\nA,1\nB,2\n", encoding="utf-8")
    cards = (ingest_file(workbook, Workspace(tmp_path / "ws"))
             + ingest_file(tmp_path / "shop.csv", Workspace(tmp_path / "ws")))
    titles = [s.description for s in standard_plan(cards).steps]
    assert len(titles) == len(set(titles))
    assert "Key figures: Revenue (book.xlsx)" in titles
    assert "Key figures: Revenue (shop.csv)" in titles
    assert not any("Jan" in t for t in titles)
    uk = [s.description for s in standard_plan(cards, "uk").steps]
    assert "Ключові показники: Revenue (shop.csv)" in uk


def test_the_report_of_a_monthly_workbook_has_each_section_once(workbook: Path,
                                                                tmp_path: Path) -> None:
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(workbook)
        answer = next(e.answer for e in analysis.standard_report() if e.kind == "answer")
        assert answer.ok
        assert answer.text.startswith("Total revenue is 350.00 over 6 rows.")
        assert ("Revenue by sheet: 3 groups, total 350.00. The largest is Jan with 150.00 "
                "(42.9%), then Feb (100.00), Mar (100.00).") in answer.text
        report = analysis.report()
    titles = [s.title for s in report.sections]
    assert len(titles) == len(set(titles)) == 6
