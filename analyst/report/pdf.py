"""`render_pdf(report) -> bytes`: the report as a PDF built with reportlab platypus.

Each part of the report is a small function returning flowables; page furniture lives in
`pages.py`, tables in `tables.py`, the methodology appendix in `appendix.py`. All user and
model text is escaped on the way in.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from io import BytesIO
from pathlib import Path

import pandas as pd
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    Image,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
)
from reportlab.platypus.tableofcontents import TableOfContents

from analyst.pictures import checked_size
from analyst.record.chart import Chart
from analyst.report import styles as sty
from analyst.report.appendix import appendix
from analyst.report.fonts import fonts_for
from analyst.report.labels import detect_language, labels_for
from analyst.report.model import KPI, Report, Section
from analyst.report.pages import ReportDoc, numbered_canvas
from analyst.report.styles import (
    FRAME_HEIGHT,
    FRAME_WIDTH,
    Styles,
    build_styles,
    heading,
    padding,
    table_style,
)
from analyst.report.tables import frame_table
from analyst.report.text import clean, contains_cjk, escape, para_text, paragraphs
from analyst.report.vector import chart_drawing, marks_text
from analyst.words.number_formats import format_delta, format_value

TOC_MIN_SECTIONS = 4  # a contents page pays off from four sections on
KPI_COLUMNS = 3
CHART_MAX_HEIGHT = 0.55 * FRAME_HEIGHT
Labels = Mapping[str, str]


def format_generated(moment: datetime) -> str:
    text = moment.strftime("%Y-%m-%d %H:%M")
    zone = moment.tzname()
    return f"{text} {zone}" if zone else text


def cover(report: Report, st: Styles, lb: Labels) -> list[Flowable]:
    rows = [[Paragraph(para_text(report.title, 300), st.title)]]
    if report.subtitle.strip():
        rows.append([Paragraph(para_text(report.subtitle, 600), st.subtitle)])
    generated = f"{lb['generated']} {format_generated(report.generated_at)}"
    rows.append([Paragraph(escape(generated), st.cover_meta)])
    block = Table(rows, colWidths=[FRAME_WIDTH])
    block.setStyle(table_style(st, [
        ("BACKGROUND", (0, 0), (-1, -1), sty.NAVY),
        ("LINEBELOW", (0, -1), (-1, -1), 3, sty.ACCENT),
        *padding(18, 18, 4, 4),
        ("TOPPADDING", (0, 0), (-1, 0), 26),
        ("BOTTOMPADDING", (0, -1), (-1, -1), 20),
        ("TOPPADDING", (0, -1), (-1, -1), 10),
    ]))
    return [block, Spacer(1, 8)]


def kpi_tile(kpi: KPI, st: Styles, width: float, language: str = "en") -> Table:
    value = format_value(kpi.value, kpi.format, kpi.currency, language)
    # A long figure shrinks to fit one line rather than wrapping mid-number.
    size = st.kpi_value.fontSize
    while size > 9 and stringWidth(value, st.kpi_value.fontName, size) > width - 22:
        size -= 0.5
    value_style = st.kpi_value.clone("KPIValueFit", fontSize=size, leading=size * 1.25)
    cells = [[Paragraph(para_text(kpi.label, 120), st.kpi_label)],
             [Paragraph(escape(value), value_style)]]
    if kpi.delta is not None:
        arrow = "\u25b2 " if kpi.delta > 0 else "\u25bc " if kpi.delta < 0 else ""
        text = arrow + format_delta(kpi.delta, language, kpi.delta_unit)
        if kpi.delta_label.strip():
            text += " " + clean(kpi.delta_label)
        cells.append([Paragraph(escape(text), st.kpi_delta)])
    else:  # an empty line keeps the tiles of a row the same height
        cells.append([Paragraph("&nbsp;", st.kpi_delta)])
    tile = Table(cells, colWidths=[width])
    tile.setStyle(table_style(st, [
        ("BACKGROUND", (0, 0), (-1, -1), sty.TILE),
        ("LINEBEFORE", (0, 0), (0, -1), 2.5, sty.ACCENT),
        *padding(10, 8, 1.5, 1.5),
        ("TOPPADDING", (0, 0), (-1, 0), 8),
        ("BOTTOMPADDING", (0, -1), (-1, -1), 9),
    ]))
    return tile


def kpi_grid(kpis: tuple[KPI, ...], st: Styles, language: str = "en") -> list[Flowable]:
    if not kpis:
        return []
    gap = 8
    width = (FRAME_WIDTH - gap * (KPI_COLUMNS - 1)) / KPI_COLUMNS
    tiles: list[object] = [kpi_tile(kpi, st, width, language) for kpi in kpis]
    tiles += [""] * (-len(tiles) % KPI_COLUMNS)
    rows = [tiles[i:i + KPI_COLUMNS] for i in range(0, len(tiles), KPI_COLUMNS)]
    grid = Table(rows, colWidths=[width + gap] * (KPI_COLUMNS - 1) + [width], hAlign="LEFT")
    grid.setStyle(table_style(st, [
        *padding(0, gap, 0, gap),
        ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    return [grid]


def notice_box(report: Report, st: Styles, lb: Labels) -> list[Flowable]:
    text = report.notice if report.notice is not None else lb["notice"]
    if not text.strip():
        return []
    body = f"<b>{escape(lb['notice_title'])}</b> {para_text(text, 2000)}"
    box = Table([[Paragraph(body, st.small)]], colWidths=[FRAME_WIDTH])
    box.setStyle(table_style(st, [
        ("BACKGROUND", (0, 0), (-1, -1), sty.NOTICE_BG),
        ("LINEBEFORE", (0, 0), (0, -1), 2.5, sty.NOTICE_RULE),
        *padding(10, 10, 7, 8),
    ]))
    return [Spacer(1, 4), box]


def summary(report: Report, st: Styles, lb: Labels) -> list[Flowable]:
    flow: list[Flowable] = [heading(lb["summary"], st.h1, key="summary")]
    flow += kpi_grid(report.kpis, st, lb["language"])
    return flow + notice_box(report, st, lb)


def contents(st: Styles, lb: Labels) -> list[Flowable]:
    toc = TableOfContents(dotsMinLevel=0, tableStyle=table_style(st, [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ]))
    toc.levelStyles = [st.toc_level0]
    return [PageBreak(), Paragraph(escape(lb["contents"]), st.h1), Spacer(1, 4), toc, PageBreak()]


def chart(path: Path, st: Styles, lb: Labels) -> list[Flowable]:
    try:
        checked_size(path)  # a step's picture: its header is untrusted (analyst.pictures)
        width_px, height_px = ImageReader(str(path)).getSize()
    except (OSError, ValueError):  # a missing, unreadable or huge chart must not cost the whole report
        return [Paragraph(escape(lb["chart_missing"].format(name=Path(path).name)), st.small)]
    width = FRAME_WIDTH
    height = width * height_px / width_px
    if height > CHART_MAX_HEIGHT:  # keep the aspect ratio: shrink both sides
        width, height = width * CHART_MAX_HEIGHT / height, CHART_MAX_HEIGHT
    image = Image(str(path), width=width, height=height)
    image.hAlign = "CENTER"
    return [Spacer(1, 4), image, Spacer(1, 8)]


def vector_chart(spec: Chart, st: Styles) -> list[Flowable]:
    """The section's chart record as vector paths, in the report's embedded font."""
    drawing = chart_drawing(spec, FRAME_WIDTH, st.fonts.regular, CHART_MAX_HEIGHT)
    drawing.hAlign = "CENTER"
    return [Spacer(1, 4), drawing, Spacer(1, 8)]


def stack_height(flowables: list[Flowable]) -> float:
    """Height the flowables take in a full-width frame (spacing between them included)."""
    total = 0.0
    for item in flowables:
        total += item.wrap(FRAME_WIDTH, FRAME_HEIGHT)[1]
        total += item.getSpaceBefore() + item.getSpaceAfter()
    return total


def section(number: int, item: Section, st: Styles, lb: Labels) -> list[Flowable]:
    title = f"{number}. {clean(item.title)}"
    head = heading(title, st.h1, key=f"section-{number}")
    text = [Paragraph(para_text(block), st.body) for block in paragraphs(item.narrative)]
    picture = (vector_chart(item.chart, st) if item.chart is not None
               else chart(item.chart_path, st, lb) if item.chart_path is not None else [])
    table: list[Flowable] = []
    if item.table is not None and item.table.shape[1] > 0:
        table = [Spacer(1, 4), *frame_table(item.table, item.column_formats, item.currency,
                                            st, lb, language=lb["language"],
                                            row_formats=item.row_formats)]
    # The heading, its narrative and its chart move as one block, so a heading never ends
    # a page and a chart never lands a page away from its heading. A narrative too long to
    # share a page with its chart gives way: the chart goes right under the heading.
    block: list[Flowable] = [head, *text, *picture]
    if picture and stack_height(block) > FRAME_HEIGHT:
        block = [head, *picture, *text]
    rest = table
    # A table short enough to join the block stays with its chart; a long one follows and
    # splits across pages with its header row repeated.
    if table and stack_height([*block, *table]) <= FRAME_HEIGHT:
        block, rest = [*block, *table], []
    if stack_height(block) > FRAME_HEIGHT:
        # Only a narrative longer than a page gets here: keep the heading with its first
        # paragraph and let the rest flow.
        return [KeepTogether(block[:2]), *block[2:], *rest, Spacer(1, 10)]
    return [KeepTogether(block), *rest, Spacer(1, 10)]


def report_texts(report: Report) -> Iterator[str]:
    """Every piece of text the PDF can show (to pick a font that draws all of it)."""
    yield from (report.title, report.subtitle, report.notice or "")
    for kpi in report.kpis:
        yield kpi.label
        yield kpi.delta_label
    for item in report.sections:
        yield item.title
        yield item.narrative
        if item.chart is not None:
            yield item.chart.title
            yield marks_text(item.chart.marks)
            yield " ".join((item.chart.x_title, item.chart.y_title))
        if item.table is not None:
            yield " ".join(map(str, item.table.columns))
            yield " ".join(map(str, item.table.index.names))
            head = item.table.head(2000)
            yield " ".join(map(str, head.index.tolist()))
            for position in range(head.shape[1]):  # by position: names may repeat
                column = head.iloc[:, position]
                if not pd.api.types.is_numeric_dtype(column):
                    yield " ".join(map(str, column.tolist()))
    for source in report.sources:
        yield from (source.file_name, source.sheet or "", *source.assumptions)
    for definition in report.definitions:
        yield from (definition.name, definition.text)
    if report.include_code:
        for step in report.steps_code:
            yield from (step.title, step.code)


def render_pdf(report: Report) -> bytes:
    """The report as PDF bytes (A4, fonts embedded).

    Raises `ReportError` (e.g. `FontUnavailable`) with a message that says how to fix it.
    """
    fonts = fonts_for(contains_cjk(report_texts(report)))
    own_words = [report.title, report.subtitle]
    own_words += [text for s in report.sections for text in (s.title, s.narrative)]
    lb = labels_for(report.language_hint or detect_language(own_words))
    st = build_styles(fonts)

    story: list[Flowable] = cover(report, st, lb) + summary(report, st, lb)
    long_report = len(report.sections) >= TOC_MIN_SECTIONS
    if long_report:
        story += contents(st, lb)
    for number, item in enumerate(report.sections, start=1):
        story += section(number, item, st, lb)
    if report.sources or report.definitions or (report.include_code and report.steps_code):
        story += appendix(report, st, lb)

    buffer = BytesIO()
    generated = f"{lb['generated']} {format_generated(report.generated_at)}"
    doc = ReportDoc(buffer, title=report.title, subtitle=report.subtitle, generated=generated,
                    font=fonts.regular)
    canvasmaker = numbered_canvas(fonts.regular, lb["page"])
    if long_report:
        doc.multiBuild(story, canvasmaker=canvasmaker)
    else:
        doc.build(story, canvasmaker=canvasmaker)
    return buffer.getvalue()
