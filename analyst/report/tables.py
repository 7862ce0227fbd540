"""A section's DataFrame as a reportlab Table: formatted, right-aligned numbers, zebra rows,
a header repeated on every page, long text wrapped and cut."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from analyst.report.frames import NUMERIC_FORMATS, cell_text, column_formats, prepare_frame
from analyst.report.styles import FRAME_WIDTH, INK, NAVY, RULE, ZEBRA, Styles, padding
from analyst.report.text import escape, para_text, truncate
from analyst.words.number_formats import format_int

MAX_ROWS = 2000  # beyond this a PDF is no longer read; the Excel export has every row
MAX_COLUMNS = 12  # beyond this columns become too narrow to read on A4
CELL_CHARS = 300  # a 10,000-character cell is cut, with an ellipsis
SAMPLE_ROWS = 300  # rows measured to size the columns
PAD = 5
MIN_TEXT_WIDTH = 48
SHORT_TEXT = 16  # a column of cells this short (months "лист. 2026", codes) is kept on one line
# A wide table takes a smaller font and padding before any word is torn: (size, padding).
SIZES: tuple[tuple[float, float], ...] = ((8, PAD), (7, PAD), (6.5, 4), (6, 3), (5.5, 2.5))


def _widths(
    header: list[str], body: list[list[str]], numeric: list[bool], fonts: tuple[str, str], size: float,
    pad: float = PAD,
) -> tuple[list[float], list[float]]:
    """(natural, minimum) width of each column in points, measured on a sample of rows.

    Natural: the header on one line (up to ~110pt) and the widest cell. Minimum: numbers
    whole, header words whole (a word is only split when nothing else fits), text >= 48pt
    with its longest word whole, a column of short cells (months, codes) on one line.
    """
    regular, bold = fonts
    sample = body[:SAMPLE_ROWS] + body[-20:]
    natural, minimum = [], []
    for j, name in enumerate(header):
        head = min(stringWidth(name, bold, size), 110)
        word = max((stringWidth(w, bold, size) for w in name.split()), default=0)
        cells = max((stringWidth(row[j][:80], regular, size) for row in sample), default=0)
        if numeric[j]:
            natural.append(max(head, cells, 18) + 2 * pad)
            minimum.append(max(word, cells, 18) + 2 * pad)
        else:
            natural.append(max(head, min(cells, 240), 18) + 2 * pad)
            short = all(len(row[j]) <= SHORT_TEXT for row in sample)
            whole = cells if short else min(120, max(
                (stringWidth(w, regular, size) for row in sample for w in row[j][:80].split()), default=0))
            minimum.append(min(natural[-1], max(word, whole, MIN_TEXT_WIDTH) + 2 * pad))
    return natural, minimum


def _sized(header: list[str], body: list[list[str]], numeric: list[bool], fonts: tuple[str, str],
           width: float) -> tuple[float, float, list[float]]:
    """The largest font size and padding (8pt, 7pt from 7 columns, down to 5.5pt) at which
    every column's minimum fits `width`, and the columns' widths: a wide table's headers
    and months then wrap between words ("Операційний / прибуток"), never inside one
    ("Виручк / а")."""
    sizes = SIZES if len(header) <= 6 else SIZES[1:]
    for size, pad in sizes[:-1]:
        natural, minimum = _widths(header, body, numeric, fonts, size, pad)
        if sum(minimum) <= width:
            return size, pad, _fit(natural, minimum, width)
    smallest, least = sizes[-1]
    return smallest, least, _fit(*_widths(header, body, numeric, fonts, smallest, least), width)


def _fit(natural: list[float], minimum: list[float], width: float) -> list[float]:
    """Column widths adding up to `width`: grow from natural, or shrink toward the minimum."""
    total, floor = sum(natural), sum(minimum)
    if total <= width:
        return [w * width / total for w in natural]
    if floor <= width:
        give = (width - floor) / (total - floor)
        return [m + (n - m) * give for n, m in zip(natural, minimum, strict=True)]
    return [m * width / floor for m in minimum]  # too many columns: everything shrinks


def frame_table(
    df: pd.DataFrame,
    formats: Mapping[str, str],
    currency: str | None,
    styles: Styles,
    labels: Mapping[str, str],
    width: float = FRAME_WIDTH,
    language: str | None = "en",
    row_formats: Mapping[int, str] | None = None,
) -> list[Flowable]:
    """The table of a section, followed by a note when rows or columns were left out.

    Figures are written in `language`'s style ("1 234,50 грн" in Ukrainian)."""
    frame = prepare_frame(df)
    notes: list[str] = []
    total_rows, total_cols = len(frame), frame.shape[1]
    if total_cols > MAX_COLUMNS:
        frame = frame.iloc[:, :MAX_COLUMNS]
        notes.append(labels["cols_cut"].format(shown=MAX_COLUMNS,
                                               total=format_int(total_cols, language)))
    if total_rows > MAX_ROWS:
        frame = frame.iloc[:MAX_ROWS]
        notes.append(labels["rows_cut"].format(shown=format_int(MAX_ROWS, language),
                                               total=format_int(total_rows, language)))
    fmts = column_formats(frame, formats)
    numeric = [fmt in NUMERIC_FORMATS for fmt in fmts]
    header = [truncate(str(name), 80) for name in frame.columns]
    rows_fmt = row_formats or {}
    # A row's format is that of its cells in columns without a format of their own (the
    # overview's min and max follow their row's column; its counts stay counts).
    by_row = [numeric[j] and str(name) not in formats for j, name in enumerate(frame.columns)]
    body = [
        [truncate(cell_text(value, rows_fmt.get(i, fmts[j]) if by_row[j] else fmts[j],
                            currency, language), CELL_CHARS)
         for j, value in enumerate(row)]
        for i, row in enumerate(frame.itertuples(index=False, name=None))
    ]
    fonts = styles.fonts
    size, pad, widths = _sized(header, body, numeric, (fonts.regular, fonts.bold), width)

    head_style = {
        False: styles.header_cell.clone("HeaderSized", fontSize=size, leading=size + 2),
        True: styles.header_cell_right.clone("HeaderSizedRight", fontSize=size, leading=size + 2),
    }
    cell_style = styles.cell.clone("CellSized", fontSize=size, leading=size + 2.2)
    data: list[list[object]] = [
        [Paragraph(escape(name), head_style[numeric[j]]) for j, name in enumerate(header)]
    ]
    room = [w - 2 * pad for w in widths]
    for row in body:
        # Numbers and text that fits are plain strings (drawn as is: no markup, fast);
        # longer text wraps in a Paragraph.
        data.append([
            value
            if numeric[j] or ("\n" not in value and stringWidth(value, fonts.regular, size) <= room[j])
            else Paragraph(para_text(value), cell_style)
            for j, value in enumerate(row)
        ])
    commands: list[tuple] = [
        ("BACKGROUND", (0, 0), (-1, 0), NAVY),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, ZEBRA]),
        # Every cell gets our font: the default (Helvetica) is never embedded.
        ("FONT", (0, 0), (-1, -1), fonts.regular, size, size + 2.2),
        ("TEXTCOLOR", (0, 1), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("VALIGN", (0, 1), (-1, -1), "TOP"),
        *padding(pad, pad, 3, 3.5),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, RULE),
    ]
    for j, is_number in enumerate(numeric):
        if is_number:
            commands.append(("ALIGN", (j, 1), (j, -1), "RIGHT"))
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT", splitByRow=1)
    table.setStyle(TableStyle(commands))
    flowables: list[Flowable] = [table]
    for note in notes:
        flowables += [Spacer(1, 3), Paragraph(escape(note), styles.small)]
    return flowables
