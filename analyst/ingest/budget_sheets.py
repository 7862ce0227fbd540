"""A budget on a sheet of its own: the P&L actuals on one sheet, the same lines by month as
budget on another ("Budget", "Plan", "Бюджет", "План", "预算"), paired into one table.

Read as two statements they answer "rent in March" but never "how far is rent from its
budget"; joined as same-shaped sheets they add budget and actual up. Paired, the table is
the one-sheet monthly budget vs actual ("Jan 2026 Actual", "Jan 2026 Budget" … beside the
line and its section), so the budget recipes and the finance pack read it exactly as
they read that. Only line items are paired (sections, subtotals and ratios are not
figures to compare), by their label and month; a line in one sheet only is kept with
the other side empty and said on the card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyst.ingest.clean import CleanTable
from analyst.ingest.reading import ColumnReading
from analyst.ingest.statement import statement_rows
from analyst.ingest.table import RawTable
from analyst.ingest.wide import WideLayout, detect_wide
from analyst.ingest.wide_cards import SECTION, line_name
from analyst.words.note import Name, NameList, Note

# The planner's budget and actual words (brain.understand.finask): a measure the budget recipe knows.
_BUDGET = re.compile(r"budget|plan|target|forecast|бюджет|план|预算|计划", re.IGNORECASE)
_ACTUAL = re.compile(r"actual|fact|факт|实际", re.IGNORECASE)
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class _Sheet:
    raw: RawTable
    cleaned: CleanTable
    layout: WideLayout
    label: str
    lines: list[int]
    """Positions of the line items in the clean frame."""
    sections: dict[int, str]


def budget_pair(tables: list[tuple[RawTable, CleanTable]]) -> tuple[int, int] | None:
    """(actuals, budget): indexes of the first statement-like sheet and the first sheet named
    as a budget with the same months and lines by label; None when the workbook has no such pair."""
    budget = next((i for i, (raw, _c) in enumerate(tables) if _BUDGET.search(raw.sheet or "")
                   and _read(*tables[i]) is not None), None)
    if budget is None:
        return None
    plan = _read(*tables[budget])
    for i, (raw, cleaned) in enumerate(tables):
        if i == budget or _BUDGET.search(raw.sheet or ""):
            continue
        actual = _read(raw, cleaned)
        if actual is None or plan is None:
            continue
        shared_lines = set(_keys(actual)) & set(_keys(plan))
        shared_months = {p.period for p in actual.layout.periods} & {p.period for p in plan.layout.periods}
        if len(shared_lines) >= 2 and shared_months:
            return i, budget
    return None


def paired(actual_table: tuple[RawTable, CleanTable],
           budget_table: tuple[RawTable, CleanTable]) -> tuple[RawTable, CleanTable]:
    """One wide table of the line items: the line, its section, and for each month the actual
    and the budget (named "<month> <measure>"), with the card's sentences on the pairing."""
    actual, plan = _read(*actual_table), _read(*budget_table)
    if actual is None or plan is None:
        raise ValueError("paired() takes the two sheets budget_pair() chose")
    actual_sheet, budget_sheet = actual.raw.sheet or "", plan.raw.sheet or ""
    budget_word = _word(_BUDGET, budget_sheet) or "Budget"
    actual_word = _word(_ACTUAL, actual_sheet) or _actual_word(actual)
    real, target = _keys(actual), _keys(plan)
    order = list(real) + [k for k in target if k not in real]
    label = line_name(actual.label, ())
    months = sorted({p.period for p in (*actual.layout.periods, *plan.layout.periods)},
                    key=lambda p: (p.start is None, p.start or p.label))
    frame = pd.DataFrame({label: [real[k][1] if k in real else target[k][1] for k in order]})
    sections = [(actual.sections.get(real[k][0]) if k in real else plan.sections.get(target[k][0])) or ""
                for k in order]
    if any(sections):
        frame[SECTION] = sections
    notes: dict[str, ColumnReading] = {}
    kinds: dict[str, str] = {}
    for period in months:
        for sheet, rows, word in ((actual, real, actual_word), (plan, target, budget_word)):
            column = next((p.column for p in sheet.layout.periods if p.period == period), None)
            if column is None:
                continue
            values = pd.to_numeric(sheet.cleaned.frame[column], errors="coerce").to_numpy(dtype="float64")
            name = f"{period.label} {word}"
            frame[name] = [values[rows[k][0]] if k in rows else np.nan for k in order]
            if column in sheet.cleaned.kinds:
                kinds.setdefault(name, sheet.cleaned.kinds[column])
            if column in sheet.cleaned.notes:
                notes.setdefault(name, sheet.cleaned.notes[column])
    said: list[Note] = [Note("budget_paired", len(order), n=len(order), budget=Name(budget_sheet),
                            actual=Name(actual_sheet), first=months[0].label, last=months[-1].label)]
    only_budget = [target[k][1] for k in target if k not in real]
    only_actual = [real[k][1] for k in real if k not in target]
    if only_budget:
        said.append(Note("budget_only_lines", len(only_budget), n=len(only_budget),
                         sheet=Name(budget_sheet), other=Name(actual_sheet), lines=NameList(only_budget)))
    if only_actual:
        said.append(Note("actual_only_lines", len(only_actual), n=len(only_actual),
                         sheet=Name(actual_sheet), other=Name(budget_sheet), lines=NameList(only_actual)))
    raw = RawTable(frame=frame, names=tuple(frame.columns), row_numbers=np.arange(len(frame)),
                   header_row=actual.raw.header_row, sheet=None, sheets=actual.raw.sheets)
    return raw, CleanTable(frame=frame, notes=notes, kinds=kinds, assumptions=tuple(said),
                           budget_sheet=budget_sheet)


