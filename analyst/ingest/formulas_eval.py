"""Formula cells: Excel's saved results are used; missing ones are computed, or flagged plainly.

Files written by scripts (openpyxl, some ERPs) hold formulas without saved results; reading
them naively gives empty cells and a silently wrong total. Computing them is bounded
(`formula_guard`): only this file's own cells, Excel's limits on nesting and text, at most
ANALYST_MAX_FORMULAS formula cells and ANALYST_FORMULA_SECONDS of CPU. What is not computed
stays empty, with a sentence on the card saying how many cells and why.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import signal
import tempfile
import threading
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyst.ingest.formula_guard import Refusal, TooManyFormulas, one_book_model
from analyst.ingest.limits import current_limits
from analyst.ingest.sheet_xml import formula_count, sheet_formulas
from analyst.words.note import NameList, Note

Cell = tuple[int, int]  # (1-based row, 0-based column)


@dataclass
class Computed:
    values: dict[Cell, Any] = field(default_factory=dict)
    refused: dict[Cell, Refusal] = field(default_factory=dict)
    stopped: str | None = None
    """"count" (beyond ANALYST_MAX_FORMULAS) or "time" (beyond ANALYST_FORMULA_SECONDS)."""
    formulas: int = 0
    """Formula cells the model saw before it stopped."""


def fill_formulas(path: Path, sheet: str, grid: list[list],
                  formula_sheets: frozenset[str] | None = None) -> list[Note]:
    """Put computed results into `grid` (the sheet's cells, row 1 first) where Excel saved none.

    Returns the sentences for the data card; `grid` is changed in place. `formula_sheets`:
    the sheets the workbook guard saw a formula in (None: not known, the XML is looked at).
    """
    if formula_sheets is not None and sheet not in formula_sheets:
        return []
    found = sheet_formulas(path, sheet)
    if not found.present:
        return []
    missing = [cell for cell in found.missing if _is_empty(grid, cell)]
    if not missing:
        return [Note("formulas_saved")]
    computed = _compute(path, sheet, missing)
    width = max((len(r) for r in grid), default=0)
    for (row, col), value in computed.values.items():
        while len(grid) < row:
            grid.append([None] * width)
        cells = grid[row - 1]
        cells.extend([None] * (col + 1 - len(cells)))
        cells[col] = value
    return _notes(computed, len(missing))


def _notes(computed: Computed, missing: int) -> list[Note]:
    notes = []
    if computed.values:
        notes.append(Note("formulas_computed", len(computed.values), n=len(computed.values)))
    reasons = Counter(r.what for r in computed.refused.values())
    outside = reasons.pop("external", 0) + reasons.pop("dde", 0)
    complex_ = reasons.pop("nesting", 0) + reasons.pop("length", 0)
    if outside:
        notes.append(Note("formulas_external", outside, n=outside))
    if reasons:
        count = sum(reasons.values())
        notes.append(Note("formulas_outward", count, n=count, names=NameList(sorted(reasons))))
    if complex_:
        notes.append(Note("formulas_too_complex", complex_, n=complex_))
    left = missing - len(computed.values) - len(computed.refused)
    limits = current_limits()
    if left and computed.stopped == "count":
        notes.append(Note("formulas_over_limit", n=left, limit=limits.max_formulas))
    elif left and computed.stopped == "time":
        notes.append(Note("formulas_out_of_time", n=left, limit=limits.formula_seconds))
    elif left:
        notes.append(Note("formulas_missing", left, n=left))
    return notes


def _is_empty(grid: list[list], cell: Cell) -> bool:
    row, col = cell
    if row > len(grid) or col >= len(grid[row - 1]):
        return True
    return grid[row - 1][col] in (None, "")


def _compute(path: Path, sheet: str, cells: list[Cell]) -> Computed:
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        # The formula library goes by the file ending; uploads may arrive without one.
        with tempfile.TemporaryDirectory(prefix="analyst-formulas-") as folder:
            named = Path(folder) / "book.xlsx"
            shutil.copyfile(path, named)
            return _compute(named, sheet, cells)
    limits = current_limits()
    computed = Computed()
    model = None
    try:
        # Counted in the XML first: compiling 50,000 formulas is itself the cost to avoid.
        if formula_count(path, limits.max_formulas) > limits.max_formulas:
            raise TooManyFormulas(limits.max_formulas + 1)
        with contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings(), \
                _cpu_deadline(limits.formula_seconds):
            warnings.simplefilter("ignore")  # the library reports progress and warnings
            model = one_book_model(path.name, limits.max_formulas)
            model.loads(str(path)).finish()
            solution = model.calculate()
    except TooManyFormulas:
        computed.stopped = "count"
    except _OutOfTime:
        computed.stopped = "time"
    except Exception:  # noqa: BLE001, S110 - the library fails in many ways on unusual formulas: flag, never crash
        pass
    else:
        computed.values = _values(solution, path.name, sheet, cells)
    if model is not None:
        computed.formulas = model.formulas_seen
        wanted = set(cells)
        for (where, coordinate), reason in model.refused.items():
            cell = _cell(coordinate)
            if where == sheet and cell in wanted:
                computed.refused[cell] = reason
                computed.values.pop(cell, None)
    return computed


def _values(solution: Any, book: str, sheet: str, cells: list[Cell]) -> dict[Cell, Any]:
    from formulas.tokens.operand import XlError
    from openpyxl.utils import get_column_letter

    results = {str(k).upper(): v for k, v in solution.items()}
    prefix = f"'[{book}]{sheet}'!".upper()
    values = {}
    for row, col in cells:
        found = results.get(f"{prefix}{get_column_letter(col + 1)}{row}")
        if found is None:
            continue
        value = found.value[0][0] if hasattr(found, "value") else found
        if hasattr(value, "item"):
            value = value.item()
        # An error (#REF!, #VALUE!, #DIV/0!) is no value: the cell stays empty and is counted,
        # never a text "#REF!" in a column of numbers.
        if isinstance(value, (int, float, str)) and not isinstance(value, (bool, XlError)):
            values[(row, col)] = value
    return values


def _cell(coordinate: str) -> Cell:
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    letters, row = coordinate_from_string(coordinate)
    return row, column_index_from_string(letters) - 1


class _OutOfTime(BaseException):
    """Raised from the CPU timer. A BaseException: the formula library catches Exception."""


@contextlib.contextmanager
def _cpu_deadline(seconds: float) -> Iterator[None]:
    """Stop the computation after `seconds` of CPU (SIGVTALRM: the reading child's own
    alarm, SIGALRM, stays the wall clock of the whole file). The library runs parts of its
    work under `except BaseException` (schedula), which may swallow one interruption: the
    timer keeps firing every quarter second until one gets through, and the block ends in
    `_OutOfTime` even when the library returned meanwhile. Signals reach the main thread
    only; elsewhere (a test reading in a thread) the child's bounds remain."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    expired = [False]

    def stop(signum: int, frame: Any) -> None:
        expired[0] = True
        raise _OutOfTime

    previous = signal.signal(signal.SIGVTALRM, stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds, 0.25)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)
    if expired[0]:
        raise _OutOfTime
