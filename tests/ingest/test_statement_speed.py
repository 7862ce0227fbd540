"""A statement's unlabelled subtotals are found in time that grows with the rows, not their square.

`statement.Block` keeps the running sums of the lines since the last subtotal or heading;
the function it replaced added up every line above each row again (about 95 s for 40,000
rows with year columns, ended by the reader's time bound with a refusal). The old function
is kept here as the reference: on generated statements both find the same rows.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.ingest.pipeline import ingest_file
from analyst.ingest.statement import TOLERANCE, Block, statement_rows
from sandbox import Workspace


def _adds_up_before(figures: np.ndarray, kinds: list[str], since: int, i: int) -> bool:
    """The function before the fix, as it was: the reference."""
    lines = [k for k in range(since, i) if kinds[k] == "line"]
    if len(lines) < 2:
        return False
    row = figures[i]
    filled = ~np.isnan(row)
    if not filled.any():
        return False
    expected = np.nansum(figures[lines], axis=0)
    return bool((np.abs(expected[filled] - row[filled]) <= TOLERANCE + 1e-9 * np.abs(row[filled])).all())


def _statement(seed: int) -> tuple[np.ndarray, list[str]]:
    """Figures and the kind each row is given while read: lines in cents or whole units,
    blanks, headings, labelled subtotals, rows that are the exact sum of the block above,
    sums a cent off, and sums of a block in one column only."""
    rng = random.Random(seed)
    columns = rng.choice((1, 2, 5, 12))
    rows: list[list[float]] = []
    kinds: list[str] = []
    block: list[list[float]] = []
    for _ in range(rng.randint(5, 120)):
        roll = rng.random()
        if roll < 0.08:
            rows.append([np.nan] * columns)
            kinds.append("section")
            block = []
        elif roll < 0.3 and block:
            sums = [sum(0.0 if np.isnan(r[c]) else r[c] for r in block) for c in range(columns)]
            shape = rng.choice(("exact", "cent", "partial", "labelled"))
            if shape == "cent":
                sums[rng.randrange(columns)] += rng.choice((0.01, -0.01, 0.006))
            if shape == "partial":
                sums = [s if c == 0 else np.nan for c, s in enumerate(sums)]
            rows.append(sums)
            kinds.append("subtotal" if shape == "labelled" else "?")
            block = [] if shape == "labelled" else block
        else:
            whole = rng.random() < 0.5
            row = [np.nan if rng.random() < 0.1 else
                   float(rng.randint(-10**7, 10**7)) if whole else rng.randint(-10**9, 10**9) / 100
                   for _ in range(columns)]
            rows.append(row)
            kinds.append("line")
            block.append(row)
    return np.array(rows, dtype="float64"), kinds


@pytest.mark.parametrize("seed", range(60))
def test_running_sums_find_the_rows_the_old_sums_found(seed: int) -> None:
    figures, planned = _statement(seed)
    kinds: list[str] = []
    block, since = Block(figures.shape[1]), 0
    for i, plan in enumerate(planned):
        before = _adds_up_before(figures, kinds, since, i)
        assert block.adds_up(figures[i], ~np.isnan(figures[i])) == before, i
        kind = plan if plan != "?" else ("subtotal" if before else "line")
        kinds.append(kind)
        if kind in ("section", "subtotal"):
            block.clear()
            since = i + 1
        elif kind == "line":
            block.add(np.where(np.isnan(figures[i]), 0.0, figures[i]))


def test_the_generated_statements_hold_both_answers() -> None:
    """Guard for the comparison above: it sees subtotals found by arithmetic and rows that
    only nearly add up, so that agreeing is not agreeing on False."""
    seen = {True: 0, False: 0}
    for seed in range(60):
        figures, planned = _statement(seed)
        kinds: list[str] = []
        since = 0
        for i, plan in enumerate(planned):
            answer = _adds_up_before(figures, kinds, since, i)
            if plan == "?":
                seen[answer] += 1
            kind = plan if plan != "?" else ("subtotal" if answer else "line")
            kinds.append(kind)
            since = i + 1 if kind in ("section", "subtotal") else since
    assert seen[True] >= 30 and seen[False] >= 30, seen


def _accounts(path: Path, rows: int, headers: list[str]) -> Path:
    rng = np.random.default_rng(7)
    frame = pd.DataFrame({"Account": [f"Account {i}" for i in range(rows)],
                          **{h: rng.integers(1, 10**6, rows) for h in headers}})
    frame.to_csv(path, index=False)
    return path


def test_forty_thousand_rows_with_year_columns_are_read_in_seconds(tmp_path: Path) -> None:
    """Year columns make the file a statement candidate (its rows are checked one by one);
    the same rows under region headers are not. The check may cost a few times the reading,
    never its square: before the fix this file took about 95 s, against about 1 s."""
    years = _accounts(tmp_path / "years.csv", 40_000, [str(y) for y in range(2019, 2024)])
    regions = _accounts(tmp_path / "regions.csv", 40_000, ["North", "South", "East", "West", "Central"])
    started = time.perf_counter()
    plain = ingest_file(regions, Workspace(tmp_path / "plain"))
    without = time.perf_counter() - started
    started = time.perf_counter()
    cards = ingest_file(years, Workspace(tmp_path / "statement"))
    took = time.perf_counter() - started
    assert any(c.long_table for c in cards) and not any(c.long_table for c in plain)
    assert took < 10 * max(without, 0.5), (took, without)


def test_statement_rows_time_grows_with_the_rows() -> None:
    """Ten times the rows, about ten times the time (the square would be a hundred). CPU time
    of this process, the least of two runs each: wall time on a shared two-core machine had
    the larger run wait 30 times the smaller's in a full run (a fresh clone's, 2026-12-06)."""
    rng = np.random.default_rng(3)

    def timed(rows: int) -> float:
        labels = pd.Series([f"Account {i}" for i in range(rows)])
        values = pd.DataFrame(rng.integers(1, 10**6, (rows, 5)), columns=[str(y) for y in range(2019, 2024)])
        started = time.process_time()
        statement_rows(labels, values)
        return time.process_time() - started

    small = min(timed(2_000) for _ in range(2))
    assert min(timed(20_000) for _ in range(2)) < 30 * small
