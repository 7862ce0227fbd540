"""`render_xlsx(report) -> bytes`: the report as an Excel workbook.

Sheets: Summary (title, KPIs with number formats, the notice), one sheet per section with
a table or a chart (frozen header, autofilter, number formats; the chart native over the
table's cells when the section has a chart record, else as an image),
Sources (files, SHA-256, assumptions, definitions) and, when code is included, Steps.
Figures are written as numbers with an Excel number format, never as formatted text, so
they stay usable in formulas.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from datetime import date, datetime
from io import BytesIO
from numbers import Integral, Real
from pathlib import Path

import numpy as np
import pandas as pd
from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.chart import BarChart, LineChart, PieChart
from openpyxl.drawing.image import Image as XLImage
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from analyst.pictures import checked_size
from analyst.report.frames import NUMERIC_FORMATS, column_formats, prepare_frame
from analyst.report.labels import detect_language, labels_for
from analyst.report.model import Report, Section
from analyst.report.pdf import format_generated
from analyst.report.text import clean, truncate
from analyst.report.xlsx_chart import bridge_chart, native_chart
from analyst.words.number_formats import excel_delta_format, excel_number_format

EXCEL_CELL_CHARS = 32_767  # Excel's limit for one cell
IMAGE_WIDTH_PX = 720
HEADER_FILL = PatternFill("solid", fgColor="1F3A5F")
HEADER_FONT = Font(bold=True, color="FFFFFF")
TITLE_FONT = Font(bold=True, size=16, color="1F3A5F")
SUBTLE_FONT = Font(italic=True, color="6B7785")
_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
_RESERVED = {"history"}  # Excel refuses a sheet named History


def safe_sheet_name(name: str, taken: Iterable[str]) -> str:
    """A valid, unique sheet name: no []:*?/\\, at most 31 characters, unique ignoring case."""
    base = _FORBIDDEN.sub(" ", clean(name)).replace("\n", " ").strip().strip("'").strip()
    base = re.sub(r"\s+", " ", base) or "Sheet"
    used = {t.lower() for t in taken}
    candidate = base[:31].rstrip()
    counter = 1
    while candidate.lower() in used or candidate.lower() in _RESERVED:
        counter += 1
        suffix = f" ({counter})"
        candidate = base[: 31 - len(suffix)].rstrip() + suffix
    return candidate


def _cell_value(value: object) -> bool | int | float | str | date | None:
    """A value openpyxl writes faithfully: numbers as numbers, text cleaned and bounded."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, Real):
        number = float(value)
        return None if math.isnan(number) or math.isinf(number) else number
    if isinstance(value, pd.Timestamp):
        value = value.to_pydatetime()
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)  # Excel has no time zones
    if isinstance(value, date):
        return value
    return truncate(clean(value), EXCEL_CELL_CHARS)


def _put(ws: Worksheet, row: int, column: int, value: object) -> Cell:
    cell = ws.cell(row=row, column=column, value=_cell_value(value))
    if not isinstance(cell, Cell):  # a merged cell holds no value: we write only fresh cells
        raise TypeError(f"cell {row},{column} is part of a merged range")
    if isinstance(cell.value, str) and cell.value.startswith("="):
        cell.data_type = "s"  # text from a file is never run as a formula
    return cell


def _autofit(ws: Worksheet, widths: dict[int, int]) -> None:
    for column, chars in widths.items():
        ws.column_dimensions[get_column_letter(column)].width = max(8, min(chars + 2, 60))


