"""Large CSV/TXT files: every decision taken on the head and tail, the body read by C++ only.

The head (~64 KB) tells the encoding, delimiter, header and each column's type; the tail
(~64 KB) holds totals and footnotes, which are cut off by byte position. Arrow's
multi-threaded reader then reads the body straight into typed columns, and columns that
need cleaning (currency signs, thousands separators, parentheses, percents) are cleaned
with `pyarrow.compute`. When the sample shows something this path cannot do exactly
(quoted line breaks, subtotals, unreadable cells, mixed conventions), `read_fast` returns
None and the general path reads the file instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from analyst.datacard import ExcludedRow
from analyst.ingest.arrow_columns import clean_dates, clean_numbers, drop_empty, whole_column_facts
from analyst.ingest.clean import (
    _DATE_NAME,
    _excluded_sentences,
    _file_decimal,
    _name_columns,
    _type_column,
)
from analyst.ingest.delimited import _NAMES, NULLS, _byte_offset, _encoding_label, sniff_delimiter
from analyst.ingest.encoding import decode
from analyst.ingest.footer import TOTAL_FIRST, find_non_data_rows
from analyst.ingest.header import find_header
from analyst.ingest.number_notes import NumberFacts, number_sentences
from analyst.ingest.options import IngestOptions
from analyst.ingest.reading import ColumnReading
from analyst.ingest.records import head_text, records
from analyst.ingest.units import unit_in_titles
from analyst.words.note import Name, Note, Word

FAST_FROM = 1024 * 1024
"""Smaller files fit in the general path's sample: it reads them whole, just as fast."""
HEAD_BYTES = 64 * 1024
TAIL_BYTES = 64 * 1024
SAMPLE_ROWS = 400
_PLAIN_INT = re.compile(r"^-?\d{1,18}$")
_PLAIN_FLOAT = {".": re.compile(r"^-?\d+(\.\d+)?$"), ",": re.compile(r"^-?\d+(,\d+)?$")}


@dataclass(frozen=True)
class FastTable:
    table: pa.Table
    """Clean, typed, with the final column names."""
    header_row: int | None
    encoding: str
    delimiter: str
    notes: dict[str, ColumnReading]
    kinds: dict[str, str]
    assumptions: tuple[Note, ...]
    excluded: tuple[ExcludedRow, ...]


@dataclass(frozen=True)
class _Plan:
    index: int
    name: str
    kind: str
    """"int", "float" (plain, Arrow converts), "number" (cleaned), "date", "text", "unknown"."""
    decimal: str | None = None
    date_format: str | None = None
    percent: bool = False
    whole: bool = False
    """Whole numbers (the general path's int64), e.g. quantities written "1 000"."""


def read_fast(raw: bytes, options: IngestOptions, display_name: str) -> FastTable | None:
    if len(raw) < FAST_FROM:
        return None
    decoded = decode(raw, options.encoding, display_name)
    data = decoded.utf8 if isinstance(decoded.utf8, bytes) else bytes(decoded.utf8)
    if b"\x00" in data[:HEAD_BYTES]:
        return None
    head = head_text(data, HEAD_BYTES)  # whole records, as the general path decides on
    delimiter = sniff_delimiter(head)
    rows = records(head, delimiter)
    if any("\n" in c or "\r" in c for r in rows for c in r.cells if c):
        return None  # quoted line breaks: the tail cannot be cut at a line safely
    header = find_header(rows, options.header_row)
    if header.unit is not None or any(unit_in_titles([n]) for n in header.names):
        return None  # figures in thousands: the general path scales them and says so
    filled = [r for r in rows if any(c is not None for c in r.cells)]
    head_data = filled[header.data_index:]
    width = len(header.names)
    if len(head_data) < 50 or any(len(r.cells) != width for r in head_data):
        return None
    offset = _byte_offset(head, head_data[0].number)
    tail = _tail(data, delimiter, width)
    if tail is None:
        return None
    body_end, tail_rows, footers = tail
    # A few hundred rows from each end decide the types; more only costs pandas overhead.
    picked = head_data[:SAMPLE_ROWS] + tail_rows[-SAMPLE_ROWS:]
    sample = pd.DataFrame([list(r.cells) for r in picked], columns=range(width), dtype="str")
    facts: dict[str, NumberFacts] = {}
    plans, notes, kinds, assumptions = _plan(sample, header.names, options, delimiter, facts)
    if plans is None:
        return None
    table = _read_body(data, offset, body_end, width, delimiter, plans)
    if table is None:
        return None
    table, dropped = _finish(table, plans, notes, kinds, facts, header.names)
    if table is None:
        return None
    # The general path drops empty columns before naming the unnamed ones: say the same.
    unnamed_dropped = {Note("unnamed_column", name=Name(p.name)) for p in plans
                       if p.name not in table.column_names and not header.names[p.index]}
    assumptions = [a for a in (decoded.assumption,) if a] + (
        [Note("separator", delimiter=Word(_NAMES[delimiter]))] if delimiter != "," else []
    ) + list(header.sentences) + _excluded_sentences(footers) + dropped + [
        a for a in assumptions if a not in unnamed_dropped]
    # After the body is read: counts and separators from every row, not the sample's.
    assumptions += number_sentences({name: facts[name] for name in table.column_names if name in facts})
    return FastTable(table, header.rows[-1] if header.rows else None, _encoding_label(decoded.encoding),
                     delimiter, notes, kinds, tuple(assumptions), tuple(footers))


