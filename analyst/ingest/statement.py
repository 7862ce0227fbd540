"""Statements (a P&L, a budget, costs by cost centre): each row's kind, read as an accountant does.

A statement is a label column over figure columns where some rows are headings without
figures (sections), some are lines, some add up the lines above them (subtotals, found by
their label in en/uk/ru/de/zh AND by arithmetic), some are ratios (a margin %). The kinds
are `datacard.ROW_KINDS`; the last profit row is the statement's total. The workbook's own
subtotals are checked against the lines they add up; a disagreement is reported.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import pandas as pd

from analyst.datacard import RowKind
from analyst.ingest.reconcile import reconcile
from analyst.recipes.pnl import line_kind
from analyst.recipes.results import result_of
from analyst.words.note import Items, Name, Note

_SUBTOTAL = re.compile(
    r"^\s*(?:(?:grand\s+|sub-?)?totals?\b|sum\b|итого|итог\b|всего|разом|усього|всього|підсумок|"
    r"summe|gesamt|zwischensumme|合计|合計|小计|小計|总计|總計)|"
    r"(?:\btotal|итого|всего|разом|усього|gesamt|合计|合計|小计|小計|总计|總計)\s*$", re.IGNORECASE)
_PROFIT = re.compile(
    r"(?:gross|operating|net)\s+(?:profit|income|loss|margin\s+amount)|ebitda?\b|\bebit\b|"
    r"profit\s+(?:before|after)|net\s+result|"
    r"валов\w*\s+прибут\w*|операцій\w*\s+прибут\w*|чист\w*\s+прибут\w*|"
    r"валов\w*\s+прибыл\w*|операцион\w*\s+прибыл\w*|чист\w*\s+прибыл\w*|"
    r"rohertrag|bruttogewinn|betriebsergebnis|jahresüberschuss|gewinn|"
    r"毛利(?!率)|营业利润|净利润|利润总额", re.IGNORECASE)
_RATIO = re.compile(r"%|margin|marge|маржа|рентабельн|ratio|率", re.IGNORECASE)
TOLERANCE = 0.005
_KIND_HEADER = re.compile(
    r"^(?:(?:line|account|row|cost)\s+)?(?:type|kind)$|^art$|^(?:тип|вид)(?:\s+\w+)?$|^类型$|^类别$|^種類$",
    re.IGNORECASE)
_KINDS = ("revenue", "cogs", "opex", "ignore")


def kind_column(frame: pd.DataFrame, label: str, candidates: Sequence[str]) -> str | None:
    """The column beside the label that names each line's kind ("Type": Revenue, Cost of
    sales, Operating expenses), read as the lines' sections; None when there is none.

    Only a column headed as a kind ("Type", "Kind", "Art", "Тип", "类型") whose every value
    is a P&L kind by its accounting meaning, with revenue and a cost among them: a
    "Department" column (Sales, Marketing) would put the sales team's salaries into revenue.
    A line with no value there keeps the heading above it."""
    for name in candidates:
        if name == label or not _KIND_HEADER.match(str(name).strip()):
            continue
        values = {str(v).strip() for v in frame[name].dropna()} - {""}
        found = {v: line_kind("", v) for v in values}  # each value read as a section
        if (1 < len(found) <= 12 and all(k in _KINDS for k in found.values())
                and "revenue" in found.values() and {"cogs", "opex"} & set(found.values())):
            return name
    return None


def statement_rows(labels: pd.Series, values: pd.DataFrame,
                   kinds_of: pd.Series | None = None) -> tuple[tuple[RowKind, ...], list[Note]] | None:
    """Each row's kind and section, and the subtotal checks; None when it is not a statement.

    `labels` is the label column, `values` the figure columns (periods, or Budget/Actual).
    `kinds_of`: the statement's kind column (`kind_column`): a line's value there is its
    section, before any heading above it.
    """
    figures = values.apply(pd.to_numeric, errors="coerce").to_numpy(dtype="float64")
    texts = [("" if pd.isna(v) else str(v)).strip() for v in labels]
    typed = ([("" if pd.isna(v) else str(v)).strip() for v in kinds_of] if kinds_of is not None
             else [""] * len(texts))
    kinds: list[str] = []
    sections: list[str | None] = []
    section: str | None = None
    since = 0  # first line of the current block (after the last subtotal or section)
    block = Block(figures.shape[1])
    # Read once for all rows: numpy calls per row were most of the time on long files.
    clean = np.where(np.isnan(figures), 0.0, figures)  # blanks as 0, as nansum reads them
    filled = ~np.isnan(figures)
    blank = ~filled.any(axis=1)
    notes: list[Note] = []
    for i, label in enumerate(texts):
        row = figures[i]
        if blank[i] and label:
            kinds.append("section")
            section, since = label, i + 1
            block.clear()
        elif _RATIO.search(label) and not _PROFIT.search(label) and _ratio_like(row):
            kinds.append("ratio")
        elif _SUBTOTAL.search(label) or _result(label) or block.adds_up(row, filled[i]):
            kinds.append("subtotal")
            if _result(label):
                section = None  # "Gross profit" closes the sections above it
            above = [k for k in range(since, i) if kinds[k] == "line"]
            if _SUBTOTAL.search(label) and len(above) >= 1:
                notes += _check(label, i, figures, above)
            since = i + 1
            block.clear()
        else:
            kinds.append("line")
            block.add(clean[i])
        sections.append(None if kinds[-1] == "section"
                        else (typed[i] or section) if kinds[-1] == "line" else section)
    lines = kinds.count("line")
    structured = kinds.count("section") + kinds.count("subtotal")
    if lines < 2 or structured < 2:
        return None
    last = max((i for i, k in enumerate(kinds) if k == "subtotal" and _result(texts[i])),
               default=None)
    if last is not None:
        kinds[last] = "total"
    # The reading must reproduce the file's own result rows before anything is stated.
    kept = reconcile(texts, figures, kinds, sections)
    if kept.disagreement is not None:
        off = kept.disagreement
        notes.append(Note("statement_unreconciled", label=off.label,
                          column=Name(str(values.columns[off.column])), stated=off.stated,
                          read=off.read))
    elif kept.costs_of is not None:
        first = next(i for i, (a, b) in enumerate(zip(sections, kept.sections, strict=True))
                     if b == kept.costs_of and a != b)
        notes.append(Note("statement_costs_of_gross", label=kept.costs_of, line=texts[first]))
    elif kept.reread:
        first = next(i for i, (a, b) in enumerate(zip(sections, kept.sections, strict=True)) if a != b)
        closing = max(i for i in range(first) if kinds[i] in ("subtotal", "total"))
        notes.append(Note("statement_sections_closed", label=texts[closing], line=texts[first]))
    rows = tuple(RowKind(i, texts[i], kinds[i], kept.sections[i], agrees=kept.agrees[i])
                 for i in range(len(texts)))
    return rows, notes


def _result(label: str) -> bool:
    """A profit row by its label: one the reconciliation checks (`results`) or another
    ("EBITDA", "Profit before tax"), never a line to add up."""
    return bool(_PROFIT.search(label)) or result_of(label) is not None


def describe(rows: Sequence[RowKind]) -> Note:
    counts = {k: sum(r.kind == k for r in rows) for k in ("section", "line", "subtotal", "total", "ratio")}
    return Note("layout_statement", parts=Items(Note(f"rows_{k}", n, n=n) for k, n in counts.items() if n))


def _ratio_like(row: np.ndarray) -> bool:
    present = row[~np.isnan(row)]
    return bool(len(present)) and bool((np.abs(present) <= 1.5).all() or (np.abs(present) <= 100).all())


class Block:
    """The running sums of the lines since the last subtotal or section, so that an
    unlabelled row equal to them is a subtotal: kept as one sum, since adding up the lines
    above each row again grew with the square of the rows (95 s for 40,000 rows)."""

    def __init__(self, columns: int) -> None:
        self.sums = np.zeros(columns)
        self.lines = 0

    def clear(self) -> None:
        self.sums = np.zeros_like(self.sums)
        self.lines = 0

    def add(self, row: np.ndarray) -> None:
        """A line's figures, blanks as zero."""
        self.sums = self.sums + row
        self.lines += 1

    def adds_up(self, row: np.ndarray, filled: np.ndarray) -> bool:
        """The row equals the sum of the two or more lines of the block, in every filled figure."""
        if self.lines < 2 or not filled.any():
            return False
        expected, stated = self.sums[filled], row[filled]
        return bool((np.abs(expected - stated) <= TOLERANCE + 1e-9 * np.abs(stated)).all())


def _check(label: str, i: int, figures: np.ndarray, lines: list[int]) -> list[Note]:
    row = figures[i]
    expected = np.nansum(figures[lines], axis=0)
    filled = ~np.isnan(row)
    off = filled & (np.abs(expected - row) > TOLERANCE + 1e-9 * np.abs(row))
    if off.any():
        columns = int(off.sum())
        return [Note("statement_differs", columns, label=label, n=columns,
                     lines=Note("lines_above", len(lines), n=len(lines)),
                     by=float(np.max(np.abs(expected - row)[off])))]
    return [Note("statement_adds_up", len(lines), label=label, n=len(lines))]
