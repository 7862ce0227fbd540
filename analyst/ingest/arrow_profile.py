"""Card statistics of an Arrow table, computed by Arrow's kernels (no pandas copy of the data)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from analyst.datacard import ColumnCard
from analyst.ingest.number_shape import arrow_shape
from analyst.ingest.profile import SAMPLE_ROWS, finite, is_id_name, numeric_role, sample_rows
from analyst.ingest.reading import ColumnReading

_DTYPES = {pa.int64(): "int64", pa.float64(): "float64", pa.string(): "str", pa.bool_(): "bool"}


def dtype_name(kind: pa.DataType) -> str:
    """The pandas dtype a reader of the Parquet file will see."""
    if pa.types.is_timestamp(kind):
        return f"datetime64[{kind.unit}]"
    return _DTYPES.get(kind, str(kind))


def column_cards(table: pa.Table, kinds: dict[str, str],
                 notes: dict[str, ColumnReading]) -> tuple[ColumnCard, ...]:
    cards = []
    rows = table.num_rows
    for name in table.column_names:
        col = table.column(name)
        unique = int(pc.count_distinct(col, mode="only_valid").as_py())
        missing = col.null_count
        role = _role(name, col, kinds.get(name), unique, rows)
        dtype = dtype_name(col.type)
        reading = notes.get(name)
        note, currency = (reading.text(), reading.currency) if reading else (None, None)
        if pa.types.is_timestamp(col.type):
            low_high = pc.min_max(col)
            first, last = (low_high["min"].as_py(), low_high["max"].as_py()) if missing < rows else (None, None)
            cards.append(ColumnCard(name, dtype, role, missing, unique,
                                    first=first.date().isoformat() if first else None,
                                    last=last.date().isoformat() if last else None, note=note,
                                    currency=currency))
        elif pa.types.is_integer(col.type) or pa.types.is_floating(col.type):
            total = float(pc.sum(col).as_py() or 0)
            # Money to the cent: float64 sums of cents are exact to far below a cent at this size.
            total = round(total, 2) if role == "money" else round(total, 10)
            low_high = pc.min_max(col)
            low, high = low_high["min"].as_py(), low_high["max"].as_py()
            cards.append(ColumnCard(name, dtype, role, missing, unique, sum=finite(total),
                                    min=finite(low), max=finite(high), note=note,
                                    currency=currency))
        else:
            cards.append(ColumnCard(name, dtype, role, missing, unique, note=note, currency=currency))
    return tuple(cards)


def _role(name: str, col: pa.ChunkedArray, hint: str | None, unique: int, rows: int) -> str:
    """The same rules as `profile.role_of`, on Arrow columns."""
    if pa.types.is_timestamp(col.type):
        return "date"
    if pa.types.is_integer(col.type) or pa.types.is_floating(col.type):
        return numeric_role(name, hint, arrow_shape(col, unique))
    lengths = pc.utf8_length(col) if col.type == pa.string() else None
    longest = pc.max(lengths).as_py() if lengths is not None else None
    if is_id_name(name) or (unique == rows > 20 and (longest or 0) <= 20):
        return "id"
    mean = pc.mean(lengths).as_py() if lengths is not None else None
    if unique <= max(20, rows // 2) and (mean or 0) <= 60:
        return "category"
    return "text"


def duplicate_rows(table: pa.Table, cards: tuple[ColumnCard, ...]) -> int:
    """Rows that repeat an earlier one; free when some column is unique (no row can repeat).

    Exact, and cheap on a million rows: each row gets a 64-bit hash mixed from per-column
    codes (numbers by their bits, text by dictionary index); only rows whose hash is not
    unique (true repeats and the rare collision) are grouped exactly, by every column. A
    group-by over all columns of every row cost more than reading the file.
    """
    rows = table.num_rows
    if rows == 0 or any(c.unique == rows for c in cards):
        return 0
    hashes = np.zeros(rows, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for column in table.columns:
            hashes = hashes * _MIX + _codes(column)
    order = np.argsort(hashes, kind="stable")
    ranked = hashes[order]
    same = ranked[1:] == ranked[:-1]
    if not same.any():
        return 0
    shared = np.zeros(rows, dtype=bool)
    shared[1:] |= same
    shared[:-1] |= same
    candidates = table.take(pa.array(np.sort(order[shared])))
    # -0.0 is 0.0 to a reader of the table (and to the hash above): the same for the grouping.
    candidates = pa.table([pc.if_else(pc.equal(c, 0.0), 0.0, c) if pa.types.is_floating(c.type) else c
                           for c in candidates.columns], names=candidates.column_names)
    distinct = candidates.group_by(candidates.column_names, use_threads=True).aggregate([])
    return candidates.num_rows - distinct.num_rows


_MIX = np.uint64(0x9E3779B97F4A7C15)
_NULL = np.uint64(0xA5A5A5A5DEADBEEF)


def _codes(column: pa.ChunkedArray) -> np.ndarray:
    """A uint64 per row, equal for equal values (nulls included), from Arrow's own buffers."""
    kind = column.type
    if pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_binary(kind):
        indices = pc.dictionary_encode(column.combine_chunks()).indices
        codes = pc.fill_null(indices, 0).to_numpy().astype(np.uint64)
    elif pa.types.is_floating(kind):
        values = pc.fill_null(column, 0.0).to_numpy().astype(np.float64)
        values = np.where(values == 0.0, 0.0, values)  # -0.0 equals 0.0
        codes = values.view(np.uint64)
    elif pa.types.is_boolean(kind):
        codes = pc.fill_null(column, False).to_numpy(zero_copy_only=False).astype(np.uint64)
    elif pa.types.is_integer(kind) or pa.types.is_temporal(kind):
        values = pc.fill_null(column.cast(pa.int64()), 0) if not pa.types.is_integer(kind) \
            else pc.fill_null(column, 0).cast(pa.int64())
        codes = values.to_numpy().view(np.uint64)
    else:  # anything rarer: its text form
        return _codes(column.cast(pa.string()))
    if column.null_count:
        nulls = column.is_null().to_numpy(zero_copy_only=False)
        codes = np.where(nulls, _NULL, codes ^ np.uint64(0x5555))
    return codes


def first_rows(table: pa.Table) -> tuple[tuple, ...]:
    return sample_rows(table.slice(0, SAMPLE_ROWS).to_pandas())
