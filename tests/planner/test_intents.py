"""The offline brain recognises the common questions in English, Ukrainian and Russian."""

import pytest

from analyst.brain.understand.intents import Intent, parse_intent


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("top 5 products by revenue", Intent("top", dimension="product", n=5)),
        ("Top-10 customers by sales", Intent("top", dimension="customer", n=10)),
        ("which products sell best?", Intent("top", dimension="product", n=10)),
        ("revenue by month", Intent("dynamics", period="month")),
        ("monthly sales trend", Intent("dynamics", period="month")),
        ("revenue by quarter", Intent("dynamics", period="quarter")),
        ("weekly quantity", Intent("dynamics", measure="quantity", period="week")),
        ("margin by region", Intent("margin", measure="margin", dimension="region")),
        ("ABC analysis of products", Intent("abc", dimension="product")),
        ("pareto", Intent("abc", dimension="product")),
        ("total revenue", Intent("total")),
        ("How much did we sell?", Intent("total")),
        ("sales by channel", Intent("breakdown", dimension="channel")),
        ("revenue by category", Intent("breakdown", dimension="category")),
        ("standard report", Intent("standard")),
    ],
)
def test_english(question: str, expected: Intent) -> None:
    assert parse_intent(question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("топ 5 товарів за виручкою", Intent("top", dimension="product", n=5)),
        ("виручка по місяцях", Intent("dynamics", period="month")),
        ("загальна виручка", Intent("total")),
        ("маржа по регіонах", Intent("margin", measure="margin", dimension="region")),
        ("ABC-аналіз товарів", Intent("abc", dimension="product")),
        ("продажі за категоріями", Intent("breakdown", dimension="category")),
        ("динаміка продажів по кварталах", Intent("dynamics", period="quarter")),
    ],
)
def test_ukrainian(question: str, expected: Intent) -> None:
    assert parse_intent(question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("выручка по месяцам", Intent("dynamics", period="month")),
        ("топ 3 клиентов по выручке", Intent("top", dimension="customer", n=3)),
        ("общая выручка", Intent("total")),
        ("маржа по регионам", Intent("margin", measure="margin", dimension="region")),
        ("АВС анализ товаров по парето", Intent("abc", dimension="product")),
        ("продажи по каналам", Intent("breakdown", dimension="channel")),
    ],
)
def test_russian(question: str, expected: Intent) -> None:
    assert parse_intent(question) == expected


def test_a_column_named_in_the_question_is_the_dimension() -> None:
    intent = parse_intent("revenue by Sales Manager", ("Date", "Sales Manager", "Revenue"))
    assert intent == Intent("breakdown", dimension="Sales Manager")


@pytest.mark.parametrize(
    "question",
    [
        "why did revenue fall?",
        "forecast sales for next quarter",
        "revenue in March",  # a filter to one month: a whole-table figure would be wrong
        "чому впали продажі?",
        "почему упала выручка",
        "выручка в марте",
        "what is the weather like",
        "sales in 2025",
    ],
)
def test_questions_the_offline_brain_must_not_guess(question: str) -> None:
    assert parse_intent(question) is None
