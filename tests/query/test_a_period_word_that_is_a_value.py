"""A period word that is also a value of the table: "monthly" beside a value "Monthly".

Found on a general ledger (Date, Account, Description, Debit, Credit) whose Description holds
"Monthly": "monthly total of credits for revenue" stated one figure, the credits of the rows
described "Monthly", though the words as often ask for each month's total. With a date to
group by, both readings are offered to choose from, and each, chosen, is answered as read;
without one, the value is the only reading. Generated ledgers and subscription lists; the
offline path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

WORDS = [("Monthly", "monthly"), ("Weekly", "weekly"), ("Annual", "annual"),
         ("Quarterly", "quarterly")]


def _ledger(seed: int, path: Path, dated: bool) -> tuple[pd.DataFrame, str, str]:
    rng = random.Random(seed)
    value, word = WORDS[seed % len(WORDS)]
    n = rng.randint(60, 150)
    frame = pd.DataFrame({
        "Description": [rng.choice([value, "Invoice", "Adjustment"]) for _ in range(n)],
        "Account": [rng.choice(["Revenue", "Rent", "Payroll"]) for _ in range(n)],
        "Credit": [round(rng.uniform(50, 5000), 2) for _ in range(n)]})
    if dated:
        frame.insert(0, "Date", [pd.Timestamp("2025-01-01") + pd.Timedelta(
            days=rng.randint(0, 364)) for _ in range(n)])
    frame.to_csv(path, index=False)
    return frame, value, word


@pytest.mark.parametrize("seed", range(8))
def test_both_readings_are_offered_with_a_date(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"ledger{seed}.csv"
    frame, value, word = _ledger(seed, path, dated=True)
    analysis = opened(f"ledger{seed}", path)
    for question in [f"{word} total of credit", f"{word} credit total for revenue"]:
        answer = ask(analysis, question)
        assert not answer.steps and len(answer.options) == 2, (question, answer.text)
        kept = frame["Description"] == value
        if "revenue" in question:
            kept &= frame["Account"] == "Revenue"
        valued = [o for o in answer.options if value in o]
        assert len(valued) == 1, answer.options
        got = figures(ask(analysis, valued[0]))
        assert close(got.figures["value"], float(frame.loc[kept, "Credit"].sum())), valued
        periodic = next(o for o in answer.options if o not in valued)
        again = ask(analysis, periodic)
        assert again.ok and again.steps and figures(again).query.period is not None, periodic


@pytest.mark.parametrize("seed", range(4))
def test_the_value_alone_without_a_date(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"plain{seed}.csv"
    frame, value, word = _ledger(seed, path, dated=False)
    analysis = opened(f"plain{seed}", path)
    got = figures(ask(analysis, f"total credit of {word} entries"))
    kept = frame["Description"] == value
    assert close(got.figures["value"], float(frame.loc[kept, "Credit"].sum()))
