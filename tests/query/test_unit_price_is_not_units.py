""""units" never names a "Unit Cost" or "Unit Price", and a price of one unit is never added
up unasked.

An inventory (On Hand, Reorder Level, Unit Cost): "total units on hand" stated "Total of unit
cost: 2,924.47" beside the units on hand, the unit costs added up. "units" counts things; a
"Unit Cost" is the price of one, a level like any price. Generated inventories; the offline
path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask

PRICES = ["Unit Cost", "Unit Price", "unit_price", "Unit Value"]


def _stock(seed: int, tmp_path: Path) -> tuple[pd.DataFrame, str, Path]:
    rng = random.Random(seed)
    price = PRICES[seed % len(PRICES)]
    frame = pd.DataFrame({"SKU": [f"S{k}" for k in range(50)],
                          "Category": [rng.choice(["Tools", "Paint"]) for _ in range(50)],
                          "On Hand": [rng.randint(0, 300) for _ in range(50)],
                          price: [round(rng.uniform(1, 90), 2) for _ in range(50)]})
    path = tmp_path / f"stock{seed}.csv"
    frame.to_csv(path, index=False)
    return frame, price, path


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("question", ["total units on hand", "how many units are on hand",
                                      "total units", "units by category"])
def test_units_are_not_the_unit_price(opened, tmp_path, seed, question):
    frame, price, path = _stock(seed, tmp_path)
    answer = ask(opened(f"s{seed}", path), question)
    assert f"{frame[price].sum():,.2f}" not in answer.text, answer.text[:300]
    for total in frame.groupby("Category")[price].sum():
        assert f"{total:,.2f}" not in answer.text, answer.text[:300]


@pytest.mark.parametrize("seed", range(4))
def test_a_unit_price_by_a_group_is_asked_average_or_total(opened, tmp_path, seed):
    frame, price, path = _stock(seed, tmp_path)
    answer = ask(opened(f"s{seed}", path), f"{price.replace('_', ' ').lower()} by category")
    assert not answer.steps, answer.text[:300]  # asked back, not added up
