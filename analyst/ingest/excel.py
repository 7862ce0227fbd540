"""Excel workbooks (XLSX/XLSM through openpyxl, XLS through xlrd): find the data sheets, read them."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analyst.ingest.errors import IngestError
from analyst.ingest.formulas_eval import fill_formulas
from analyst.ingest.header import Row, cell_kind, find_header
from analyst.ingest.options import IngestOptions
from analyst.ingest.table import RawTable

SCORE_ROWS = 200


@dataclass(frozen=True)
class Sheet:
    name: str
    visible: bool
    rows: list[Row]


def read_workbook(path: Path, kind: str, options: IngestOptions, display_name: str) -> list[RawTable]:
    """Every data sheet as its own raw table: the main one (largest) first, then workbook order.

    A workbook with one sheet per month holds several tables of equal standing; reading only
    the first would answer "total revenue" for January alone. Cover, notes, hidden and empty
    sheets are skipped, and each table's first assumption says which sheets were read and why.
    """
    sheets = _read_xls(path, display_name) if kind == "xls" else _read_xlsx(path, display_name)
    visible = [s for s in sheets if s.visible]
    hidden = [f"{s.name!r} (hidden)" for s in sheets if not s.visible]
    if options.sheet is not None:
        chosen = _chosen(sheets, visible, options, display_name)
        return [_raw_table(path, kind, chosen, visible, options, display_name,
                           [f"Sheet {chosen.name!r} read, as you chose."])]
    if not visible:
        raise IngestError(f"{display_name} has no visible sheets.")
    best = max(visible, key=_score)
    if _score(best) == 0:
        raise IngestError(f"{display_name} has no rows of data on any sheet.")
    candidates = [s for s in visible if s is best or _is_data_sheet(s, best)]
    skipped = [f"{s.name!r} (looks like a cover or notes page)" for s in visible if s not in candidates]
    tables = []
    for sheet in [best] + [s for s in candidates if s is not best]:
        try:
            tables.append((sheet, _raw_table(path, kind, sheet, visible, options, display_name, [])))
        except IngestError:
            if sheet is best:
                raise
            skipped.append(f"{sheet.name!r} (no table could be read from it)")
    if len(tables) == 1:
        why = f"Sheet {best.name!r} chosen: it holds the table"
    else:
        names = ", ".join(repr(s.name) for s in visible if any(s is t for t, _ in tables))
        why = f"Sheets {names} hold tables: each is read as its own table"
    skipped += hidden
    why += ("; not read: " + ", ".join(skipped) if skipped else "") + "."
    return [replace(raw, assumptions=(why,) + raw.assumptions) for _sheet, raw in tables]


def _raw_table(path: Path, kind: str, chosen: Sheet, visible: list[Sheet], options: IngestOptions,
               display_name: str, assumptions: list[str]) -> RawTable:
    assumptions = list(assumptions)
    rows = chosen.rows
    if kind == "xlsx":
        rows, formula_note = fill_formulas(path, chosen.name, rows)
        assumptions += formula_note
    if not any(cell_kind(v) != "empty" for r in rows for v in r.cells):
        raise IngestError(f"Sheet {chosen.name!r} of {display_name} is empty.")
    header = find_header(rows, options.header_row)
    assumptions += header.sentences
    nonblank = [r for r in rows if any(cell_kind(v) != "empty" for v in r.cells)]
    data = nonblank[header.data_index:]
    width = max([len(header.names)] + [_span(r) for r in data]) if data else len(header.names)
    cells = [list(r.cells[:width]) + [None] * (width - len(r.cells[:width])) for r in data]
    frame = pd.DataFrame(cells, columns=range(width), dtype=object) if cells else pd.DataFrame(columns=range(width))
    frame = frame.map(_strip)
    names = tuple(header.names[:width]) + ("",) * (width - len(header.names))
    return RawTable(frame, names, np.array([r.number for r in data], dtype=int),
                    header.rows[-1] if header.rows else None, sheet=chosen.name,
                    sheets=tuple(s.name for s in visible), assumptions=tuple(assumptions))


def _strip(value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        return value or None
    return value


def _span(row: Row) -> int:
    return max((i + 1 for i, v in enumerate(row.cells) if cell_kind(v) != "empty"), default=0)


def _chosen(sheets: list[Sheet], visible: list[Sheet], options: IngestOptions, display_name: str) -> Sheet:
    for sheet in sheets:
        if sheet.name == options.sheet:
            return sheet
    names = ", ".join(repr(s.name) for s in visible)
    raise IngestError(f"{display_name} has no sheet {options.sheet!r}; its sheets are {names}.")


def _is_data_sheet(sheet: Sheet, best: Sheet) -> bool:
    """A table of its own: not tiny next to the main one, and at least two rows of figures.

    A cover or notes page has one filled cell per line, or label/value pairs without
    numbers; a month's sheet has rows with a number or a date beside other cells.
    """
    if _score(sheet) < 0.2 * _score(best):
        return False
    figures = 0
    for row in sheet.rows[:SCORE_ROWS]:
        kinds = [cell_kind(v) for v in row.cells]
        if sum(k != "empty" for k in kinds) >= 2 and any(k in ("number", "date") for k in kinds):
            figures += 1
    return figures >= 2


def _score(sheet: Sheet) -> int:
    """Cells in rows that have at least two filled cells: a table scores, a cover does not."""
    total = 0
    for row in sheet.rows[:SCORE_ROWS]:
        filled = sum(cell_kind(v) != "empty" for v in row.cells)
        if filled >= 2:
            total += filled
    return total


def _read_xlsx(path: Path, display_name: str) -> list[Sheet]:
    import openpyxl

    # A file object, not the path: openpyxl refuses names without an Excel ending, and
    # uploads arrive as temporary files.
    with path.open("rb") as handle:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # openpyxl warns about styles and data validation
                book = openpyxl.load_workbook(handle, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many types for a damaged file
            raise IngestError(f"{display_name} could not be opened as an Excel workbook: {exc}.") from exc
        try:
            sheets = []
            for ws in book.worksheets:
                rows = [Row(i, list(values)) for i, values in enumerate(ws.iter_rows(values_only=True), start=1)]
                sheets.append(Sheet(ws.title, ws.sheet_state == "visible", _trim(rows)))
            return sheets
        finally:
            book.close()


def _read_xls(path: Path, display_name: str) -> list[Sheet]:
    import xlrd

    try:
        book = xlrd.open_workbook(str(path), on_demand=True)
    except xlrd.XLRDError as exc:
        if "encrypted" in str(exc).lower():
            raise IngestError(f"{display_name} is protected with a password; remove the password "
                              "in Excel and upload it again.") from exc
        raise IngestError(f"{display_name} could not be opened as an Excel 97-2003 workbook: {exc}.") from exc
    sheets = []
    for index in range(book.nsheets):
        ws = book.sheet_by_index(index)
        rows = []
        for r in range(ws.nrows):
            rows.append(Row(r + 1, [_xls_value(cell, book.datemode) for cell in ws.row(r)]))
        sheets.append(Sheet(ws.name, ws.visibility == 0, _trim(rows)))
    return sheets


def _xls_value(cell, datemode: int) -> Any:
    import xlrd

    if cell.ctype == xlrd.XL_CELL_DATE:
        try:
            return xlrd.xldate_as_datetime(cell.value, datemode)
        except (ValueError, OverflowError):
            return cell.value
    if cell.ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK, xlrd.XL_CELL_ERROR):
        return None
    if cell.ctype == xlrd.XL_CELL_BOOLEAN:
        return bool(cell.value)
    return cell.value


def _trim(rows: list[Row]) -> list[Row]:
    """Drop trailing empty rows and cells (formatted-but-empty ranges inflate Excel's size)."""
    while rows and not any(cell_kind(v) != "empty" for v in rows[-1].cells):
        rows.pop()
    return [Row(r.number, r.cells[:_span(r)]) for r in rows]
