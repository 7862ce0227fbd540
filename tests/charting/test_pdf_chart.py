"""The PDF draws each section's chart record as vector paths, in the report's embedded font.

Spec over generated result tables in en/uk/ru/zh: a section with a chart record has no
raster image in the PDF (even when the step also saved a PNG), every font is embedded,
the chart's labels and values are text on the page as the answer writes them, and
Cyrillic and Chinese labels draw as real glyphs, not boxes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from analyst.brain.code.charts import chart_for
from analyst.charting.chart_text import value_text
from analyst.recipes import ChartSeries, ChartSpec, render_chart
from analyst.report import Report, Section, render_pdf
from tests.acceptance.pdfcheck import crop, distinct_glyph_shapes, fonts, grey, render_pages, words
from tests.charting.tables import results

LANGUAGES = ("en", "uk", "ru", "zh")


def _raster_images(pdf: Path) -> int:
    import subprocess

    listing = subprocess.run(["pdfimages", "-list", str(pdf)], check=True, capture_output=True,
                             text=True).stdout.splitlines()
    return len(listing) - 2  # two header lines


@pytest.fixture(scope="module")
def picture(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A PNG as the sandbox draws a recipe chart: what the vector chart stands in for."""
    spec = ChartSpec("barh", "t", ("a", "b"), (ChartSeries("v", (1.0, 2.0)),))
    return render_chart(spec, tmp_path_factory.mktemp("png") / "chart.png")


@pytest.mark.parametrize("seed", range(8))
def test_recipe_charts_are_vector_paths_with_their_labels_as_text(seed: int, tmp_path: Path,
                                                                   picture: Path) -> None:
    language = LANGUAGES[seed % 4]
    charts = [chart_for(r, a, t, title=f"{r} {language}", language=language)
              for r, a, t in results(seed)]
    sections = tuple(Section(title=f"Section {i}", chart=c, chart_path=picture)
                     for i, c in enumerate(charts) if c is not None)
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(render_pdf(Report(title="Charts", sections=sections, language_hint=language)))
    assert _raster_images(pdf) == 0
    assert all(f.embedded for f in fonts(pdf)), fonts(pdf)
    # pypdf keeps slanted text too (poppler's word boxes leave the slanted months out).
    on_page = {token for page in PdfReader(pdf).pages for token in page.extract_text().split()}
    for chart in (s.chart for s in sections):
        assert chart is not None
        shown = [m for m in chart.ordered() if len(m.label) < 20][:8]
        for mark in shown:
            for token in mark.label.split():
                assert token in on_page, (chart.kind, mark.label)
        if chart.kind != "line" and len(chart.labels()) <= 16:  # values written on the bars
            first = value_text(chart, chart.ordered()[0].value)
            assert all(token in on_page for token in first.split()), first


@pytest.mark.parametrize("label", ["Південь", "Восток", "华东"])
def test_cyrillic_and_chinese_chart_labels_draw_as_glyphs(label: str, tmp_path: Path) -> None:
    recipe, args, table = results(7)[2]  # a breakdown by region: all eight labels
    chart = chart_for(recipe, args, table, title="Виручка 华东", language="uk")
    assert chart is not None and label in chart.labels()
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(render_pdf(Report(title="T", sections=(Section(title="S", chart=chart),))))
    word = [w for w in words(pdf) if w.text == label][-1]  # the bar's label (after the title)
    (page,) = render_pages(pdf, tmp_path / "pages", 300, word.page)
    assert distinct_glyph_shapes(crop(grey(page), word.box, 300)) >= len(set(label)) - 1
