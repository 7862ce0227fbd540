"""Words typed in a hurry are read as what they say, never guessed at (issue 26).

- A table named by a short prefix and a plural ("mtcars", "xtrucks") holds those things:
  "cars" in a question is its rows ("6 cyl cars - mean mpg?", "which car has ...").
- "no." and "№" are "number", "к-сть"/"кол-во" are "кількість"/"количество".
- "%", "pct" and "percent" are a share; after an ordinal ("90th pct") a percentile.
- "heaviest", "lightest", "longest", "shortest", "tallest", "higher", "lower" are the
  highest or lowest of the measure named; "the busiest X" is the X with the most rows.
- What is still not said stays declined by name: "quickest" (quicker is a lower time or a
  higher speed), "the busiest X by a measure" (rows or the measure?), "no cars" (no dot:
  "no" is a blank, not a number).

Tables are generated (seeded) under several names and asked through a real ingest and the
local sandbox; the truth is plain pandas on the raw CSV.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from analyst.brain.understand.reading import choose
from analyst.brain.understand.values import category_values
from analyst.session.analysis import Analysis
from tests.query.asking import ask, close, figures

FLEETS = {"mtcars": ("cars", "car"), "xtrucks": ("trucks", "truck"), "rbikes": ("bikes", "bike")}
"""Table name -> its rows' noun, plural and singular."""


def fleet(seed: int, n: int = 60) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame({
        "name": [f"model {i}" for i in range(n)],
        "cyl": rng.choice([4, 6, 8], n),
        "gear": rng.choice([3, 4, 5], n, p=[0.5, 0.3, 0.2]),
        "hp": rng.integers(50, 330, n),
        "wt": rng.uniform(1.5, 5.5, n).round(3),
        "mpg": rng.uniform(10, 34, n).round(1),
        "shift": rng.choice(["day", "night"], n),
    })


@pytest.fixture(scope="module", params=sorted(FLEETS))
def table(request: pytest.FixtureRequest,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Analysis, pd.DataFrame, str]]:
    """One analysis over one generated table (its name is the question's row noun)."""
    name: str = request.param
    folder = tmp_path_factory.mktemp(name)
    path = folder / f"{name}.csv"
    fleet(sorted(FLEETS).index(name) + 31).to_csv(path, index=False)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, pd.read_csv(path), name


def value(analysis: Analysis, question: str) -> float | None:
    got = figures(ask(analysis, question))
    return got.figures.get("value")


def reading(analysis: Analysis, question: str) -> Any:
    cards = analysis.cards
    root = analysis.workspace.root
    return choose(question, cards, {c.table: category_values(root, c) for c in cards})


COUNTS = ["{rows} where hp > {v}, how many", "count {rows} with hp over {v}",
          "no. of {rows} with hp above {v}", "No. of {rows} where hp > {v}",
          "№ of {rows} with hp above {v}", "к-сть рядків, де hp > {v}",
          "кол-во строк где hp > {v}", "hp大于{v}的{rows}有多少"]


@pytest.mark.parametrize("template", COUNTS)
@pytest.mark.parametrize("v", [120, 200])
def test_the_rows_noun_and_number_abbreviations_count_rows(table, template, v):
    analysis, df, name = table
    question = template.format(rows=FLEETS[name][0], v=v)
    assert close(value(analysis, question), int((df["hp"] > v).sum())), question


@pytest.mark.parametrize("template", ["{c} cyl {rows} - mean mpg?", "avg mpg of {rows} with {c} cyl",
                                      "mean mpg for {c} cyl {rows}"])
@pytest.mark.parametrize("c", [4, 8])
def test_a_condition_on_the_rows_noun_keeps_its_rows(table, template, c):
    analysis, df, name = table
    question = template.format(rows=FLEETS[name][0], c=c)
    assert close(value(analysis, question), df[df["cyl"] == c]["mpg"].mean()), question


@pytest.mark.parametrize("template", ["which {one} has the biggest wt", "which {one} has the lowest mpg"])
def test_which_row_noun_is_the_row_itself(table, template):
    analysis, df, name = table
    question = template.format(one=FLEETS[name][1])
    column, extreme = ("wt", df["wt"].max()) if "wt" in question else ("mpg", df["mpg"].min())
    got = figures(ask(analysis, question))
    assert got.query.aggregation == "rows" and got.query.limit == 1, question
    holding = df[df[column] == extreme]  # every row of a tie, none other
    assert sorted(r["name"] for r in got.head) == sorted(holding["name"]), question


@pytest.mark.parametrize("template", ["% of {rows} by {g}", "pct of {rows} per {g}",
                                      "percent of {rows} by {g}", "% рядків за {g}",
                                      "% строк по {g}", "按{g}的%"])
@pytest.mark.parametrize("g", ["cyl", "gear"])
def test_percent_signs_are_a_share(table, template, g):
    analysis, df, name = table
    question = template.format(rows=FLEETS[name][0], g=g)
    got = figures(ask(analysis, question))
    truth = df.groupby(g).size() / len(df) * 100
    shares = {int(row[g]): row["share_pct"] for row in got.head}
    assert got.query.aggregation == "share", question
    assert shares.keys() == set(truth.index) and all(
        close(shares[k], truth[k]) for k in truth.index), question