def _tail(data: bytes, delimiter: str, width: int):
    """(end of the body in bytes, the last data rows, the footer rows) from the last bytes."""
    start = max(0, len(data) - TAIL_BYTES)
    start = data.index(b"\n", start) + 1 if start else 0
    text = data[start:].decode("utf-8", errors="replace")
    rows = records(text, delimiter)
    if len(rows) < 20:
        return None
    lines_before = data.count(b"\n", 0, start)
    frame = pd.DataFrame([list(r.cells[:width]) + [None] * (width - len(r.cells)) for r in rows],
                         columns=range(width), dtype="str")
    numbers = np.array([lines_before + r.number for r in rows])
    drop, excluded = find_non_data_rows(frame, numbers)
    cut = len(rows)
    while cut > 0 and drop[cut - 1]:
        cut -= 1
    if drop[:cut].any() or any(len(r.cells) != width for r in rows[:cut]):
        return None  # subtotals or ragged rows above the end: the general path handles them
    end = start + _byte_offset(text, rows[cut].number) if cut < len(rows) else len(data)
    return end, rows[:cut], excluded


def _plan(sample: pd.DataFrame, names, options: IngestOptions, delimiter: str, facts: dict):
    """Each column's type, decided with the general path's own rules on the sample."""
    assumptions: list[Note] = []
    notes: dict[str, ColumnReading] = {}
    kinds: dict[str, str] = {}
    final = _name_columns(list(names), assumptions)
    decimal_hint = options.decimal or _file_decimal(sample)
    date_hint = options.date_order or ("DMY" if decimal_hint == "," or delimiter == ";" else None)
    plans = []
    for j, name in enumerate(final):
        col = sample[j]
        present = col.dropna().str.strip()
        present = present[present != ""]
        if present.empty:
            plans.append(_Plan(j, name, "unknown"))
            continue
        seen = len(assumptions)
        typed = _type_column(name, col, decimal_hint, date_hint, options, notes, kinds, assumptions, None, facts)
        if any(getattr(a, "key", None) in ("not_numbers", "not_dates") for a in assumptions[seen:]):
            return None, notes, kinds, assumptions
        if typed.dtype.kind == "M":
            plans.append(_Plan(j, name, "date", date_format=notes[name].date_format))
        elif typed.dtype.kind in "iuf":
            if _DATE_NAME.search(name):
                return None, notes, kinds, assumptions  # maybe Excel serial dates: the general path decides
            plans.append(_number_plan(j, name, present, notes.get(name, ColumnReading()), decimal_hint,
                                      typed))
        else:
            plans.append(_Plan(j, name, "text"))
    return plans, notes, kinds, assumptions


def _number_plan(j: int, name: str, present: pd.Series, reading: ColumnReading, hint: str | None,
                 typed: pd.Series) -> _Plan:
    decimal = "," if reading.decimal_comma else ("." if hint != "," or "," not in "".join(present.head(200)) else ",")
    if typed.dtype.kind in "iu" or str(typed.dtype) == "Int64":
        if present.str.match(_PLAIN_INT).all():
            return _Plan(j, name, "int")
        return _Plan(j, name, "number", decimal=decimal, whole=True)
    if present.str.match(_PLAIN_FLOAT[decimal]).all():
        return _Plan(j, name, "float", decimal=decimal)
    return _Plan(j, name, "number", decimal=decimal, percent=reading.percent)


def _read_body(data: bytes, offset: int, end: int, width: int, delimiter: str, plans) -> pa.Table | None:
    decimals = {p.decimal for p in plans if p.kind == "float"}
    decimal_point = decimals.pop() if len(decimals) == 1 else "."
    types = {}
    for p in plans:
        plain = p.kind == "int" or (p.kind == "float" and p.decimal == decimal_point)
        types[f"c{p.index}"] = (pa.int64() if p.kind == "int" else pa.float64()) if plain else pa.string()
    skipped: list[str] = []

    def on_invalid(row) -> str:
        skipped.append(row.text)
        return "skip"

    try:
        table = pacsv.read_csv(
            pa.py_buffer(data)[offset:end],
            read_options=pacsv.ReadOptions(column_names=[f"c{j}" for j in range(width)], block_size=16 << 20),
            parse_options=pacsv.ParseOptions(delimiter=delimiter, invalid_row_handler=on_invalid),
            convert_options=pacsv.ConvertOptions(column_types=types, null_values=NULLS, strings_can_be_null=True,
                                                 decimal_point=decimal_point),
        )
    except (pa.ArrowInvalid, UnicodeError):
        return None  # a value the sample did not foresee: the general path decides it cell by cell
    if skipped or _has_totals_inside(table, plans):
        return None
    return table


def _has_totals_inside(table: pa.Table, plans) -> bool:
    """A subtotal row in the body (rare in exports this size): one regex kernel per label column."""
    labels = [f"c{p.index}" for p in plans if table.column(f"c{p.index}").type == pa.string()][:3]
    for name in labels:
        found = pc.match_substring_regex(table.column(name), TOTAL_FIRST, ignore_case=True)
        if pc.any(found).as_py():
            return True
    return False


def _finish(table: pa.Table, plans, notes: dict, kinds: dict, facts: dict, header_names):
    columns, names, more = [], [], []
    for p in plans:
        col = table.column(f"c{p.index}")
        if p.kind == "unknown":
            kept = drop_empty(col)
            if kept is None:
                label = Name(header_names[p.index]) if header_names[p.index] else Note("column_n", n=p.index + 1)
                more.append(Note("empty_column", label=label))
                continue
            col = kept
        elif p.kind == "number" or (p.kind == "float" and col.type == pa.string()):
            if p.name in facts:
                facts[p.name] = whole_column_facts(col, facts[p.name])
            col, bad = clean_numbers(col, p.decimal or ".", p.percent, p.whole)
            if bad:
                return None, []
        elif p.kind == "date":
            col, bad = clean_dates(col, p.date_format)
            if bad:
                return None, []
        columns.append(col)
        names.append(p.name)
    return pa.table(columns, names=names), more
