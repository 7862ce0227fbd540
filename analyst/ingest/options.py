"""The user's corrections of what the ingester guessed (the UI offers each one)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class IngestOptions:
    sheet: str | None = None
    """Excel sheet to read instead of the one chosen automatically."""
    header_row: int | None = None
    """1-based row of the header, as seen in Excel or a text editor."""
    decimal: Literal[",", "."] | None = None
    """Decimal separator of every number column."""
    date_order: Literal["DMY", "MDY", "YMD"] | None = None
    """Order of day and month in ambiguous dates such as 03/04/2026."""
    encoding: str | None = None
    """Text encoding of a CSV/TXT file, e.g. "cp1251"."""
    roles: dict[str, str] | None = field(default=None, hash=False)
    """Column name -> the role the user set on the data card: "amount", "date",
    "category" or "id" (`analyst.ingest.roles`)."""
