"""Shapes of questions that were declined or, worse, answered with another figure: shares
of the rows, blanks said as "no X", values joined by "or", the row a table's noun names,
a column compared with its own statistic said around it, one quartile named, one figure
for each column named, and two statistics asked for one figure (declined).

Asked of generated tables (`measure_tables`) through a real ingest and the local sandbox;
the truth is plain pandas on the raw CSV.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pandas as pd
import pytest

from analyst.brain.narrate.answer import QueryFigures
from tests.query.asking import ask, close, figures
from tests.query.measure_tables import CLASSES, PORTS


def people(raw: dict[str, Path]) -> pd.DataFrame:
    return pd.read_csv(raw["passengers"])


def shares(f: QueryFigures, key: str) -> dict[str, float]:
    return {str(row[key]): float(row["share_pct"]) for row in f.head}


# Shares of the rows -----------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "share of passengers by pclass", "what percentage of passengers are in each pclass",
    "proportion of passengers per pclass", "percentage of rows by pclass",
    "частка пасажирів за pclass", "доля строк по pclass", "每个pclass的占比"])
def test_a_share_of_the_rows_per_group(analysis, raw, question):
    df = people(raw)
    truth = df.groupby("pclass").size() / len(df) * 100
    got = shares(figures(ask(analysis, question)), "pclass")
    assert set(got) == set(CLASSES)
    assert all(close(got[k], truth[k]) for k in CLASSES)


@pytest.mark.parametrize(("question", "port"), [
    (f"{q} {p}", p) for q, p in itertools.product(
        ["what percentage of passengers embarked in", "share of rows with embarked",
         "what share of passengers are from"], PORTS)])
def test_a_share_of_the_rows_meeting_one_condition(analysis, raw, question, port):
    df = people(raw)
    f = figures(ask(analysis, question))
    assert close(f.figures["value"], (df["embarked"] == port).mean() * 100)


def test_a_condition_no_row_meets_is_a_share_of_zero(analysis, raw):
    f = figures(ask(analysis, "share of days with sky fog in June"))
    assert f.figures["value"] == 0


def test_a_share_with_two_conditions_and_no_grouping_is_declined(analysis):
    # Which condition is the part and which the whole is not said.
    answer = ask(analysis, "share of passengers from Cherbourg in First")
    assert not answer.ok


# Blanks said as "no X" ---------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "how many passengers have no age", "how many rows have no age value",
    "number of passengers without age", "number of passengers without an age",
    "how many passengers with no age recorded", "скільки пасажирів без age",
    "сколько пассажиров без age", "有多少乘客没有age"])
def test_blanks_said_as_no_value(analysis, raw, question):
    f = figures(ask(analysis, question))
    assert f.query.aggregation == "missing" and f.query.measures == ("age",)
    assert f.figures["value"] == people(raw)["age"].isna().sum()


def test_blanks_per_group_said_as_no_value(analysis, raw):
    df = people(raw)
    f = figures(ask(analysis, "how many passengers have no age per pclass"))
    truth = df["age"].isna().groupby(df["pclass"]).sum()
    assert {r["pclass"]: r["age"] for r in f.head} == truth.to_dict()


def test_a_second_column_beside_the_blank_one_is_not_counted_blank(analysis):
    # "how many fare have no age": the fare is neither the rows nor blank: declined.
    assert not ask(analysis, "how many fare have no age").ok


# Values joined by "or" -----------------------------------------------------------------

@pytest.mark.parametrize(("a", "b"), list(itertools.combinations(PORTS, 2)))
@pytest.mark.parametrize("template", [
    "how many passengers embarked in {a} or {b}", "average fare for {a} or {b}",
    "середня fare для {a} або {b}", "средняя fare для {a} или {b}"])
def test_either_of_two_values_is_one_figure(analysis, raw, a, b, template):
    df = people(raw)
    keep = df[df["embarked"].isin([a, b])]
    f = figures(ask(analysis, template.format(a=a, b=b)))
    assert not f.query.keys  # one figure over both, not side by side
    truth = len(keep) if f.query.aggregation == "count" else keep["fare"].mean()
    assert close(f.figures["value"], truth)


# The row of a table named by its noun ---------------------------------------------------

@pytest.mark.parametrize(("question", "column", "highest"), [
    ("which passenger has the highest fare", "fare", True),
    ("which passenger paid the lowest fare", "fare", False),
    ("which passenger has the highest age", "age", True)])
def test_the_row_the_table_s_noun_names(analysis, raw, question, column, highest):
    df = people(raw)
    f = figures(ask(analysis, question))
    assert f.query.aggregation == "rows"
    best = df[column].max() if highest else df[column].min()
    assert f.rows == (df[column] == best).sum()  # every row tied for the place
    assert all(close(r[column], best) for r in f.head)


# A column compared with its own statistic, said around it -------------------------------

@pytest.mark.parametrize(("question", "op", "statistic"), [
    ("average age of passengers with more fare than the average", "gt", "mean"),
    ("average age of passengers with less fare than the median", "lt", "median"),
    ("mean age of passengers with higher fare than the average fare", "gt", "mean"),
    ("average age for passengers with lower fare than the median fare", "lt", "median")])
def test_a_column_against_its_own_statistic(analysis, raw, question, op, statistic):
    df = people(raw)
    line = df["fare"].mean() if statistic == "mean" else df["fare"].median()
    keep = df[df["fare"] > line] if op == "gt" else df[df["fare"] < line]
    f = figures(ask(analysis, question))
    assert close(f.figures["value"], keep["age"].mean())


def test_the_same_column_measured_and_compared_with_its_median(analysis, raw):
    df = people(raw)
    f = figures(ask(analysis, "average fare of passengers with less fare than the median"))
    assert close(f.figures["value"], df[df["fare"] < df["fare"].median()]["fare"].mean())


# One quartile, one figure per column, two statistics for one figure ---------------------

@pytest.mark.parametrize(("words", "p"), [
    ("first quartile", 0.25), ("lower quartile", 0.25), ("1st quartile", 0.25),
    ("third quartile", 0.75), ("upper quartile", 0.75), ("3rd quartile", 0.75),
    ("перший квартиль", 0.25), ("третий квартиль", 0.75)])
def test_one_quartile_named(analysis, raw, words, p):
    f = figures(ask(analysis, f"{words} of fare"))
    assert close(f.figures["value"], people(raw)["fare"].quantile(p))


@pytest.mark.parametrize(("words", "statistic"), [
    ("average", "mean"), ("median", "median"), ("maximum", "max"), ("total", "sum"),
    ("how many missing values in", "missing")])
def test_each_column_named_has_its_own_figure(analysis, raw, words, statistic):
    df = people(raw)
    f = figures(ask(analysis, f"{words} age and fare"))
    for column in ("age", "fare"):
        truth = df[column].isna().sum() if statistic == "missing" else getattr(
            df[column], statistic)()
        assert close(f.figures["values"][column], float(truth))


def test_each_column_named_per_group_has_its_own_figure(analysis, raw):
    df = people(raw)
    f = figures(ask(analysis, "average age and fare by pclass"))
    truth = df.groupby("pclass")[["age", "fare"]].mean()
    for row in f.head:
        assert close(row["age"], truth.loc[row["pclass"], "age"])
        assert close(row["fare"], truth.loc[row["pclass"], "fare"])
    assert "age" in ask(analysis, "average age and fare by pclass").text.split(":", 2)[-1]


@pytest.mark.parametrize("question", [
    "median of age, mean of fare", "average fare or median fare",
    "average age of passengers with fare above the median age"])
def test_two_statistics_for_one_figure_are_declined(analysis, question):
    assert not ask(analysis, question).ok
