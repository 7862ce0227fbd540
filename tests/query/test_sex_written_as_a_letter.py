"""A sex written as one letter is said by its words.

An HR roster with Gender "F"/"M" declined "median salary for women" ("women" named
nothing: a one-letter value is read only right after its column's name). "women", "female",
"жінок", "женщин", "女性" now say its "F" (or the "W" of a German "M"/"W"), "men" its "M",
where the column holds just these two letters. Generated rosters; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

CODES = [("Gender", ("F", "M")), ("Sex", ("M", "W")), ("gender", ("f", "m"))]
WOMEN = ["median salary for women", "median salary for females",
         "медіанна salary жінок", "медианная salary женщин"]


def _roster(seed: int, tmp_path: Path) -> tuple[pd.DataFrame, str, tuple[str, str], Path]:
    rng = random.Random(seed)
    column, codes = CODES[seed % len(CODES)]
    frame = pd.DataFrame({"Name": [f"P{k}" for k in range(80)],
                          column: [rng.choice(codes) for _ in range(80)],
                          "Salary": [rng.randint(30, 150) * 1000 for _ in range(80)]})
    path = tmp_path / f"roster{seed}.csv"
    frame.to_csv(path, index=False)
    return frame, column, codes, path


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("question", WOMEN)
def test_women_are_the_f_or_w_of_a_sex_column(opened, tmp_path, seed, question):
    frame, column, codes, path = _roster(seed, tmp_path)
    woman = next(c for c in codes if c.lower() in ("f", "w"))
    got = figures(ask(opened(f"r{seed}", path), question))
    assert close(got.figures["value"], frame[frame[column] == woman]["Salary"].median())


@pytest.mark.parametrize("seed", range(3))
def test_men_are_its_m(opened, tmp_path, seed):
    frame, column, codes, path = _roster(seed, tmp_path)
    man = next(c for c in codes if c.lower() == "m")
    got = figures(ask(opened(f"r{seed}", path), "how many men"))
    assert close(got.figures["value"], int((frame[column] == man).sum()))
