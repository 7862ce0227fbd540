"""Refuse what would hurt the server: huge files, huge tables, zip bombs, encrypted books."""

from __future__ import annotations

import math
import os
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from analyst.ingest.errors import IngestError
from analyst.words.note import Note, SettingNote

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# An encrypted .xlsx is an OLE container holding this stream instead of a zip.
ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
# A real sheet's XML compresses 5-30x; a bomb compresses hundreds of times.
MAX_RATIO = 200
RATIO_CHECK_FROM = 20 * 1024 * 1024


@dataclass(frozen=True)
class IngestLimits:
    """What one upload may be; read by `read_ingest_limits`, the one parser of these settings."""

    max_upload_mb: float = 200
    max_rows: int = 5_000_000
    max_unzipped_mb: float = 2000
    max_sheets: int = 400
    """Worksheets in one workbook; every sheet is opened and scored, 2,000 take minutes."""
    max_cells: int = 50_000_000
    """Cells of one sheet's used range (last row x last column): the reader allocates all of them."""
    max_columns: int = 10_000
    max_formulas: int = 20_000
    """Formula cells a workbook may have for the missing results to be computed."""
    formula_seconds: float = 30
    """CPU seconds for computing a workbook's formulas; beyond, the cells stay empty."""
    ingest_memory_mb: float = 4096
    """Address space the reading child may take beyond the program it starts as (RLIMIT_AS)."""
    ingest_seconds: float = 300
    """Wall-clock time one file may take to read; CPU time is bounded to this per core."""


_NAMES = {f.name: f"ANALYST_{f.name.upper()}" for f in fields(IngestLimits)}  # the setting of each
_COUNTS = {"max_rows", "max_sheets", "max_cells", "max_columns", "max_formulas"}


def read_ingest_limits(values: Mapping[str, str] | None = None) -> tuple[IngestLimits, tuple[SettingNote, ...]]:
    """The limits from `values` (default: the environment) and, in plain words, what was bad.

    A bad value keeps its default here (the ingester cannot stop to ask); the app shows the
    problems on its Settings page, since `analyst.settings` reads through this function too.
    """
    source = os.environ if values is None else values
    defaults = IngestLimits()
    chosen: dict[str, Any] = {}  # int for the counts, float for the sizes
    problems: list[SettingNote] = []
    for field_name, name in _NAMES.items():
        default = getattr(defaults, field_name)
        raw = str(source.get(name) or "").strip()
        if not raw:
            continue
        try:
            value = float(raw)
        except ValueError:
            value = 0.0
        if not (math.isfinite(value) and value > 0):
            problems.append(SettingNote("positive_using", name=name, value=repr(raw), default=default))
            continue
        chosen[field_name] = int(value) if field_name in _COUNTS else value
    return replace(defaults, **chosen), tuple(problems)


def current_limits() -> IngestLimits:
    # Read at each check, not at import: the app exports secrets.toml values into the
    # environment at start, and tests change the environment between runs.
    return read_ingest_limits()[0]


def max_upload_bytes() -> int:
    return int(current_limits().max_upload_mb * 1024 * 1024)


def max_rows() -> int:
    return current_limits().max_rows


def max_unzipped_bytes() -> int:
    return int(current_limits().max_unzipped_mb * 1024 * 1024)


def check_size(path: Path, display_name: str) -> int:
    size = path.stat().st_size
    limit = max_upload_bytes()
    if size > limit:
        raise IngestError(Note("error_too_big", file=display_name, mb=size / 1024 / 1024,
                               limit=limit / 1024 / 1024))
    if size == 0:
        raise IngestError(Note("error_empty_file", file=display_name))
    return size


def check_rows(rows: int, display_name: str) -> None:
    limit = max_rows()
    if rows > limit:
        raise IngestError(Note("error_too_many_rows", rows, file=display_name, n=rows,
                               limit=limit))


def check_zip(path: Path, display_name: str) -> None:
    """Look at the declared sizes in the zip directory before anything is decompressed."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise IngestError(Note("error_damaged_workbook", file=display_name)) from exc
    total = sum(m.file_size for m in members)
    bomb = total > max_unzipped_bytes() or any(
        m.file_size > RATIO_CHECK_FROM and m.file_size > MAX_RATIO * max(m.compress_size, 1)
        for m in members
    )
    if bomb:
        raise IngestError(Note("error_zip_bomb", file=display_name, mb=total / 1024 / 1024))


def check_not_encrypted(head: bytes, path: Path, display_name: str) -> None:
    if head.startswith(OLE_MAGIC) and ENCRYPTED_STREAM in path.read_bytes()[:4 * 1024 * 1024]:
        raise IngestError(Note("error_password_xls", file=display_name))
