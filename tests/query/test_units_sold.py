""""units sold" is the units: the verb says what they are.

"units sold by region in February", "how many units did Ann sell" were declined for the word
"sold"/"sell". Where the reading adds up a quantity or money column, the verb is read with
it; where it would count rows ("which rep sold the most"), it is still declined by name, never
a count of rows. Generated sales exports; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures


def _sales(seed: int, tmp_path: Path) -> tuple[pd.DataFrame, Path]:
    rng = random.Random(seed)
    rows = [(f"2025-{rng.randint(1, 6):02d}-{rng.randint(1, 28):02d}",
             rng.choice(["Ann", "Bob", "Cid"]), rng.choice(["East", "West"]), rng.randint(1, 9))
            for _ in range(90)]
    frame = pd.DataFrame(rows, columns=["Date", "Rep", "Region", "Units"])
    path = tmp_path / f"ledger{seed}.csv"
    frame.to_csv(path, index=False)
    return frame, path


@pytest.mark.parametrize("seed", range(3))
def test_units_sold_are_the_units(opened, tmp_path, seed):
    frame, path = _sales(seed, tmp_path)
    analysis = opened(f"u{seed}", path)
    got = figures(ask(analysis, "how many units did Ann sell"))
    assert close(got.figures["value"], frame[frame["Rep"] == "Ann"]["Units"].sum())
    got = figures(ask(analysis, "units sold in March"))
    march = pd.to_datetime(frame["Date"]).dt.month == 3
    assert close(got.figures["value"], frame[march]["Units"].sum())


@pytest.mark.parametrize("seed", range(3))
def test_sold_with_nothing_added_up_is_declined(opened, tmp_path, seed):
    frame, path = _sales(seed, tmp_path)
    answer = ask(opened(f"u{seed}", path), "which rep sold the most")
    assert not answer.ok and "sold" in answer.text, answer.text[:300]
