"""Half-years: "H1", "the first half of the year", "перше півріччя", "второе полугодие",
"上半年".

Found on a sales export: "total revenue in H1", "revenue in the first half of the year" were
declined over "h1" and "first, half, year", though a half-year is how finance people cut a
year. They keep the six months asked of the date column (or of a month column, with a year
column or without one); a table without dates declines by name. Generated tables; the
figures against pandas; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

FIRST = ["total revenue in H1", "revenue in the first half of the year",
         "total revenue for the 1st half", "виручка за перше півріччя",
         "выручка за первое полугодие", "上半年的revenue总和"]
SECOND = ["total revenue in H2", "revenue in the second half", "выручка за второе полугодие",
          "下半年的revenue总和"]


def _sales(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(100, 300)
    frame = pd.DataFrame({
        "Date": [pd.Timestamp("2025-01-01") + pd.Timedelta(days=rng.randint(0, 364))
                 for _ in range(n)],
        "Region": [rng.choice(["North", "South"]) for _ in range(n)],
        "Revenue": [round(rng.uniform(10, 900), 2) for _ in range(n)]})
    if seed % 2:  # a year and a month column, as public tables keep them
        frame = frame.assign(Year=frame["Date"].dt.year, Month=frame["Date"].dt.month)
        frame = frame.drop(columns="Date")
    frame.to_csv(path, index=False)
    return frame


def _months(frame: pd.DataFrame) -> pd.Series:
    return frame["Month"] if "Month" in frame else frame["Date"].dt.month


@pytest.mark.parametrize("seed", range(4))
def test_a_half_year_keeps_its_six_months(opened, tmp_path: Path, seed: int) -> None:
    frame = _sales(seed, tmp_path / f"s{seed}.csv")
    analysis = opened(f"s{seed}", tmp_path / f"s{seed}.csv")
    month = _months(frame)
    for questions, kept in ((FIRST, month <= 6), (SECOND, month > 6)):
        for question in questions:
            got = figures(ask(analysis, question))
            assert close(got.figures["value"], float(frame.loc[kept, "Revenue"].sum())), (
                question, got.query)
    got = figures(ask(analysis, "revenue by region in the second half of 2025"))
    want = frame[month > 6].groupby("Region")["Revenue"].sum()
    assert {r["Region"]: r["Revenue"] for r in got.head} == pytest.approx(want.to_dict())


def test_a_half_year_of_a_budget_and_of_no_dates(opened, tmp_path: Path) -> None:
    path = tmp_path / "budget.csv"
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    pd.DataFrame({"Dept": ["Sales", "Legal"], **{m: [k + 1, 10 * (k + 1)] for k, m in
                                                   enumerate(months)}}).to_csv(path, index=False)
    got = figures(ask(opened("budget", path), "total in H2"))
    assert close(got.figures["value"], float(sum(11 * k for k in range(7, 13))))
    plain = tmp_path / "plain.csv"
    pd.DataFrame({"Region": ["North", "South"], "Revenue": [1.0, 2.0]}).to_csv(plain, index=False)
    answer = ask(opened("plain", plain), "total revenue in H1")
    assert not answer.steps and "h1" in answer.text.lower(), answer.text
