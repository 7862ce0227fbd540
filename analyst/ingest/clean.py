"""From a raw table to clean, typed columns, with every decision written down."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace
from typing import cast

import numpy as np
import pandas as pd

from analyst.datacard import ExcludedRow
from analyst.ingest.dates import from_excel_serials, parse_dates
from analyst.ingest.footer import find_non_data_rows
from analyst.ingest.number_notes import NumberFacts, number_sentences
from analyst.ingest.numbers import NumberColumn, missing_mask, padded_cells, parse_numbers
from analyst.ingest.options import IngestOptions
from analyst.ingest.reading import ColumnReading
from analyst.ingest.table import RawTable
from analyst.ingest.totals import sum_rows, sum_sentence
from analyst.ingest.unit_scaling import scale_columns
from analyst.words.note import Name, NameList, Note, Parts, Word

_DATE_NAME = re.compile(r"date|day|month|period|дата|день|місяць|месяц|日期|日付|月份", re.IGNORECASE)
_ORDER_NAMES = {"DMY": "day-first", "MDY": "month-first", "YMD": "year-first", "MY": "as month and year",
                "YM": "as year and month", "DM": "day-first", "MD": "month-first"}
_EXAMPLE_DAY = dt.datetime(2026, 1, 31)


@dataclass(frozen=True)
class CleanTable:
    frame: pd.DataFrame
    notes: dict[str, ColumnReading] = field(default_factory=dict)
    """Column name -> how it was read (decimal comma, currency €, a date format)."""
    kinds: dict[str, str] = field(default_factory=dict)
    """Column name -> "money" / "percent" when the cells said so (currency sign, %)."""
    assumptions: tuple[Note, ...] = ()
    excluded: tuple[ExcludedRow, ...] = ()
    row_numbers: tuple[int, ...] = ()
    """Each clean row's number in the source (1-based, as the user sees it); empty when unknown."""
    budget_sheet: str | None = None
    """A budget paired with the actuals of another sheet (`budget_sheets`): the budget's sheet."""


def clean(raw: RawTable, options: IngestOptions) -> CleanTable:
    assumptions = list(raw.assumptions)
    frame = raw.frame
    drop, excluded = find_non_data_rows(frame, raw.row_numbers)
    excluded = sorted(list(raw.excluded) + excluded, key=lambda r: r.line)
    assumptions += _excluded_sentences(excluded)
    blanks = int(drop.sum()) - (len(excluded) - len(raw.excluded))
    if blanks:
        assumptions.append(Note("blank_rows", blanks, n=blanks))
    kept_rows = np.asarray(raw.row_numbers)[~drop] if len(raw.row_numbers) == len(drop) else np.asarray(raw.row_numbers)
    if drop.any():
        frame = frame[~drop].reset_index(drop=True)
    frame, names = _drop_empty_columns(frame, list(raw.names), assumptions)
    source_columns = list(frame.columns)
    frame.columns = _name_columns(names, assumptions)
    if frame.empty or not len(frame.columns):
        return CleanTable(frame, assumptions=tuple(assumptions), excluded=tuple(excluded))
    notes: dict[str, ColumnReading] = {}
    kinds: dict[str, str] = {}
    readings = {} if options.decimal else _first_readings(frame)
    decimal_hint = options.decimal or _agreed_decimal(readings)
    date_hint = options.date_order or ("DMY" if decimal_hint == "," or raw.delimiter == ";" else None)
    typed = {}
    facts: dict[str, NumberFacts] = {}
    for name in frame.columns:
        col = frame[name]
        known = readings.get(name)
        typed[name] = _type_column(name, col, decimal_hint, date_hint, options, notes, kinds,
                                   assumptions, raw, facts,
                                   known if _reading_holds(known, col, decimal_hint) else None)
    assumptions += number_sentences(facts)
    _formats_as_kinds(raw, dict(zip(frame.columns, source_columns, strict=True)), typed, notes, kinds)
    assumptions += scale_columns(typed, kinds, raw.unit)
    result = pd.DataFrame(typed)
    sums, summed = sum_rows(result, kept_rows) if len(kept_rows) == len(result) else (None, [])
    if summed and sums is not None:
        result = result[~sums].reset_index(drop=True)
        kept_rows = kept_rows[~sums]
        excluded = sorted(excluded + summed, key=lambda r: r.line)
        if (said := sum_sentence(summed)) is not None:  # always, for rows that were summed
            assumptions.append(said)
    duplicates = int(pd.util.hash_pandas_object(result, index=False).duplicated().sum())
    if duplicates:
        assumptions.append(Note("duplicates", duplicates, n=duplicates))
    return CleanTable(result, notes, kinds, tuple(assumptions), tuple(excluded), tuple(int(n) for n in kept_rows))


