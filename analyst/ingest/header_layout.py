"""Headers made of periods: one row of months, or periods merged over measures (2-3 rows).

A finance sheet's header is a row of periods ("Jan 2025 … Dec 2025", real Excel dates shown
as "mmm yyyy", "Q1 2026", "FY 2025"), often with a row of measures under merged period
cells ("Jan 2026" over Units / Revenue) and sometimes a year over the months. Such a row
does not look like a header cell by cell (its cells are dates), so it is decided from the
layout: at least two distinct periods side by side, nothing but labels beside them, and
figures under them in the next row.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Sequence
from typing import Any

from analyst.ingest.periods import Period, header_label, parse_period, with_year

MAX_BAND = 3


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value)) or (
        isinstance(value, str) and not value.strip())


def _text(value: Any) -> str:
    label = header_label(value)
    if label is not None:
        return label
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return re.sub(r"\s+", " ", str(value)).strip()


_FIGURE = re.compile(r"[(\-\u2212+]?(?:[€$£₴₽¥￥]|usd|eur|uah|rub|cny|грн)?\d[\d.,']*"
                     r"(?:%|[€$£₴₽¥￥]|usd|eur|uah|rub|cny|грн\.?|руб\.?|元)?\)?-?", re.IGNORECASE)


def _is_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    text = str(value).strip().replace("\u00a0", "").replace("\u202f", "").replace(" ", "")
    # A currency before or after the figure: "$1,234.50", "1.234,50 €", "-1 234,50 грн".
    return bool(_FIGURE.fullmatch(text))


def periods_of(cells: Sequence[Any]) -> dict[int, Period]:
    """Column index -> the period its cell names (totals included)."""
    found = {}
    for j, value in enumerate(cells):
        if _blank(value):
            continue
        period = parse_period(value)
        if period is not None:
            found[j] = period
    return found


def is_period_row(cells: Sequence[Any]) -> bool:
    """Two or more distinct periods, and every other filled cell a label (no figures)."""
    found = periods_of(cells)
    real = {p for p in found.values() if p.kind != "total"}
    if len(real) < 2:
        return False
    # Plain numbers are figures unless they read as years (a "2025 | 2026" header).
    return all(j in found or not _is_number(v) for j, v in enumerate(cells) if not _blank(v))


def _label_row(cells: Sequence[Any]) -> bool:
    filled = [v for v in cells if not _blank(v)]
    return bool(filled) and all(isinstance(v, str) and not _is_number(v) for v in filled)


def _figures_below(period_columns: list[int], row: Sequence[Any]) -> bool:
    """The first data row has figures (or blanks) under the periods, not dates again.

    A budget of three months under twelve months' headers leaves most cells blank: blanks
    and figures alone under the periods are a data row however few the figures are."""
    values = [row[j] if j < len(row) else None for j in period_columns]
    numbers = sum(not _blank(v) and _is_number(v) for v in values)
    dates = sum(isinstance(v, dt.date) for v in values)
    others = sum(not _blank(v) for v in values) - numbers
    return dates == 0 and numbers >= 1 and (numbers >= len(values) // 3 or others == 0)


def find_period_header(rows: Sequence[Any], i: int) -> tuple[list[str], list[int], int, dict[int, Period]] | None:
    """At row index `i`: (names, band row indexes, data index, column -> period) or None.

    `rows` are `header.Row`s (number, cells) with blank rows already removed.
    """
    row = rows[i]
    if not is_period_row(row.cells):
        return None
    band = [i]
    above = i - 1
    if above >= 0 and rows[above].number == row.number - 1 and _group_row(rows[above].cells, row.cells):
        band.insert(0, above)
    below = i + 1
    while len(band) < MAX_BAND and below < len(rows) and rows[below].number == rows[below - 1].number + 1:
        cells = rows[below].cells
        if _spans_over(rows[below - 1].cells, cells) and (_label_row(cells) or is_period_row(cells)):
            band.append(below)
            below += 1
            continue
        break
    data = band[-1] + 1
    if data >= len(rows):
        return None
    columns = sorted(periods_of(row.cells))
    covered = _spread(columns, [rows[k].cells for k in band])
    # Section rows ("Revenue" alone) may come first: the first row with figures decides.
    below_rows = [r.cells for r in rows[data:data + 6] if any(_is_number(v) for v in r.cells if not _blank(v))]
    if not below_rows or not _figures_below(covered, below_rows[0]):
        return None
    names, by_column = _join([rows[k].cells for k in band])
    return names, band, data, by_column


def _group_row(upper: Sequence[Any], lower: Sequence[Any]) -> bool:
    """A year (or other group) row over the period row: its filled cells sit over the periods."""
    filled = [j for j, v in enumerate(upper) if not _blank(v)]
    if not filled or 0 in filled and len(filled) == 1:
        return False  # empty, or a title in the first cell
    periods = periods_of(upper)
    if not periods:
        return False
    # Labels beside the periods stand over blanks: a vertically merged "Product" cell.
    lone = all(j in periods or j >= len(lower) or _blank(lower[j]) for j in filled)
    return lone and len(filled) < len([v for v in lower if not _blank(v)])


def _spans_over(upper: Sequence[Any], lower: Sequence[Any]) -> bool:
    """The lower row fills cells left blank after an upper period (Excel's merged cells)."""
    width = max(len(upper), len(lower))
    up = list(upper) + [None] * (width - len(upper))
    low = list(lower) + [None] * (width - len(lower))
    return any(not _blank(up[j]) and j + 1 < width and _blank(up[j + 1]) and not _blank(low[j + 1])
               for j in range(width))


def _spread(columns: list[int], band: list[Sequence[Any]]) -> list[int]:
    """The columns a merged period covers (its own and the blanks after it, up to the next)."""
    width = max(len(c) for c in band)
    last = band[-1]
    covered = set(columns)
    for j in columns:
        k = j + 1
        while k < width and k not in columns and k < len(last) and not _blank(last[k]) and all(
                k >= len(r) or _blank(r[k]) for r in band[:-1]):
            covered.add(k)
            k += 1
    return sorted(covered)


def _join(band: list[Sequence[Any]]) -> tuple[list[str], dict[int, Period]]:
    """Names per column: periods carried right over merged cells, then the measure ("Jan 2026 Units")."""
    width = max(len(c) for c in band)
    grid = [list(c) + [None] * (width - len(c)) for c in band]
    if len(grid) > 1:
        for r in range(len(grid) - 1):
            carried = None
            for j in range(width):
                value = grid[r][j]
                if not _blank(value):
                    carried = value if parse_period(value) is not None else None
                elif carried is not None and any(not _blank(grid[k][j]) for k in range(r + 1, len(grid))):
                    grid[r][j] = carried
                else:
                    carried = None
    names, by_column = [], {}
    for j in range(width):
        cells = [grid[r][j] for r in range(len(grid)) if not _blank(grid[r][j])]
        periods = [parse_period(v) for v in cells]
        found = [p for p in periods if p is not None]
        words = [_text(v) for v, p in zip(cells, periods, strict=True) if p is None]
        if not found:
            names.append(" ".join(dict.fromkeys(words)))
            continue
        period = _combined(found)
        by_column[j] = period
        if len(found) == 1:
            label = next(_text(v) for v, p in zip(cells, periods, strict=True) if p is not None)
        else:
            label = period.label
        names.append(" ".join([label] + words))
    return names, by_column


def _combined(found: list[Period]) -> Period:
    """The finest period named, with the year of a coarser one above it ("2026" over "Jan")."""
    finest = found[-1]
    for period in found[:-1]:
        if period.kind == "year" and period.year is not None:
            finest = with_year(finest, period.year)
    return finest
