"""The standard report, end to end: its PDF draws every recipe chart as vector paths, its
workbook carries a native chart per charted section over the section's cells, in each of
the four languages."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from analyst.report import render_pdf, render_xlsx
from analyst.session.analysis import Analysis
from benchmarks.sales_data import write_sales_csv
from tests.acceptance.pdfcheck import fonts
from tests.charting.test_pdf_chart import _raster_images


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    """One session on the sales file for every language: each test runs the standard report
    in its language again, and the report is built from that latest run (the charts'
    language below shows it), so the session and the file's reading are paid once."""
    root = tmp_path_factory.mktemp("data")
    sales = write_sales_csv(root / "sales.csv", rows=3000)
    with Analysis.open(root / "ws", backend="local") as opened:
        opened.add_file(sales)
        yield opened


@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
def test_the_standard_report_draws_vector_charts_and_native_workbook_charts(
        analysis: Analysis, tmp_path: Path, language: str) -> None:
    for _ in analysis.standard_report(language=language):
        pass
    report = analysis.report(language=language)
    charted = [s for s in report.sections if s.chart is not None]
    assert len(charted) >= 6  # month, top 10, ABC, three breakdowns, margin
    assert all(s.chart is not None and s.chart.language == language for s in charted)
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(render_pdf(report))
    assert _raster_images(pdf) == 0
    assert all(f.embedded for f in fonts(pdf))
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    for section in charted:
        assert section.chart is not None
        assert section.chart.title in text
        assert all(token in text for token in section.chart.labels()[0].split())
        assert section.chart.y_title in text or not section.chart.y_title
    book = load_workbook(io.BytesIO(render_xlsx(report)))
    natives = {ws.title.split(". ", 1)[0]: ws._charts for ws in book.worksheets}
    for number, section in enumerate(report.sections, start=1):
        expected = 1 if section.chart_cells is not None else 0
        assert len(natives.get(str(number), [])) == expected, section.title
        if expected:
            (chart,) = natives[str(number)]
            sheet = chart.series[0].val.numRef.f.split("!")[0].strip("'")
            assert sheet.startswith(f"{number}. ")
    # Every charted section references its cells; the ABC section's table is the class
    # summary, and its chart is the classes' shares of the whole (a pie) over that table.
    assert all(s.chart_cells is not None for s in charted)
    (abc,) = [s for s in charted if s.chart is not None and s.chart.kind == "pie"]
    assert abc.table is not None and [m.label for m in abc.chart.marks] == ["A", "B", "C"]