def _formats_as_kinds(raw: RawTable, sources: dict, typed: dict, notes: dict, kinds: dict) -> None:
    """A currency or percent number format in the workbook is evidence of the column's role."""
    formats = getattr(raw, "column_formats", None) or {}
    for name, j in sources.items():
        kind = formats.get(j)
        if kind and kind.startswith("padded:") and typed[name].dtype.kind in "iuf":
            # "02134" is a code the sheet shows with its zeros: kept as text, as shown; a
            # number would drop them and be summed like an amount.
            padded = _padded(typed[name], int(kind.removeprefix("padded:")))
            if padded is not None:
                typed[name] = padded
                kinds.setdefault(name, "id")  # a code, whatever its header says
                notes[name] = replace(notes.get(name, ColumnReading()), sheet_format="padded")
            continue
        if kind and name not in kinds and typed[name].dtype.kind in "iuf":
            kinds[name] = kind
            notes[name] = replace(notes.get(name, ColumnReading()),
                                  sheet_format="money" if kind == "money" else "percent")


def _padded(values: pd.Series, width: int) -> pd.Series | None:
    """Whole non-negative numbers written with `width` digits at least; None if any is not."""
    present = values.dropna()
    if not len(present) or bool((present < 0).any()) or bool((present % 1 != 0).any()):
        return None
    return values.map(lambda v: None if pd.isna(v) else f"{int(v):0{width}d}").astype("string")


def _excluded_sentences(excluded: list[ExcludedRow]) -> list[Note]:
    sentences: list[Note] = []
    for reason in ("total row", "subtotal row", "footnote", "wrong number of fields"):
        rows = [r for r in excluded if r.reason == reason]
        if not rows:
            continue
        shown = Parts(Note("excluded_row", line=r.line, text=r.text) for r in rows[:3])
        more = Note("excluded_more", n=len(rows) - 3) if len(rows) > 3 else ""
        sentences.append(Note("excluded", reason=Word(reason), rows=shown, more=more))
    return sentences


def _drop_empty_columns(frame: pd.DataFrame, names: list[str], assumptions: list[Note]):
    keep = []
    for j in cast("list[int]", frame.columns.tolist()):  # the raw frame's columns are positions
        col = frame[j]
        # Most columns show a value in their first rows: no need to scan a million cells.
        empty = col.isna().all() if col.dtype.kind in "biufcmM" else (
            bool(missing_mask(col.head(100).astype("str")).all()) and bool(missing_mask(col.astype("str")).all()))
        label = Name(names[j]) if j < len(names) and names[j] else Note("column_n", n=j + 1)
        if empty:
            assumptions.append(Note("empty_column", label=label))
        else:
            keep.append(j)
    return frame[keep], [names[j] if j < len(names) else "" for j in keep]


def _name_columns(names: list[str], assumptions: list[Note]) -> list[str]:
    final: list[str] = []
    for position, name in enumerate(names, start=1):
        if not name:
            name = f"Column {position}"
            assumptions.append(Note("unnamed_column", name=Name(name)))
        base, number = name, 2
        while name in final:
            name = f"{base} ({number})"
            number += 1
        if name != base:
            assumptions.append(Note("duplicate_name", base=Name(base), new=Name(name)))
        final.append(name)
    return final


FIRST_CELLS = 5000
"""How many cells of each text column decide the file's decimal separator."""


def _first_readings(frame: pd.DataFrame) -> dict[str, NumberColumn]:
    """Each text column read as numbers from its first `FIRST_CELLS` cells, with no hint
    (the columns that are not numbers left out)."""
    readings = {}
    for name in frame.columns:
        col = frame[name]
        if col.dtype.kind in "biufcmM":
            continue
        parsed = parse_numbers(col.head(FIRST_CELLS))
        if parsed is not None:
            readings[name] = parsed
    return readings


def _agreed_decimal(readings: dict[str, NumberColumn]) -> str | None:
    """A separator the unambiguous columns agree on decides the ambiguous ones."""
    seen = {p.decimal for p in readings.values() if p.decimal and not p.ambiguous}
    return seen.pop() if len(seen) == 1 else None


def _file_decimal(frame: pd.DataFrame) -> str | None:
    return _agreed_decimal(_first_readings(frame))


def _reading_holds(known: NumberColumn | None, col: pd.Series, hint: str | None) -> bool:
    """Whether the first reading of `col` is the one `parse_numbers(col, hint)` gives: the
    same cells (the whole column, not Excel's mixed cells that `_unmix` changes first), and a
    hint that could not change its separator (a hint only settles a column that cannot tell,
    to itself or "."). Then the column is not read twice (a third of a small file's reading)."""
    return (known is not None and len(col) <= FIRST_CELLS and col.dtype != object
            and (hint is None or hint == known.decimal))


