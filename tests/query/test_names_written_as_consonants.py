"""A column's name written as its word's consonants: R's car::Salaries has "yrs.since.phd"
and "yrs.service", ggplot2's mpg has "hwy", "cty" and "cyl". "average years of service by
sex", "correlation between years since phd and salary", "how many cars have more than 6
cylinders" were declined ("I do not know what 'years' asks"). The words said in full name
those columns. They are listed, not guessed: "pct" is in "pocket" and "project" too.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

# (the name in the file, the words said, how the table is made)
NAMES = [("yrs_service", "years of service"), ("Hwy", "highway"), ("cty", "city"),
         ("Hrs Worked", "hours worked"), ("Pct Done", "percent done"),
         ("Txn Count", "transaction count"), ("Wks Open", "weeks open"), ("Cyl", "cylinders")]
ASKED = [("average {w} by {g}", "mean"), ("total {w} per {g}", "sum"),
         ("what is the highest {w} for each {g}", "max"), ("median {w} by {g}", "median")]


def _table(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(30, 80)
    frame = pd.DataFrame({"Team": [rng.choice(["North", "South", "East"]) for _ in range(n)]})
    for name, _ in NAMES:
        frame[name] = [rng.randint(1, 60) for _ in range(n)]
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("name", "said"), NAMES)
def test_the_words_in_full_name_the_short_column(opened, tmp_path: Path, name: str, said: str,
                                                  seed: int) -> None:
    frame = _table(seed, tmp_path / "teams.csv")
    analysis = opened(f"teams{seed}", tmp_path / "teams.csv")
    for phrase, statistic in ASKED:
        question = phrase.format(w=said, g="team")
        got = figures(ask(analysis, question))
        assert got.query.measures == (name,), (question, got.query)
        want = frame.groupby("Team")[name].agg(statistic).to_dict()
        rows = {row["Team"]: row[name] for row in got.head}
        assert rows.keys() == want.keys() and all(close(rows[k], v) for k, v in want.items())


@pytest.mark.parametrize(("short", "word", "same"), [
    ("hwy", "highway", True), ("yrs", "year", True), ("yrs", "years", True),
    ("pct", "percent", True), ("qty", "quantities", True), ("mgr", "managers", True),
    ("txn", "transactions", True), ("fl", "fuel", False), ("wt", "weight", True),
    ("drv", "drive", False), ("hwy", "heavy", False), ("pct", "pocket", False), ("pct", "project", False),
])
def test_which_words_a_short_name_says(short: str, word: str, same: bool) -> None:
    from analyst.brain.understand.text import same_word

    assert same_word(short, word) is same


EACH = [("what is the highest {m} for each {g}", "max"), ("what's the lowest {m} in every {g}", "min"),
        ("the highest {m} for each {g}", "max"), ("lowest {m} for every {g}", "min"),
        ("найвищий {m} для кожної {g}", "max"), ("самый низкий {m} для каждой {g}", "min")]


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("phrase", "statistic"), EACH)
def test_the_highest_for_each_group_is_each_groups_highest(opened, tmp_path: Path, phrase: str,
                                                           statistic: str, seed: int) -> None:
    """"what is the highest Cyl for each team" answered "total of Cyl by team, top 1": one
    team's total. It is each team's highest; "which team ... in each year" is declined."""
    frame = _table(seed, tmp_path / "teams.csv")
    analysis = opened(f"teams{seed}", tmp_path / "teams.csv")
    question = phrase.format(m="Cyl", g="Team")
    got = figures(ask(analysis, question))
    want = frame.groupby("Team")["Cyl"].agg(statistic).to_dict()
    rows = {row["Team"]: row["Cyl"] for row in got.head}
    assert rows.keys() == want.keys() and all(close(rows[k], v) for k, v in want.items()), (
        question, got.query)
    answer = ask(analysis, "which team has the highest Cyl in each team")
    assert not answer.ok and not answer.steps, answer.text


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("said", "stored"), [("Sunday", "Sun"), ("Thursday", "Thur"),
                                              ("saturday", "Sat"), ("Friday", "Fri")])
def test_a_weekday_said_in_full_is_its_cut_value(opened, tmp_path: Path, said: str, stored: str,
                                                 seed: int) -> None:
    """R's tips stores "Thur", "Fri", "Sat", "Sun": "average tip on Sunday" was declined."""
    rng = random.Random(seed)
    n = rng.randint(40, 90)
    frame = pd.DataFrame({"day": [rng.choice(["Thur", "Fri", "Sat", "Sun"]) for _ in range(n)],
                          "tip": [round(rng.uniform(1, 9), 2) for _ in range(n)]})
    frame.to_csv(tmp_path / "tips.csv", index=False)
    analysis = opened(f"tips{seed}", tmp_path / "tips.csv")
    got = figures(ask(analysis, f"average tip on {said}"))
    assert close(got.figures["value"], float(frame.loc[frame["day"] == stored, "tip"].mean()))


def test_a_month_said_in_full_is_not_a_name_cut_like_it(opened, tmp_path: Path) -> None:
    """A sales rep "Jan" is not January: "revenue in January" is the month's, every rep's."""
    rng = random.Random(3)
    n = 120
    frame = pd.DataFrame({"Date": [f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                                   for _ in range(n)],
                          "Rep": [rng.choice(["Jan", "Eva", "Piet"]) for _ in range(n)],
                          "Revenue": [rng.randint(10, 500) for _ in range(n)]})
    frame.to_csv(tmp_path / "sales.csv", index=False)
    analysis = opened("sales_jan", tmp_path / "sales.csv")
    got = figures(ask(analysis, "total revenue in January 2024"))
    january = pd.to_datetime(frame["Date"]).dt.month == 1
    assert close(got.figures["value"], float(frame.loc[january, "Revenue"].sum())), got.query
