"""Plain questions in English, Ukrainian, Russian and Chinese become the exact query meant,
on tables that have no sales words at all."""

from __future__ import annotations

from typing import Any

import pytest

from analyst.brain.understand.query import Compare, Filter, Period, Query
from analyst.brain.understand.reading import choose, reading_text


def read(tables: dict[str, Any], name: str, question: str):
    card, values, _ = tables[name]
    return choose(question, [card], {card.table: values})


def query(tables: dict[str, Any], name: str, question: str) -> Query:
    choice = read(tables, name, question)
    assert choice.query is not None, (question, choice)
    return choice.query


CASES = [
    ("cars", Query("cars", "mean", ("Miles_per_Gallon",), ("Origin",)), [
        "What is the average Miles_per_Gallon by Origin?",
        "average miles per gallon per origin",
        "mean Miles per Gallon for each Origin",
        "Середнє Miles_per_Gallon за Origin",
        "Яке середнє значення Miles_per_Gallon по Origin?",
        "Среднее Miles_per_Gallon по Origin",
        "Какой средний Miles_per_Gallon в разрезе Origin?",
        "按Origin的平均Miles_per_Gallon",
        "各Origin的Miles_per_Gallon平均值",
    ]),
    ("cars", Query("cars", "count", (), ("Origin",)), [
        "How many cars are there per Origin?",
        "number of rows by origin",
        "Скільки рядків за Origin?",
        "Сколько строк по Origin?",
        "每个Origin有多少行？",
    ]),
    ("cars", Query("cars", "max", ("Horsepower",), (), None, (Filter("Origin", "eq", "Europe"),)), [
        "maximum Horsepower for Europe",
        "What is the max horsepower in Europe?",
        "максимальна Horsepower для Europe",
        "максимальная Horsepower для Europe",
        "Europe的最大Horsepower",
    ]),
    ("cars", Query("cars", "mean", ("Miles_per_Gallon",), ("Origin",), order="desc", limit=1), [
        "Which Origin has the highest average Miles_per_Gallon?",
        "Яка Origin має найвище середнє Miles_per_Gallon?",
        "Какой Origin имеет самый высокий средний Miles_per_Gallon?",
        "哪个Origin的平均Miles_per_Gallon最高？",
    ]),
    ("cars", Query("cars", "mean", ("Horsepower",), ("Origin", "Cylinders")), [
        "average Horsepower by Origin and Cylinders",
        "середнє Horsepower за Origin і Cylinders",
        "среднее Horsepower по Origin и Cylinders",
        "按Origin和Cylinders的平均Horsepower",
    ]),
    ("cars", Query("cars", "nunique", ("Name",), ()), [
        "how many distinct Name are there",
        "скільки унікальних Name",
        "сколько уникальных Name",
        "Name有多少个不同",
    ]),
    ("weather", Query("weather", "count", (), (), Period("date", "month"),
                      (Filter("weather", "eq", "rain"),)), [
        "how many rainy days per month",
        "How many days with rain were there by month?",
        "скільки днів з rain по місяцях",
        "сколько дней с rain по месяцам",
        "每月有多少个rain天",
    ]),
    ("weather", Query("weather", "count", (), ("weather",)), [
        "How many days of each weather type were there?",
        "count of days by weather",
        "скільки днів за weather",
        "сколько дней по weather",
        "按weather的天数",
    ]),
    ("weather", Query("weather", "mean", ("temp_max",), (), Period("date", "month")), [
        "average temp_max by month",
        "monthly mean temp max",
        "середня temp_max по місяцях",
        "средняя temp_max по месяцам",
        "每月的平均temp_max",
    ]),
    ("weather", Query("weather", "sum", ("precipitation",), (), None,
                      (Filter("date", "year", 2014),)), [
        "total precipitation in 2014",
        "sum of precipitation for 2014",
        "загальна precipitation у 2014",
        "общая precipitation в 2014",
        "2014年的precipitation总和",
    ]),
    ("weather", Query("weather", "rows", ("temp_max",), (), order="desc", limit=1), [
        "which day had the highest temp_max",
        "Which date has the highest temp max?",
        "який день мав найвищу temp_max",
        "какой день имел самую высокую temp_max",
    ]),
    ("weather", Query("weather", "sum", ("precipitation",), (), None, (),
                      compare=Compare("date", "year", 2014, 2015)), [
        "change in total precipitation between 2014 and 2015",
        "how did precipitation change from 2014 to 2015",
        "зміна precipitation з 2014 до 2015",
        "изменение precipitation с 2014 по 2015",
        "precipitation从2014到2015的变化",
    ]),
    ("weather", Query("weather", "count", (), (), None, (Filter("wind", "gt", 5.5),)), [
        "how many days with wind over 5.5",
        "number of days where wind is more than 5.5",
        "скільки днів з wind більше 5,5",
        "сколько дней с wind больше 5,5",
        "wind大于5.5的天数",
    ]),
    ("weather", Query("weather", "share", ("precipitation",), ("weather",)), [
        "share of precipitation by weather",
        "частка precipitation за weather",
        "доля precipitation по weather",
        "按weather的precipitation占比",
    ]),
    ("stocks", Query("stocks", "mean", ("close",), (), None, (Filter("symbol", "eq", "AAPL"),)), [
        "average close for AAPL",
        "What was the mean closing price of AAPL?",
        "середнє close для AAPL",
        "средняя close для AAPL",
        "AAPL的平均close",
    ]),
    ("stocks", Query("stocks", "max", ("close",), ("symbol",), None,
                     (Filter("date", "quarter", 1),)), [
        "maximum close by symbol in Q1",
        "max close per symbol in the first quarter",
        "максимальна close за symbol у 1 кварталі",
        "максимальная close по symbol в 1 квартале",
        "第一季度按symbol的最大close",
    ]),
    ("electricity", Query("electricity", "sum", ("net_generation",), (), Period("year", "year")), [
        "net generation by year",
        "total net_generation per year",
        "сума net generation по роках",
        "сумма net generation по годам",
        "按年的net generation总和",
    ]),
    ("electricity", Query("electricity", "sum", ("net_generation",), ("state",),
                          Period("year", "month", "month"),
                          (Filter("fuel_type", "eq", "coal"), Filter("year", "year", 2020))), [
        "total net generation by month and state for coal in 2020",
        "сума net generation по місяцях за state для coal у 2020",
        "сумма net generation по месяцам по state для coal в 2020",
    ]),
    ("electricity", Query("electricity", "sum", ("net_generation",), ("state", "fuel_type"),
                          order="desc", limit=3), [
        "top 3 state and fuel type by net generation",
        "топ 3 state і fuel type за net generation",
        "топ 3 state и fuel type по net generation",
        "按state和fuel type的net generation前3",
    ]),
]


