"""A statement's reading checked against the statement's own result rows, before any figure.

The finance pack adds up a statement's lines by their kind (revenue, cost of sales,
operating expenses, below the operating line), taken from each line's section heading
first and its own label second (`recipes.pnl.line_kind`), with costs stored as negatives
taken as positive (`recipes.statement.statement_lines`). That reading must reproduce the
rows the file states itself: "Total revenue", "Total cost of sales", "Gross profit",
"Operating profit", "Net profit", in every period column. A file whose "Cost of goods
sold" follows "Total revenue" with no heading of its own was read with the cost inside
the revenue section; the file's "Gross profit" row says otherwise. So the plausible
section boundaries are tried in turn (the headings alone; then a subtotal also closes its
section), and the first that reproduces every result row is kept. When none does, the
reading is marked unreconciled with the row that disagrees, and no figure is stated from it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyst.recipes.pnl import classify_account, line_kind

# What a result row states, by its label (en/uk/ru/de/zh). A profit row is signed as the
# file states it; "loss" rows are the same figure with its sign.
_RESULTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (what, re.compile(pattern, re.IGNORECASE)) for what, pattern in (
        ("gross_profit", r"gross\s+(?:profit|loss|income|result)|валов\w*\s+прибут\w*|"
                         r"валов\w*\s+прибыл\w*|rohertrag|bruttogewinn|bruttoergebnis|毛利(?!率)"),
        ("operating_profit", r"operating\s+(?:profit|loss|income|result)|\bebit\b|"
                             r"операційн\w*\s+прибут\w*|операционн\w*\s+прибыл\w*|"
                             r"betriebsergebnis|营业利润|经营利润"),
        ("net_profit", r"net\s+(?:profit|loss|income|result)|чист\w*\s+прибут\w*|"
                       r"чист\w*\s+прибыл\w*|jahresüberschuss|jahresfehlbetrag|净利润|净利(?![润率])"),
    ))
_TOTAL_WORDS = re.compile(
    r"(?:grand\s+|sub-?)?totals?|summe|gesamt|итого|всего|разом|усього|всього|合计|合計|小计|小計|总计|總計",
    re.IGNORECASE)
RESULTS = ("revenue", "cogs", "opex", "gross_profit", "operating_profit", "net_profit")


@dataclass(frozen=True)
class Disagreement:
    """A result row of the file that the reading does not reproduce."""

    row: int
    label: str
    column: int
    """0-based figure column of the first period that disagrees."""
    stated: float
    """The file's own figure there."""
    read: float
    """What the reading adds up to there."""


@dataclass(frozen=True)
class Reconciled:
    """The reading kept: each row's section, and which result rows it reproduces."""

    sections: tuple[str | None, ...]
    agrees: tuple[bool | None, ...]
    """Per row: True for a result row the reading reproduces, False for one no reading
    does, None for a row that states no result (lines, headings, ratios, unnamed totals)."""
    disagreement: Disagreement | None
    """None when the reading reproduces every result row (or the file states none)."""
    reread: bool
    """The headings alone did not reproduce the results: subtotals close sections too."""


def states(label: str) -> str | None:
    """The P&L result a total row states by its label, or None ("Total", "EBITDA")."""
    for what, pattern in _RESULTS:
        if pattern.search(label):
            return what
    if not _TOTAL_WORDS.search(label):
        return None
    kind = classify_account(_TOTAL_WORDS.sub(" ", label))
    return kind if kind in ("revenue", "cogs", "opex") else None


