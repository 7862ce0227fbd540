"""A bound said after its number ("30 or more", "2 or less", "40 і більше", "5及以上") and a
value said with "of" ("a performance rating of 5").

Found on a staff list (Age, Salary, Performance Rating): "how many employees have a
performance rating of 5" was declined over its "5", and "employees with an age of 30 or
more" over its "or"; both are how people write a condition. Generated staff lists, the
bounds in four languages; the figures against pandas. The offline path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

AT_LEAST = ["{n} or more", "{n} and above", "{n} or higher", "{n} and over", "{n} and up"]
AT_MOST = ["{n} or less", "{n} or below", "{n} and under", "{n} or lower"]
OTHER_LANGUAGES = [("скільки рядків, де Age {n} і більше", "ge"),
                   ("сколько строк, где Age {n} и более", "ge"),
                   ("сколько строк, где Age {n} или меньше", "le"),
                   ("Age {n}及以上的行数", "ge")]


def _staff(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(50, 160)
    frame = pd.DataFrame({"Department": [rng.choice(["Sales", "Ops", "Legal"]) for _ in range(n)],
                          "Age": [rng.randint(21, 65) for _ in range(n)],
                          "Salary": [rng.randint(35, 190) * 1000 for _ in range(n)],
                          "Performance Rating": [rng.randint(1, 5) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


def _kept(frame: pd.DataFrame, column: str, op: str, n: float) -> pd.Series:
    return frame[column] >= n if op == "ge" else frame[column] <= n


@pytest.mark.parametrize("seed", range(5))
def test_a_bound_after_the_number(opened, tmp_path: Path, seed: int) -> None:
    frame = _staff(seed, tmp_path / f"staff{seed}.csv")
    analysis = opened(f"staff{seed}", tmp_path / f"staff{seed}.csv")
    age = 30 + 4 * seed
    for op, phrases in (("ge", AT_LEAST), ("le", AT_MOST)):
        for phrase in phrases:
            bound = phrase.format(n=age)
            kept = _kept(frame, "Age", op, age)
            got = figures(ask(analysis, f"average salary for an age of {bound}"))
            assert close(got.figures["value"], float(frame.loc[kept, "Salary"].mean())), bound
            got = figures(ask(analysis, f"how many rows have Age {bound}"))
            assert close(got.figures["value"], float(kept.sum())), bound


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("question", "op"), OTHER_LANGUAGES)
def test_a_bound_after_the_number_in_other_languages(opened, tmp_path: Path, seed: int,
                                                     question: str, op: str) -> None:
    frame = _staff(seed, tmp_path / f"staff{seed}.csv")
    analysis = opened(f"staff{seed}", tmp_path / f"staff{seed}.csv")
    got = figures(ask(analysis, question.format(n=40)))
    assert close(got.figures["value"], float(_kept(frame, "Age", op, 40).sum())), question


@pytest.mark.parametrize("seed", range(5))
def test_a_value_said_with_of(opened, tmp_path: Path, seed: int) -> None:
    frame = _staff(seed, tmp_path / f"staff{seed}.csv")
    analysis = opened(f"staff{seed}", tmp_path / f"staff{seed}.csv")
    rating = 1 + seed % 5
    for question, kept in [
        (f"how many rows have a performance rating of {rating}",
         frame["Performance Rating"] == rating),
        (f"average salary with a rating of {rating}", frame["Performance Rating"] == rating),
        (f"number of rows with a rating of {rating} or 5", frame["Performance Rating"].isin(
            [rating, 5])),
        ("median salary with a rating of 4 and an age of 40 or more",
         (frame["Performance Rating"] == 4) & (frame["Age"] >= 40)),
    ]:
        got = figures(ask(analysis, question))
        want = (float(frame.loc[kept, "Salary"].median()) if "salary" in question
                else float(kept.sum()))
        if "average" in question:
            want = float(frame.loc[kept, "Salary"].mean())
        assert close(got.figures["value"], want), (question, got.figures, want)


def _houses(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(80, 200)
    frame = pd.DataFrame({"price": [rng.randint(50, 900) * 1000 for _ in range(n)],
                          "bedroom": [rng.randint(1, 6) for _ in range(n)],
                          "carat": [round(rng.uniform(0.2, 4), 2) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(5))
def test_the_number_binds_to_the_column_said_after_it(opened, tmp_path: Path,
                                                      seed: int) -> None:
    """"average price with more than 3 bedrooms" compared the price with 3 (the column named
    nearest before); "price between 2 and 3 carats" compared the price with 2 and the carats
    with 3; "price over 500000 and less than 3 bedrooms" read "500000 and less" as a bound."""
    frame = _houses(seed, tmp_path / f"houses{seed}.csv")
    analysis = opened(f"houses{seed}", tmp_path / f"houses{seed}.csv")
    b, p = frame["bedroom"], frame["price"]
    for question, kept in [
        ("average price with more than 3 bedrooms", b > 3),
        ("average price with fewer than 3 bedrooms", b < 3),
        ("average price between 2 and 4 bedrooms", (b >= 2) & (b <= 4)),
        ("average price between 1 and 2 carats", frame["carat"].between(1, 2)),
        ("average price for 3 or more bedrooms", b >= 3),
        ("how many rows with price over 300000 and more than 2 bedrooms", (p > 300000) & (b > 2)),
        ("how many rows with price over 300000 and less than 4 bedrooms", (p > 300000) & (b < 4)),
    ]:
        got = figures(ask(analysis, question))
        want = float(kept.sum()) if "how many" in question else float(p[kept].mean())
        assert close(got.figures["value"], want), (question, got.query)
