"""Every word of a question is honoured, or no figure is stated (issue 26, points 1 and 3).

The readings are checked on the generated tables through `choose` (what the offline analyst
reads, no kernel needed); the conditions it now reads are also run through the real local
sandbox and compared with pandas computed from the raw CSV.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from analyst.brain.narrate.answer import query_figures
from analyst.brain.understand.query import Filter
from analyst.brain.understand.reading import choose
from analyst.session.analysis import Analysis

# Words for measures and shapes the offline reading does not have: each, said anywhere in
# a question it otherwise reads, must turn the answer into a refusal naming the word.
UNSUPPORTED = ("skewness", "kurtosis", "mode", "rolling", "cumulative", "weighted",
               "geometric", "harmonic", "exponential", "seasonal")
READABLE = ("average Horsepower by Origin", "total precipitation by month",
            "mean close for AAPL", "how many cars per Origin", "average temp_max in 2014")


def cards_and_values(tables: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    cards = [card for card, _, _ in tables.values()]
    return cards, {card.table: values for card, values, _ in tables.values()}


@pytest.mark.parametrize(("question", "word"), list(itertools.product(READABLE, UNSUPPORTED)))
def test_a_word_left_over_declines_naming_it(tables, question, word):
    cards, values = cards_and_values(tables)
    assert choose(question, cards, values).query is not None, question  # read as it is
    words = question.split()
    # At the start, after the first word or at the end (one place per case keeps it quick).
    at = (0, 1, len(words))[UNSUPPORTED.index(word) % 3]
    asked = " ".join([*words[:at], word, *words[at:]])
    choice = choose(asked, cards, values)
    assert choice.query is None and not choice.options, asked
    assert choice.refusal is not None, asked
    # Named among the words left over, or as the measure it does not have.
    named = f"{choice.refusal.values.get('words', '')} {choice.refusal.values.get('word', '')}"
    assert word in named, (asked, choice.refusal)


@pytest.mark.parametrize("question", [
    "average Horsepower by Origin for 5 cars", "total precipitation 17", "mean close 3 AAPL"])
def test_a_number_left_over_declines(tables, question):
    cards, values = cards_and_values(tables)
    choice = choose(question, cards, values)
    assert choice.query is None and choice.refusal is not None, question


NUMBER_CONDITIONS = [
    ("average Horsepower where Cylinders is {a}", ("eq", "{a}")),
    ("average Horsepower for cars with Cylinders = {a}", ("eq", "{a}")),
    ("mean Horsepower for {a} cylinders", ("eq", "{a}")),
    ("average Horsepower of {a}-cylinder cars", ("eq", "{a}")),
    ("average Horsepower for {a} and {b} cylinders", ("in", "{a},{b}")),
    ("median Horsepower where Cylinders equals {a}", ("eq", "{a}")),
    ("how many cars with {a} cylinders", ("eq", "{a}")),
    ("how many cars where Cylinders is {a} or {b}", ("in", "{a},{b}")),
]


@pytest.mark.parametrize(("template", "expected"), NUMBER_CONDITIONS)
@pytest.mark.parametrize(("a", "b"), [(4, 8), (6, 4), (8, 6)])
def test_a_number_said_of_a_number_column_is_a_condition(tables, template, expected, a, b):
    cards, values = cards_and_values(tables)
    question = template.format(a=a, b=b)
    choice = choose(question, cards, values)
    assert choice.query is not None, question
    op, value = expected
    want = tuple(int(v) for v in value.format(a=a, b=b).split(","))
    assert Filter("Cylinders", op, want[0] if op == "eq" else want) in choice.query.filters
    assert "Cylinders" not in choice.query.measures  # the condition, never a measure


NEGATIONS = ("not {v}", "except {v}", "other than {v}", "excluding {v}", "is not {v}")


@pytest.mark.parametrize("phrase", NEGATIONS)
@pytest.mark.parametrize("value", ["USA", "Europe", "Japan"])
def test_a_negated_value_keeps_the_other_rows(tables, phrase, value):
    cards, values = cards_and_values(tables)
    question = f"average Horsepower for cars where Origin {phrase.format(v=value)}"
    choice = choose(question, cards, values)
    assert choice.query is not None, question
    assert choice.query.filters == (Filter("Origin", "ne", value),), question
    assert choice.query.group_by == ()


@pytest.mark.parametrize(("low", "high"), [(50, 100), (100, 150.5), (200, 120)])
@pytest.mark.parametrize("template", ["average Miles_per_Gallon where Horsepower between {a} and {b}",
                                      "average Miles_per_Gallon for Horsepower from {a} to {b}"])
def test_a_range_keeps_both_ends(tables, template, low, high):
    cards, values = cards_and_values(tables)
    choice = choose(template.format(a=low, b=high), cards, values)
    assert choice.query is not None
    lo, hi = sorted((low, high))
    assert set(choice.query.filters) == {Filter("Horsepower", "ge", lo),
                                         Filter("Horsepower", "le", hi)}


@pytest.mark.parametrize(("question", "years"), [
    ("total precipitation between 2014 and 2015", (2014, 2015)),
    ("average temp_max from 2014 to 2015", (2014, 2015)),
    # Not two ends side by side: "between 2012 and 2014" had been 2012 and 2014 alone.
    ("total precipitation between 2012 and 2014", (2012, 2014)),
    ("median wind between 2012 and 2015", (2012, 2015)),
    ("average temp_min from 2012 to 2014", (2012, 2014)),
])
def test_a_span_of_years_is_every_year_of_it(tables, question, years):
    cards, values = cards_and_values(tables)
    choice = choose(question, cards, values)
    assert choice.query is not None
    [f] = choice.query.filters
    assert f.op == "year" and f.value == tuple(range(years[0], years[1] + 1))


# A table where a column's name word is also a category value ("hotel"), a ZIP column, an
# id and the unnamed index pandas writes.
def _hotels(seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = 80
    frame = pd.DataFrame({
        "hotel": [f"H{i % 14}" for i in range(n)],
        "type": rng.choice(["hotel", "hostel", "resort"], n),
        "reviews": rng.integers(1, 500, n),
        "zip": [f"{x:05d}" for x in rng.integers(1000, 99999, n)],
        "booking_id": np.arange(10_001, 10_001 + n),
        "price": rng.uniform(50, 300, n).round(2),
        "stars": rng.integers(1, 6, n),
    })
    return frame


@pytest.fixture(scope="module")
def hotels(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Analysis, pd.DataFrame]]:
    folder = tmp_path_factory.mktemp("hotels")
    frame = _hotels(7)
    path = folder / "hotels.csv"
    frame.to_csv(path)  # with pandas' unnamed index column, as people export it
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, pd.read_csv(path)


def _answer(analysis: Analysis, question: str) -> Any:
    answer = list(analysis.ask(question, brain="offline"))[-1].answer
    assert answer is not None
    return answer


@pytest.mark.parametrize("question", [
    "average reviews per hotel", "average number of reviews per hotel",
    "mean reviews by hotel", "average reviews for each hotel"])
def test_a_value_word_after_per_is_the_grouping_not_a_filter(hotels, question):
    analysis, frame = hotels
    [card] = analysis.cards
    choice = choose(question, [card], {})
    assert choice.query is not None, question
    assert choice.query.filters == () and choice.query.group_by == ("hotel",)
    answer = _answer(analysis, question)
    got = query_figures(answer.steps[0].figures)
    expected = frame.groupby("hotel")["reviews"].mean()
    table = {row["hotel"]: row["reviews"] for row in got.head}
    assert all(math.isclose(v, expected[k]) for k, v in table.items())


@pytest.mark.parametrize("question", [
    "total zip", "average zip", "sum of booking_id", "average booking id", "total Column 1",
    "average of column 1", "sum of the zip codes", "what is the average zip by type"])
def test_ids_codes_and_the_index_are_never_measures(hotels, question):
    analysis, _ = hotels
    answer = _answer(analysis, question)
    assert not answer.ok, (question, answer.text)
    assert not answer.steps, (question, answer.text)  # nothing computed, nothing stated


@pytest.mark.parametrize(("question", "rows"), [
    ("average price for 3 and 5 stars", lambda f: f[f.stars.isin([3, 5])]),
    ("average price where stars is 4", lambda f: f[f.stars == 4]),
    ("how many bookings where type is not hostel", lambda f: f[f.type != "hostel"]),
    ("how many bookings except resort", lambda f: f[f.type != "resort"]),
    ("average price where reviews between 100 and 200",
     lambda f: f[(f.reviews >= 100) & (f.reviews <= 200)]),
])
def test_conditions_run_as_pandas_computes_them(hotels, question, rows):
    analysis, frame = hotels
    answer = _answer(analysis, question)
    assert answer.ok, answer.text
    got = query_figures(answer.steps[0].figures)
    kept = rows(frame)
    expected = len(kept) if question.startswith("how many") else kept["price"].mean()
    assert math.isclose(got.figures["value"], expected), (question, answer.text)


@pytest.fixture(scope="module")
def statement(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    from tests.ingest.finance_books import pnl_workbook

    folder = tmp_path_factory.mktemp("pnl")
    path, _ = pnl_workbook(Path(folder) / "pnl.xlsx", net=True)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis


@pytest.mark.parametrize("question", [
    # ("average monthly revenue" is answered since stop 55: the total over the months,
    # `tests/finance/test_lines_of_revenue_and_averages.py`.)
    "median monthly revenue", "correlation between revenue and marketing",
    "full-year revenue budget",
    "revenue vs budget", "revenue plan for Q3", "standard deviation of monthly revenue"])
def test_a_statement_question_with_words_left_over_states_no_figure(statement, question):
    answer = _answer(statement, question)
    assert not answer.ok and not answer.steps, (question, answer.text)


@pytest.mark.parametrize(("question", "highest", "language"), [
    ("which month had the highest revenue", True, "en"),
    ("what was revenue in the best month", True, "en"),
    ("lowest month of gross profit", False, "en"),
    ("в якому місяці була найбільша виручка", True, "uk"),
    ("в каком месяце была самая большая выручка", True, "ru")])
def test_the_month_of_an_extreme_is_answered_with_its_figure(statement, tmp_path, question,
                                                             highest, language):
    """Every word honoured since planner/finextreme.py: the month's figure, from the
    statement's own lines (the generator's numbers, added up here)."""
    from tests.ingest.finance_books import pnl_workbook

    _, truth = pnl_workbook(tmp_path / "pnl.xlsx", net=True)
    revenue, cogs = truth["revenue"], truth["cogs"]
    values = (revenue if "gross" not in question
              else [r - c for r, c in zip(revenue, cogs, strict=True)])
    extreme = max(values) if highest else min(values)
    shown = f"{extreme:,.2f}"
    if language != "en":
        shown = shown.replace(",", "\u00a0").replace(".", ",")
    answer = _answer(statement, question)
    assert answer.ok and answer.steps and answer.steps[0].recipe == "period_extreme", answer.text
    assert shown in answer.text, (shown, answer.text)


@pytest.mark.parametrize("question", [
    "revenue in Q2", "How much did we spend on marketing in March 2025?",
    "gross profit for the year", "net profit in 2nd quarter 2025", "revenue by month",
    "operating profit by quarter", "виручка за 2 квартал", "выручка по месяцам"])
def test_statement_questions_it_reads_are_still_answered(statement, question):
    answer = _answer(statement, question)
    assert answer.ok and answer.steps, (question, answer.text)
