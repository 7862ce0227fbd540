"""A table as read from the file, before columns are typed: the hand-over between readers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analyst.datacard import ExcludedRow
from analyst.ingest.units import Unit
from analyst.words.note import Note


@dataclass(frozen=True)
class RawTable:
    frame: pd.DataFrame
    """Columns 0..n-1 in file order; cells are strings, or already typed by the reader."""
    names: tuple[str, ...]
    """Header text per column ("" when the header cell is blank)."""
    row_numbers: np.ndarray
    """For each frame row, its 1-based line/row number in the source."""
    header_row: int | None
    sheet: str | None = None
    sheets: tuple[str, ...] = ()
    encoding: str | None = None
    delimiter: str | None = None
    excluded: tuple[ExcludedRow, ...] = ()
    assumptions: tuple[Note, ...] = ()
    column_formats: dict[int, str] = field(default_factory=dict)
    """Column index -> "money" / "percent" when the workbook's number formats say so."""
    unit: Unit | None = None
    """The unit the title lines give the figures: `clean` multiplies the number columns by it."""


def row_text(cells: Iterable[object], limit: int = 120) -> str:
    parts = [_shown(c) for c in cells if c is not None and str(c).strip() not in ("", "nan")]
    text = " | ".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown(value: object) -> str:
    # 15 significant digits, as Excel shows them: 15144.869999999999 is 15144.87 to a user.
    return f"{value:.15g}" if isinstance(value, float) else str(value).strip()
