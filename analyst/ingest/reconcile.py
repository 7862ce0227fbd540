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
section; then the lines without a heading between the revenue and a gross result row are
that row's cost of sales, whatever their names: "Less: Freight in", "Commissions"), and
the first that reproduces every result row is kept. Each result is checked as the recipes
add it up, over the whole statement. When none does, the
reading is marked unreconciled with the row that disagrees, and no figure is stated from it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyst.recipes.pnl import classify_account, line_kind
from analyst.recipes.results import result_of

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
    costs_of: str | None = None
    """The gross result row whose preceding lines without a heading were read as its cost
    of sales, when only that reading reproduced the results."""


def states(label: str) -> str | None:
    """The P&L result a total row states by its label, or None ("Total", "EBITDA")."""
    what = result_of(label)
    if what is not None:
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
    for candidate in (closed, _costs_of_gross(kinds, texts, closed)):
        if candidate not in candidates:
            candidates.append(candidate)
    tried: list[list[Disagreement | None]] = []
    for number, candidate in enumerate(candidates):
        outcome = [_check(i, what, texts, figures, kinds, candidate) for i, what in checks]
        if all(d is None for d in outcome):
            # Only the third reading puts lines under a gross row; the first may differ from
            # `closed` too (a heading's section running past a subtotal, a kind column).
            gross = {s for s, c in zip(candidate, closed, strict=True) if s != c and s is not None}
            return Reconciled(candidate, _agrees(len(texts), checks, outcome), None, number > 0,
                              costs_of=min(gross) if gross and number > 0 else None)
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


def _costs_of_gross(kinds: Sequence[str], texts: Sequence[str],
                    sections: tuple[str | None, ...]) -> tuple[str | None, ...]:
    """`sections`, with the lines of no section between the revenue and a gross result row
    ("Contribution", "Валовий прибуток") put under that row: whatever their names, they are
    what the gross result subtracts from revenue, its cost of sales (`pnl.line_kind`)."""
    out = list(sections)
    for row, text in enumerate(texts):
        if kinds[row] not in ("subtotal", "total") or result_of(text) != "gross_profit":
            continue
        for i in range(row - 1, -1, -1):
            if kinds[i] == "section":
                break
            if kinds[i] in ("subtotal", "total"):
                # A cost block's own "Total …" is passed; revenue's total, an unnamed sum
                # or another result is where the costs begin.
                if states(texts[i]) in ("revenue", *RESULTS[3:]) or not _TOTAL_WORDS.search(texts[i]):
                    break
                continue
            if kinds[i] == "line" and out[i] is None:
                out[i] = text
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
        # Every result is the whole statement's, as the recipes add it up: a revenue line
        # below "Total revenue" (a cost read as revenue) is as wrong as one missing above
        # it, and finance costs read as an operating expense below "Operating profit" would
        # make the operating profit stated differ from the file's.
        picked = [by[i] for i in lines if read[i] == kind]
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
