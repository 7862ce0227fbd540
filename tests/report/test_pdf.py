"""The PDF a CFO receives: correct figures, embedded fonts, every page drawn, and a
methodology appendix a reviewer can trace."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from pypdf import PdfReader

from analyst.report import KPI, CodeStep, Definition, Report, Section, Source, render_pdf
from tests.huge_pictures import SIZES, huge_png

SHA = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"


def sales_report(sales: pd.DataFrame, chart: Path | None, **changes) -> Report:
    by_region = sales.groupby("region")["revenue"].sum().to_frame("Revenue")
    by_region["Share"] = by_region["Revenue"] / by_region["Revenue"].sum()
    monthly = sales.groupby(sales["date"].dt.to_period("M").astype(str))["revenue"].sum()
    report = Report(
        title="Sales report Q1-Q3 2026",
        subtitle="sales.csv \u00b7 1 Jan - 19 Jul 2026",
        generated_at=datetime(2026, 11, 29, 14, 5),
        kpis=(
            KPI("Revenue", float(sales["revenue"].sum()), "money", "USD", 0.074, "vs 2025"),
            KPI("Lines", len(sales), "int"),
            KPI("Average line", float(sales["revenue"].mean()), "money", "USD"),
            KPI("North share", float(by_region.loc["North", "Share"]), "percent"),
        ),
        sections=(
            Section("Revenue by month", "Revenue by calendar month.", chart,
                    monthly.to_frame("Revenue"), {"Revenue": "money"}, "USD"),
            Section("Revenue by region", "North leads.", None, by_region,
                    {"Revenue": "money", "Share": "percent"}, "USD"),
        ),
        sources=(Source("sales.csv", SHA, None, len(sales),
                        ("Dates are day-first (31.01.2026).", "A totals row was excluded."), 1),),
        definitions=(Definition("ABC classes", "A: the first 80% of revenue; B: the next 15%."),),
        steps_code=(CodeStep("Revenue by month",
                             "monthly = df.groupby(df['date'].dt.to_period('M'))['revenue'].sum()"),),
    )
    return replace(report, **changes)


def test_kpi_figures_computed_independently_appear_exactly(sales, chart_png, probe):
    pdf = probe(render_pdf(sales_report(sales, chart_png)))
    first_page = pdf.pages_text[0]
    total = sales["revenue"].sum()
    north = sales.loc[sales["region"] == "North", "revenue"].sum() / total
    assert f"${total:,.2f}" in first_page
    assert f"{len(sales):,}" in first_page
    assert f"${sales['revenue'].mean():,.2f}" in first_page
    assert f"{north * 100:.1f}%" in first_page
    assert "+7.4% vs 2025" in first_page


def test_table_figures_are_formatted_with_currency_and_percent(sales, probe):
    pdf = probe(render_pdf(sales_report(sales, None)))
    by_region = sales.groupby("region")["revenue"].sum()
    for region, revenue in by_region.items():
        assert f"{region} ${revenue:,.2f} {revenue / by_region.sum() * 100:.1f}%" in pdf.text


def test_every_font_is_embedded(sales, chart_png, probe):
    fonts = probe(render_pdf(sales_report(sales, chart_png))).fonts()
    assert fonts, "no fonts listed"
    assert all(font.embedded for font in fonts), fonts
    assert not [f for f in fonts if "Helvetica" in f.name or "Times" in f.name]


def test_every_page_renders_to_a_non_blank_image(sales, chart_png, probe):
    pdf = probe(render_pdf(sales_report(sales, chart_png)))
    pages = pdf.render(dpi=50)
    assert len(pages) == len(pdf.pages_text) >= 2
    for number, page in enumerate(pages, start=1):
        assert page.std() > 0.02, f"page {number} looks blank"
        assert (page < 0.5).mean() > 0.001, f"page {number} has almost no ink"


def test_pages_carry_title_page_x_of_y_and_generation_time(sales, chart_png, probe):
    pages = probe(render_pdf(sales_report(sales, chart_png))).pages_text
    total = len(pages)
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {total}" in text
        assert "Generated 2026-11-29 14:05" in text
    assert "Sales report Q1-Q3 2026" in pages[-1]  # the running header


def test_cover_shows_title_and_subtitle(sales, probe):
    first = probe(render_pdf(sales_report(sales, None))).pages_text[0]
    assert "Sales report Q1-Q3 2026" in first
    assert "sales.csv \u00b7 1 Jan - 19 Jul 2026" in first
    assert "Executive summary" in first


def test_the_review_notice_is_always_there_and_can_be_worded(sales, probe):
    default = probe(render_pdf(sales_report(sales, None))).text
    assert "automated analysis" in default and "need review" in default
    custom = probe(render_pdf(sales_report(sales, None, notice="Draft for the board."))).text
    assert "Draft for the board." in custom


def test_methodology_lists_sources_assumptions_definitions_and_code(sales, probe):
    text = probe(render_pdf(sales_report(sales, None))).pages_text[-1]
    for expected in ("Methodology", "sales.csv", SHA, f"{len(sales):,}",
                     "Dates are day-first (31.01.2026).", "A totals row was excluded.",
                     "ABC classes", "A: the first 80% of revenue",
                     "monthly = df.groupby(df['date'].dt.to_period('M'))['revenue'].sum()"):
        assert expected in text, expected


def test_code_can_be_left_out_of_the_appendix(sales, probe):
    text = probe(render_pdf(sales_report(sales, None, include_code=False))).text
    assert "dt.to_period" not in text
    assert "Analysis steps" not in text
    assert SHA in text


def test_long_code_lines_wrap_instead_of_running_off_the_page(sales, probe):
    line = "result = " + " + ".join(f"df['column_{i}']" for i in range(40))
    report = sales_report(sales, None, steps_code=(CodeStep("Wide", line),))
    text = probe(render_pdf(report)).pages_text[-1]
    assert "df['column_39']" in text
    assert "\u21aa" in text  # the continuation mark


def test_contents_appear_from_four_sections_on_with_page_numbers(sales, chart_png, probe):
    base = sales_report(sales, chart_png)
    short = probe(render_pdf(base)).text
    assert "Contents" not in short
    long_report = sales_report(sales, chart_png, sections=base.sections * 2)
    pdf = probe(render_pdf(long_report))
    pages = pdf.pages_text
    contents = next(p for p in pages if "Contents" in p)
    assert "3. Revenue by month" in contents and "Methodology" in contents
    # The contents list the pages the headings landed on (as the PDF outline records them).
    reader = PdfReader(str(pdf.path))
    outline_pages = [reader.get_destination_page_number(d) + 1 for d in reader.outline]
    assert len(outline_pages) == 1 + 4 + 1  # summary, four sections, methodology
    listed = [int(n) for n in re.findall(r"\. (\d+)(?= |$)", contents)]
    assert listed == outline_pages
    assert "4. Revenue by region North leads." in pages[outline_pages[4] - 1]


def test_a_500_row_table_splits_across_pages_with_its_header_repeated(probe):
    rows = 500
    table = pd.DataFrame({
        "Product": [f"Product {i:04d}" for i in range(rows)],
        "Units": np.arange(rows) * 7,
        "Revenue": np.arange(rows) * 1234.5,
    })
    report = Report("Products", sections=(Section("All products", "", None, table,
                                                   {"Revenue": "money"}, "EUR"),))
    pages = probe(render_pdf(report)).pages_text
    table_pages = [p for p in pages if "Product 0" in p]
    assert len(table_pages) >= 5
    for text in table_pages:
        assert "Product Units Revenue" in text  # the header row, on every page
    assert "Product 0499 3,493 \u20ac616,015.50" in pages[-1]
    # Split cleanly: every row is on exactly one page.
    assert sum(p.count("Product 0") for p in table_pages) == rows


def test_a_grouped_table_keeps_its_index_as_row_labels(probe):
    table = pd.DataFrame({"Revenue": [10.0, 20.0]}, index=pd.Index(["North", "South"], name="Region"))
    text = probe(render_pdf(Report("R", sections=(Section("By region", table=table),)))).text
    assert "Region Revenue" in text and "North 10.00" in text


def test_a_missing_chart_is_reported_in_place_not_fatal(probe, tmp_path):
    report = Report("R", sections=(Section("Chart", "Text.", tmp_path / "gone.png"),))
    assert "Chart not available: gone.png" in probe(render_pdf(report)).text


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_chart_too_large_to_decode_is_reported_in_place_in_pdf_and_excel(probe, tmp_path,
                                                                           width, height):
    """A pinned step's picture whose header declares tens of millions of pixels is not
    decoded: the PDF and the workbook say the chart is not available, and the rest is there."""
    from openpyxl import load_workbook

    from analyst.report import render_xlsx

    path = tmp_path / "huge.png"
    path.write_bytes(huge_png(width, height))
    report = Report("R", sections=(Section("Huge", "Text after.", path),))
    text = probe(render_pdf(report)).text
    assert "Chart not available: huge.png" in text and "Text after." in text
    book = load_workbook(io.BytesIO(render_xlsx(report)))
    cells = [c for ws in book.worksheets for row in ws.iter_rows(values_only=True) for c in row]
    assert "Chart not available: huge.png" in cells
    assert all(not ws._images for ws in book.worksheets)  # noqa: SLF001 - openpyxl keeps them there


def test_a_tall_chart_is_scaled_down_keeping_its_aspect_ratio(tmp_path, probe):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3, 9), dpi=100)
    ax.plot([1, 2, 3])
    path = tmp_path / "tall.png"
    fig.savefig(path)
    plt.close(fig)
    pdf = probe(render_pdf(Report("R", sections=(Section("Tall", chart_path=path),))))
    page = PdfReader(str(pdf.path)).pages[0]
    assert len(page.images) == 1  # drawn on the first page: it was scaled to fit
    assert pdf.render(dpi=50)[0].std() > 0.02


@pytest.mark.parametrize("kpis", [(), (KPI("Only one", None, "money", "USD"),)])
def test_a_report_with_few_parts_still_renders(kpis, probe):
    pdf = probe(render_pdf(Report("Bare", kpis=kpis)))
    assert "Bare" in pdf.text
    assert all(f.embedded for f in pdf.fonts())


def test_tables_too_big_for_paper_say_what_was_left_out(probe):
    wide = pd.DataFrame(np.ones((3, 20)), columns=[f"C{i}" for i in range(20)])
    tall = pd.DataFrame({"n": range(2500)})
    report = Report("Big", sections=(Section("Wide", table=wide), Section("Tall", table=tall)))
    text = probe(render_pdf(report)).text
    assert "Showing 12 of 20 columns; the Excel export has them all." in text
    assert "Showing the first 2,000 of 2,500 rows; the Excel export has them all." in text
    assert "C11" in text and "C12" not in text


def test_awkward_frames_render_in_pdf_and_excel(probe):
    from analyst.report import render_xlsx

    empty = pd.DataFrame({"Region": pd.Series([], dtype=str), "Revenue": pd.Series([], dtype=float)})
    multi = pd.DataFrame([[1, 2], [3, 4]],
                         columns=pd.MultiIndex.from_tuples([("2026", "Q1"), ("2026", "Q2")]))
    dupes = pd.DataFrame([[1.5, 2.5]], columns=["x", "x"])
    mixed = pd.DataFrame({"when": pd.to_datetime(["2026-01-31", None]), "flag": [True, False],
                          "obj": [[1, 2], None]})
    sections = tuple(Section(name, table=t) for name, t in
                     (("Empty", empty), ("Multi", multi), ("Dupes", dupes), ("Mixed", mixed)))
    report = Report("Awkward", sections=sections)
    text = probe(render_pdf(report)).text
    assert "2026 / Q1" in text and "x x 1.50 2.50" in text and "2026-01-31" in text
    assert render_xlsx(report).startswith(b"PK")
