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

from analyst.ingest.header import Row

MAX_COMPUTE_CELLS = 200_000


def fill_formulas(path: Path, sheet: str, rows: list[Row]) -> tuple[list[Row], list[str]]:
    missing = _formulas_without_values(path, sheet, rows)
    if missing is None:
        return rows, []
    if not missing:
        return rows, ["Formula cells read from the results Excel saved with the file."]
    values = _compute(path, sheet, list(missing)) if len(missing) <= MAX_COMPUTE_CELLS else {}
    by_number = {r.number: list(r.cells) for r in rows}
    for (row, col), value in values.items():
        cells = by_number.setdefault(row, [])
        cells.extend([None] * (col + 1 - len(cells)))
        cells[col] = value
    rows = [Row(number, cells) for number, cells in sorted(by_number.items())]
    left = len(missing) - len(values)
    notes = []
    if values:
        notes.append(f"{len(values)} formula cell(s) had no saved result (the file was not saved by "
                     "Excel); they were computed from their formulas.")
    if left:
        notes.append(f"{left} formula cell(s) have no saved result and could not be computed; they are "
                     "empty. Open the file in Excel, save it, and upload it again.")
    return rows, notes


def _formulas_without_values(path: Path, sheet: str, rows: list[Row]) -> dict | None:
    """(row, col) -> formula for formula cells whose saved value is empty; None: no formulas."""
    import openpyxl

    with path.open("rb") as handle:  # a file object: temporary uploads have no .xlsx ending
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            book = openpyxl.load_workbook(handle, read_only=True, data_only=False)
        try:
            cached = {r.number: r.cells for r in rows}
            found, any_formula = {}, False
            for number, values in enumerate(book[sheet].iter_rows(values_only=True), start=1):
                for col, value in enumerate(values):
                    if isinstance(value, str) and value.startswith("="):
                        any_formula = True
                        saved = cached.get(number, ())
                        if col >= len(saved) or saved[col] is None:
                            found[(number, col)] = value
            return found if any_formula else None
        finally:
            book.close()


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
