"""The methodology appendix: source files with SHA-256, ingestion assumptions, definitions
and, unless switched off, the code of every step."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Preformatted,
    Spacer,
    Table,
)

from analyst.report import styles as sty
from analyst.report.model import Report
from analyst.report.styles import FRAME_WIDTH, Styles, heading, table_style
from analyst.report.text import clean, escape, para_text
from analyst.words.number_formats import format_int

Labels = Mapping[str, str]


def wrap_code(code: str, font: str, size: float, width: float) -> str:
    """Hard-wrap code to `width` points (Preformatted never wraps); continuations are marked."""
    lines = []
    for line in clean(code).expandtabs(4).split("\n"):
        current, used = "", 0.0
        for char in line:
            advance = stringWidth(char, font, size)
            if used + advance > width and current:
                lines.append(current)
                current, used = "  \u21aa ", stringWidth("  \u21aa ", font, size)
            current += char
            used += advance
        lines.append(current)
    return "\n".join(lines)


def appendix(report: Report, st: Styles, lb: Labels) -> list[Flowable]:
    flow: list[Flowable] = [PageBreak(), heading(lb["methodology"], st.h1, key="methodology")]
    if report.sources:
        flow.append(Paragraph(escape(lb["sources"]), st.h2))
    for source in report.sources:
        rows = [
            (lb["file"], Paragraph(f"<b>{para_text(source.file_name, 300)}</b>", st.body)),
            ("SHA-256", Paragraph(escape(source.sha256), st.mono_small)),
            (lb["sheet"], Paragraph(para_text(source.sheet or "\u2014", 300), st.body)),
            (lb["rows"], format_int(source.rows, lb["language"])),
            (lb["excluded"], format_int(source.excluded_rows, lb["language"])),
        ]
        data = [[Paragraph(escape(key), st.small), value] for key, value in rows]
        info = Table(data, colWidths=[80, FRAME_WIDTH - 80], hAlign="LEFT")
        info.setStyle(table_style(st, [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("LINEABOVE", (0, 0), (-1, 0), 0.5, sty.RULE),
        ]))
        flow += [info]
        if source.assumptions:
            flow += [Spacer(1, 4), Paragraph(escape(lb["assumptions"]), st.small)]
            flow += [Paragraph(para_text(text, 2000), st.bullet, bulletText="\u2022")
                     for text in source.assumptions]
        flow.append(Spacer(1, 8))
    if report.definitions:
        flow.append(Paragraph(escape(lb["definitions"]), st.h2))
        flow += [Paragraph(f"<b>{para_text(d.name, 200)}</b> \u2014 {para_text(d.text, 5000)}",
                           st.body) for d in report.definitions]
    if report.include_code and report.steps_code:
        steps_heading: list[Flowable] = [Paragraph(escape(lb["steps"]), st.h2)]
        for number, step in enumerate(report.steps_code, start=1):
            title = Paragraph(f"<b>{number}.</b> {para_text(step.title, 300)}", st.body)
            code = Preformatted(
                wrap_code(step.code, st.code.fontName, st.code.fontSize, FRAME_WIDTH - 16),
                st.code.clone("CodeBlock", leftIndent=8, backColor=sty.TILE, borderPadding=4),
            )
            # The "Steps" heading travels with the first step, so it never ends a page alone
            # (a nested KeepTogether after a keepWithNext heading does not guarantee that).
            flow += [KeepTogether([*steps_heading, title, Spacer(1, 2), code]), Spacer(1, 8)]
            steps_heading = []
    return flow