def _read(raw: RawTable, cleaned: CleanTable) -> _Sheet | None:
    """The sheet as months by line item, or None (no months as columns, or measures over them)."""
    frame = cleaned.frame
    numeric = [frame[c].dtype.kind in "iuf" for c in frame.columns]
    layout = detect_wide([str(c) for c in frame.columns], numeric)
    if layout is None or layout.measures or layout.kind != "month":
        return None
    label = next((k for k in layout.keys if frame[k].dtype.kind not in "iufbM"), None)
    if label is None:
        return None
    figures = frame[list(layout.period_columns)]
    found = statement_rows(frame[label], figures)
    texts = [("" if pd.isna(v) else str(v)).strip() for v in frame[label]]
    if found is not None:
        # Rows of the clean table only (a blank-label subtotal left out of it has none).
        lines = [k.row for k in found[0] if k.kind == "line" and k.row is not None and texts[k.row]]
        sections = {k.row: k.section or "" for k in found[0] if k.row is not None}
    else:  # a plain list of lines: every labelled row with a figure
        filled = figures.apply(pd.to_numeric, errors="coerce").notna().any(axis=1).to_numpy()
        lines = [i for i, text in enumerate(texts) if text and filled[i]]
        sections = {}
    if len(lines) < 2:
        return None
    return _Sheet(raw, cleaned, layout, label, lines, sections)


def _keys(sheet: _Sheet) -> dict[tuple[str, int], tuple[int, str]]:
    """Each line by its label as read (case and spaces aside; a label twice: its nth time)."""
    seen: dict[str, int] = {}
    keys = {}
    for row in sheet.lines:
        text = str(sheet.cleaned.frame[sheet.label].iloc[row]).strip()
        key = " ".join(text.casefold().split())
        seen[key] = seen.get(key, 0) + 1
        keys[(key, seen[key])] = (row, text)
    return keys


def _word(pattern: re.Pattern[str], sheet: str) -> str | None:
    found = pattern.search(sheet)
    if found is None:
        return None
    word = found.group(0)
    return word[:1].upper() + word[1:]


def _actual_word(sheet: _Sheet) -> str:
    """The actuals' measure when their sheet's name does not say it, in the labels' script."""
    text = " ".join(str(v) for v in sheet.cleaned.frame[sheet.label].dropna())
    if _CJK.search(text):
        return "实际"
    return "Факт" if _CYRILLIC.search(text) else "Actual"
