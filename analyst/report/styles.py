"""The look of the PDF: a restrained palette, page geometry and paragraph styles."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, TableStyle

from analyst.report.fonts import FontSet
from analyst.report.text import clean, escape

# Palette: one dark navy for structure, greys for text, a single accent for figures.
NAVY = colors.HexColor("#1F3A5F")
ACCENT = colors.HexColor("#2F6F9F")
INK = colors.HexColor("#1F2933")
MUTED = colors.HexColor("#6B7785")
RULE = colors.HexColor("#D5DBE3")
ZEBRA = colors.HexColor("#F4F6F9")
TILE = colors.HexColor("#F1F4F8")
COVER_SUBTLE = colors.HexColor("#C9D6E6")
NEGATIVE = colors.HexColor("#B23B3B")
NOTICE_BG = colors.HexColor("#FBF7EC")
NOTICE_RULE = colors.HexColor("#D9C48F")

PAGE_SIZE = A4
MARGIN_X = 20 * mm
MARGIN_TOP = 24 * mm  # room for the running header
MARGIN_BOTTOM = 20 * mm  # room for the footer
FRAME_WIDTH = PAGE_SIZE[0] - 2 * MARGIN_X
FRAME_HEIGHT = PAGE_SIZE[1] - MARGIN_TOP - MARGIN_BOTTOM


@dataclass(frozen=True)
class Styles:
    """Paragraph styles for one report (they depend on the report's fonts)."""

    fonts: FontSet
    title: ParagraphStyle
    subtitle: ParagraphStyle
    cover_meta: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    body: ParagraphStyle
    bullet: ParagraphStyle
    small: ParagraphStyle
    kpi_label: ParagraphStyle
    kpi_value: ParagraphStyle
    kpi_delta: ParagraphStyle
    cell: ParagraphStyle
    header_cell: ParagraphStyle
    header_cell_right: ParagraphStyle
    code: ParagraphStyle
    mono_small: ParagraphStyle
    toc_level0: ParagraphStyle


def build_styles(fonts: FontSet) -> Styles:
    # CJK text has no spaces to break at; "CJK" wrapping breaks between characters.
    wrap = "CJK" if fonts.cjk else None
    # Headings in the CJK face cannot be bold: a step more size and the navy colour carry them.
    bump = 1.5 if fonts.cjk else 0

    def style(name: str, **kw: object) -> ParagraphStyle:
        base: dict[str, object] = {
            "fontName": fonts.regular,
            "bulletFontName": fonts.regular,  # the default, Helvetica, is never embedded
            "fontSize": 9.5,
            "leading": 13.5,
            "textColor": INK,
            "alignment": TA_LEFT,
            "splitLongWords": 1,
        }
        if wrap:
            base["wordWrap"] = wrap
        base.update(kw)
        return ParagraphStyle(name, **base)  # type: ignore[arg-type]

    return Styles(
        fonts=fonts,
        title=style("Title", fontName=fonts.bold, fontSize=22 + bump, leading=28 + bump,
                    textColor=colors.white),
        subtitle=style("Subtitle", fontSize=11.5, leading=15.5, textColor=COVER_SUBTLE),
        cover_meta=style("CoverMeta", fontSize=8.5, leading=11, textColor=COVER_SUBTLE),
        h1=style("H1", fontName=fonts.bold, fontSize=15 + bump, leading=20 + bump,
                 textColor=NAVY, spaceBefore=14, spaceAfter=6, keepWithNext=1),
        h2=style("H2", fontName=fonts.bold, fontSize=11 + bump, leading=15 + bump,
                 textColor=NAVY, spaceBefore=10, spaceAfter=4, keepWithNext=1),
        body=style("Body", spaceAfter=6),
        bullet=style("Bullet", leftIndent=12, bulletIndent=2, spaceAfter=2),
        small=style("Small", fontSize=8, leading=10.5, textColor=MUTED),
        kpi_label=style("KPILabel", fontSize=8, leading=10.5, textColor=MUTED),
        kpi_value=style("KPIValue", fontName=fonts.bold, fontSize=15 + bump / 2,
                        leading=19 + bump / 2, textColor=NAVY),
        kpi_delta=style("KPIDelta", fontSize=8, leading=10.5, textColor=MUTED),
        cell=style("Cell", fontSize=8, leading=10),
        header_cell=style("HeaderCell", fontName=fonts.bold, fontSize=8, leading=10,
                          textColor=colors.white),
        header_cell_right=style("HeaderCellRight", fontName=fonts.bold, fontSize=8, leading=10,
                                textColor=colors.white, alignment=TA_RIGHT),
        code=style("Code", fontName=fonts.mono, fontSize=7.2, leading=9.2, textColor=INK),
        mono_small=style("MonoSmall", fontName=fonts.mono, fontSize=7.5, leading=10),
        toc_level0=style("TOC0", fontSize=10, leading=16, leftIndent=0),
    )


def table_style(st: Styles, commands: list[tuple]) -> TableStyle:
    """A TableStyle in the report's font: a table left on the default font would pull in
    Helvetica, which is never embedded."""
    return TableStyle([("FONT", (0, 0), (-1, -1), st.fonts.regular, 9), *commands])


def padding(left: float, right: float, top: float, bottom: float) -> list[tuple]:
    """TableStyle commands padding every cell of a table by these sides."""
    return [(f"{side}PADDING", (0, 0), (-1, -1), size) for side, size in
            (("LEFT", left), ("RIGHT", right), ("TOP", top), ("BOTTOM", bottom))]


class Heading(Paragraph):
    """A paragraph that may be listed in the contents: `toc_entry` is (level, markup,
    plain text, bookmark key), read by ReportDoc.afterFlowable."""

    toc_entry: tuple[int, str, str, str] | None = None


def heading(text: str, style: ParagraphStyle, key: str | None = None) -> Paragraph:
    """A heading; with a key it is listed in the contents and the PDF outline."""
    para = Heading(escape(text), style)
    if key is not None:
        para.toc_entry = (0, escape(text), clean(text), key)
    return para
