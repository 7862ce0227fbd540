"""Cell values of a workbook through python-calamine (Rust): XLSX, XLSM, XLSB, XLS and ODS alike.

Calamine returns each sheet as rows of Python values ('' for an empty cell, floats for every
number, `date`/`datetime` for date-formatted cells). Two shapes are made of them:
- the first rows as `Row`s, the way the header finder and the sheet chooser read them
  (empty cells None, whole numbers int, dates as datetimes, as Excel means them);
- the data below the header as a frame built column by column: a column of numbers only
  becomes float64, of dates only datetime64, of text only str, in one pass each; only a
  mixed column stays Python objects for `clean` to sort out cell by cell.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analyst.ingest.errors import IngestError
from analyst.ingest.header import Row, cell_kind
from analyst.words.note import Name, Note

SCORE_ROWS = 200
_NUMBER_TYPES = {float, int}
_DATE_TYPES = {dt.date, dt.datetime}


@dataclass
class Sheet:
    name: str
    visible: bool
    _book: Any = field(repr=False)
    _grid: list[list] | None = field(default=None, repr=False)
    _head: list[Row] | None = field(default=None, repr=False)

    @property
    def grid(self) -> list[list]:
        """Every row from row 1 (blank rows kept, so positions are Excel's row numbers)."""
        if self._grid is None:
            try:
                self._grid = self._book.get_sheet_by_name(self.name).to_python(skip_empty_area=False)
            except Exception as exc:  # noqa: BLE001 - calamine raises its own types for damaged sheets
                raise IngestError(Note("error_sheet_unreadable", sheet=Name(self.name), detail=str(exc))) from exc
        return self._grid

    @property
    def head(self) -> list[Row]:
        """The first non-blank rows, enough to tell a table from a cover page."""
        if self._head is None:
            self._head = head_rows(self.grid, SCORE_ROWS)
        return self._head


def open_sheets(path: Path, display_name: str) -> list[Sheet]:
    """The workbook's worksheets in order (chart sheets have no cells); nothing read yet."""
    import python_calamine

    try:
        # A file object: calamine then tells the format from the bytes, and uploads arrive
        # as temporary files without an Excel ending.
        with path.open("rb") as handle:
            book = python_calamine.CalamineWorkbook.from_filelike(handle)
    except Exception as exc:  # noqa: BLE001 - one message for every kind of damaged or locked file
        text = str(exc).lower()
        if "password" in text or "encrypt" in text:
            raise IngestError(Note("error_password", file=display_name)) from exc
        raise IngestError(Note("error_cannot_open_workbook", file=display_name, detail=str(exc))) from exc
    sheets = []
    for meta in book.sheets_metadata:
        if str(meta.typ).rsplit(".", 1)[-1] not in ("WorkSheet", "Worksheet"):
            continue
        visible = str(meta.visible).rsplit(".", 1)[-1] == "Visible"
        sheets.append(Sheet(meta.name, visible, book))
    return sheets


def head_rows(grid: list[list], limit: int) -> list[Row]:
    """Up to `limit` non-blank rows from the top, as the header finder reads them."""
    rows: list[Row] = []
    for index, values in enumerate(grid):
        cells = [_cell(v) for v in values]
        while cells and cell_kind(cells[-1]) == "empty":
            cells.pop()
        if cells and any(cell_kind(v) != "empty" for v in cells):
            rows.append(Row(index + 1, cells))
            if len(rows) >= limit:
                break
    return rows


def _cell(value: Any) -> Any:
    if isinstance(value, str):
        return value or None
    if type(value) is float and value.is_integer() and abs(value) < 2**53:
        return int(value)  # Excel stores 35 as a float; openpyxl, and users, read it as 35
    if type(value) is dt.date:
        return dt.datetime(value.year, value.month, value.day)  # a real date, as a datetime
    return value


def data_frame(grid: list[list], first_row: int, header_width: int) -> tuple[pd.DataFrame, np.ndarray]:
    """Rows from `first_row` (1-based) down, blank rows left out; and each row's number.

    Columns are 0..n-1, n covering the header and every column with a value below it.
    """
    body = grid[first_row - 1:]
    width = max((len(r) for r in body), default=0)
    if any(len(r) != width for r in body):  # formulas filled past the sheet's range
        body = [list(r) + [""] * (width - len(r)) for r in body]
    columns = [_column(values) for values in zip(*body, strict=True)] if body else []
    filled = np.zeros(len(body), dtype=bool)
    for column in columns:
        filled |= column.notna().to_numpy()
    last = max((j + 1 for j, c in enumerate(columns) if c.notna().any()), default=0)
    width = max(header_width, last)
    columns = columns[:width] + [pd.Series([None] * len(body), dtype=object)] * (width - len(columns))
    keep = np.flatnonzero(filled)
    frame = pd.DataFrame({j: c.iloc[keep].reset_index(drop=True) for j, c in enumerate(columns)},
                         index=pd.RangeIndex(len(keep)))
    if not len(frame.columns):
        frame = pd.DataFrame(index=pd.RangeIndex(len(keep)), columns=range(width))
    return frame, keep.astype(int) + first_row


def _column(values: tuple) -> pd.Series:
    """One column's cells: '' and blank text are missing; uniform columns get their real dtype."""
    # One plain comprehension: pandas' .str on Python objects costs ten times as much.
    cells = [(v.strip() or None) if type(v) is str else v for v in values]
    types = set(map(type, cells))
    types.discard(type(None))
    if dt.date in types:  # a date-only cell: a datetime at midnight, as openpyxl and Excel mean it
        cells = [_cell(v) if type(v) is dt.date else v for v in cells]
        types = (types - {dt.date}) | {dt.datetime}
    if not types:
        return pd.Series(np.full(len(cells), np.nan))
    if types == {str}:
        return pd.Series(cells, dtype="str")
    if types <= _NUMBER_TYPES:
        numbers = pd.Series(np.array(cells, dtype="float64"))  # None becomes NaN
        if (numbers.dropna() % 1 == 0).all():
            # Excel keeps every number as a float; a column of whole numbers stays whole.
            return numbers.astype("Int64") if numbers.isna().any() else numbers.astype("int64")
        return numbers
    if types <= _DATE_TYPES:
        return pd.to_datetime(pd.Series(cells, dtype=object))
    return pd.Series(cells, dtype=object)  # mixed (numbers and text, dates and "Total"): `clean` decides
