"""A wide table's figures are what its questions ask of, not its rows.

Found on R's USPersonalExpenditure (categories by row, 1940 … 1960 as columns): "Food and
Tobacco in 1950" stated "number of rows: 1" and "total expenditure in 1960", "total by year"
found no column, though the table holds one figure a cell. The tidy twin's one value column
(periods as rows) is now the measure of a question that names none. Generated wide tables
(row names in a named or an unnamed column, 3-6 years, 3-8 rows); the offline path with a
real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

ITEMS = ["Food and Tobacco", "Household Operation", "Medical and Health", "Personal Care",
         "Private Education", "Transport", "Housing", "Leisure"]


def _wide(seed: int, tmp_path: Path) -> tuple[pd.DataFrame, list[int], Path]:
    rng = random.Random(seed)
    first = rng.choice([1940, 1990, 2015])
    years = [first + 5 * k for k in range(rng.randint(3, 6))]
    items = rng.sample(ITEMS, rng.randint(3, 8))
    frame = pd.DataFrame({str(y): [round(rng.uniform(2, 90), 2) for _ in items] for y in years},
                         index=items)
    path = tmp_path / f"spending{seed}.csv"
    if seed % 2:
        frame.rename_axis("Category").reset_index().to_csv(path, index=False)
    else:
        frame.to_csv(path)  # R's way: the row names in a column without a name
    return frame, years, path


@pytest.mark.parametrize("seed", range(6))
def test_a_cell_and_a_years_total_are_the_tables_figures(opened, tmp_path, seed):
    frame, years, path = _wide(seed, tmp_path)
    analysis = opened(f"wide{seed}", path)
    year = years[1]
    got = figures(ask(analysis, f"total in {year}"))
    assert close(got.figures["value"], round(frame[str(year)].sum(), 2))
    item = frame.index[0]
    got = figures(ask(analysis, f"{item} in {year}"))
    assert close(got.figures["value"], frame.loc[item, str(year)])
    got = figures(ask(analysis, "total by year"))
    want = {y: round(frame[str(y)].sum(), 2) for y in years}
    assert {int(r["period"]): round(r["Value"], 2) for r in got.head} == pytest.approx(want)
