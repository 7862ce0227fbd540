"""Titles and sentences count things in English: "Top 10 products", "of 18 customers".

A column name is a heading; in a sentence it is a word in lower case, and counted it takes
its plural. Acronyms and abbreviations stay as written; other languages keep the name.
"""

from __future__ import annotations

import pandas as pd
import pytest

from analyst.planner.phrases import say
from analyst.planner.phrases.nouns import Noun, lowered, plural
from analyst.session.analysis import Analysis

# (heading, as a word, counted)
NAMES = [
    ("Product", "product", "products"), ("Customer", "customer", "customers"),
    ("Category", "category", "categories"), ("Region", "region", "regions"),
    ("Branch", "branch", "branches"), ("Sales Rep", "sales rep", "sales reps"),
    ("Store Name", "store name", "store names"), ("SKU", "SKU", "SKUs"),
    ("Order ID", "order ID", "order IDs"), ("Products", "products", "products"),
    ("Company", "company", "companies"), ("Box", "box", "boxes"), ("Qty", "Qty", "Qty"),
    ("Net Sales (USD)", "net sales (USD)", "net sales (USD)"), ("eBay Store", "eBay store", "eBay stores"),
    ("Warehouse", "warehouse", "warehouses"), ("Person", "person", "people"),
]


@pytest.mark.parametrize(("heading", "word", "words"), NAMES)
def test_a_column_name_is_said_as_a_word_and_counted(heading: str, word: str, words: str) -> None:
    assert lowered(heading) == word
    assert plural(lowered(heading)) == words
    assert f"{Noun(heading):word}|{Noun(heading):words}|{Noun(heading)}" == f"{word}|{words}|{heading}"
    assert format(Noun(heading, 1), "count") == word
    assert format(Noun(heading, 2), "count") == words


@pytest.mark.parametrize(("heading", "word", "words"), NAMES)
def test_english_titles_count_in_the_plural(heading: str, word: str, words: str) -> None:
    assert say("en", "title_top", n=10, by=heading, amount="Revenue") == f"Top 10 {words} by revenue"
    assert say("en", "title_abc", item=heading, amount="Revenue") == f"ABC analysis of {words} by revenue"
    assert say("en", "title_breakdown", amount="Revenue", by=heading) == f"Revenue by {word}"


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_other_languages_keep_the_column_name(language: str) -> None:
    assert "Товар" in say(language, "title_top", n=10, by="Товар", amount="Сума")


def _analysis(tmp_path, customers: int, products: int) -> Analysis:
    rows = max(customers, products) * 3
    frame = pd.DataFrame({
        "Date": pd.date_range("2026-01-01", periods=rows, freq="D").strftime("%Y-%m-%d"),
        "Customer": [f"Client {i % customers:02d}" for i in range(rows)],
        "Product": [f"Item {i % products:03d}" for i in range(rows)],
        "Revenue": [100.0 + (i * 37) % 250 for i in range(rows)],
    })
    path = tmp_path / "sales.csv"
    frame.to_csv(path, index=False)
    analysis = Analysis.open(tmp_path / "ws", backend="local")
    analysis.add_file(path)
    return analysis


@pytest.mark.parametrize(("customers", "products"), [(18, 25), (7, 12), (30, 11)])
def test_offline_answers_count_customers_and_products(tmp_path, customers: int,
                                                      products: int) -> None:
    with _analysis(tmp_path, customers, products) as analysis:
        abc = analysis.ask("ABC analysis of customers", brain="offline")
        top = analysis.ask("top 5 products by revenue", brain="offline")
        answers = [e.answer for e in [*abc, *top] if e.kind == "answer"]
    assert f"ABC analysis of {customers} customers by revenue" in answers[0].text
    assert answers[1].steps[0].description == "Top 5 products by revenue"
    assert f"The top 5 of {products} products bring" in answers[1].text
    assert " Customer" not in answers[0].text and " Product " not in answers[1].text
