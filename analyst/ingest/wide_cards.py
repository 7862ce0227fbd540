"""A wide table's card says so, and its tidy long table is written beside it in `input/`.

Runs after every table's card is made (CSV fast path and workbooks alike): the layout is
decided from the card's column names and types (`wide.detect_wide`), so a long table
costs nothing; a wide one is read back once to write `<table>_long.parquet`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from analyst.datacard import ColumnCard, DataCard
from analyst.ingest.naming import unique_path
from analyst.ingest.profile import column_card, distinct, sample_rows
from analyst.ingest.wide import (
    PERIOD,
    VALUE,
    WideLayout,
    detect_wide,
    long_form,
    text_cells,
    total_checks,
)


def with_long_tables(cards: list[DataCard], root: Path) -> list[DataCard]:
    """The cards, each wide one marked and followed by the card of its tidy long table."""
    out: list[DataCard] = []
    for card in cards:
        layout = _layout(card)
        if layout is None:
            out.append(card)
            continue
        wide, long = _write_long(card, layout, root)
        out += [wide, long]
    return out


def _layout(card: DataCard) -> WideLayout | None:
    if card.layout != "long" or card.wide_table:
        return None
    names = [c.name for c in card.columns]
    numeric = [str(c.dtype).startswith(("int", "float", "Int", "Float")) for c in card.columns]
    return detect_wide(names, numeric)


def _write_long(card: DataCard, layout: WideLayout, root: Path) -> tuple[DataCard, DataCard]:
    frame = pd.read_parquet(root / card.parquet_path)
    long = long_form(frame, layout)
    target = unique_path(root / Path(card.parquet_path).parent, f"{card.table}_long", ".parquet")
    pq.write_table(pa.Table.from_pandas(long, preserve_index=False), target)
    said = layout.describe()
    checks = text_cells(frame, layout) + total_checks(frame, layout)
    shape = f"keys {', '.join(map(repr, layout.keys))}, " if layout.keys else ""
    wide = replace(
        card, layout="wide", period_columns=layout.period_columns,
        total_columns=layout.total_columns, long_table=target.stem,
        assumptions=(*card.assumptions, f"Layout {said}.", *checks,
                     f"A tidy long table '{target.stem}' ({shape}one row per period"
                     f"{' and measure' if layout.measures else ''}) was written beside it; "
                     "questions and the report use it."),
    )
    columns = _columns(card, layout, long)
    tidy = replace(
        card, table=target.stem, rows=len(long), columns=columns, header_row=None,
        excluded_rows=(), parquet_path=target.relative_to(root).as_posix(),
        sample_rows=sample_rows(long), layout="long", period_columns=(), total_columns=(),
        long_table=None, wide_table=card.table,
        assumptions=(f"The tidy long form of '{card.table}' ({said}): the period columns "
                     f"{layout.period_columns[0]} … {layout.period_columns[-1]} became rows "
                     f"('{_name(long, PERIOD)}', '{_name(long, VALUE)}'); the total columns "
                     "are left out, so sums are not doubled.",),
        date_range=_range(long, _name(long, PERIOD)),
    )
    return wide, tidy


def _columns(card: DataCard, layout: WideLayout, long: pd.DataFrame) -> tuple[ColumnCard, ...]:
    roles = {c.name: c.role for c in card.columns}
    notes = {c.name: c.note for c in card.columns}
    value_role = Counter(roles[p.column] for p in layout.periods).most_common(1)[0][0]
    added = [str(c) for c in long.columns[len(layout.keys):]]  # Period, [Measure,] Value
    out = []
    for name in layout.keys:
        out.append(column_card(str(name), long[name], roles[name], notes.get(name),
                               distinct(long[name])))
    for name in added:
        if name == added[0]:
            role = "date" if long[name].dtype.kind == "M" else "category"
            note = None
        elif name == added[-1]:
            role, note = value_role, notes.get(layout.periods[0].column)
        else:
            role, note = "category", None
        out.append(column_card(name, long[name], role, note, distinct(long[name])))
    return tuple(out)


def _base(name: str) -> str:
    return str(name).split(" (", 1)[0]


def _name(long: pd.DataFrame, base: str) -> str:
    return next((str(c) for c in reversed(long.columns) if _base(c) == base), base)


def _range(long: pd.DataFrame, column: str) -> tuple[str, str] | None:
    values = long[column]
    if values.dtype.kind != "M" or values.isna().all():
        return None
    return values.min().date().isoformat(), values.max().date().isoformat()
