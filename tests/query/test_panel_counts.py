""""How many <the table's noun>" on a table of observations is not its number of rows.

Found on vega_datasets' stocks table (symbol, date, price): "how many stocks are there"
answered 560, its rows; there are 5 stocks, each priced once a month. On a table where each
thing appears once per date (a panel), a count of rows asked by the table's own noun is now
declined; on a table of transactions, where each row is one of the things, it still counts
the rows. Generated tables (names, sizes, gaps vary) and the real stocks file.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask

STOCKS = Path(__import__("vega_datasets").__file__).parent / "_data" / "stocks.csv"
PANELS = [("stocks", "symbol", "date", "price"), ("stores", "Store", "Week", "Sales"),
          ("sensors", "Sensor ID", "Day", "Reading")]
QUESTIONS = ["how many {noun} are there", "how many {noun}", "number of {noun}"]


def _counts(answer) -> list[float]:
    return [float(v) for s in answer.steps if s.figures for v in s.figures.figures.values()
            if isinstance(v, (int, float))]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("phrase", QUESTIONS)
def test_a_panel_is_not_counted_by_its_rows(opened, tmp_path: Path, seed: int,
                                            phrase: str) -> None:
    rng = random.Random(seed)
    noun, name, date, measure = PANELS[seed % len(PANELS)]
    things = [f"{name[:3].upper()}{k}" for k in range(rng.randint(3, 9))]
    dates = pd.date_range("2022-01-01", periods=rng.randint(12, 60), freq="7D")
    rows = [(t, d.date().isoformat(), round(rng.uniform(1, 500), 2))
            for t in things for d in dates if rng.random() > 0.08]  # a few gaps
    frame = pd.DataFrame(rows, columns=[name, date, measure])
    path = tmp_path / f"{noun}.csv"
    frame.to_csv(path, index=False)
    answer = ask(opened(f"panel{seed}", path), phrase.format(noun=noun))
    if answer.ok:
        assert float(len(frame)) not in _counts(answer), answer.text[:300]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", QUESTIONS)
def test_a_table_of_transactions_still_counts_its_rows(opened, tmp_path: Path, seed: int,
                                                       phrase: str) -> None:
    rng = random.Random(seed)
    rows = [(f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
             rng.choice(["Acme", "Globex", "Initech", "Hooli"]), round(rng.uniform(5, 900), 2))
            for _ in range(rng.randint(40, 300))]
    frame = pd.DataFrame(rows, columns=["Date", "Customer", "Amount"])
    path = tmp_path / "sales.csv"
    frame.to_csv(path, index=False)
    answer = ask(opened(f"sales{seed}", path), phrase.format(noun="sales"))
    assert answer.ok and float(len(frame)) in _counts(answer), answer.text[:300]


@pytest.mark.parametrize("question", QUESTIONS)
def test_on_the_stocks(opened, question: str) -> None:
    answer = ask(opened("stocks", STOCKS), question.format(noun="stocks"))
    if answer.ok:
        assert float(len(pd.read_csv(STOCKS))) not in _counts(answer), answer.text[:300]