@pytest.mark.parametrize(("name", "expected", "question"),
                         [(n, e, q) for n, e, qs in CASES for q in qs],
                         ids=[q for _, _, qs in CASES for q in qs])
def test_the_question_becomes_the_query_it_means(tables, name, expected, question):
    card = tables[name][0]
    got = query(tables, name, question)
    want = Query(card.table, *[getattr(expected, f) for f in (
        "aggregation", "measures", "group_by", "period", "filters", "order", "limit", "compare")])
    assert got == want, reading_text(got)


@pytest.mark.parametrize("question", [
    "temperature by month",  # temp_max or temp_min?
    "average temperature in 2014",
])
def test_a_word_naming_two_columns_is_asked_about(tables, question):
    choice = read(tables, "weather", question)
    assert choice.query is None and len(choice.options) == 2
    assert {q.measures[0] for q, _ in choice.options} == {"temp_max", "temp_min"}


def test_a_measure_that_does_not_add_up_asks_total_or_average(tables):
    choice = read(tables, "weather", "temp_max by weather")
    assert [q.aggregation for q, _ in choice.options] == ["mean", "sum"]


@pytest.mark.parametrize(("name", "question", "key"), [
    ("cars", "average Horsepower by manufacturer", "no_group_column"),
    ("cars", "average Horsepower by month", "no_date_for_period"),
    ("cars", "Horsepower in Q1", "no_date_for_filter"),
    ("weather", "what is the meaning of life", "nothing_found"),
])
def test_what_cannot_be_honoured_is_refused_not_replaced(tables, name, question, key):
    choice = read(tables, name, question)
    assert choice.query is None and not choice.options
    assert choice.refusal is not None and choice.refusal.key == key


def test_with_several_tables_the_columns_named_pick_the_table(tables):
    cards = [tables[n][0] for n in ("cars", "weather", "stocks")]
    values = {tables[n][0].table: tables[n][1] for n in ("cars", "weather", "stocks")}
    choice = choose("average temp_max by weather", cards, values)
    assert choice.card.table == tables["weather"][0].table
    choice = choose("average close for AAPL", cards, values)
    assert choice.card.table == tables["stocks"][0].table


def test_two_tables_that_fit_equally_are_asked_about(tables):
    cars, weather = tables["cars"][0], tables["weather"][0]
    one, two = (weather.__class__(**{**weather.__dict__, "table": name})
                for name in ("seattle", "vancouver"))
    choice = choose("average wind by weather", [cars, one, two], {})
    assert choice.query is None
    assert {card.table for _, card in choice.options} == {"seattle", "vancouver"}
    again = choose("average wind by weather in vancouver", [cars, one, two], {})
    assert again.card.table == "vancouver"  # naming the table settles it


def test_a_query_survives_json():
    import json

    q = Query("t", "sum", ("a",), ("b", "c"), Period("d", "month"),
              (Filter("b", "in", ("x", "y")), Filter("a", "gt", 2.5)), "desc", 5,
              Compare("d", "year", 2014, 2015))
    assert Query.from_dict(json.loads(json.dumps(q.to_dict()))) == q
