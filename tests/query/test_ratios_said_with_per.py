""""Revenue per unit" is a ratio, never the revenue grouped by how many units a row has.

Found on a sales export (Units 1..10, Revenue, an "Order Date"): "revenue per unit" stated
"total of revenue by units: 1: 67,088.58; 3: 54,442.13 …", "average revenue per unit sold"
the average for each unit count, and "units per order" the units of each order date. A
number column of a plural name said in the singular after "per" ("per unit" of "Units",
"per employee" of "Employees") asks for a ratio, which is declined by name; a date column
named by another word ("order" of "Order Date") is no grouping. "revenue per region",
"revenue by units" still group. Generated tables; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, figures

COUNTS = [("Units", "unit"), ("Items", "item"), ("Employees", "employee"),
          ("Visits", "visit")]


def _table(seed: int, path: Path) -> tuple[pd.DataFrame, str, str]:
    rng = random.Random(seed)
    column, one = COUNTS[seed % len(COUNTS)]
    n = rng.randint(60, 150)
    frame = pd.DataFrame({
        "Order Date": [pd.Timestamp("2025-01-01") + pd.Timedelta(days=rng.randint(0, 364))
                       for _ in range(n)],
        "Region": [rng.choice(["North", "South", "East"]) for _ in range(n)],
        column: [rng.randint(1, 10) for _ in range(n)],
        "Revenue": [round(rng.uniform(100, 3000), 2) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame, column, one


@pytest.mark.parametrize("seed", range(8))
def test_per_one_of_a_count_is_a_ratio(opened, tmp_path: Path, seed: int) -> None:
    frame, column, one = _table(seed, tmp_path / f"t{seed}.csv")
    analysis = opened(f"t{seed}", tmp_path / f"t{seed}.csv")
    for question in [f"revenue per {one}", f"average revenue per {one}",
                     f"total revenue per {one} by region", f"{column.lower()} per order"]:
        answer = ask(analysis, question)
        assert not answer.steps, (question, answer.text)
    got = figures(ask(analysis, "average revenue per region"))
    assert got.query.group_by == ("Region",)
    got = figures(ask(analysis, f"total revenue by {column.lower()}"))
    assert got.query.group_by == (column,)
    assert got.rows == frame[column].nunique()