def _summary_sheet(ws: Worksheet, report: Report, lb: dict[str, str]) -> None:
    ws.title = lb["summary_sheet"]  # "Підсумок": the first tab speaks the report's language
    _put(ws, 1, 1, report.title).font = TITLE_FONT
    _put(ws, 2, 1, report.subtitle)
    _put(ws, 3, 1, f"{lb['generated']} {format_generated(report.generated_at)}").font = SUBTLE_FONT
    row = 5
    if report.kpis:
        for column, text in enumerate((lb["indicator"], lb["value"], lb["change"]), start=1):
            cell = _put(ws, row, column, text)
            cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        for kpi in report.kpis:
            row += 1
            _put(ws, row, 1, kpi.label)
            value = _put(ws, row, 2, kpi.value)
            value.number_format = excel_number_format(kpi.format, kpi.currency, lb["language"])
            if kpi.delta is not None:
                points = kpi.delta_unit == "points"
                delta = _put(ws, row, 3, kpi.delta * 100 if points else kpi.delta)
                delta.number_format = excel_delta_format(kpi.delta_unit, lb["language"])
        row += 2
    notice = report.notice if report.notice is not None else lb["notice"]
    if notice.strip():
        cell = _put(ws, row, 1, notice)
        cell.font, cell.alignment = SUBTLE_FONT, Alignment(wrap_text=True, vertical="top")
        ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=3)
        ws.row_dimensions[row].height = 60
    _autofit(ws, {1: max([len(k.label) for k in report.kpis] + [24]), 2: 20, 3: 12})


def _section_sheet(ws: Worksheet, item: Section, language: str = "en") -> None:
    _put(ws, 1, 1, item.title).font = Font(bold=True, size=14, color="1F3A5F")
    _put(ws, 2, 1, item.narrative.strip()).font = SUBTLE_FONT
    widths: dict[int, int] = {}
    next_free_column = 1
    if item.table is not None and item.table.shape[1] > 0:
        frame = prepare_frame(item.table)
        fmts = column_formats(frame, item.column_formats)
        header_row = 4
        for j, name in enumerate(frame.columns, start=1):
            cell = _put(ws, header_row, j, name)
            cell.font, cell.fill = HEADER_FONT, HEADER_FILL
            widths[j] = len(str(name))
        styles = [
            excel_number_format(fmt, item.currency, language) if fmt in NUMERIC_FORMATS
            else "yyyy-mm-dd" if fmt == "date" else "mmm yyyy" if fmt == "month" else None
            for fmt in fmts
        ]
        for i, values in enumerate(frame.itertuples(index=False, name=None), start=header_row + 1):
            row_fmt = item.row_formats.get(i - header_row - 1)
            for j, value in enumerate(values, start=1):
                cell = _put(ws, i, j, value)
                style = styles[j - 1]
                if (style and row_fmt and fmts[j - 1] in NUMERIC_FORMATS
                        and str(frame.columns[j - 1]) not in item.column_formats):
                    style = excel_number_format(row_fmt, item.currency, language)
                if style and not isinstance(cell.value, str):
                    cell.number_format = style
                if i < header_row + 300:  # width from a sample: exact enough, and fast
                    shown = 14 if styles[j - 1] else len(str(cell.value or ""))
                    widths[j] = max(widths[j], shown)
        last = header_row + len(frame)
        ws.freeze_panes = f"A{header_row + 1}"
        ws.auto_filter.ref = f"A{header_row}:{get_column_letter(frame.shape[1])}{last}"
        next_free_column = frame.shape[1] + 2
    _autofit(ws, widths)
    if item.chart is not None and item.chart_cells is not None and item.table is not None:
        frame = prepare_frame(item.table)
        offset = frame.shape[1] - item.table.shape[1]  # an index written as first columns
        money = excel_number_format("money", item.currency, language)
        style = money if item.chart.number_format == "currency" else None
        anchor = next_free_column
        native: BarChart | LineChart | PieChart
        if item.chart.kind == "waterfall":
            native = bridge_chart(ws, item.chart, item.chart_cells, header_row=4,
                                  first_column=1 + offset, at_column=next_free_column,
                                  number_format=style)
            anchor += 6  # right of the bridge's five columns
        else:
            native = native_chart(ws, item.chart, item.chart_cells, header_row=4,
                                  first_column=1 + offset, number_format=style)
        ws.add_chart(native, f"{get_column_letter(anchor)}4")
        return  # the same chart as a picture would only repeat it
    if item.chart_path is not None:
        try:
            checked_size(item.chart_path)  # a step's picture: its header is untrusted
            image = XLImage(str(item.chart_path))
        except (OSError, ValueError):  # a missing, unreadable or huge chart must not cost the whole workbook
            _put(ws, 3, 1, f"Chart not available: {Path(item.chart_path).name}")
            return
        scale = IMAGE_WIDTH_PX / image.width if image.width > IMAGE_WIDTH_PX else 1
        image.width, image.height = round(image.width * scale), round(image.height * scale)
        ws.add_image(image, f"{get_column_letter(next_free_column)}4")


