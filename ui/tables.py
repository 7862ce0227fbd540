"""Turn stored results into DataFrames and pick an interactive chart (pandas stays out of pages)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd


def frame_from_table(table: dict[str, Any]) -> pd.DataFrame:
    """A `DisplayValue.table` (`columns`, `index`, `data`) as a DataFrame."""
    columns = [_label(c) for c in table.get("columns", [])]
    data = table.get("data", [])
    index = table.get("index")
    frame = pd.DataFrame(data, columns=columns or None)
    if index is not None and len(index) == len(frame):
        frame.index = pd.Index([_label(i) for i in index])
    return frame


def preview(workspace: Path, parquet_path: str, rows: int = 20) -> pd.DataFrame | None:
    """The first rows of a clean table, or None when it cannot be read."""
    path = inside(workspace, parquet_path)
    if path is None or not path.is_file():
        return None
    try:
        frame = pd.read_parquet(path).head(rows)
    except (OSError, ValueError):
        return None
    for column in frame.columns:
        values = frame[column]
        if pd.api.types.is_datetime64_any_dtype(values) and (values.dropna() == values.dropna().dt.normalize()).all():
            frame[column] = values.dt.date  # dates without a time of day: show no 00:00:00
    return frame


def read_table(workspace: Path, relpath: str, rows: int = 500) -> pd.DataFrame | None:
    """A table file a step saved (Parquet or CSV), or None when it cannot be read."""
    path = inside(workspace, relpath)
    if path is None or not path.is_file():
        return None
    try:
        frame = pd.read_parquet(path) if path.suffix == ".parquet" else pd.read_csv(path)
    except (OSError, ValueError):
        return None
    return frame.head(rows)


def chart_frame(frame: pd.DataFrame) -> tuple[str, pd.DataFrame] | None:
    """("line"|"bar", data) for a small label-by-number table worth drawing, else None."""
    if frame.empty or len(frame) > 60 or len(frame) < 2:
        return None
    data = frame.copy()
    if not isinstance(data.index, pd.RangeIndex):
        data = data.reset_index()
    label = data.columns[0]
    numbers = [c for c in data.columns[1:] if pd.api.types.is_numeric_dtype(data[c])
               and not _is_helper(str(c))]
    if not numbers or pd.api.types.is_numeric_dtype(data[label]) and not _looks_like_year(data[label]):
        return None
    data = data.set_index(label)[numbers[:1]]  # the measure itself, not counts or changes
    data.index = data.index.map(str)
    kind = "line" if _looks_like_time(frame, label) else "bar"
    return kind, data


def inside(workspace: Path, relpath: str) -> Path | None:
    """The file under the workspace, or None if the path would leave it."""
    root = Path(workspace).resolve()
    path = (root / relpath).resolve()
    return path if path.is_relative_to(root) else None


def _is_helper(name: str) -> bool:
    lowered = name.lower()
    return lowered in ("rows", "rank", "change", "count", "items", "orders") or lowered.endswith(
        ("_pct", "_change", "_share", "share"))


def _looks_like_time(frame: pd.DataFrame, label: Any) -> bool:
    name = str(label).lower()
    return any(w in name for w in ("date", "month", "year", "week", "quarter", "day", "period"))


def _looks_like_year(values: pd.Series) -> bool:
    try:
        return bool(values.between(1900, 2200).all())
    except TypeError:
        return False


def _label(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " / ".join(str(v) for v in value)
    return str(value)
