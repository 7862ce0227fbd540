"""Tables a step saved, read back on the host within fixed bounds.

A step's file is untrusted input: a 1.7 MB Parquet file can claim 400 million rows and a
CSV can be one endless line. So a table is judged by its Parquet metadata (rows, the
uncompressed size) or its byte size before anything is decoded, a preview decodes only the
first rows, and a table above the caps is refused with a sentence saying so. Only the
host's by-value copies are read (`sandbox.Workspace.artifact_path`), never `output/`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from sandbox import OutputFile, Workspace

TABLE_SUFFIXES = (".parquet", ".csv")
MAX_ROWS = 1_000_000
"""More rows than this are not read whole (Excel's sheets end at 1,048,576 anyway)."""
MAX_BYTES = 256 * 1024**2
"""Uncompressed Parquet size, or CSV file size, above which a table is not read whole."""
PREVIEW_CSV_BYTES = 4 * 1024**2
"""A CSV preview parses at most this much of the file's head."""


@dataclass(frozen=True)
class TableRead:
    """A table read back from a step's file, or why it was not."""

    frame: pd.DataFrame | None
    rows_total: int | None = None
    """Rows the file holds (Parquet metadata; None for a CSV preview, which stops early)."""
    problem: str | None = None
    """Plain words when `frame` is None or only a preview of something refused whole."""


def output_file(data: OutputFile | dict[str, Any]) -> OutputFile:
    if isinstance(data, OutputFile):
        return data
    return OutputFile(path=str(data.get("path", "")), size=int(data.get("size") or 0),
                      is_image=bool(data.get("is_image")), sha256=str(data.get("sha256") or ""))


def artifact_path(workspace: Workspace | Path, file: OutputFile | dict[str, Any]) -> Path | None:
    """The host's copy of a step's file (taken when the step ended), or None."""
    ws = workspace if isinstance(workspace, Workspace) else Workspace(Path(workspace))
    return ws.artifact_path(output_file(file))


def read_step_table(workspace: Workspace | Path, file: OutputFile | dict[str, Any],
                    rows: int | None = None) -> TableRead:
    """The table of a step's file: the first `rows` rows, or all of it (`rows=None`).

    Refused (frame None, `problem` set) when no copy was kept, the file is not a table we
    read, it cannot be parsed, or, for a whole read, it is over `MAX_ROWS` / `MAX_BYTES`.
    """
    kept = output_file(file)
    name = Path(kept.path).name
    path = artifact_path(workspace, kept)
    if path is None:
        return TableRead(None, problem=f"{name} was not kept, so it cannot be shown.")
    suffix = Path(kept.path).suffix.lower()
    try:
        if suffix == ".parquet":
            return _parquet(path, name, rows)
        if suffix == ".csv":
            return _csv(path, name, rows)
    except (OSError, ValueError, TypeError, MemoryError, ArithmeticError) as exc:
        return TableRead(None, problem=f"{name} could not be read as a table ({type(exc).__name__}).")
    return TableRead(None, problem=f"{name} is not a table file.")


def _parquet(path: Path, name: str, rows: int | None) -> TableRead:
    import pyarrow.parquet as pq

    with pq.ParquetFile(path) as parquet:
        meta = parquet.metadata
        total = meta.num_rows
        size = sum(meta.row_group(i).total_byte_size for i in range(meta.num_row_groups))
        if total > MAX_ROWS or size > MAX_BYTES:
            return TableRead(None, total, _too_big(name, total, size))
        if rows is None:
            return TableRead(parquet.read().to_pandas(), total)
        batches = parquet.iter_batches(batch_size=max(rows, 1))
        first = next(batches, None)
        if first is None:
            return TableRead(parquet.schema_arrow.empty_table().to_pandas(), total)
        return TableRead(first.to_pandas().head(rows), total)


def _csv(path: Path, name: str, rows: int | None) -> TableRead:
    size = path.stat().st_size
    if rows is None:
        if size > MAX_BYTES:
            return TableRead(None, None, _too_big(name, None, size))
        frame = pd.read_csv(path)
        if len(frame) > MAX_ROWS:
            return TableRead(None, len(frame), _too_big(name, len(frame), size))
        return TableRead(frame, len(frame))
    with open(path, "rb") as handle:
        head = handle.read(PREVIEW_CSV_BYTES + 1)
    if len(head) > PREVIEW_CSV_BYTES:
        head = head[: head.rfind(b"\n", 0, PREVIEW_CSV_BYTES) + 1]  # whole lines only
    frame = pd.read_csv(io.BytesIO(head), nrows=rows) if head.strip() else pd.DataFrame()
    return TableRead(frame, len(frame) if size <= len(head) else None)


def _too_big(name: str, rows: int | None, size: int) -> str:
    what = f"{rows:,} rows" if rows is not None and rows > MAX_ROWS else f"{size / 1024**2:,.0f} MB"
    return (f"{name} holds {what}, more than this app shows or puts in a report "
            f"(at most {MAX_ROWS:,} rows and {MAX_BYTES // 1024**2} MB); download it instead.")
