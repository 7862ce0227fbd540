"""The report is built from what the steps computed, and traces back to data and code."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

import pandas as pd
import pytest

from analyst.events import Event
from analyst.report import render_pdf
from analyst.report.build import Pin, ReportBuildError
from analyst.report.model import Report
from analyst.session.analysis import Analysis


def _run(events: Iterable[Event]) -> None:
    for _ in events:
        pass


@pytest.fixture(scope="module")
def standard(analysis: Analysis) -> Report:
    """The standard report of the module's analysis, run once (seconds) and read by every test
    of its shape; tests that pin or ask do so on the same analysis without changing it."""
    _run(analysis.standard_report())
    return analysis.report(title="Q1 sales")


def test_standard_report_model(standard: Report, expected: pd.DataFrame,
                               sales_csv: Path) -> None:
    report = standard

    tiles = {k.label: k for k in report.kpis}
    assert tiles["Total revenue"].value == pytest.approx(expected["Revenue"].sum(), abs=1e-6)
    assert tiles["Orders"].value == expected["Order ID"].nunique()
    march = expected.loc[expected["Date"].dt.month == 3, "Revenue"].sum()
    assert tiles["Last month (Mar 2026)"].value == pytest.approx(march, abs=1e-6)

    titles = [s.title for s in report.sections]
    assert titles[:4] == ["Key figures: Revenue", "Revenue by month",
                          "Top 10 products by revenue", "ABC analysis of products by revenue"]
    for section in report.sections[1:]:
        assert section.chart_path is not None and section.chart_path.is_file()
        assert section.table is not None and len(section.table) <= 25
        assert section.narrative
    abc = report.sections[3].table
    assert list(abc["Class"]) == ["A", "B", "C"] and abc["Items"].sum() == 200

    [source] = report.sources
    assert source.sha256 == hashlib.sha256(sales_csv.read_bytes()).hexdigest()
    assert source.rows == len(expected)
    assert any("80" in d.text and "95" in d.text for d in report.definitions)  # ABC thresholds
    assert len(report.steps_code) == len(report.sections)
    assert render_pdf(report).startswith(b"%PDF")


def test_pinned_results_make_their_own_report(analysis: Analysis) -> None:
    _run(analysis.ask("revenue by month", brain="offline"))
    index = len(analysis.history) - 1
    report = analysis.report(pins=[
        Pin(index, 1, title="Monthly revenue", narrative="March recovered."),
    ])
    [section] = report.sections
    assert section.title == "Monthly revenue" and section.narrative == "March recovered."
    # Months are dates (the Excel cell is one, shown "Jan 2026"), formatted as months.
    assert list(section.table["Month"]) == list(pd.to_datetime(["2026-01-01", "2026-02-01",
                                                                "2026-03-01"]))
    assert section.column_formats["Month"] == "month"
    # The executive summary needs key figures the pin does not carry: the report runs the
    # key-figures step itself, so its code is listed too and every tile stays traceable.
    assert report.steps_code[0].title == "Revenue by month"
    assert len(report.steps_code) == 2 and "Key figures" in report.steps_code[1].title
    assert report.kpis and report.kpis[0].value == pytest.approx(
        float(section.table["Revenue"].sum()), abs=0.005)


def test_a_pin_to_a_missing_step_is_a_plain_error(analysis: Analysis) -> None:
    _run(analysis.ask("total revenue", brain="offline"))
    with pytest.raises(ReportBuildError, match="Step 9"):
        analysis.report(pins=[Pin(len(analysis.history) - 1, 9)])


def test_tables_have_headers_a_reader_understands(standard: Report,
                                                  expected: pd.DataFrame) -> None:
    report = standard
    top = next(s for s in report.sections if s.title == "Top 10 products by revenue")
    assert list(top.table.columns) == ["Rank", "Product", "Revenue", "Share", "Rows", "Items"]
    assert top.column_formats["Share"] == "percent" and top.column_formats["Revenue"] == "money"
    assert top.table["Product"].iloc[-1] == "Other"
    assert top.table["Revenue"].sum() == pytest.approx(expected["Revenue"].sum(), abs=1e-6)
    assert top.table["Share"].sum() == pytest.approx(1.0)
    month = next(s for s in report.sections if s.title == "Revenue by month")
    assert list(month.table.columns)[:4] == ["Month", "Revenue", "Rows", "Change"]


def test_the_methodology_says_the_standard_report_uses_no_model(standard: Report) -> None:
    report = standard
    assert report.language_hint == "en"
    method = report.definitions[0]
    assert method.name == "How the figures were computed"
    assert "offline" in method.text and "no language model" in method.text
