"""Data cards back from the store, so a restored session needs no second ingestion."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from analyst.datacard import ColumnCard, DataCard, ExcludedRow


def card_from_dict(data: dict[str, Any]) -> DataCard:
    """The inverse of `DataCard.to_dict()` (tuples were turned into lists by JSON)."""
    d = dict(data)
    d["columns"] = tuple(ColumnCard(**c) for c in d.get("columns") or [])
    d["excluded_rows"] = tuple(ExcludedRow(**r) for r in d.get("excluded_rows") or [])
    d["sheets"] = tuple(d.get("sheets") or ())
    d["assumptions"] = tuple(d.get("assumptions") or ())
    d["sample_rows"] = tuple(tuple(r) for r in d.get("sample_rows") or ())
    d["date_range"] = tuple(d["date_range"]) if d.get("date_range") else None
    return DataCard(**d)


def restorable(cards: list[dict[str, Any]], workspace: Path) -> list[DataCard] | None:
    """The cards, when every clean table they describe is still on disk; else None."""
    try:
        restored = [card_from_dict(c) for c in cards]
    except (TypeError, ValueError):
        return None  # written by an older version: read the file again instead
    if not restored or not all((workspace / c.parquet_path).is_file() for c in restored):
        return None
    return restored
