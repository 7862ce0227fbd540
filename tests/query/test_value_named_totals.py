"""A total asked of rows named by a value: "total revenue" on a ledger whose Account column
holds "Revenue", "Rent", "Salaries" beside one Amount column.

The word is a condition on the rows. Before, "total revenue" was answered with the sum of
every row (rent and salaries added into revenue: the key-figures recipe took the word for
its own amount), and "how much revenue" with the number of revenue rows. Now each is the
amount of those rows, to the cent, or the question is declined; with two money columns
(Debit, Credit) which one is meant is not said, and it is declined, never the table's total.
Generated ledgers (headers, account names, sizes vary); truth by pandas; the real offline
path (`Analysis.ask`, local sandbox), one session per ledger.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pandas as pd
import pytest

from analyst.session.analysis import Analysis
from tests.query.test_how_much import stated

ACCOUNTS = ["Revenue", "Rent", "Salaries", "Marketing", "Utilities", "Travel", "Insurance"]
KIND_HEADERS = ["Account", "Category", "Type", "Line", "Item", "Expense type", "GL account"]
AMOUNT_HEADERS = ["Amount", "Amount (USD)", "Total", "Sum EUR", "Value $", "Net amount"]
PHRASES = ["total {v}", "{v} total", "how much {v}", "what was total {v}", "sum of {v}",
           "total {v} for the year", "{v} overall", "how much {v} did we have",
           "average {v}", "what is the average {v}", "largest {v}", "max {v}"]
AGGREGATION = {"average": "mean", "largest": "max", "max": "max"}
CORE = {"total {v}", "{v} total", "how much {v}", "sum of {v}", "average {v}", "largest {v}"}
"""Answered whatever the headers; another phrasing may be declined ("for the year" on a
table without a year column; "what was total X" beside an amount column named "Total")."""

SEEDS = range(6)


def _ledger(seed: int, folder: Path, two_money: bool = False) -> tuple[Path, pd.DataFrame, str, str]:
    rng = random.Random(seed)
    kind, amount = rng.choice(KIND_HEADERS), rng.choice(AMOUNT_HEADERS)
    accounts = rng.sample(ACCOUNTS, rng.randint(3, 6))
    rows = rng.randint(24, 120)
    frame = pd.DataFrame({
        "Date": [f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" for _ in range(rows)],
        kind: [accounts[i % len(accounts)] for i in range(rows)],
        amount: [round(rng.uniform(20, 5000), 2) for _ in range(rows)],
    })
    if two_money:
        frame = frame.rename(columns={amount: "Debit"})
        frame["Credit"] = [round(rng.uniform(20, 5000), 2) for _ in range(rows)]
        amount = "Debit"
    path = folder / f"ledger{seed}.csv"
    frame.to_csv(path, index=False)
    return path, frame, kind, amount


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    """One session per ledger: a question must not find another ledger's accounts."""
    out = {}
    with ExitStack() as stack:
        for seed in SEEDS:
            analysis = stack.enter_context(
                Analysis.open(tmp_path_factory.mktemp(f"ws{seed}"), backend="local"))
            path, frame, kind, amount = _ledger(seed, tmp_path_factory.mktemp(f"l{seed}"))
            analysis.add_file(path)
            out[seed] = (analysis, frame, kind, amount)
        yield out


def _truth(frame: pd.DataFrame, kind: str, amount: str, value: str, phrase: str) -> float:
    rows = frame[frame[kind] == value][amount]
    how = next((a for word, a in AGGREGATION.items() if word in phrase), "sum")
    return float(getattr(rows, how)())


def _cases() -> list:
    rng = random.Random(5)
    cases = []
    for seed in SEEDS:
        for phrase in rng.sample(PHRASES, 6):
            cases.append(pytest.param(seed, phrase, id=f"{seed}-{phrase}"))
    return cases


@pytest.mark.parametrize(("seed", "phrase"), _cases())
def test_a_total_of_rows_named_by_a_value_is_theirs(ledgers, seed: int, phrase: str) -> None:
    analysis, frame, kind, amount = ledgers[seed]
    value = sorted(set(frame[kind]))[seed % frame[kind].nunique()]
    for said in (value, value.lower()):
        question = phrase.format(v=said)
        got = stated(analysis, question, "total")
        whole = float(frame[amount].sum())
        assert got is None or not math.isclose(got, whole), f"{question!r}: the whole table"
        truth = _truth(frame, kind, amount, value, phrase)
        assert got is not None or phrase not in CORE, f"{question!r} declined ({kind}, {amount})"
        assert got is None or math.isclose(got, truth, rel_tol=1e-9), (question, got, truth)


@pytest.mark.parametrize("phrase", ["total {v}", "how much {v}", "{v} total", "average {v}"])
def test_with_two_money_columns_it_is_declined_not_the_tables_total(
        tmp_path: Path, phrase: str) -> None:
    path, frame, kind, _ = _ledger(11, tmp_path, two_money=True)
    value = sorted(set(frame[kind]))[0]
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        got = stated(analysis, phrase.format(v=value.lower()), "total")
    sums = {float(frame[c].sum()) for c in ("Debit", "Credit")}
    named = {_truth(frame, kind, c, value, phrase) for c in ("Debit", "Credit")}
    assert got is None or got in named, (phrase, got)
    assert got not in sums
