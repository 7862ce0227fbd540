"""Find the header among title and notes lines; join a two-row (merged) header."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyst.ingest.errors import IngestError
from analyst.ingest.header_layout import find_period_header
from analyst.ingest.periods import header_label
from analyst.ingest.units import Unit, line_text, unit_in_titles
from analyst.words.note import Note

# Loose on purpose: this only tells header text from data, the column parser decides values
# ("3.2e+21" and "3504." are data too).
_NUMBER = re.compile(
    r"^[\s(+\-\u2212]*([€$£₴₽¥￥]|usd|eur|uah|грн)?\s*\d[\d\s.,'\u00a0\u202f]*(e[+\-]?\d{1,3})?"
    r"(%|[€$£₴₽¥￥]|usd|eur|uah|грн\.?|руб\.?)?\s*\)?-?$",
    re.IGNORECASE,
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
DATE_PATTERN = re.compile(
    r"^(\d{1,4}[./-]\d{1,2}[./-]\d{1,4}([ T]\d{1,2}:\d{2}(:\d{2})?)?|"
    rf"{_MONTH}[ -]\d{{2,4}}|{_MONTH} \d{{1,2}},? \d{{4}}|\d{{1,2}}[ -]{_MONTH}[ -]\d{{2,4}})$",
    re.IGNORECASE,
)
LOOKAHEAD = 40


@dataclass(frozen=True)
class Row:
    number: int
    """1-based line (text) or row (Excel) number as the user sees it."""
    cells: Sequence[Any]


@dataclass(frozen=True)
class Header:
    names: tuple[str, ...]
    rows: tuple[int, ...]
    """1-based numbers of the header rows (two for a merged header, none when absent)."""
    data_index: int
    """Index in the given rows where the data starts."""
    assumption: Note
    skipped: Note | None = None
    """What the lines above the header were taken for ("2 lines above the header skipped: ...")."""
    unit: Unit | None = None
    """The unit the title lines above the header give the figures ("(in thousands)")."""

    @property
    def sentences(self) -> tuple[Note, ...]:
        return (self.assumption,) + ((self.skipped,) if self.skipped else ())


def skipped_above(first_row: int, filled_above: int) -> Note | None:
    """Lines above the header, titles and blanks counted apart, so the card says exactly what was left out."""
    total = first_row - 1
    if total <= 0:
        return None
    blank = max(0, total - filled_above)
    titles = Note("skipped_titles", filled_above, n=filled_above) if filled_above else None
    blanks = Note("skipped_blanks", blank, n=blank) if blank else None
    said = Note("skipped_both", titles=titles, blanks=blanks) if titles and blanks else (titles or blanks or "")
    return Note("skipped_above", total, n=total, details=said)


def cell_kind(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "empty"
    if isinstance(value, bool):
        return "text"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, (dt.date, dt.datetime, dt.time)):
        return "date"
    text = str(value).strip()
    if not text:
        return "empty"
    if DATE_PATTERN.match(text):
        return "date"
    if _NUMBER.match(text):
        return "number"
    return "text"


def _kinds(row: Row) -> list[str]:
    return [cell_kind(v) for v in row.cells]


def _is_year(value: Any) -> bool:
    try:
        return float(str(value).strip()).is_integer() and 1900 <= float(str(value)) <= 2100
    except ValueError:
        return False


def _label_like(row: Row) -> bool:
    """Text only (years allowed, as in a "2026" group header), at least one real word."""
    kinds = _kinds(row)
    words = sum(k == "text" for k in kinds)
    others = [v for v, k in zip(row.cells, kinds, strict=True) if k in ("number", "date")]
    return words > 0 and all(_is_year(v) for v in others)


def _filled(row: Row) -> int:
    return sum(k != "empty" for k in _kinds(row))


def _blank(value: Any) -> bool:
    """`cell_kind(value) == "empty"`, without reading the kind of a cell that has a value."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return True
    if isinstance(value, (bool, int, float, dt.date, dt.datetime, dt.time)):
        return False
    return not str(value).strip()


def _has_value(row: Row) -> bool:
    # Every row of the sample is tested, most at their first cell: the kinds of all their
    # cells (`_filled`) cost a tenth of a CSV's reading.
    return not all(_blank(v) for v in row.cells)


def _span(row: Row) -> int:
    kinds = _kinds(row)
    return max((i + 1 for i, k in enumerate(kinds) if k != "empty"), default=0)


def _name(value: Any) -> str:
    if value is None or cell_kind(value) == "empty":
        return ""
    if isinstance(value, dt.date):
        return header_label(value) or str(value)  # a real date as Excel's "mmm yyyy" shows it
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return re.sub(r"\s+", " ", str(value)).strip()


