"""Workbooks (XLSX/XLSM/XLSB/XLS/ODS, values through calamine): find the data sheets, read them.

Which sheets hold tables is decided on each sheet's first rows; only the chosen ones are
turned into frames (`excel_cells`), column by column. Formula cells that Excel saved without
a result are found in the sheet XML and computed (`formulas_eval`).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from analyst.ingest.errors import IngestError
from analyst.ingest.excel_cells import SCORE_ROWS, Sheet, data_frame, head_rows, open_sheets
from analyst.ingest.formulas_eval import fill_formulas
from analyst.ingest.header import LOOKAHEAD, cell_kind, find_header
from analyst.ingest.options import IngestOptions
from analyst.ingest.table import RawTable
from analyst.words.note import Items, Name, NameList, Note, Word


def read_workbook(path: Path, kind: str, options: IngestOptions, display_name: str,
                  formula_sheets: frozenset[str] | None = None) -> list[RawTable]:
    """Every data sheet as its own raw table: the main one (largest) first, then workbook order.

    A workbook with one sheet per month holds several tables of equal standing; reading only
    the first would answer "total revenue" for January alone. Cover, notes, hidden and empty
    sheets are skipped, and each table's first assumption says which sheets were read and why.
    """
    sheets = open_sheets(path, display_name)
    visible = [s for s in sheets if s.visible]
    hidden = [_skipped(s, "sheet_hidden") for s in sheets if not s.visible]
    if options.sheet is not None:
        chosen = _chosen(sheets, visible, options, display_name)
        return [_raw_table(path, kind, chosen, visible, options, display_name,
                           [Note("sheet_chosen_by_user", sheet=Name(chosen.name))], formula_sheets)]
    if not visible:
        raise IngestError(Note("error_no_visible_sheets", file=display_name))
    best = max(visible, key=_score)
    if _score(best) == 0:
        raise IngestError(Note("error_no_data_any_sheet", file=display_name))
    candidates = [s for s in visible if s is best or _is_data_sheet(s, best)]
    skipped = [_skipped(s, "sheet_cover") for s in visible if s not in candidates]
    tables = []
    for sheet in [best] + [s for s in candidates if s is not best]:
        try:
            tables.append((sheet, _raw_table(path, kind, sheet, visible, options, display_name, [],
                                             formula_sheets)))
        except IngestError:
            if sheet is best:
                raise
            skipped.append(_skipped(sheet, "sheet_no_table"))
    skipped += hidden
    said = Note("not_read", items=Items(skipped)) if skipped else ""
    if len(tables) == 1:
        why = Note("sheet_chosen", sheet=Name(best.name), skipped=said)
    else:
        names = NameList(s.name for s in visible if any(s is t for t, _ in tables))
        why = Note("sheets_read", sheets=names, skipped=said)
    return [replace(raw, assumptions=(why,) + raw.assumptions) for _sheet, raw in tables]


def _skipped(sheet: Sheet, why: str) -> Note:
    return Note("skipped_sheet", sheet=Name(sheet.name), why=Word(why))


def _raw_table(path: Path, kind: str, chosen: Sheet, visible: list[Sheet], options: IngestOptions,
               display_name: str, assumptions: list[Note],
               formula_sheets: frozenset[str] | None = None) -> RawTable:
    assumptions = list(assumptions)
    grid = chosen.grid
    if kind == "xlsx":
        assumptions += fill_formulas(path, chosen.name, grid, formula_sheets)
    extra = (options.header_row or 0) + LOOKAHEAD
    head = head_rows(grid, max(SCORE_ROWS, extra))
    if not head:
        raise IngestError(Note("error_sheet_empty", sheet=Name(chosen.name), file=display_name))
    header = find_header(head, options.header_row)
    assumptions += header.sentences
    nonblank = [r for r in head if any(cell_kind(v) != "empty" for v in r.cells)]
    first = nonblank[header.data_index].number if header.data_index < len(nonblank) else head[-1].number + 1
    frame, numbers = data_frame(grid, first, len(header.names))
    width = len(frame.columns)
    names = tuple(header.names[:width]) + ("",) * (width - len(header.names))
    return RawTable(frame, names, numbers, header.rows[-1] if header.rows else None, sheet=chosen.name,
                    sheets=tuple(s.name for s in visible), assumptions=tuple(assumptions),
                    unit=header.unit)


def _chosen(sheets: list[Sheet], visible: list[Sheet], options: IngestOptions, display_name: str) -> Sheet:
    for sheet in sheets:
        if sheet.name == options.sheet:
            return sheet
    raise IngestError(Note("error_no_such_sheet", file=display_name, sheet=Name(str(options.sheet)),
                           sheets=NameList(s.name for s in visible)))


def _is_data_sheet(sheet: Sheet, best: Sheet) -> bool:
    """A table of its own: not tiny next to the main one, and at least two rows of figures.

    A cover or notes page has one filled cell per line, or label/value pairs without
    numbers; a month's sheet has rows with a number or a date beside other cells.
    """
    if _score(sheet) < 0.2 * _score(best):
        return False
    figures = 0
    for row in sheet.head:
        kinds = [cell_kind(v) for v in row.cells]
        if sum(k != "empty" for k in kinds) >= 2 and any(k in ("number", "date") for k in kinds):
            figures += 1
    return figures >= 2


def _score(sheet: Sheet) -> int:
    """Cells in rows that have at least two filled cells: a table scores, a cover does not."""
    total = 0
    for row in sheet.head:
        filled = sum(cell_kind(v) != "empty" for v in row.cells)
        if filled >= 2:
            total += filled
    return total


