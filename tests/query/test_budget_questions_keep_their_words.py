"""Budget against actual: the variance step answers only what it honours.

Found on a cost-centre budget (Cost Center, Account, Budget, Actual): every question with
"budget" or "actual" in it got the same summary of every line. "Total actual for HQ" stated
the actual of all cost centres, "variance by account" broke it down by cost centre, "actual
as a percentage of budget by account" stated each account's share of the total actual, and
"which account is most over budget" counted rows. Now the variance step runs only when every
word is one it honours (its own words, fillers, the column it breaks down by, which it then
uses); a condition goes to the query reading; a ratio of two columns and "over budget" as a
ranking are declined by name. Generated budgets; the offline path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

LINES = [("Cost Center", ["North", "South", "HQ", "West"]),
         ("Department", ["Sales", "Legal", "Ops"]), ("Region", ["EMEA", "APAC", "Americas"])]
ACCOUNTS = ["Salaries", "Rent", "Marketing", "Travel", "Software", "Training", "Utilities"]
PAIRS = [("Budget", "Actual"), ("Plan", "Actual"), ("Budget", "Actual spend"),
         ("Target", "Actual")]


def _budget(seed: int, path: Path) -> tuple[pd.DataFrame, str, str, str]:
    rng = random.Random(seed)
    line, values = LINES[seed % len(LINES)]
    budget, actual = PAIRS[seed % len(PAIRS)]
    accounts = rng.sample(ACCOUNTS, rng.randint(4, 7))
    rows = [(v, a, round(rng.uniform(2000, 90000), 2)) for v in values for a in accounts]
    frame = pd.DataFrame({line: [r[0] for r in rows], "Account": [r[1] for r in rows],
                          budget: [r[2] for r in rows],
                          actual: [round(r[2] * rng.uniform(0.8, 1.25), 2) for r in rows]})
    frame.to_csv(path, index=False)
    return frame, line, budget, actual


@pytest.mark.parametrize("seed", range(8))
def test_a_condition_on_a_budget_is_kept(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"budget{seed}.csv"
    frame, line, budget, actual = _budget(seed, path)
    analysis = opened(f"budget{seed}", path)
    value = frame[line].iloc[-1]
    account = frame["Account"].iloc[0]
    for question, column, kept in [
        (f"total {actual.lower()} for {value}", actual, frame[line] == value),
        (f"what is the total {budget.lower()} for {account}", budget,
         frame["Account"] == account),
        (f"total {budget.lower()} for {account} in {value}", budget,
         (frame["Account"] == account) & (frame[line] == value)),
    ]:
        got = figures(ask(analysis, question))
        assert close(got.figures["value"], float(frame.loc[kept, column].sum())), (
            question, got.figures)


@pytest.mark.parametrize("seed", range(6))
def test_the_variance_by_the_column_named(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"budget{seed}.csv"
    frame, line, budget, actual = _budget(seed, path)
    analysis = opened(f"budget{seed}", path)
    for question, by in [(f"{budget.lower()} vs actual by account", "Account"),
                         ("variance by account", "Account"),
                         (f"variance by {line.lower()}", line),
                         (f"{budget.lower()} vs actual", line)]:
        answer = ask(analysis, question)
        [step] = answer.steps
        assert step.figures.recipe == "budget_vs_actual", question
        assert step.figures.rows == frame[by].nunique(), (question, step.figures)
        want = float(frame[actual].sum() - frame[budget].sum())
        assert close(round(step.figures.figures["variance"], 2), round(want, 2)), question


@pytest.mark.parametrize("seed", range(4))
def test_a_ratio_of_two_columns_and_over_budget_are_declined(opened, tmp_path: Path,
                                                             seed: int) -> None:
    path = tmp_path / f"budget{seed}.csv"
    _, line, budget, actual = _budget(seed, path)
    analysis = opened(f"budget{seed}", path)
    b, a = budget.lower(), actual.split()[0].lower()
    for question in [f"{a} as a percentage of {b} by account", f"{a} as a share of {b}",
                     f"{b} as % of {a}", f"{a} as a percent of {b} for each {line.lower()}",
                     f"which account is most over {b}", f"which {line.lower()} is most over {b}"]:
        answer = ask(analysis, question)
        assert not answer.steps, (question, answer.text)