def _type_column(name, col, decimal_hint, date_hint, options, notes, kinds, assumptions, raw, facts=None,
                 known: NumberColumn | None = None):
    if col.dtype == object:  # Excel cells; text columns have a string dtype
        col = _unmix(col)
    if col.dtype.kind in "mM":
        if raw is not None and raw.delimiter:  # text the CSV reader took as ISO dates, not Excel dates
            assumptions.append(date_sentence(name, "%Y-%m-%d", False, False))
        return col
    if col.dtype.kind in "biuf":
        if _DATE_NAME.search(name) and (serial := from_excel_serials(col)) is not None:
            assumptions.append(Note("excel_serials", name=Name(name)))
            return serial
        return col
    dates = parse_dates(col, date_hint)
    if dates is not None:
        if dates.ambiguous:
            order = date_hint or ("MDY" if "/" in dates.format else "DMY")
            if order != _order_of(dates.format):
                dates = parse_dates(col, order) or dates  # the first reading if this one fails
        assumptions.append(date_sentence(name, dates.format, dates.ambiguous, bool(options.date_order)))
        if dates.unreadable:
            assumptions.append(Note("not_dates", dates.unreadable, n=dates.unreadable, name=Name(name),
                                    examples=", ".join(map(repr, dates.examples))))
        notes[name] = ColumnReading(date_format=dates.format)
        return dates.values
    numbers = known if known is not None else parse_numbers(col, decimal_hint, options.decimal)
    if numbers is not None:
        _describe_numbers(name, numbers, decimal_hint, options, notes, kinds, assumptions)
        if facts is not None:
            facts[name] = number_facts(numbers, decimal_hint)
        return numbers.values
    text = col.astype("str")
    if padded_cells(text).any():
        text = text.str.strip()
    return text.where(~missing_mask(text, words=True))


def date_sentence(name: str, fmt: str, ambiguous: bool, chosen: bool) -> Note:
    """Said whenever dates are read from text: the order is the assumption most worth checking."""
    order = _order_of(fmt)
    how = "dates_iso" if fmt.startswith("%Y-%m-%d") else _ORDER_NAMES.get(order, order)
    tail = (Word("dates_chosen") if chosen else Word("dates_both_ways")) if ambiguous else ""
    return Note("dates", name=Name(name), how=Word(how), example=_EXAMPLE_DAY.strftime(fmt), tail=tail)


def number_facts(numbers: NumberColumn, hint: str | None) -> NumberFacts:
    decimal = numbers.decimal or hint or "."
    return NumberFacts(decimal, numbers.currency, numbers.thousands, numbers.parenthesized, numbers.percent,
                       numbers.ambiguous, numbers.scientific > 0, numbers.final_dot > 0)


def _order_of(fmt: str) -> str:
    codes = (("%d", "D"), ("%m", "M"), ("%Y", "Y"), ("%y", "Y"))
    picks = sorted((fmt.find(c), letter) for c, letter in codes if c in fmt)
    return "".join(letter for _, letter in picks)


def _describe_numbers(name, numbers: NumberColumn, hint, options, notes, kinds, assumptions) -> None:
    reading = ColumnReading(decimal_comma=numbers.decimal == ",", currency=numbers.currency or None,
                            percent=bool(numbers.percent), scientific=numbers.scientific > 0)
    if numbers.currency:
        kinds[name] = "money"
    if numbers.percent:
        kinds[name] = "percent"
    if reading != ColumnReading():
        notes[name] = reading
    if numbers.decimal == "," and not options.decimal:
        _add_to_sentence(assumptions, "decimal_comma", name)
    if numbers.ambiguous:
        source = "source_chosen" if options.decimal else ("source_other_columns" if hint else "source_default")
        sep = "mark_comma" if (hint or ".") == "." else "mark_dot"
        assumptions.append(Note("ambiguous_thousands", name=Name(name), mark=Word(sep), source=Word(source)))
    if numbers.unreadable:
        assumptions.append(Note("not_numbers", numbers.unreadable, n=numbers.unreadable, name=Name(name),
                                examples=", ".join(map(repr, numbers.examples))))


def _add_to_sentence(assumptions: list[Note], key: str, name: str) -> None:
    """One sentence per kind of decision, listing every column it applies to."""
    for i, text in enumerate(assumptions):
        names = text.values.get("names")
        if text.key == key and isinstance(names, NameList):
            assumptions[i] = Note(key, names=NameList((*names, name)))
            return
    assumptions.append(Note(key, names=NameList((name,))))


def _unmix(col: pd.Series) -> pd.Series:
    """Excel columns mix native numbers, dates and text: keep what is native, text the rest."""
    present = col.dropna()
    if present.empty:
        return col.astype("float64")
    if present.map(lambda v: isinstance(v, (int, float, np.number)) and not isinstance(v, bool)).all():
        numbers = pd.to_numeric(col).astype("float64")
        if (numbers.dropna() % 1 == 0).all():
            # Formula results come back as floats; a column of whole numbers stays whole.
            return numbers.astype("Int64") if numbers.isna().any() else numbers.astype("int64")
        return numbers
    if present.map(lambda v: isinstance(v, (dt.datetime, dt.date, pd.Timestamp))).all():
        return pd.to_datetime(col)
    return col.map(_as_text, na_action="ignore").astype("str")


def _as_text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dt.datetime, dt.date)):
        return value.strftime("%Y-%m-%d")
    return str(value)
