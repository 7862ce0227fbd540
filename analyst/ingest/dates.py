"""Dates stored as text: the format is chosen from the column as a whole, then parsed at once."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from analyst.ingest.header import DATE_PATTERN
from analyst.ingest.numbers import missing_mask

# Day-first and month-first twins are both tried; the column (or a hint) decides.
FORMATS = [
    "%Y-%m-%d", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y/%m/%d",
    "%d.%m.%Y", "%m.%d.%Y", "%d.%m.%Y %H:%M", "%d.%m.%Y %H:%M:%S", "%d.%m.%y",
    "%d/%m/%Y", "%m/%d/%Y", "%d/%m/%Y %H:%M", "%m/%d/%Y %H:%M", "%d/%m/%y", "%m/%d/%y",
    "%d-%m-%Y", "%m-%d-%Y", "%d %b %Y", "%d %B %Y", "%d-%b-%Y", "%d-%b-%y", "%b %d, %Y",
    "%B %d, %Y", "%b %d %Y", "%B %d %Y", "%b %Y", "%B %Y", "%b-%y", "%b-%Y", "%Y-%m",
]
_ORDER = {"%d": "D", "%m": "M", "%Y": "Y", "%y": "Y"}
SAMPLE_UNIQUE = 3000
LEAST_READABLE = 0.99


@dataclass(frozen=True)
class DateColumn:
    values: pd.Series
    format: str
    ambiguous: bool
    """Day-first and month-first both fitted every value; the hint or default decided."""
    unreadable: int
    examples: tuple[str, ...]


def _order(fmt: str) -> str:
    picks = sorted((fmt.find(code), letter) for code, letter in _ORDER.items() if code in fmt)
    return "".join(letter for _, letter in picks)


def parse_dates(text: pd.Series, order_hint: str | None = None) -> DateColumn | None:
    text = text.astype("str")
    head = text.head(400).dropna().str.strip()
    head = head[~missing_mask(head)].head(200)
    if head.empty or sum(bool(DATE_PATTERN.match(v)) for v in head) < 0.9 * len(head):
        return None  # cheap refusal for text columns, before touching a million cells
    missing = missing_mask(text)
    cells = text[~missing].str.strip()
    unique = pd.Series(cells.unique()[:SAMPLE_UNIQUE])
    fitting = []
    for fmt in FORMATS:
        parsed = pd.to_datetime(unique, format=fmt, errors="coerce")
        share = parsed.notna().mean()
        if share >= LEAST_READABLE:
            fitting.append((share, fmt))
    if not fitting:
        return None
    best_share = max(share for share, _ in fitting)
    candidates = [fmt for share, fmt in fitting if share == best_share]
    chosen = candidates[0]
    ambiguous = len({_order(f) for f in candidates}) > 1
    if ambiguous and order_hint:
        chosen = next((f for f in candidates if _order(f) == order_hint), chosen)
    parsed = pd.to_datetime(cells, format=chosen, errors="coerce")
    bad = cells[parsed.isna()]
    if len(bad) > (1 - LEAST_READABLE) * len(cells):
        return None
    values = pd.Series(pd.NaT, index=text.index, dtype=parsed.dtype)
    values[parsed.index] = parsed
    return DateColumn(values, chosen, ambiguous, len(bad), tuple(bad.head(3)))


def from_excel_serials(numbers: pd.Series) -> pd.Series | None:
    """Excel stores dates as days since 1899-12-30; only plausible ranges qualify."""
    present = numbers.dropna()
    if present.empty or not ((present >= 20000) & (present <= 80000)).all():
        return None
    return pd.to_datetime(numbers.astype("float64"), unit="D", origin="1899-12-30")
