"""Formula cells: Excel's saved results are used; missing ones are computed, or flagged plainly.

Files written by scripts (openpyxl, some ERPs) hold formulas without saved results; reading
them naively gives empty cells and a silently wrong total.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import tempfile
import warnings
from pathlib import Path

from analyst.ingest.sheet_xml import sheet_formulas
from analyst.words.note import Note

MAX_COMPUTE_CELLS = 200_000


def fill_formulas(path: Path, sheet: str, grid: list[list]) -> list[Note]:
    """Put computed results into `grid` (the sheet's cells, row 1 first) where Excel saved none.

    Returns the sentences for the data card; `grid` is changed in place.
    """
    found = sheet_formulas(path, sheet)
    if not found.present:
        return []
    missing = [cell for cell in found.missing if _is_empty(grid, cell)]
    if not missing:
        return [Note("formulas_saved")]
    values = _compute(path, sheet, missing) if len(missing) <= MAX_COMPUTE_CELLS else {}
    width = max((len(r) for r in grid), default=0)
    for (row, col), value in values.items():
        while len(grid) < row:
            grid.append([None] * width)
        cells = grid[row - 1]
        cells.extend([None] * (col + 1 - len(cells)))
        cells[col] = value
    left = len(missing) - len(values)
    notes = []
    if values:
        notes.append(Note("formulas_computed", len(values), n=len(values)))
    if left:
        notes.append(Note("formulas_missing", left, n=left))
    return notes


def _is_empty(grid: list[list], cell: tuple[int, int]) -> bool:
    row, col = cell
    if row > len(grid) or col >= len(grid[row - 1]):
        return True
    return grid[row - 1][col] in (None, "")


def _compute(path: Path, sheet: str, cells: list[tuple[int, int]]) -> dict:
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        # The formula library goes by the file ending; uploads may arrive without one.
        with tempfile.TemporaryDirectory(prefix="analyst-formulas-") as folder:
            named = Path(folder) / "book.xlsx"
            shutil.copyfile(path, named)
            return _compute(named, sheet, cells)
    try:
        import formulas
        from openpyxl.utils import get_column_letter

        with contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the library reports progress and warnings
            model = formulas.ExcelModel().loads(str(path)).finish()
            solution = model.calculate()
        results = {str(k).upper(): v for k, v in solution.items()}
        prefix = f"'[{path.name}]{sheet}'!".upper()
        values = {}
        for row, col in cells:
            found = results.get(f"{prefix}{get_column_letter(col + 1)}{row}")
            if found is None:
                continue
            value = found.value[0][0] if hasattr(found, "value") else found
            if hasattr(value, "item"):
                value = value.item()
            if isinstance(value, (int, float, str)) and not isinstance(value, bool):
                values[(row, col)] = value
        return values
    except Exception:  # noqa: BLE001 - the library fails in many ways on unusual formulas: flag, never crash
        return {}
