"""Sheets with the same columns (one per month, region...) joined into one table with a Sheet column.

A finance user who asks for "total revenue" of a workbook with sheets Jan, Feb, Mar means all
three months; each sheet stays a table of its own too, so "January only" remains answerable.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar

import pandas as pd

from analyst.datacard import ExcludedRow
from analyst.ingest.clean import CleanTable
from analyst.ingest.table import RawTable
from analyst.words.note import Name, NameList, Note

T = TypeVar("T")

SHEET_COLUMN_NAMES = ("Sheet", "Sheet name", "Source sheet")


@dataclass(frozen=True)
class Combined:
    raw: RawTable
    """The first member's raw table, standing for the group (sheet None: several sheets)."""
    cleaned: CleanTable
    sheets: tuple[str, ...]
    """The member sheets, in workbook order."""


def same_column_groups(tables: list[tuple[RawTable, CleanTable]]) -> list[list[int]]:
    """Indexes of the tables (two or more) whose header reads the same, in the given order."""
    groups: dict[tuple[str, ...], list[int]] = {}
    for index, (raw, _cleaned) in enumerate(tables):
        key = tuple(name.strip().lower() for name in raw.names)
        groups.setdefault(key, []).append(index)
    return [members for members in groups.values() if len(members) > 1]


def combine(members: list[tuple[RawTable, CleanTable]]) -> Combined | Note:
    """One table of all rows with a Sheet column, or the sentence saying why they cannot be joined."""
    sheets = tuple(raw.sheet or "" for raw, _ in members)
    frames = [cleaned.frame for _, cleaned in members]
    columns = list(dict.fromkeys(c for frame in frames for c in frame.columns))
    for column in columns:
        dtypes = {str(frame[column].dtype) for frame in frames if column in frame.columns}
        if len(dtypes) > 1 and not all(_numeric(frame[column]) for frame in frames if column in frame.columns):
            return Note("sheets_not_joined", sheets=NameList(sheets), name=Name(column),
                        dtypes=", ".join(sorted(dtypes)))
    label = next(n for n in SHEET_COLUMN_NAMES + (f"Sheet ({len(columns)})",) if n not in columns)
    parts = []
    for sheet, frame in zip(sheets, frames, strict=True):
        part = frame.reindex(columns=columns)
        # Last, so the planner's first category column stays the data's own.
        part[label] = pd.Series([sheet] * len(part), dtype="str", index=part.index)
        parts.append(part)
    frame = pd.concat(parts, ignore_index=True)
    said = Note("sheets_joined", len(frame), sheets=NameList(sheets), count=len(frame), label=Name(label))
    cleaned = CleanTable(
        frame=frame,
        notes=_merged([c.notes for _, c in members]),
        kinds=_merged([c.kinds for _, c in members]),
        assumptions=(said,) + _shared_assumptions(sheets, [c.assumptions for _, c in members]),
        excluded=tuple(ExcludedRow(r.line, r.reason, f"[{sheet}] {r.text}")
                       for sheet, (_, c) in zip(sheets, members, strict=True) for r in c.excluded),
    )
    first = members[0][0]
    header_rows = {raw.header_row for raw, _ in members}
    raw = replace(first, sheet=None, header_row=first.header_row if len(header_rows) == 1 else None)
    return Combined(raw, cleaned, sheets)


def _numeric(series: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series)


def _merged(mappings: list[dict[str, T]]) -> dict[str, T]:
    merged: dict[str, T] = {}
    for mapping in mappings:
        for key, value in mapping.items():
            merged.setdefault(key, value)
    return merged


def _shared_assumptions(sheets: tuple[str, ...], lists: list[tuple[Note, ...]]) -> tuple[Note, ...]:
    """A sentence true of every sheet once; the others prefixed with their sheet."""
    shared = [a for a in lists[0] if all(a in other for other in lists[1:])]
    result = list(shared)
    for sheet, assumptions in zip(sheets, lists, strict=True):
        result += [Note("sheet_prefix", sheet=Name(sheet), rest=a) for a in assumptions if a not in shared]
    return tuple(result)
