"""Questions asked of the offline analyst (real ingest, real sandbox) are answered with the
figures pandas computes independently from the raw CSV, and every answer says how it read
the question and which table and file it used."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.brain.narrate.answer import query_figures
from analyst.events import Answer
from analyst.session.analysis import Analysis
from tests.query.tables import SHAPES, write


@pytest.fixture(scope="module")
def raw(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("raw")
    return {name: write(name, folder) for name in SHAPES}


@pytest.fixture(scope="module")
def analysis(raw: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    with Analysis.open(tmp_path_factory.mktemp("ws"), backend="local") as analysis:
        for path in raw.values():
            analysis.add_file(path)
        yield analysis


def ask(analysis: Analysis, question: str) -> Answer:
    events = list(analysis.ask(question, brain="offline"))
    answer = events[-1].answer
    assert answer is not None
    return answer


def figures(answer: Answer):
    assert answer.ok, answer.text
    [step] = answer.steps
    got = query_figures(step.figures)
    assert got is not None, step.result.stdout
    return step, got


def frame(raw: dict[str, Path], name: str) -> pd.DataFrame:
    df = pd.read_csv(raw[name])
    if "date" in df:
        df["date"] = pd.to_datetime(df["date"])
    return df


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


@pytest.mark.parametrize("question", [
    "What is the average Miles_per_Gallon by Origin?",
    "Середнє Miles_per_Gallon за Origin",
    "Среднее Miles_per_Gallon по Origin",
    "按Origin的平均Miles_per_Gallon",
])
def test_average_by_a_category(analysis, raw, question):
    answer = ask(analysis, question)
    step, got = figures(answer)
    expected = frame(raw, "cars").groupby("Origin")["Miles_per_Gallon"].mean()
    table = {row["Origin"]: row["Miles_per_Gallon"] for row in got.head}
    assert table.keys() == set(expected.index)
    assert all(close(table[k], expected[k]) for k in expected.index)
    assert got.missing == {"Miles_per_Gallon": 9}
    assert "cars.csv" in answer.text and "Miles_per_Gallon" in answer.text
    assert "df.groupby(['Origin']" in step.code and ".mean()" in step.code  # readable pandas
    assert any(p.endswith(".png") for p in step.charts)


def test_the_answer_shows_the_reading_and_quotes_the_printed_figures(analysis, raw):
    answer = ask(analysis, "What is the average Miles_per_Gallon by Origin?")
    assert answer.text.startswith("I read this as: average of Miles_per_Gallon by origin.")
    assert "Table cars (file cars.csv)." in answer.text
    expected = frame(raw, "cars").groupby("Origin")["Miles_per_Gallon"].mean()
    for origin, value in expected.items():
        assert f"{origin}: {value:,.2f}" in answer.text
    assert "9 rows have no value in Miles_per_Gallon and are left out." in answer.text


@pytest.mark.parametrize("question", ["how many rainy days per month",
                                      "скільки днів з rain по місяцях",
                                      "сколько дней с rain по месяцам"])
def test_a_count_of_rows_with_a_value_per_month(analysis, raw, question):
    step, got = figures(ask(analysis, question))
    df = frame(raw, "weather")
    expected = df[df["weather"] == "rain"].groupby(df["date"].dt.to_period("M")).size()
    assert got.rows == len(expected)
    for row in got.head:
        assert row["rows"] == expected[pd.Period(row["period"], "M")]
    assert "kind = 'line' if len(table) > 3" in step.code  # periods are drawn as lines


def test_a_count_per_category(analysis, raw):
    _, got = figures(ask(analysis, "How many days of each weather type were there?"))
    expected = frame(raw, "weather")["weather"].value_counts()
    assert {r["weather"]: r["rows"] for r in got.head} == expected.to_dict()
    assert got.figures["total"] == 500


def test_a_filter_on_a_value_and_a_single_figure(analysis, raw):
    answer = ask(analysis, "average close for AAPL")
    _, got = figures(answer)
    df = frame(raw, "stocks")
    assert close(got.figures["value"], df[df["symbol"] == "AAPL"]["close"].mean())
    assert "Table stocks (file stocks.csv)." in answer.text
    assert f"{df[df['symbol'] == 'AAPL']['close'].mean():,.2f}" in answer.text


def test_the_hottest_day_is_answered_with_its_row(analysis, raw):
    answer = ask(analysis, "which day had the highest temp_max")
    _, got = figures(answer)
    df = frame(raw, "weather")
    best = df.loc[df["temp_max"].idxmax()]
    assert got.head[0]["temp_max"] == best["temp_max"]
    assert str(best["date"].date()) in answer.text


def test_a_year_and_month_table_by_month_for_one_value_in_one_year(analysis, raw):
    _, got = figures(ask(analysis, "total net generation by month and state for coal in 2020"))
    df = frame(raw, "electricity")
    part = df[(df["fuel_type"] == "coal") & (df["year"] == 2020)]
    expected = part.groupby(["month", "state"])["net_generation"].sum()
    assert got.rows == len(expected) == 36
    for row in got.head:
        month = int(row["period"][-2:])
        assert close(row["net_generation"], expected[(month, row["state"])])


def test_a_change_between_two_years(analysis, raw):
    _, got = figures(ask(analysis, "change in total precipitation between 2014 and 2015"))
    df = frame(raw, "weather")
    a = df[df["date"].dt.year == 2014]["precipitation"].sum()
    b = df[df["date"].dt.year == 2015]["precipitation"].sum()
    assert close(got.figures["start"], a) and close(got.figures["end"], b)
    assert close(got.figures["change_pct"], (b - a) / abs(a) * 100)


def test_top_n_of_two_keys_and_a_share(analysis, raw):
    _, got = figures(ask(analysis, "top 3 state and fuel type by net generation"))
    df = frame(raw, "electricity")
    expected = df.groupby(["state", "fuel_type"])["net_generation"].sum().nlargest(3)
    assert [(r["state"], r["fuel_type"]) for r in got.head] == list(expected.index)
    _, share = figures(ask(analysis, "share of precipitation by weather"))
    w = frame(raw, "weather")
    sums = w.groupby("weather")["precipitation"].sum()
    for row in share.head:
        assert close(row["share_pct"], sums[row["weather"]] / sums.sum() * 100)


def test_a_number_comparison(analysis, raw):
    _, got = figures(ask(analysis, "how many days with wind over 5.5"))
    assert got.figures["value"] == int((frame(raw, "weather")["wind"] > 5.5).sum())


def test_two_readings_are_offered_as_options(analysis):
    answer = ask(analysis, "temperature by month")
    assert not answer.ok and not answer.steps
    assert len(answer.options) == 2
    for option in answer.options:  # each option, asked, is answered as that reading
        again = ask(analysis, option)
        assert again.ok and again.steps, (option, again.text)


def test_no_fitting_reading_says_so_and_suggests_questions_that_work(analysis):
    answer = ask(analysis, "average Horsepower by manufacturer")
    assert not answer.ok and not answer.steps
    assert "I found no column for “manufacturer”" in answer.text
    assert "I did not group by anything else instead" in answer.text
    assert len(answer.options) == 3
    assert ask(analysis, answer.options[0]).ok


def test_a_sales_question_keeps_its_recipe(analysis, tmp_path):
    sales = tmp_path / "sales.csv"
    sales.write_text("Date,Region,Net sales\n2026-01-05,North,100.5\n2026-01-09,South,50\n"
                     "2026-02-01,North,20\n2026-02-11,South,70.25\n", encoding="utf-8")
    with Analysis.open(tmp_path / "ws", backend="local") as fresh:
        fresh.add_file(sales)
        total = ask(fresh, "net sales by region")
        assert total.steps[0].recipe == "breakdown"
        mean = ask(fresh, "average net sales by region")
        step, got = figures(mean)
        assert got.query.aggregation == "mean"  # never the breakdown's sums
        assert {r["Region"]: r["Net sales"] for r in got.head} == {"North": 60.25,
                                                                    "South": 60.125}
