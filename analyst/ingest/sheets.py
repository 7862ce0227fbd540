"""A workbook with several data sheets: one table per sheet, plus the sheets joined when alike.

Order matters downstream: the offline planner answers from the first sales-like table, so
the table that stands for the whole workbook comes first (the joined one when it is at
least as large as any single sheet, else the main sheet), then the sheets in workbook order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from analyst.ingest.budget_sheets import budget_pair, paired
from analyst.ingest.clean import CleanTable, clean
from analyst.ingest.combine import Combined, combine, same_column_groups
from analyst.ingest.naming import table_slug
from analyst.ingest.options import IngestOptions
from analyst.ingest.table import RawTable
from analyst.words.note import NameList, Note

Item = tuple[RawTable | None, CleanTable, str]
"""A table to write: how it was read, its clean columns, and its Parquet stem."""


def workbook_items(raws: list[RawTable], options: IngestOptions, display_name: str) -> Sequence[Item]:
    """`raws`: the main sheet first, then the other data sheets (as `read_workbook` gives them)."""
    stem = table_slug(Path(display_name).stem)
    tables = [(raw, clean(raw, options)) for raw in raws]
    kept = [(raw, cleaned) for raw, cleaned in tables if _has_rows(cleaned)]
    if not kept:
        return [(raws[0], tables[0][1], stem)]  # the caller says "no data rows below its header"
    notes: list[Note] = []
    empty = [raw.sheet or "" for raw, cleaned in tables if not _has_rows(cleaned)]
    if empty:
        # One sheet or several: the sentence's verb agrees with a list the count of which is not said.
        notes.append(Note("sheet_empty" if len(empty) == 1 else "sheets_empty", sheets=NameList(empty)))
    order = kept[0][0].sheets
    by_workbook = sorted(range(len(kept)), key=lambda i: _position(order, kept[i][0].sheet))
    number = {index: n for n, index in enumerate(by_workbook, start=1)}
    joined: list[tuple[Combined, str]] = []
    member_notes: dict[int, Note] = {}
    # Actuals and their budget on two sheets look alike, but adding them up means nothing:
    # they are paired by line and month instead, and each stays a table of its own.
    pair = budget_pair(kept)
    pairing: Item | None = None
    if pair is not None:
        raw, cleaned = paired(kept[pair[0]], kept[pair[1]])
        pairing = (raw, cleaned, table_slug(f"{stem}_budget_vs_actual"))
        member_notes.update({i: Note("budget_paired_in", slug=pairing[2]) for i in pair})
    for group in same_column_groups(kept):
        group = [i for i in group if pair is None or i not in pair]
        if len(group) < 2:
            continue
        group = sorted(group, key=lambda i: _position(order, kept[i][0].sheet))
        result = combine([kept[i] for i in group])
        sheets = [kept[i][0].sheet or "" for i in group]
        first, last = _part(sheets[0], number[group[0]]), _part(sheets[-1], number[group[-1]])
        if isinstance(result, Note):
            note = Note("two_sentences", first=result, second=Note("own_table"))
        else:
            slug = table_slug(f"{stem}_all_sheets" if len(group) == len(kept) else f"{stem}_{first}_to_{last}")
            joined.append((result, slug))
            note = Note("sheets_also_joined", len(sheets), sheets=NameList(sheets), n=len(sheets), slug=slug)
        member_notes.update({i: note for i in group})
    singles = []
    for index in by_workbook:
        raw, cleaned = kept[index]
        extra = tuple(notes) + ((member_notes[index],) if index in member_notes else ())
        cleaned = replace(cleaned, assumptions=cleaned.assumptions + extra)
        singles.append((index, (raw, cleaned, _sheet_slug(stem, raw.sheet or "", number[index]))))
    joined.sort(key=lambda item: -len(item[0].cleaned.frame))
    main_rows = len(kept[0][1].frame)
    combined = [(c.raw, replace(c.cleaned, assumptions=c.cleaned.assumptions + tuple(notes)), slug)
                for c, slug in joined]
    if combined and len(joined[0][0].cleaned.frame) >= main_rows:
        return _with_pairing(combined + [item for _i, item in singles], pairing, kept, pair)
    main = next(item for i, item in singles if i == 0)
    return _with_pairing([main] + combined + [item for i, item in singles if i != 0], pairing, kept, pair)


def _with_pairing(items: Sequence[Item], pairing: Item | None, kept: list[tuple[RawTable, CleanTable]],
                  pair: tuple[int, int] | None) -> list[Item]:
    """The actuals' sheet first (a budget sheet, full-year, may be the larger), then their
    pairing with the budget, then the rest."""
    if pairing is None or pair is None:
        return list(items)
    actual = kept[pair[0]][0].sheet
    first = [n for n, item in enumerate(items) if item[0] is not None and item[0].sheet == actual]
    return [*(items[n] for n in first), pairing, *(item for n, item in enumerate(items) if n not in first)]


def _has_rows(cleaned: CleanTable) -> bool:
    return not cleaned.frame.empty and len(cleaned.frame.columns) > 0


def _position(order: tuple[str, ...], sheet: str | None) -> int:
    return order.index(sheet) if sheet in order else len(order)


def _part(sheet: str, position: int) -> str:
    """The sheet's name as a slug; its position when the name has no Latin or Cyrillic letters."""
    slug = table_slug(sheet, f"sheet_{position}")
    # table_slug puts "t_" before a leading digit ("2026"); inside a longer slug it is not needed.
    return slug[2:] if slug.startswith("t_") and slug[2:3].isdigit() else slug


def _sheet_slug(stem: str, sheet: str, position: int) -> str:
    return table_slug(f"{stem}_{_part(sheet, position)}")
