"""Conditions said the other ways people say them: "not including", "not counting",
"excl.", and values taken "combined" or "together".

Found on a sales export: "total revenue not including online" was declined over "not,
including"; "total revenue in North and South combined" over "combined"; and "revenue by
product for North and South combined" would split each product's revenue by region, against
the word. Generated sales tables; the figures against pandas; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures, result_table

REGIONS = ["North", "South", "East", "West"]
WITHOUT = ["total revenue not including {v}", "total revenue not counting {v}",
           "total revenue excl. {v}", "total revenue excluding {v}",
           "total revenue leaving out {v}"]


def _sales(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(80, 200)
    frame = pd.DataFrame({"Region": [rng.choice(REGIONS) for _ in range(n)],
                          "Product": [rng.choice(["Laptop", "Phone", "Tablet"]) for _ in range(n)],
                          "Revenue": [round(rng.uniform(100, 3000), 2) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", WITHOUT)
def test_a_value_left_out(opened, tmp_path: Path, seed: int, phrase: str) -> None:
    frame = _sales(seed, tmp_path / f"sales{seed}.csv")
    analysis = opened(f"sales{seed}", tmp_path / f"sales{seed}.csv")
    value = REGIONS[seed]
    got = figures(ask(analysis, phrase.format(v=value)))
    assert close(got.figures["value"], float(frame.loc[frame["Region"] != value, "Revenue"]
                                             .sum())), phrase


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("word", ["combined", "together", "altogether"])
def test_values_taken_together(opened, tmp_path: Path, seed: int, word: str) -> None:
    frame = _sales(seed, tmp_path / f"sales{seed}.csv")
    analysis = opened(f"sales{seed}", tmp_path / f"sales{seed}.csv")
    a, b = REGIONS[seed], REGIONS[(seed + 1) % 4]
    kept = frame["Region"].isin([a, b])
    got = figures(ask(analysis, f"total revenue in {a} and {b} {word}"))
    assert close(got.figures["value"], float(frame.loc[kept, "Revenue"].sum()))
    table = result_table(analysis, f"total revenue by product for {a} and {b} {word}")
    assert "Region" not in table.columns, table
    want = frame[kept].groupby("Product")["Revenue"].sum()
    got_sums = dict(zip(table["Product"], table.iloc[:, -1], strict=True))
    assert got_sums == pytest.approx(want.to_dict())
