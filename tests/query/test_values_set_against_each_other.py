"""Two values set against each other ("men vs women", "laptops versus phones", "2025 vs 2024").

Found on a staff list: "average salary for men vs women" was declined over "vs", though it
asks for the two averages side by side; and "revenue in 2025 vs 2024" was read as the change
from 2025 to 2024, its sign turned round (2025 is what is set against 2024). Two values of
one column joined by "vs", "versus", "against" are each one's figure, side by side; two
years so joined are the change from the earlier to the later. Generated tables; the figures
against pandas; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, figures

JOINS = ["vs", "versus", "vs.", "against"]


def _staff(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(80, 200)
    frame = pd.DataFrame({
        "Date": [pd.Timestamp("2024-01-01") + pd.Timedelta(days=rng.randint(0, 730))
                 for _ in range(n)],
        "Gender": [rng.choice(["Male", "Female"]) for _ in range(n)],
        "Dept": [rng.choice(["Sales", "Legal", "Ops"]) for _ in range(n)],
        "Salary": [rng.randint(30, 150) * 1000 for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("join", JOINS)
def test_two_values_side_by_side(opened, tmp_path: Path, seed: int, join: str) -> None:
    frame = _staff(seed, tmp_path / f"s{seed}.csv")
    analysis = opened(f"s{seed}", tmp_path / f"s{seed}.csv")
    for question, column, values in [
        (f"average salary for men {join} women", "Gender", ["Male", "Female"]),
        (f"total salary of Sales {join} Legal", "Dept", ["Sales", "Legal"]),
    ]:
        got = figures(ask(analysis, question))
        assert got.query.group_by == (column,), (question, got.query)
        kept = frame[frame[column].isin(values)]
        by = kept.groupby(column)["Salary"]
        want = (by.mean() if "average" in question else by.sum()).to_dict()
        assert {r[column]: r["Salary"] for r in got.head} == pytest.approx(want), question


@pytest.mark.parametrize("seed", range(3))
def test_two_years_set_against_each_other(opened, tmp_path: Path, seed: int) -> None:
    _staff(seed, tmp_path / f"s{seed}.csv")
    analysis = opened(f"s{seed}", tmp_path / f"s{seed}.csv")
    for question in ["total salary in 2025 vs 2024", "total salary 2024 vs 2025"]:
        got = figures(ask(analysis, question))
        assert (got.query.compare.start, got.query.compare.end) == (2024, 2025), question
    got = figures(ask(analysis, "how did total salary change from 2025 to 2024"))
    assert (got.query.compare.start, got.query.compare.end) == (2025, 2024)
