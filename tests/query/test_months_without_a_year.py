"""Months without a year: a budget's "Jan".."Dec" headers, a `Month` column of 5..9.

Found on a department budget with months as columns (the shape finance keeps budgets in) and
on R's airquality (`Month` 5..9, no year): "which month had the highest spend" answered "the
table has no date column", "how much did Engineering spend in Q1", "average ozone in July"
and "total in December" were declined the same way, though the months are right there. A
column whose values are all month names (en/uk/ru/zh, full or short), or a number column
named month holding 1..12, now keeps the rows of a month or a quarter named and groups by
month. A month the table does not have keeps no row: never another month's figure.
Generated tables, many phrasings, the offline path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures, result_table

NAMES = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"],
    "short": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
              "Dec"],
    "uk": ["Січень", "Лютий", "Березень", "Квітень", "Травень", "Червень", "Липень", "Серпень",
           "Вересень", "Жовтень", "Листопад", "Грудень"],
    "ru": ["Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август", "Сентябрь",
           "Октябрь", "Ноябрь", "Декабрь"],
}
ASKED = ["January", "February", "March", "April", "May", "June", "July", "August",
         "September", "October", "November", "December"]
DEPTS = ["Marketing", "Engineering", "Finance", "Legal", "Operations", "Support"]


def _budget(seed: int, path: Path) -> tuple[pd.DataFrame, list[int]]:
    """Departments by month as a finance team keeps it: a row a department, a column a month
    (and a Total column, sometimes); the tidy frame and the months it has (1..12)."""
    rng = random.Random(seed)
    style = sorted(NAMES)[seed % len(NAMES)]
    months = list(range(1, rng.randint(4, 12) + 1))
    depts = rng.sample(DEPTS, rng.randint(3, 6))
    wide = pd.DataFrame({NAMES[style][m - 1]: [rng.randint(100, 9000) for _ in depts]
                         for m in months}, index=pd.Index(depts, name="Department"))
    if seed % 3 == 0:
        wide["Total"] = wide.sum(axis=1)
    wide.reset_index().to_csv(path, index=False)
    tidy = (wide.drop(columns="Total", errors="ignore").reset_index()
            .melt(id_vars="Department", var_name="name", value_name="amount"))
    tidy["month"] = tidy["name"].map({NAMES[style][m - 1]: m for m in months})
    return tidy, months


@pytest.mark.parametrize("seed", range(8))
def test_a_month_and_a_quarter_of_a_budget(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"budget{seed}.csv"
    tidy, months = _budget(seed, path)
    analysis = opened(f"budget{seed}", path)
    rng = random.Random(seed + 100)
    month = rng.choice(months)
    dept = rng.choice(sorted(set(tidy["Department"])))
    asked = ASKED[month - 1]
    for question, kept in [
        (f"total in {asked}", tidy["month"] == month),
        (f"what is the total for {asked.lower()}", tidy["month"] == month),
        (f"total value in {asked} for {dept}", (tidy["month"] == month)
         & (tidy["Department"] == dept)),
        ("total in Q1", tidy["month"] <= 3),
        (f"{dept} total in the first quarter", (tidy["month"] <= 3)
         & (tidy["Department"] == dept)),
    ]:
        got = figures(ask(analysis, question))
        assert close(got.figures["value"], float(tidy.loc[kept, "amount"].sum())), (
            question, got.figures)


@pytest.mark.parametrize("seed", range(8))
def test_by_month_and_the_month_with_the_most(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"budget{seed}.csv"
    tidy, months = _budget(seed, path)
    analysis = opened(f"budget{seed}", path)
    totals = tidy.groupby("month")["amount"].sum()
    for question in ["total value by month", "monthly total", "total value per month"]:
        table = result_table(analysis, question)
        got = sorted(float(v) for v in table["value"]) if "value" in table else sorted(
            float(v) for v in table.iloc[:, -1])
        assert got == sorted(float(v) for v in totals), (question, table)
    for question, best in [("which month had the highest value", totals.idxmax()),
                           ("which month had the lowest total", totals.idxmin())]:
        table = result_table(analysis, question)
        assert len(table) == 1, (question, table)
        assert close(float(table.iloc[0, -1]), float(totals[best])), (question, table)


def test_a_month_the_budget_does_not_have_keeps_no_row(opened, tmp_path: Path) -> None:
    path = tmp_path / "budget_h1.csv"
    pd.DataFrame({"Department": ["Sales", "Legal"], "Jan": [10, 20], "Feb": [30, 40],
                  "Mar": [50, 60]}).to_csv(path, index=False)
    analysis = opened("budget_h1", path)
    answer = ask(analysis, "total in December")
    assert "No rows match" in answer.text, answer.text
    assert "40" not in answer.text and "100" not in answer.text, answer.text
    got = figures(ask(analysis, "total in Q1"))
    assert close(got.figures["value"], 210.0)


def _weather(seed: int, path: Path) -> pd.DataFrame:
    """A daily table with `Month` and `Day` as numbers and no year (R's airquality)."""
    rng = random.Random(seed)
    first = rng.randint(1, 6)
    rows = [(m, d) for m in range(first, first + rng.randint(3, 6)) for d in range(1, 29)]
    frame = pd.DataFrame({"Ozone": [rng.choice([None, *range(1, 150)]) for _ in rows],
                          "Temp": [rng.randint(50, 99) for _ in rows],
                          "Month": [m for m, _ in rows], "Day": [d for _, d in rows]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(6))
def test_a_month_column_of_numbers_without_a_year(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"weather{seed}.csv"
    frame = _weather(seed, path)
    analysis = opened(f"weather{seed}", path)
    month = sorted(set(frame["Month"]))[1]
    quarter = (month - 1) // 3 + 1
    in_quarter = (frame["Month"] - 1) // 3 + 1 == quarter
    for question, want in [
        (f"average ozone in {ASKED[month - 1]}", frame.loc[frame["Month"] == month, "Ozone"]
         .mean()),
        (f"how many days in {ASKED[month - 1]}", float((frame["Month"] == month).sum())),
        (f"average temp in Q{quarter}", frame.loc[in_quarter, "Temp"].mean()),
        (f"max temp in {ASKED[month - 1]} when ozone is above 50",
         frame.loc[(frame["Month"] == month) & (frame["Ozone"] > 50), "Temp"].max()),
    ]:
        got = figures(ask(analysis, question))
        assert close(got.figures["value"], float(want)), (question, got.figures, want)
    absent = next(m for m in range(12, 0, -1) if m not in set(frame["Month"]))
    answer = ask(analysis, f"average temp in {ASKED[absent - 1]}")
    assert "No rows match" in answer.text, answer.text
