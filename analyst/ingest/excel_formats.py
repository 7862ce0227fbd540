"""The workbook's number formats as evidence of money and percents.

An accounting-formatted P&L stores bare numbers; only the cell format ("#,##0.00 $",
"[$€-407]", Excel's accounting "_(* #,##0_)") says they are money. The values come from
whatever reads the workbook (`excel.py`); this looks at the formats of the first rows of
each table with openpyxl and tells, per column, "money" or "percent" when most cells agree.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import replace
from pathlib import Path
from typing import Any

from analyst.ingest.table import RawTable

PROBE_ROWS = 60
_CURRENCY = re.compile(r"[$€£¥₴₽￥]|\[\$[^\]]*\]|\bUSD\b|\bEUR\b|грн|руб|р\.|zł|kr|_\(\*|_-\*|\"[A-Z]{3}\"")
_PERCENT = re.compile(r"%")


def format_kind(number_format: str | None) -> str | None:
    """ "money", "percent" or None for an Excel number format string."""
    if not number_format or number_format == "General":
        return None
    if _PERCENT.search(number_format.split(";")[0]):
        return "percent"
    if _CURRENCY.search(number_format):
        return "money"
    return None


def with_formats(path: Path, raws: list[RawTable]) -> list[RawTable]:
    """`raws` with `column_formats` filled from the workbook; unchanged when it cannot be read."""
    try:
        import openpyxl

        with path.open("rb") as handle, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            book = openpyxl.load_workbook(handle, read_only=True, data_only=True)
            try:
                return [_annotated(book, raw) for raw in raws]
            finally:
                book.close()
    except Exception:  # noqa: BLE001 - evidence only: a workbook we cannot re-open keeps its values
        return raws


def _annotated(book: Any, raw: RawTable) -> RawTable:
    if raw.sheet is None or raw.sheet not in book.sheetnames or not len(raw.row_numbers):
        return raw
    wanted = [int(n) for n in raw.row_numbers[:PROBE_ROWS]]
    ws = book[raw.sheet]
    rows: dict[int, list[tuple[Any, str | None]]] = {}
    for cells in ws.iter_rows(min_row=wanted[0], max_row=wanted[-1]):
        if not cells:
            continue
        number = getattr(cells[0], "row", None)
        if number in wanted:
            rows[number] = [(getattr(c, "value", None), getattr(c, "number_format", None)) for c in cells]
    offset = _offset(raw, rows)
    if offset is None:
        return raw
    votes: dict[int, list[str | None]] = {}
    for i, number in enumerate(wanted):
        for j in range(raw.frame.shape[1]):
            cells = rows.get(number, [])
            k = j + offset
            if k < len(cells) and isinstance(cells[k][0], int | float) and not isinstance(cells[k][0], bool):
                votes.setdefault(j, []).append(format_kind(cells[k][1]))
        if i >= PROBE_ROWS:
            break
    formats = {}
    for j, kinds in votes.items():
        for kind in ("money", "percent"):
            if kinds.count(kind) >= max(1, 0.6 * len(kinds)):
                formats[j] = kind
    return replace(raw, column_formats=formats) if formats else raw


def _offset(raw: RawTable, rows: dict[int, list[tuple[Any, str | None]]]) -> int | None:
    """Where the table's first column sits in the sheet (readers may skip empty leading columns)."""
    number = int(raw.row_numbers[0])
    cells = rows.get(number)
    if not cells:
        return None
    first = [raw.frame.iat[0, j] for j in range(raw.frame.shape[1])]
    for offset in range(0, 8):
        probe = [cells[j + offset][0] if j + offset < len(cells) else None for j in range(len(first))]
        pairs = list(zip(first, probe, strict=True))
        if all(_same(a, b) for a, b in pairs) and any(a is not None and b is not None for a, b in pairs):
            return offset
    return None


def _same(a: Any, b: Any) -> bool:
    if b is None and isinstance(a, int | float):
        return True  # a formula without a saved result, computed by the reader
    if a is None or b is None:
        return a is None and (b is None or str(b).strip() == "")
    if isinstance(a, int | float) and isinstance(b, int | float):
        return abs(float(a) - float(b)) < 1e-6
    return str(a).strip() == str(b).strip()