def _merged_above(upper: Row, lower: Row) -> bool:
    """Does `upper` look like group labels spanning several columns of `lower`?"""
    up = _kinds(upper)
    low = _kinds(lower)
    width = max(len(up), len(low))
    up += ["empty"] * (width - len(up))
    low += ["empty"] * (width - len(low))
    starts = [i for i, k in enumerate(up) if k != "empty"]
    if len(starts) < 1 or not _label_like(upper) or not _label_like(lower):
        return False
    if starts == [0] and low[0] != "empty":
        return False  # one cell in the first column, over a full header: a title line
    # Each group label (except a vertically merged first column) is followed by a blank that
    # the lower row fills: that is how Excel stores a merged cell.
    groups = [i for i in starts if low[i] != "empty" or i > 0]
    spans = [i for i in groups if i + 1 < width and up[i + 1] == "empty" and low[i + 1] != "empty"]
    return bool(spans) and len(spans) == len([i for i in groups if low[i] != "empty"])


def _join(upper: Row, lower: Row) -> list[str]:
    width = max(len(upper.cells), len(lower.cells))
    top = [_name(v) for v in upper.cells] + [""] * (width - len(upper.cells))
    low = [_name(v) for v in lower.cells] + [""] * (width - len(lower.cells))
    names, group = [], ""
    for i in range(width):
        if top[i]:
            group = top[i]
        elif not low[i]:
            group = ""
        parts = [p for p in (group if low[i] else top[i], low[i]) if p]
        names.append(" / ".join(dict.fromkeys(parts)))
    return names


def period_header(rows: Sequence[Row], i: int) -> Header | None:
    """A header of periods at `rows[i]` (with merged rows over or under it), decided by `header_layout`."""
    found = find_period_header(rows, i)
    if found is None:
        return None
    names, band, data, by_column = found
    used = tuple(rows[k].number for k in band)
    labels = [names[j] for j in sorted(by_column)]
    shown: str | Note = (f"{labels[0]} … {labels[-1]}" if len(labels) > 2 else
                  Note("two_labels", a=labels[0], b=labels[1]) if len(labels) == 2 else "".join(labels))
    said = (Note("header_periods_row", row=used[0], shown=shown) if len(used) == 1 else
            Note("header_periods_rows", a=used[0], b=used[-1], n=len(used), shown=shown))
    return Header(tuple(names), used, data, said,
                  skipped_above(used[0], band[0]))


def find_header(rows: Sequence[Row], forced_row: int | None = None) -> Header:
    header = _find_header(rows, forced_row)
    if not header.rows:
        return header
    # Only the lines above the header are titles: a row label saying "thousands" is data.
    titles = [line_text(r.cells) for r in rows if r.number < header.rows[0]]
    unit = unit_in_titles(titles)
    return replace(header, unit=unit) if unit else header


def _find_header(rows: Sequence[Row], forced_row: int | None = None) -> Header:
    rows = [r for r in rows if _has_value(r)]
    if not rows:
        raise IngestError(Note("error_no_rows_with_data"))
    if forced_row is not None:
        for i, row in enumerate(rows):
            if row.number == forced_row:
                return Header(tuple(_name(v) for v in row.cells), (row.number,), i + 1,
                              Note("header_row_chosen", row=row.number), skipped_above(row.number, i))
        raise IngestError(Note("error_header_row_outside", row=forced_row))
    head = rows[:LOOKAHEAD]
    width = Counter(_span(r) for r in head).most_common(1)[0][0]
    if width > 1:
        # The data are the widest recurring rows; one-cell title lines do not count.
        width = max(w for w, n in Counter(_span(r) for r in head).items() if n >= 2 or w == width)
    need = max(2, math.ceil(0.5 * width)) if width > 1 else 1
    # Periods across the top win over any sparser line above them (titles, units, notes):
    # the layout, not one row's look, decides.
    for i, row in enumerate(head):
        periods = period_header(rows, i)
        if periods is not None and all(_filled(r) < _filled(row) for r in head[:i]):
            return periods
    for i, row in enumerate(head):
        if _filled(row) < need or not _label_like(row):
            continue
        if i + 1 < len(rows) and _label_like(rows[i + 1]) and _merged_above(row, rows[i + 1]):
            names = _join(row, rows[i + 1])
            used = (row.number, rows[i + 1].number)
            text = Note("header_merged", a=used[0], b=used[1])
            return Header(tuple(names), used, i + 2, text, skipped_above(row.number, i))
        if i > 0 and rows[i - 1].number == row.number - 1 and _merged_above(rows[i - 1], row):
            names = _join(rows[i - 1], row)
            used = (rows[i - 1].number, row.number)
            text = Note("header_merged", a=used[0], b=used[1])
            return Header(tuple(names), used, i + 1, text, skipped_above(used[0], i - 1))
        return Header(tuple(_name(v) for v in row.cells), (row.number,), i + 1, Note("header_row", row=row.number),
                      skipped_above(row.number, i))
    start = next(i for i, r in enumerate(rows) if _span(r) >= max(1, width // 2))
    generic = tuple(f"Column {j + 1}" for j in range(width))
    return Header(generic, (), start, Note("no_header"))
