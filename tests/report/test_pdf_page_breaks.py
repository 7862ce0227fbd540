"""Page breaks a reader would notice: no heading left alone at the foot of a page, and every
chart on the same page as its section heading. Many sections of varying length are laid out
so that, without care, some heading would naturally fall at a page bottom."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import matplotlib
import pandas as pd
import pytest
from pypdf import PdfReader

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from analyst.report import CodeStep, Definition, Report, Section, Source, render_pdf
from analyst.report.styles import MARGIN_BOTTOM, MARGIN_TOP, PAGE_SIZE

# Six whole reports rendered and read back (about a minute on a busy machine, a third of it
# quiet): the full run keeps the page-break checks; the fast tier's report tests render other
# PDFs (tests/report/test_pdf.py).
pytestmark = pytest.mark.slow

SHA = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
SENTENCE = "Виручка зросла у березні завдяки новим клієнтам у північному регіоні. "
CHART_BASE_WIDTH = 1000  # chart n is CHART_BASE_WIDTH + n pixels wide: that is how we find it


def make_chart(folder: Path, number: int, height_in: float) -> Path:
    """A real matplotlib PNG whose pixel width identifies its section."""
    dpi = 100
    fig = plt.figure(figsize=((CHART_BASE_WIDTH + number) / dpi, height_in), dpi=dpi)
    ax = fig.add_subplot()
    ax.bar(["Січ", "Лют", "Бер", "Кві"], [120, 135 + number, 128, 150], color="#2F6F9F")
    path = folder / f"chart-{number}.png"
    fig.savefig(path, dpi=dpi)
    plt.close(fig)
    return path


def monthly_table(rows: int) -> pd.DataFrame:
    months = pd.period_range("2024-01", periods=rows, freq="M").astype(str)
    return pd.DataFrame({"Виручка": [1000.0 + 37 * i for i in range(rows)]},
                        index=pd.Index(months, name="Місяць"))


def layout_report(folder: Path, variant: int) -> Report:
    """Sections whose narrative, chart and table sizes shift with the variant, so headings
    land at every height of a page across the variants."""
    sections = []
    for number in range(1, 9):
        sentences = 1 + (number * 7 + variant * 5) % 19
        height = 2.2 + ((number + variant) % 4) * 0.6
        rows = (0, 6, 12, 40)[(number + variant) % 4]
        sections.append(Section(
            f"Розділ {number} варіант {variant}",
            (SENTENCE * sentences).strip(),
            make_chart(folder, number, height),
            monthly_table(rows) if rows else None,
            {"Виручка": "money"}, "UAH",
        ))
    definitions = tuple(Definition(f"Показник {i}", SENTENCE * (1 + (variant + i) % 5))
                        for i in range(variant % 7 + 3))
    code = "\n".join(f"step_{i} = df.groupby('month')['revenue'].sum()  # {i}"
                     for i in range(28))
    return Report(
        title="Звіт про продажі",
        generated_at=datetime(2026, 11, 29, 14, 5),
        language_hint="uk",
        sections=tuple(sections),
        sources=(Source("sales.csv", SHA, None, 200, ("Дати у форматі день.місяць.",)),),
        definitions=definitions,
        steps_code=(CodeStep("Виручка за місяцями", code), CodeStep("Частки", code)),
    )


def page_lines(page) -> list[tuple[float, str]]:
    """Text lines inside the body frame (running header and footer left out), top to bottom."""
    pieces: dict[int, list[tuple[float, str]]] = {}

    def visit(text, cm, tm, font, size):
        if not text.strip():
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        if MARGIN_BOTTOM - 2 <= y <= PAGE_SIZE[1] - MARGIN_TOP + 2:
            pieces.setdefault(round(y), []).append((x, text.strip()))

    page.extract_text(visitor_text=visit)
    return [(y, " ".join(t for _, t in sorted(pieces[y]))) for y in sorted(pieces, reverse=True)]


def chart_pages(reader: PdfReader) -> dict[int, int]:
    """Section number -> page index its chart is drawn on."""
    found = {}
    for index, page in enumerate(reader.pages):
        for image in page.images:
            found[image.image.size[0] - CHART_BASE_WIDTH] = index
    return found


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> list[tuple[Report, PdfReader]]:
    out = []
    for variant in range(6):
        folder = tmp_path_factory.mktemp(f"variant-{variant}")
        report = layout_report(folder, variant)
        path = folder / "report.pdf"
        path.write_bytes(render_pdf(report))
        out.append((report, PdfReader(str(path))))
    return out


def headings_of(report: Report) -> set[str]:
    titles = {f"{n}. {s.title}" for n, s in enumerate(report.sections, start=1)}
    return titles | {"Методологія", "Вихідні файли", "Визначення", "Кроки аналізу"}


def test_no_page_ends_with_a_section_or_appendix_heading(rendered):
    for report, reader in rendered:
        headings = headings_of(report)
        for index, page in enumerate(reader.pages[:-1]):
            lines = page_lines(page)
            if lines:
                last = lines[-1][1]
                assert last not in headings, f"{report.sections[0].title}: page {index + 1} " \
                                             f"ends with the heading {last!r}"


def test_every_chart_is_on_the_page_of_its_section_heading(rendered):
    for report, reader in rendered:
        charts = chart_pages(reader)
        assert sorted(charts) == list(range(1, len(report.sections) + 1))
        for number, item in enumerate(report.sections, start=1):
            title = f"{number}. {item.title}"
            pages = [i for i, page in enumerate(reader.pages)
                     if title in (line for _, line in page_lines(page))]
            assert pages, f"heading {title!r} not found"
            assert charts[number] == pages[-1], f"{title!r} on page {pages[-1] + 1}, " \
                                                f"its chart on page {charts[number] + 1}"


def test_the_layout_variants_really_put_headings_near_page_bottoms(rendered):
    """Guards the test itself: the sizes must make headings fall low on some page."""
    low = 0
    for report, reader in rendered:
        headings = headings_of(report)
        for page in reader.pages:
            for y, line in page_lines(page):
                if line in headings and y < MARGIN_BOTTOM + 0.4 * (PAGE_SIZE[1] - MARGIN_TOP):
                    low += 1
    assert low >= 3