@pytest.mark.parametrize("template", ["{m} {p}th pct", "{p}th % of {m}", "{m} {p}th percent",
                                      "{p}th pct {m}"])
@pytest.mark.parametrize(("m", "p"), [("hp", 90), ("wt", 25), ("mpg", 75)])
def test_an_ordinal_before_a_percent_word_is_a_percentile(table, template, m, p):
    analysis, df, _ = table
    question = template.format(m=m, p=p)
    got = figures(ask(analysis, question))
    assert close(got.figures.get(f"p{p}", got.figures.get("value")), df[m].quantile(p / 100)), (
        question, got.figures)


SUPERLATIVES = [("the heaviest {one} by wt", "wt", "max"), ("lightest {one} by wt", "wt", "min"),
                ("the longest {one} by hp", "hp", "max"), ("shortest {one} by mpg", "mpg", "min"),
                ("tallest {one} by hp", "hp", "max"), ("найважчий запис за wt", "wt", "max"),
                ("самый тяжелый wt", "wt", "max"), ("wt最重", "wt", "max"),
                ("самый легкий wt", "wt", "min"), ("mpg最短", "mpg", "min")]


@pytest.mark.parametrize(("template", "column", "extreme"), SUPERLATIVES)
def test_a_superlative_adjective_is_the_extreme_of_the_measure_named(table, template, column,
                                                                      extreme):
    analysis, df, name = table
    question = template.format(one=FLEETS[name][1])
    assert close(value(analysis, question), df[column].agg(extreme)), question


@pytest.mark.parametrize(("question", "direction"), [
    ("which shift had the higher average hp", "max"), ("which shift had the lower average hp", "min"),
    ("which shift had the higher median wt", "max")])
def test_a_comparative_between_groups_names_the_one(table, question, direction):
    analysis, df, _ = table
    measure, stat = ("wt", "median") if "wt" in question else ("hp", "mean")
    truth = df.groupby("shift")[measure].agg(stat)
    got = figures(ask(analysis, question))
    assert [row["shift"] for row in got.head] == [getattr(truth, f"idx{direction}")()], question


@pytest.mark.parametrize("template", ["busiest {g}", "the busiest {g} (most rows)",
                                      "which {g} is busiest", "самый загруженный {g}",
                                      "найзавантаженіший {g}", "最忙的{g}"])
@pytest.mark.parametrize("g", ["gear", "shift"])
def test_the_busiest_group_is_the_one_with_most_rows(table, template, g):
    analysis, df, _ = table
    question = template.format(g=g)
    got = figures(ask(analysis, question))
    counts = df.groupby(g).size()
    assert got.query.aggregation == "count" and got.query.order == "desc", question
    assert str(got.head[0][g]) == str(counts.idxmax()), question
    assert close(next(v for k, v in got.head[0].items() if k != g), counts.max()), question


@pytest.mark.parametrize(("template", "word"), [
    ("busiest gear by hp", "busiest"), ("the busiest shift by mean wt", "busiest"),
    ("quickest {one} by mpg", "quickest"), ("the fastest {one} by hp", "fastest"),
    ("no {rows} with hp above 150", "no")])
def test_what_is_not_said_stays_declined_by_name(table, template, word):
    analysis, _, name = table
    question = template.format(rows=FLEETS[name][0], one=FLEETS[name][1])
    choice = reading(analysis, question)
    assert choice.query is None and not choice.options and choice.refusal is not None, question
    assert word in str(choice.refusal.values.get("words", "")), (question, choice.refusal)


def test_a_long_word_before_a_plural_is_no_table_noun(tmp_path: Path):
    """"electricity" is no prefix and "city": only one to three letters before a plural."""
    from analyst.brain.understand.clues import table_nouns

    class Card:
        table, source_file = "iowa-electricity", "iowa-electricity.csv"

    assert "city" not in table_nouns(Card) and "cities" not in table_nouns(Card)

    class Named:
        table, source_file = "mtcars", "mtcars.csv"

    assert {"cars", "car"} <= table_nouns(Named)


@pytest.mark.parametrize(("question", "column", "p"), [
    ("lower quartile of wt", "wt", 25), ("the lower quartile of hp", "hp", 25),
    ("bottom quartile of mpg", "mpg", 25), ("top quartile of hp", "hp", 75),
    ("upper quartile of wt", "wt", 75)])
def test_a_quartile_named_by_a_comparative_is_that_one(table, question, column, p):
    """"lower" and "top" are superlatives too: before "quartile" they name which one."""
    analysis, df, _ = table
    got = figures(ask(analysis, question))
    assert got.query.percentiles == (float(p),), (question, got.query)
    assert close(got.figures.get(f"p{p}", got.figures.get("value")), df[column].quantile(p / 100))
