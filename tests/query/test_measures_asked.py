"""The measures people ask for beyond totals and averages are computed exactly, through the
same `Query` the model's `query_table` tool sends: sample standard deviation and variance,
percentiles and quartiles, missing values, Pearson and Spearman correlation with their n,
several statistics at once, filters against a computed average, two groupings from the
values named, and the period holding an extreme. A measure there is no recipe for is
declined by its name, never answered with another.

Each is asked in many phrasings in English, Ukrainian, Russian and Chinese, of a real
ingest and the local sandbox; the truth is plain pandas on the raw CSV.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pandas as pd
import pytest

from analyst.events import Answer
from analyst.session.analysis import Analysis
from analyst.words.number_formats import format_number
from tests.query.asking import ask, close, figures


def result_table(analysis: Analysis, answer: Answer) -> pd.DataFrame:
    """The whole table the step saved (the figures line carries only its first rows)."""
    [step] = answer.steps
    [csv] = [f for f in step.result.files if f.path.endswith(".csv")]
    path = analysis.workspace.artifact_path(csv)
    assert path is not None
    return pd.read_csv(path)


def passengers(raw: dict[str, Path]) -> pd.DataFrame:
    return pd.read_csv(raw["passengers"])


# Sample standard deviation and variance ---------------------------------------------

STD = {"en": ["standard deviation of {c}", "what is the std of {c}", "stdev of {c}",
              "{c} standard deviation"],
       "uk": ["стандартне відхилення {c}", "яке стандартне відхилення {c}"],
       "ru": ["стандартное отклонение {c}", "среднеквадратичное отклонение {c}"],
       "zh": ["{c}的标准差"]}
VAR = {"en": ["variance of {c}", "what is the variance of {c}"], "uk": ["дисперсія {c}"],
       "ru": ["дисперсия {c}"], "zh": ["{c}的方差"]}
SAMPLE = {"en": "sample", "uk": "вибірков", "ru": "выборочн", "zh": "样本"}


def phrasings(table: dict[str, list[str]], **names: str) -> list[tuple[str, str]]:
    return [(lang, p.format(**names)) for lang, ps in table.items() for p in ps]


@pytest.mark.parametrize(("lang", "question", "column", "method"), [
    (lang, q, c, method)
    for c in ("age", "fare")
    for method, table in (("std", STD), ("var", VAR))
    for lang, q in phrasings(table, c=c)])
def test_sample_spread_of_a_column(analysis, raw, lang, question, column, method):
    answer = ask(analysis, question)
    got = figures(answer)
    expected = getattr(passengers(raw)[column], method)(ddof=1)
    assert close(got.figures["value"], expected)
    assert SAMPLE[lang] in answer.text  # the answer says which one: the sample's (n - 1)


@pytest.mark.parametrize("question", ["standard deviation of fare by pclass",
                                      "variance of age per sex",
                                      "стандартне відхилення age по pclass",
                                      "按sex的fare的标准差"])
def test_spread_per_group(analysis, raw, question):
    got = figures(ask(analysis, question))
    df = passengers(raw)
    group = "pclass" if "pclass" in question else "sex"
    column = "fare" if "fare" in question else "age"
    method = "var" if ("variance" in question) else "std"
    expected = getattr(df.groupby(group)[column], method)(ddof=1)
    table = {row[group]: row[column] for row in got.head}
    assert table.keys() == set(expected.index)
    assert all(close(table[k], v) for k, v in expected.items())


# Percentiles and quartiles ------------------------------------------------------------

PERCENTILE = {"en": ["{p}th percentile of {c}", "the {p}th percentile of {c}", "p{p} of {c}",
                     "percentile {p} of {c}", "{c} p{p}", "what is the {p}th percentile {c}"],
              "uk": ["{p}-й перцентиль {c}", "{p}-й процентиль {c}"],
              "ru": ["{p}-й перцентиль {c}", "{p}-й процентиль {c}"],
              "zh": ["{c}的第{p}百分位数", "{c}的{p}%分位数"]}


@pytest.mark.parametrize(("question", "column", "p"), [
    (q, c, p) for c, p in (("fare", 90), ("age", 95), ("fare", 10))
    for _, q in phrasings(PERCENTILE, c=c, p=p)])
def test_a_percentile(analysis, raw, question, column, p):
    got = figures(ask(analysis, question))
    assert got.query.aggregation == "percentile" and got.query.percentiles == (p,)
    assert close(got.figures["value"], passengers(raw)[column].quantile(p / 100))


@pytest.mark.parametrize("question", ["quartiles of {c}", "what are the quartiles of {c}",
                                      "квартилі {c}", "квартили {c}", "{c}的四分位数"])
@pytest.mark.parametrize("column", ["age", "fare"])
def test_quartiles_are_the_25th_50th_and_75th_percentiles(analysis, raw, question, column):
    got = figures(ask(analysis, question.format(c=column)))
    expected = passengers(raw)[column].quantile([0.25, 0.5, 0.75])
    assert got.query.percentiles == (25, 50, 75)
    values = got.figures["values"]
    assert [close(values[f"p{int(q * 100)}"], v) for q, v in expected.items()] == [True] * 3


# Missing values -----------------------------------------------------------------------

MISSING = {"en": ["how many missing values in {c}", "how many blanks in {c}",
                  "number of missing {c}", "count of empty {c} values",
                  "how many {c} values are missing"],
           "uk": ["скільки пропущених значень у {c}", "скільки порожніх {c}"],
           "ru": ["сколько пропусков в {c}", "сколько пустых значений в {c}"],
           "zh": ["{c}有多少缺失值", "{c}的空值有多少"]}


@pytest.mark.parametrize(("question", "column"), [
    (q, c) for c in ("age", "embarked", "fare") for _, q in phrasings(MISSING, c=c)])
def test_missing_values_are_counted_not_the_rows(analysis, raw, question, column):
    got = figures(ask(analysis, question))
    expected = int(passengers(raw)[column].isna().sum())
    assert got.query.aggregation == "missing"
    assert got.figures["value"] == expected  # 23 in age, 4 in embarked, 0 in fare; never 240


def test_missing_values_per_group(analysis, raw):
    got = figures(ask(analysis, "how many missing values in age by pclass"))
    expected = passengers(raw)["age"].isna().groupby(passengers(raw)["pclass"]).sum()
    assert {r["pclass"]: r["age"] for r in got.head} == expected.to_dict()


# Correlations -------------------------------------------------------------------------

PEARSON = {"en": ["correlation between {a} and {b}", "how correlated are {a} and {b}",
                  "pearson correlation of {a} and {b}", "correlation of {a} with {b}",
                  "is {a} correlated with {b}"],
           "uk": ["кореляція між {a} і {b}", "кореляція {a} та {b}"],
           "ru": ["корреляция между {a} и {b}", "корреляция Пирсона {a} и {b}"],
           "zh": ["{a}和{b}的相关系数", "{a}与{b}的相关性"]}
SPEARMAN = {"en": ["spearman correlation between {a} and {b}",
                   "rank correlation of {a} and {b}"],
            "uk": ["кореляція Спірмена між {a} і {b}"], "ru": ["корреляция Спирмена {a} и {b}"],
            "zh": ["{a}和{b}的斯皮尔曼相关"]}


@pytest.mark.parametrize(("question", "a", "b", "method"), [
    (q, a, b, method)
    for a, b in (("age", "fare"), ("fare", "siblings"))
    for method, table in (("pearson", PEARSON), ("spearman", SPEARMAN))
    for _, q in phrasings(table, a=a, b=b)])
def test_a_correlation_with_its_n(analysis, raw, question, a, b, method):
    answer = ask(analysis, question)
    got = figures(answer)
    pair = passengers(raw)[[a, b]].dropna()
    assert got.query.aggregation == method and set(got.query.measures) == {a, b}
    assert close(got.figures["value"], pair.corr(method=method).loc[a, b])
    assert got.figures["n"] == len(pair)
    assert f"{len(pair)}" in answer.text


def test_missing_values_of_no_column_named_are_asked_about_not_guessed(analysis):
    for question, asks in (("how many missing values are there", "Which column"),
                           ("скільки пропущених значень", "якого стовпця"),
                           ("сколько пропусков", "какого столбца"),
                           ("有多少缺失值", "哪一列")):
        answer = ask(analysis, question)
        assert not answer.ok and not answer.steps, question  # not the rows, not a guess
        assert asks in answer.text and "embarked" in answer.text  # any column may be named


def test_a_correlation_needs_two_columns(analysis):
    answer = ask(analysis, "correlation of fare")
    assert not answer.ok and not answer.steps
    assert "two number columns" in answer.text


# Several statistics at once -----------------------------------------------------------

BOTH = {"en": ["mean and standard deviation of {c}", "average and std of {c}",
               "{c} mean and standard deviation", "median and 90th percentile of {c}"],
        "uk": ["середнє та стандартне відхилення {c}"],
        "ru": ["среднее и стандартное отклонение {c}"],
        "zh": ["{c}的平均值和标准差"]}


@pytest.mark.parametrize(("question", "column"), [
    (q, c) for c in ("age", "fare") for _, q in phrasings(BOTH, c=c)])
def test_two_statistics_asked_together_are_both_given(analysis, raw, question, column):
    answer = ask(analysis, question)
    got = figures(answer)
    s = passengers(raw)[column]
    truth = {"mean": s.mean(), "std": s.std(ddof=1), "median": s.median(),
             "p90": s.quantile(0.9)}
    values = got.figures["values"]
    assert len(values) == 2 and all(close(v, truth[k]) for k, v in values.items())
    assert not got.query.notes  # "standard deviation" is not a word left over


def test_two_statistics_per_group(analysis, raw):
    answer = ask(analysis, "mean and standard deviation of fare by pclass")
    table = result_table(analysis, answer).set_index("pclass")
    expected = passengers(raw).groupby("pclass")["fare"].agg(["mean", "std"])
    assert set(table.index) == set(expected.index)
    for k in expected.index:
        assert close(table.loc[k, "mean"], expected.loc[k, "mean"])
        assert close(table.loc[k, "std"], expected.loc[k, "std"])


# Filters against a computed value -----------------------------------------------------

ABOVE_AVERAGE = [
    ("median fare of those who paid more than the average fare", "fare", "median", "gt"),
    ("median fare of passengers who paid more than the average", "fare", "median", "gt"),
    ("how many passengers paid more than the average fare", None, "count", "gt"),
    ("average age of passengers with fare above the average", "age", "mean", "gt"),
    ("average age where fare is below the average fare", "age", "mean", "lt"),
    ("how many passengers paid less than the median fare", None, "count", "lt"),
    ("медіана fare тих, хто заплатив більше за середню fare", "fare", "median", "gt"),
    ("медиана fare тех, кто заплатил больше средней fare", "fare", "median", "gt"),
    ("fare高于平均fare的行的fare中位数", "fare", "median", "gt"),
    ("average fare of passengers older than the average age", "fare", "mean", "gt"),
]


@pytest.mark.parametrize(("question", "measure", "aggregation", "op"), ABOVE_AVERAGE)
def test_a_filter_against_the_average_of_all_rows(analysis, raw, question, measure,
                                                  aggregation, op):
    answer = ask(analysis, question)
    got = figures(answer)
    df = passengers(raw)
    compared = "age" if question.endswith("the average age") else "fare"
    threshold = df[compared].median() if "median fare" in question and aggregation == "count" \
        else df[compared].mean()
    kept = df[df[compared] > threshold] if op == "gt" else df[df[compared] < threshold]
    expected = len(kept) if measure is None else getattr(kept[measure], aggregation)()
    assert close(got.figures["value"], expected)
    assert close(got.thresholds[compared], threshold)  # the figure compared with is stated
    assert format_number(threshold, 2, answer.language) in answer.text


# Two groupings and grouped filters ----------------------------------------------------

@pytest.mark.parametrize("question", [
    "average age per pclass for male and female",
    "average age by pclass for female and male",
    "average age by pclass and sex",
    "середній age по pclass для male та female",
    "средний age по pclass для male и female",
])
def test_two_groupings_from_the_values_named(analysis, raw, question):
    got = figures(ask(analysis, question))
    assert set(got.query.group_by) == {"pclass", "sex"}
    expected = passengers(raw).groupby(["pclass", "sex"])["age"].mean()
    assert got.rows == len(expected) == 6
    for row in got.head:
        assert close(row["age"], expected[(row["pclass"], row["sex"])])


# The period holding the extreme -------------------------------------------------------

def monthly_revenue(raw: dict[str, Path]) -> pd.Series:
    df = pd.read_csv(raw["shop"], parse_dates=["order_date"])
    sums = df.groupby(df["order_date"].dt.to_period("M"))["revenue"].sum()
    return sums.reindex(pd.period_range(sums.index.min(), sums.index.max()), fill_value=0)


@pytest.mark.parametrize(("question", "highest"), [
    ("which month had the highest revenue", True),
    ("what month had the highest total revenue", True),
    ("which month had the biggest revenue", True),
    ("which month had the lowest revenue", False),
    ("в якому місяці була найбільша revenue", True),
    ("в каком месяце была самая высокая revenue", True),
    ("哪个月revenue最高", True),
    ("哪个月revenue最低", False),
    ("the month with the highest revenue", True),
    ("month with the lowest revenue", False),
    ("in which month was revenue the highest", True),
    ("місяць з найбільшою revenue", True),
    ("в якому місяці revenue була найвищою", True),
    ("месяц с самой высокой revenue", True),
    ("в каком месяце revenue была самой низкой", False),
    ("revenue最高的月份", True),
])
def test_the_month_holding_the_extreme_with_its_value(analysis, raw, question, highest):
    answer = ask(analysis, question)
    got = figures(answer)
    months = monthly_revenue(raw)
    extreme = months.max() if highest else months.min()
    held = months[months == extreme]  # every month holding it (three have no sales at all)
    assert {row["period"] for row in got.head} == {str(p) for p in held.index}
    assert all(close(row["revenue"], extreme) for row in got.head)
    assert not close(extreme, months.sum())  # not the year's total, nor one sale
    if not highest:
        assert extreme == 0 and len(held) == 3  # months without sales are the lowest
        assert "tied" in answer.text or answer.language != "en"


# Measures there is no recipe for ------------------------------------------------------

@pytest.mark.parametrize(("question", "word"), [
    ("mode of fare", "mode"), ("what is the skewness of age", "skewness"),
    ("skew of fare by pclass", "skew"), ("kurtosis of age", "kurtosis"),
    ("CAGR of revenue", "cagr"), ("geometric mean of fare", "geometric mean"),
    ("interquartile range of age", "interquartile range"), ("мода fare", "мода"),
    ("асиметрія age", "асиметрія"), ("асимметрия fare", "асимметрия"), ("fare的众数", "众数"),
    ("age的偏度", "偏度"),
])
def test_a_measure_it_does_not_have_is_declined_by_name(analysis, question, word):
    answer = ask(analysis, question)
    assert not answer.ok and not answer.steps  # nothing ran: no total, no maximum instead
    assert word in answer.text.lower()


# Every phrasing above, as the model's tool sends it -----------------------------------

def test_the_tool_schema_offers_every_aggregation_the_reader_makes():
    from typing import get_args

    from analyst.brain.understand.query import AGGREGATIONS, THRESHOLDS
    from analyst.brain.understand.schema import _Aggregation, _Threshold, parameters_schema

    assert set(get_args(_Aggregation)) == set(AGGREGATIONS)
    assert set(get_args(_Threshold)) == set(THRESHOLDS)
    schema = parameters_schema()["properties"]
    assert {"percentiles", "also"} <= schema.keys()


@pytest.mark.parametrize("arguments", [
    {"aggregation": "std", "measures": ["fare"]},
    {"aggregation": "percentile", "measures": ["age"], "percentiles": [25, 50, 75]},
    {"aggregation": "mean", "measures": ["fare"], "also": ["std", "percentile"],
     "percentiles": [90], "group_by": ["pclass"]},
    {"aggregation": "missing", "measures": ["embarked"]},
    {"aggregation": "spearman", "measures": ["age", "fare"]},
    {"aggregation": "median", "measures": ["fare"],
     "filters": [{"column": "fare", "op": "gt", "against": "mean"}]},
])
def test_the_model_can_ask_each_measure_and_it_round_trips(analysis, arguments):
    from analyst.brain.understand.query import Query
    from analyst.brain.understand.schema import query_from_arguments

    cards = [c for c in analysis.cards if c.table == "passengers"]
    query, _ = query_from_arguments({"table": "passengers", **arguments}, cards)
    assert Query.from_dict(query.to_dict()) == query


@pytest.mark.parametrize(("arguments", "says"), [
    ({"aggregation": "percentile", "measures": ["age"]}, "percentiles"),
    ({"aggregation": "percentile", "measures": ["age"], "percentiles": [100]}, "between 0"),
    ({"aggregation": "pearson", "measures": ["age"]}, "two different columns"),
    ({"aggregation": "pearson", "measures": ["age", "fare"], "group_by": ["sex"]}, "per group"),
    ({"aggregation": "std", "measures": ["sex"]}, "not numbers"),
    ({"aggregation": "mean", "measures": ["age", "fare"], "also": ["std"]}, "one column"),
    ({"aggregation": "sum", "measures": ["age"], "also": ["std"]}, "beside"),
    ({"aggregation": "count", "filters": [{"column": "fare", "op": "eq", "against": "mean"}]},
     "gt, ge, lt"),
    ({"aggregation": "count", "filters": [{"column": "sex", "op": "gt", "against": "mean"}]},
     "no mean"),
    ({"aggregation": "count", "filters": [{"column": "fare", "op": "gt", "value": 3,
                                           "against": "mean"}]}, "not both"),
    ({"aggregation": "count", "filters": [{"column": "fare", "op": "gt"}]}, "needs a value"),
])
def test_a_query_the_step_cannot_honour_is_sent_back_with_the_reason(analysis, arguments, says):
    from analyst.brain.understand.query import QueryError
    from analyst.brain.understand.schema import query_from_arguments

    cards = [c for c in analysis.cards if c.table == "passengers"]
    with pytest.raises(QueryError, match=says):
        query_from_arguments({"table": "passengers", **arguments}, cards)


def test_the_generated_statistics_match_pandas_for_every_pair(analysis, raw):
    """Every statistic beside every other, of each number column, through the tool."""
    from analyst.brain.queries import run_query
    from analyst.brain.understand.query import Query

    card = next(c for c in analysis.cards if c.table == "passengers")
    df = passengers(raw)
    truth = {"mean": "mean", "median": "median", "min": "min", "max": "max", "std": "std",
             "var": "var"}
    for (a, b), column in itertools.product(itertools.combinations(truth, 2), ("age", "fare")):
        query = Query("passengers", a, (column,), also=(b,))  # type: ignore[arg-type]
        events = list(run_query(analysis.session, query, card, "q", "en"))
        answer = events[-1].answer
        got = figures(answer)
        for name in (a, b):
            assert close(got.figures["values"][name], getattr(df[column], truth[name])())


# Periods are complete -------------------------------------------------------------------

def rain_frame(raw: dict[str, Path]) -> pd.DataFrame:
    return pd.read_csv(raw["rain"], parse_dates=["day"])


@pytest.mark.parametrize("question", ["how many rainy days per month",
                                      "how many days with rain per month",
                                      "number of rain days by month",
                                      "скільки днів з rain по місяцях",
                                      "сколько дней с rain по месяцам",
                                      "每月rain的天数"])
def test_a_count_by_month_lists_the_months_without_any(analysis, raw, question):
    answer = ask(analysis, question)
    got = figures(answer)
    df = rain_frame(raw)
    counts = df[df["sky"] == "rain"].groupby(df["day"].dt.to_period("M")).size()
    expected = counts.reindex(pd.period_range("2022-01", "2022-12", freq="M"), fill_value=0)
    table = result_table(analysis, answer)
    assert list(table["period"]) == [str(p) for p in expected.index]  # all 12, in order
    assert list(table["rows"]) == list(expected)
    assert expected["2022-06"] == expected["2022-07"] == 0
    assert got.figures["lowest"] == 0  # the lowest month is one without rain
    assert got.figures["labels"]["lowest"]["period"] == "2022-06"


@pytest.mark.parametrize(("question", "table", "unit", "measure"), [
    ("total rainfall_mm per month", "rain", "M", "rainfall_mm"),
    ("total rainfall_mm per week", "rain", "W", "rainfall_mm"),
    ("how many rainy days per week", "rain", "W", None),
    ("how many rainy days per quarter", "rain", "Q", None),
    ("how many orders per month", "shop", "M", None),
    ("total units by month", "shop", "M", "units"),
    ("сума units по місяцях", "shop", "M", "units"),
    ("每周rain的天数", "rain", "W", None),
])
def test_a_count_or_sum_by_period_has_every_period_of_the_range(analysis, raw, question, table,
                                                               unit, measure):
    answer = ask(analysis, question)
    assert answer.ok, answer.text
    got = result_table(analysis, answer)  # a query's table, or the sales recipe's by month
    date = {"rain": "day", "shop": "order_date"}[table]
    df = pd.read_csv(raw[table], parse_dates=[date])
    every = pd.period_range(df[date].min(), df[date].max(), freq=unit)  # the whole range
    if "rain" in question and "rainfall" not in question:
        df = df[df["sky"] == "rain"]
    periods = df[date].dt.to_period(unit)
    grouped = (df.groupby(periods).size() if measure is None
               else df.groupby(periods)[measure].sum())
    expected = grouped.reindex(every, fill_value=0)
    value = "rows" if measure is None else measure
    labels = ([str(p.start_time.date()) for p in every] if unit == "W"
              else [str(p) for p in every])
    assert list(got["period" if "period" in got else "month"]) == labels
    assert [round(v, 6) for v in got[value]] == [round(v, 6) for v in expected]


def test_an_average_by_month_leaves_a_month_without_rows_open(analysis, raw):
    answer = ask(analysis, "average revenue per month")
    table = result_table(analysis, answer)
    months = monthly_revenue(raw)
    assert list(table["period"]) == [str(p) for p in months.index]
    empty = table[table["period"].isin(["2023-03", "2023-08", "2023-11"])]
    assert empty["revenue"].isna().all()  # no average for a month without sales, not 0
    assert "kind = 'line'" in answer.steps[0].code


def test_a_count_by_month_and_category_lists_every_month_for_every_category(analysis, raw):
    answer = ask(analysis, "how many days per month by sky")
    got = result_table(analysis, answer)
    df = rain_frame(raw)
    counts = df.groupby([df["day"].dt.to_period("M"), "sky"]).size()
    every = pd.MultiIndex.from_product([pd.period_range("2022-01", "2022-12", freq="M"),
                                        sorted(df["sky"].unique())])
    expected = counts.reindex(every, fill_value=0)
    table = {(row["period"], row["sky"]): row["rows"] for row in got.to_dict("records")}
    assert table == {(str(p), s): n for (p, s), n in expected.items()}
    assert table[("2022-06", "rain")] == 0  # June had no rain: listed, as 0


@pytest.mark.parametrize("question", ["which month had the fewest rainy days",
                                      "month with the fewest rain days",
                                      "哪个月rain的天数最少"])
def test_months_tied_for_the_extreme_are_all_named(analysis, raw, question):
    answer = ask(analysis, question)
    got = figures(answer)
    df = rain_frame(raw)
    counts = df[df["sky"] == "rain"].groupby(df["day"].dt.to_period("M")).size().reindex(
        pd.period_range("2022-01", "2022-12", freq="M"), fill_value=0)
    fewest = counts[counts == counts.min()]
    assert {row["period"] for row in got.head} == {str(p) for p in fewest.index}
    assert {row["rows"] for row in got.head} == {0}
