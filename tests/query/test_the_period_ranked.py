"""A superlative said right before a period ranks the periods: "the best day for sales".

Found on a sales export: "what was the best day for sales" stated "maximum of revenue:
2,954.96", the largest single sale, not the day whose sales add up to the most (6,091.38).
"best", "worst", "biggest", "strongest", "weakest", "highest", "lowest", "peak" before day,
week, month, quarter or year now rank those periods' totals, as "busiest" did their rows.
Generated daily sales; the figures against pandas; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import result_table

ASKED = [("what was the best day for sales", "D", False),
         ("the worst month for revenue", "M", True),
         ("our biggest quarter by revenue", "Q", False),
         ("which was the strongest month for revenue", "M", False),
         ("the weakest quarter for sales", "Q", True),
         ("the peak month of revenue", "M", False)]


def _sales(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(150, 400)
    frame = pd.DataFrame({
        "Order Date": [pd.Timestamp("2025-01-01") + pd.Timedelta(days=rng.randint(0, 364))
                       for _ in range(n)],
        "Region": [rng.choice(["North", "South"]) for _ in range(n)],
        "Revenue": [round(rng.uniform(100, 3000), 2) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("question", "freq", "lowest"), ASKED)
def test_the_period_with_the_most(opened, tmp_path: Path, seed: int, question: str,
                                  freq: str, lowest: bool) -> None:
    frame = _sales(seed, tmp_path / f"sales{seed}.csv")
    analysis = opened(f"sales{seed}", tmp_path / f"sales{seed}.csv")
    totals = frame.groupby(frame["Order Date"].dt.to_period(freq))["Revenue"].sum()
    if freq == "D":
        totals = totals.reindex(pd.period_range(totals.index.min(), totals.index.max()),
                                fill_value=0.0)
    table = result_table(analysis, question)
    want = totals.min() if lowest else totals.max()
    assert len(table) == int((totals == want).sum()), (question, table)
    assert float(table.iloc[0, -1]) == pytest.approx(float(want)), (question, table)
