"""The parts of a kernel's reply, checked and bounded before they reach an `ExecutionResult`.

The kernel runs untrusted code: every field may be missing, of the wrong type or huge. The
kernel bounds what it sends (`sandbox.kernel`: 500 rows, 1,000 characters a cell, 2 MB a
table), but a step can forge the kernel's reply, so the host applies the same bounds again
to what it receives and keeps only the shape it knows.
"""

from __future__ import annotations

import errno
import json
from typing import Any

from sandbox.result import DisplayValue, ExecutionError, bound_text

# The kernel's own caps (`sandbox.kernel`, which the container runs alone and cannot import
# these; tests/sandbox/test_reply_caps.py keeps both equal).
MAX_VALUE_CHARS = 20_000
MAX_TABLE_ROWS = 500
MAX_CELL_CHARS = 1_000
MAX_TABLE_BYTES = 2 * 1024 * 1024
MAX_FIGURES_BYTES = 1024 * 1024
MAX_TABLE_COLUMNS = 10_000
"""Not a kernel cap (2 MB bounds a table's width there): a header alone must not be the 2 MB."""
MAX_COUNT = 1_000_000
"""Any count a reply states (threads left running, rows in all): a figure, not a novel."""


def text_of(value: object) -> str:
    return value if isinstance(value, str) else ""


def error_of(raw: object) -> ExecutionError | None:
    if not isinstance(raw, dict):
        return None
    return ExecutionError(
        name=text_of(raw.get("name"))[:200] or "Error",
        message=bound_text(text_of(raw.get("message")), 20_000),
        traceback=bound_text(text_of(raw.get("traceback")), 20_000),
    )


def value_of(raw: object) -> DisplayValue | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
        return None
    return DisplayValue(text=bound_text(raw["text"], MAX_VALUE_CHARS), table=table_of(raw.get("table")))


def table_of(raw: object) -> dict[str, Any] | None:
    """The table preview of a reply, within the kernel's caps whatever the reply says:
    at most 500 rows of scalar cells of 1,000 characters, 2 MB in all (fewer rows when
    wide, as the kernel does), `truncated` true whenever rows were left out. None when it
    is not the kernel's shape (a step forged something else) or one row is beyond 2 MB."""
    if not isinstance(raw, dict):
        return None
    columns, index, data = raw.get("columns"), raw.get("index"), raw.get("data")
    if not (isinstance(columns, list) and isinstance(index, list) and isinstance(data, list)):
        return None
    if len(columns) > MAX_TABLE_COLUMNS or not all(isinstance(row, list) for row in data[:MAX_TABLE_ROWS]):
        return None
    total = raw.get("rows_total")
    total = total if isinstance(total, int) and not isinstance(total, bool) and total >= 0 else len(data)
    rows = min(len(data), len(index), MAX_TABLE_ROWS)
    while True:
        table = {
            "columns": [_cell(str(c) if not isinstance(c, str) else c) for c in columns],
            "index": [_cell(i) for i in index[:rows]],
            "data": [[_cell(v) for v in row[:len(columns)]] for row in data[:rows]],
            "rows_total": min(max(total, rows), MAX_COUNT),
            "truncated": raw.get("truncated") is True or rows < max(len(data), total),
        }
        if len(json.dumps(table)) <= MAX_TABLE_BYTES:
            return table
        if rows <= 1:
            return None
        rows //= 2


def _cell(value: object) -> object:
    """A JSON scalar as the kernel sends it; anything else is its (bounded) text."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    text = value if isinstance(value, str) else str(value)
    return text[:MAX_CELL_CHARS] + "…" if len(text) > MAX_CELL_CHARS else text


def figures_of(raw: object) -> dict[str, Any] | None:
    """A JSON object within the kernel's cap, else None: a forged reply gets nothing, not a cut one."""
    try:
        small = len(json.dumps(raw, ensure_ascii=False).encode()) <= MAX_FIGURES_BYTES
    except (TypeError, ValueError, RecursionError):  # not JSON's shape (a set, too deep)
        return None
    return raw if isinstance(raw, dict) and small and all(isinstance(k, str) for k in raw) else None


def count_of(raw: object) -> int:
    """A non-negative count a reply states, bounded (0 when it is not one)."""
    if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0:
        return min(raw, MAX_COUNT)
    return 0


def is_memory_error(reply: dict | None) -> bool:
    error = (reply or {}).get("error")
    return isinstance(error, dict) and error.get("name") == "MemoryError"


def hit_file_size_limit(reply: dict | None) -> bool:
    """The step's error is EFBIG: a write stopped by the kernel's file-size limit."""
    error = (reply or {}).get("error")
    return (isinstance(error, dict) and error.get("name") == "OSError"
            and text_of(error.get("message")).startswith(f"[Errno {errno.EFBIG}]"))
