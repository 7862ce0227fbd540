"""The parts of a kernel's reply, checked and bounded before they reach an `ExecutionResult`.

The kernel runs untrusted code: every field may be missing, of the wrong type or huge.
"""

from __future__ import annotations

import errno

from sandbox.result import DisplayValue, ExecutionError, bound_text


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
    table = raw.get("table")
    return DisplayValue(text=bound_text(raw["text"], 20_000),
                        table=table if isinstance(table, dict) else None)


def is_memory_error(reply: dict | None) -> bool:
    error = (reply or {}).get("error")
    return isinstance(error, dict) and error.get("name") == "MemoryError"


def hit_file_size_limit(reply: dict | None) -> bool:
    """The step's error is EFBIG: a write stopped by the kernel's file-size limit."""
    error = (reply or {}).get("error")
    return (isinstance(error, dict) and error.get("name") == "OSError"
            and text_of(error.get("message")).startswith(f"[Errno {errno.EFBIG}]"))
