"""A wide table's card says so, and its tidy long table is written beside it in `input/`.

Runs after every table's card is made (CSV fast path and workbooks alike): the layout is
decided from the card's column names and types (`wide.detect_wide`), so a long table
costs nothing; a wide one is read back once to write `<table>_long.parquet`.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from analyst.datacard import ColumnCard, DataCard, RowKind
from analyst.ingest.naming import unique_path
from analyst.ingest.profile import column_card, distinct, sample_rows
from analyst.ingest.statement import describe, kind_column, statement_rows
from analyst.ingest.wide import (
    PERIOD,
    VALUE,
    WideLayout,
    detect_wide,
    long_form,
    text_cells,
    total_checks,
)
from analyst.recipes.pnl import classify_account
from analyst.words.note import NameList, Note, Word

_log = logging.getLogger(__name__)
LINE, SECTION = "Line item", "Section"
_UNNAMED = re.compile(r"^(?:Column \d+|Unnamed.*|)$")


def with_long_tables(cards: list[DataCard], root: Path) -> list[DataCard]:
    """The cards, each wide one marked and followed by the card of its tidy long table."""
    out: list[DataCard] = []
    for card in cards:
        layout = _layout(card)
        if layout is None:
            out.append(card)
            continue
        try:
            wide, long = _write_long(card, layout, root)
        except (ValueError, KeyError, TypeError, IndexError):
            # The table itself is read and kept; only the tidy form is missing (logged).
            _log.exception("the tidy long form of %s could not be made", card.table)
            out.append(card)
            continue
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
    said = layout.describe()
    checks = text_cells(frame, layout) + total_checks(frame, layout)
    statement = _statement(card, frame, layout)
    extra: dict = {"layout": "wide"}
    source, long_layout, roles = frame, layout, {}
    if statement is not None:
        kinds, notes, label = statement
        kinds, card = _with_sum_rows(kinds, card)
        # A statement's total columns are checked row by row above: the column check would repeat it.
        checks = [describe(kinds), *notes, *[c for c in checks if c.key != "total_differs"]]
        extra = {"layout": "statement", "row_kinds": kinds}
        source, long_layout, roles = _lines(frame, layout, kinds, label)
        long_layout, waiting = _filled(source, long_layout)
        if waiting is not None:
            checks.append(waiting)
    long = long_form(source, long_layout)
    target = unique_path(root / Path(card.parquet_path).parent, f"{card.table}_long", ".parquet")
    pq.write_table(pa.Table.from_pandas(long, preserve_index=False), target)
    keys = long_layout.keys
    shape = Note("long_keys", names=NameList(keys)) if keys else ""
    rows = Word("rows_line_period" if statement else "rows_period_measure" if layout.measures else "rows_period")
    wide = replace(
        card, period_columns=layout.period_columns,
        total_columns=layout.total_columns, long_table=target.stem,
        assumptions=(*card.assumptions, Note("layout", said=said), *checks,
                     Note("long_written", table=target.stem, shape=shape, rows=rows)),
        **extra,
    )
    columns = _columns(card, long_layout, long, roles)
    left_out = Word("left_out_statement" if statement else "left_out_totals")
    tidy = replace(
        card, table=target.stem, rows=len(long), columns=columns, header_row=None,
        excluded_rows=(), parquet_path=target.relative_to(root).as_posix(),
        sample_rows=sample_rows(long), layout="long", period_columns=(), total_columns=(),
        row_kinds=(), long_table=None, wide_table=card.table,
        assumptions=(Note("long_form", table=card.table, said=said, first=str(layout.period_columns[0]),
                          last=str(layout.period_columns[-1]), period=_name(long, PERIOD), value=_name(long, VALUE),
                          left_out=left_out),),
        date_range=_range(long, _name(long, PERIOD), yearly=layout.kind == "year"),
    )
    return wide, tidy


def _with_sum_rows(kinds: tuple[RowKind, ...], card: DataCard) -> tuple[tuple[RowKind, ...], DataCard]:
    """The statement's rows with its blank-label sum rows back in their places as subtotals.

    Ingest left them out of the table as sums of the rows above (`totals.sum_rows`) before
    it knew the table was a statement; in a statement each closes its block of lines, so
    the card lists it as the subtotal it is (its row None: it is not in the table)."""
    sums = [r for r in card.excluded_rows if r.reason == "total row" and r.position is not None
            and 0 < r.position <= len(kinds)]
    if not sums:
        return kinds, card
    rows = list(kinds)
    for excluded in sorted(sums, key=lambda r: r.position or 0, reverse=True):
        position = excluded.position or 0
        above = kinds[position - 1]
        rows.insert(position, RowKind(None, "", "subtotal", above.section if above.kind == "line" else None,
                                      line=excluded.line))
    found = {r.line for r in sums}
    excluded_rows = tuple(replace(r, reason="subtotal row") if r.line in found else r for r in card.excluded_rows)
    everyone = len(found) == sum(r.reason == "total row" for r in card.excluded_rows)
    assumptions = tuple(Note("excluded_subtotals", **a.values)
                        if everyone and isinstance(a, Note) and a.key == "excluded_sums" else a
                        for a in card.assumptions)
    return tuple(rows), replace(card, excluded_rows=excluded_rows, assumptions=assumptions)


def _statement(card: DataCard, frame: pd.DataFrame, layout: WideLayout):
    label = next((c.name for c in card.columns if c.name in layout.keys
                  and c.role in ("category", "text", "id")), None)
    if label is None or layout.measures:
        return None
    typed = kind_column(frame, label, [c.name for c in card.columns if c.name in layout.keys
                                       and c.role in ("category", "text")])
    found = statement_rows(frame[label], frame[list(layout.period_columns)],
                           None if typed is None else frame[typed])
    return None if found is None else (*found, label)


def line_name(label: str, columns) -> str:
    """The label column's name, or "Line item" when the file left it unnamed ("Column 1") or
    called it "Section" (the name of the column of each line's section, written beside it)."""
    plain = _UNNAMED.match(str(label)) or str(label) == SECTION
    return LINE if plain and LINE not in columns else label


def _lines(frame: pd.DataFrame, layout: WideLayout, kinds, label: str):
    """The statement's line items only, with their section, and the label named plainly."""
    items = [k for k in kinds if k.kind == "line" and k.row is not None]
    part = frame.iloc[[k.row for k in items]].reset_index(drop=True)
    name = line_name(label, frame.columns)
    part = part.rename(columns={label: name})
    part.insert(list(part.columns).index(name) + 1, SECTION, [k.section or "" for k in items])
    keys = tuple(name if k == label else k for k in layout.keys)
    keys = (*keys[:keys.index(name) + 1], SECTION, *keys[keys.index(name) + 1:])
    money = any(classify_account(str(k.label)) or classify_account(str(k.section or ""))
                for k in kinds if k.kind == "line")
    roles = {name: "category", SECTION: "category", **({VALUE: "money"} if money else {})}
    return part, replace(layout, keys=keys), roles


def _filled(lines: pd.DataFrame, layout: WideLayout) -> tuple[WideLayout, Note | None]:
    """The layout without the last periods in which no line has a figure yet, and a note.

    A P&L of actuals so far leaves the months ahead empty or "TBD": counted as months of
    zeros they made a revenue "fall by 100%" and a year's figures of months that have not
    happened; without them the year to date is what every figure covers."""
    periods = list(layout.periods)
    empty = [bool(pd.to_numeric(lines[p.column], errors="coerce").isna().all()) for p in periods]
    keep = len(periods)
    while keep > 1 and empty[keep - 1]:
        keep -= 1
    if keep == len(periods):
        return layout, None
    left = [p.period.label for p in periods[keep:]]
    n = len(left)
    span = left[0] if n == 1 else f"{left[0]}–{left[-1]}"
    first, last = periods[0].period.label, periods[keep - 1].period.label
    covered = first if keep == 1 else f"{first}–{last}"
    return (replace(layout, periods=tuple(periods[:keep])),
            Note("statement_not_yet", n, n=n, span=span, covered=covered))


def _columns(card: DataCard, layout: WideLayout, long: pd.DataFrame,
             forced: dict[str, str]) -> tuple[ColumnCard, ...]:
    roles = {c.name: c.role for c in card.columns}
    notes = {c.name: c.note for c in card.columns}
    currencies = {c.name: c.currency for c in card.columns}
    # A P&L's figures are money by its line names ("Revenue", "Rent") even with plain cells.
    value_role = forced.get(VALUE) or Counter(roles[p.column] for p in layout.periods).most_common(1)[0][0]
    roles.update({k: v for k, v in forced.items() if k != VALUE})
    added = [str(c) for c in long.columns[len(layout.keys):]]  # Period, [Measure,] Value
    out = []
    for name in layout.keys:
        out.append(column_card(str(name), long[name], roles[name], notes.get(name),
                               distinct(long[name]), currencies.get(name)))
    for name in added:
        if name == added[0]:
            role = "date" if long[name].dtype.kind == "M" else "category"
            note, currency = None, None
        elif name == added[-1]:
            first = layout.periods[0].column
            role, note, currency = value_role, notes.get(first), currencies.get(first)
        else:
            role, note, currency = "category", None, None
        out.append(column_card(name, long[name], role, note, distinct(long[name]), currency))
    return tuple(out)


def _base(name: str) -> str:
    return str(name).split(" (", 1)[0]


def _name(long: pd.DataFrame, base: str) -> str:
    return next((str(c) for c in reversed(long.columns) if _base(c) == base), base)


def _range(long: pd.DataFrame, column: str, yearly: bool = False) -> tuple[str, str] | None:
    """The first and last day the periods cover; a year a column covers its whole last year
    (its period is its 1 January, and "FY2024–FY2025" had been said "Jan 2024 – Jan 2025")."""
    values = long[column]
    if values.dtype.kind != "M" or values.isna().all():
        return None
    last = values.max().date()
    return values.min().date().isoformat(), (last.replace(month=12, day=31) if yearly
                                              else last).isoformat()
