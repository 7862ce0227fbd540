"""A word of a date column's name said as a verb is no grouping by its dates.

Found on a sales pipeline (Opportunity, Owner, Stage, Amount, Close Date): "how many deals did
Ann close" answered "number of rows by close date, where owner is Ann", a list of 60 dates
with 1 or 2 each: "close" had named the column "Close Date", and a column named without "by"
was grouped by its every timestamp. Such a word is declined by name; "by close date", "close
in 2025" and "with close date in Q3" still read the column. Generated pipelines with dates
named by verbs; the offline path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

DATES = [("Close Date", "close"), ("Ship Date", "ship"), ("Sign Date", "sign"),
         ("Start Date", "start")]


def _pipeline(seed: int, path: Path) -> tuple[pd.DataFrame, str, str]:
    rng = random.Random(seed)
    column, verb = DATES[seed % len(DATES)]
    n = rng.randint(60, 160)
    frame = pd.DataFrame({
        "Owner": [rng.choice(["Ann", "Ben", "Cara"]) for _ in range(n)],
        "Stage": [rng.choice(["Proposal", "Won", "Lost"]) for _ in range(n)],
        "Amount": [rng.randint(5, 200) * 500 for _ in range(n)],
        column: [pd.Timestamp("2024-06-01") + pd.Timedelta(days=rng.randint(0, 500))
                 for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame, column, verb


@pytest.mark.parametrize("seed", range(8))
def test_a_verb_of_a_date_column_is_declined(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"pipeline{seed}.csv"
    frame, column, verb = _pipeline(seed, path)
    analysis = opened(f"pipeline{seed}", path)
    for question in [f"how many deals did Ann {verb}", f"how many rows did Ben {verb}",
                     f"total amount Cara {verb}s"]:
        answer = ask(analysis, question)
        assert not answer.steps, (question, answer.text)
        assert verb in answer.text, (question, answer.text)
    year = frame[column].dt.year
    for question, want in [
        (f"how many rows {verb} in 2025", float((year == 2025).sum())),
        (f"total amount with {column.lower()} in 2025", float(frame.loc[year == 2025, "Amount"]
                                                             .sum())),
    ]:
        got = figures(ask(analysis, question))
        assert close(got.figures["value"], want), (question, got.figures)