def _sources_sheet(ws: Worksheet, report: Report, lb: dict[str, str]) -> None:
    heads = (lb["file"], "SHA-256", lb["sheet"], lb["rows"], lb["excluded"], lb["assumptions"])
    for j, text in enumerate(heads, start=1):
        cell = _put(ws, 1, j, text)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
    row = 1
    for source in report.sources:
        row += 1
        values = (source.file_name, source.sha256, source.sheet, source.rows,
                  source.excluded_rows, "\n".join(source.assumptions))
        for j, value in enumerate(values, start=1):
            _put(ws, row, j, value).alignment = Alignment(wrap_text=j == 6, vertical="top")
        ws.cell(row=row, column=4).number_format = "#,##0"
    ws.freeze_panes = "A2"
    if report.definitions:
        row += 2
        _put(ws, row, 1, lb["definitions"]).font = Font(bold=True, color="1F3A5F")
        for definition in report.definitions:
            row += 1
            _put(ws, row, 1, definition.name).font = Font(bold=True)
            _put(ws, row, 2, definition.text).alignment = Alignment(wrap_text=True, vertical="top")
    _autofit(ws, {1: 28, 2: 66, 3: 16, 4: 10, 5: 14, 6: 60})


def _steps_sheet(ws: Worksheet, report: Report, lb: dict[str, str]) -> None:
    for j, text in enumerate(("#", lb["steps"], lb["code"]), start=1):
        cell = _put(ws, 1, j, text)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
    for row, step in enumerate(report.steps_code, start=2):
        _put(ws, row, 1, row - 1)
        _put(ws, row, 2, step.title).alignment = Alignment(wrap_text=True, vertical="top")
        code = _put(ws, row, 3, step.code)
        code.font = Font(name="Consolas", size=9)
        code.alignment = Alignment(wrap_text=True, vertical="top")
    ws.freeze_panes = "A2"
    _autofit(ws, {1: 4, 2: 36, 3: 100})


def render_xlsx(report: Report) -> bytes:
    """The report as .xlsx bytes (figures as numbers with Excel number formats)."""
    own_words = [report.title, report.subtitle]
    own_words += [text for s in report.sections for text in (s.title, s.narrative)]
    lb = labels_for(report.language_hint or detect_language(own_words))
    book = Workbook()
    first = book.active
    if not isinstance(first, Worksheet):  # a new workbook always opens on one worksheet
        raise TypeError("openpyxl made a workbook without a worksheet")
    _summary_sheet(first, report, lb)
    for number, item in enumerate(report.sections, start=1):
        if item.table is None and item.chart_path is None:
            continue  # narrative only: nothing a spreadsheet adds
        name = safe_sheet_name(f"{number}. {item.title}", book.sheetnames)
        _section_sheet(book.create_sheet(name), item, lb["language"])
    _sources_sheet(book.create_sheet(safe_sheet_name(lb["sources"], book.sheetnames)), report, lb)
    if report.include_code and report.steps_code:
        _steps_sheet(book.create_sheet(safe_sheet_name(lb["steps"], book.sheetnames)), report, lb)
    buffer = BytesIO()
    book.save(buffer)
    return buffer.getvalue()