def reconcile(texts: Sequence[str], figures: np.ndarray, kinds: Sequence[str],
              sections: Sequence[str | None]) -> Reconciled:
    """The first plausible reading that reproduces the statement's own result rows."""
    checks = [(i, what) for i, what in ((i, states(t)) for i, t in enumerate(texts)
                                        if kinds[i] in ("subtotal", "total"))
              if what is not None and bool(np.isfinite(figures[i]).any())]
    candidates = [tuple(sections)]
    closed = _closed(kinds, texts)
    if closed != candidates[0]:
        candidates.append(closed)
    tried: list[list[Disagreement | None]] = []
    for number, candidate in enumerate(candidates):
        outcome = [_check(i, what, texts, figures, kinds, candidate) for i, what in checks]
        if all(d is None for d in outcome):
            return Reconciled(candidate, _agrees(len(texts), checks, outcome), None, number > 0)
        tried.append(outcome)
    best = min(range(len(tried)), key=lambda n: sum(d is not None for d in tried[n]))
    first = next(d for d in tried[best] if d is not None)
    return Reconciled(candidates[0], _agrees(len(texts), checks, tried[best]), first, False)


def _agrees(n: int, checks: list[tuple[int, str]],
            outcome: list[Disagreement | None]) -> tuple[bool | None, ...]:
    out: list[bool | None] = [None] * n
    for (i, _), found in zip(checks, outcome, strict=True):
        out[i] = found is None
    return tuple(out)


def _closed(kinds: Sequence[str], texts: Sequence[str]) -> tuple[str | None, ...]:
    """Sections opened by headings and closed by every subtotal or total row: the lines
    after "Total revenue" with no heading of their own belong to no section."""
    out: list[str | None] = []
    section: str | None = None
    for kind, text in zip(kinds, texts, strict=True):
        if kind == "section":
            section = text
            out.append(None)
            continue
        out.append(section)
        if kind in ("subtotal", "total"):
            section = None
    return tuple(out)


def _check(row: int, what: str, texts: Sequence[str], figures: np.ndarray,
           kinds: Sequence[str], sections: Sequence[str | None]) -> Disagreement | None:
    """None when the lines above `row`, read with `sections`, add up to its figures."""
    lines = [i for i in range(len(texts)) if kinds[i] == "line"]
    read = {i: line_kind(texts[i], sections[i]) or "opex" for i in lines}
    values = np.nan_to_num(figures[lines], nan=0.0) if lines else np.zeros((0, figures.shape[1]))
    by = {i: values[n] for n, i in enumerate(lines)}
    # The file's convention for costs, over the whole statement, as the recipes decide it.
    costs = sum(float(by[i].sum()) for i in lines if read[i] in ("cogs", "opex"))
    sign = -1.0 if costs < 0 else 1.0
    zero = np.zeros(figures.shape[1])

    def total(kind: str) -> np.ndarray:
        # Revenue is the statement's whole revenue: a revenue line below "Total revenue"
        # (a cost read as revenue) is as wrong as one missing above it. The other results
        # add up what precedes them.
        picked = [by[i] for i in lines if (i < row or what == "revenue") and read[i] == kind]
        summed = np.sum(picked, axis=0) if picked else zero
        return summed if kind == "revenue" else sign * summed

    revenue, cogs, opex, below = (total(k) for k in ("revenue", "cogs", "opex", "ignore"))
    expected = {"revenue": revenue, "cogs": cogs, "opex": opex, "gross_profit": revenue - cogs,
                "operating_profit": revenue - cogs - opex,
                "net_profit": revenue - cogs - opex - below}[what]
    stated = figures[row]
    filled = np.isfinite(stated)
    whole = bool(np.all(np.round(stated[filled]) == stated[filled]))
    tolerance = (0.5 if whole else 0.0) + 0.005 + 1e-9 * np.abs(stated)
    off = np.abs(stated - expected) > tolerance
    if what in ("cogs", "opex"):
        # A cost subtotal may be stated as a negative where the lines are positive, or the
        # other way round: its size is what it states.
        off &= np.abs(stated + expected) > tolerance
    off &= filled
    if not off.any():
        return None
    column = int(np.argmax(off))
    return Disagreement(row, texts[row], column, float(stated[column]), float(expected[column]))
