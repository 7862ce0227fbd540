"""A money column adds up whatever its name: "takings by branch" is the takings' total.

The CI failure of dcab171: a column the user marked as the amount ('wplywy_netto', 'takings')
was not in the name list of additive words, so "revenue by branch" asked "total or
average?". Prices and rates stay levels: they are still asked about.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.brain.understand.reading import choose
from tests.query.conftest import ingested

NAMES = ["takings", "wplywy_netto", "Betrag", "Einnahmen", "Kasa", "net_in", "Надходження",
         "收款"]
SIGNS = ["$", "€", "£"]
KEYS = list(itertools.product(range(len(NAMES)), range(len(SIGNS))))


def _write(key: tuple[int, int], root: Path) -> Path:
    name, sign = NAMES[key[0]], SIGNS[key[1]]
    rng = np.random.default_rng(key[0] * 10 + key[1])
    n = 60
    frame = pd.DataFrame({
        "branch": rng.choice(["Kyiv", "Lviv", "Odesa", "Dnipro"], n),
        name: [f"{sign}{v:,.2f}" for v in rng.uniform(10, 9000, n)],
        "unit_price": [f"{sign}{v:,.2f}" for v in rng.uniform(1, 90, n)],
    })
    path = root / f"money_{key[0]}_{key[1]}.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.fixture(scope="module")
def money_tables(tmp_path_factory: pytest.TempPathFactory):
    return ingested(KEYS, _write, tmp_path_factory.mktemp("money"))


@pytest.mark.parametrize("key", KEYS)
def test_a_money_column_by_a_group_is_its_total(money_tables, key) -> None:
    card, values, _ = money_tables[key]
    name = NAMES[key[0]]
    assert card.column(name).role == "money", card.column(name)
    for question in (f"{name} by branch", f"{name} per branch"):
        choice = choose(question, [card], {card.table: values})
        assert choice.query is not None, (question, choice)
        assert choice.query.aggregation == "sum" and choice.query.measures == (name,)
        assert choice.query.group_by == ("branch",)


@pytest.mark.parametrize("key", KEYS[::3])
def test_a_price_by_a_group_still_asks_total_or_average(money_tables, key) -> None:
    card, values, _ = money_tables[key]
    choice = choose("unit_price by branch", [card], {card.table: values})
    assert choice.query is None
    assert sorted(q.aggregation for q, _ in choice.options) == ["mean", "sum"]
