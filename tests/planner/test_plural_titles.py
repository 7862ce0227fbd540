"""Titles and sentences count things in English: "Top 10 products", "of 18 customers".

A column name is a heading; in a sentence it is a word in lower case, and counted it takes
its plural. Acronyms and abbreviations stay as written; other languages keep the name.
"""

from __future__ import annotations

import re

import pandas as pd
import pytest

from analyst.brain.understand.phrases import say
from analyst.brain.understand.phrases.nouns import Noun, lowered, plural
from analyst.session.analysis import Analysis
from tests.grids import first_fast, tiered

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
    assert say("en", "title_top", plural=10, n=10, by=heading, amount="Revenue") == (
        f"Top 10 {words} by revenue")
    assert say("en", "title_top", plural=1, n=1, by=heading, amount="Revenue") == (
        f"Top 1 {word} by revenue")
    assert say("en", "title_abc", item=heading, amount="Revenue") == f"ABC analysis of {words} by revenue"
    assert say("en", "title_breakdown", amount="Revenue", by=heading) == f"Revenue by {word}"


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_other_languages_keep_the_column_name(language: str) -> None:
    assert "Товар" in say(language, "title_top", plural=10, n=10, by="Товар", amount="Сума")


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


# Each case is a sandbox session (seconds): the first in the fast tier, all in the full run.
@pytest.mark.parametrize(("customers", "products"), first_fast([(18, 25), (7, 12), (30, 11)]))
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


# "Top 10 of 11 products": the one left over is counted in the singular in every language
# (uk/ru said "Інші 1 (Товар) дають", "Остальные 1 ... дают"), a top 1 too ("Top 1 products").
QUESTIONS = {"en": "top {n} products by revenue", "uk": "топ {n} товарів за виручкою",
             "ru": "топ {n} товаров по выручке", "zh": "收入前{n}名产品"}
COLUMNS = {"en": ("Product", "Revenue"), "uk": ("Товар", "Виручка"), "ru": ("Товар", "Выручка"),
           "zh": ("产品", "收入")}


def _form(language: str, n: int) -> int:
    if language == "en":
        return 0 if n == 1 else 1
    if language == "zh":
        return 0
    return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


# (language, products, n): what is left over after the top n is 1, 2, 5, 11, 21 or 22
CASES = [("en", 11, 10), ("en", 12, 10), ("en", 6, 1), ("en", 22, 1), ("uk", 11, 10),
         ("uk", 31, 10), ("uk", 12, 10), ("uk", 15, 10), ("ru", 11, 10), ("ru", 32, 10),
         ("ru", 21, 10), ("zh", 11, 10)]


# Each case is a sandbox session (seconds): the fast tier keeps the first case of each
# language and a uk/ru "few" (2 and 21 left), the full run every case.
@pytest.mark.parametrize(("language", "products", "n"), tiered(CASES, lambda i, _: i in (0, 4, 6, 10, 11)))
def test_what_is_left_after_the_top_takes_the_form_of_its_count(tmp_path, language: str,
                                                                 products: int, n: int) -> None:
    from analyst.catalogue import plural_message

    product, revenue = COLUMNS[language]
    rows = products * 3
    frame = pd.DataFrame({
        "Date": pd.date_range("2026-01-01", periods=rows, freq="D").strftime("%Y-%m-%d"),
        product: [f"Item {i % products:03d}" for i in range(rows)],
        revenue: [100.0 + (i * 37) % 250 for i in range(rows)],
    })
    frame.to_csv(tmp_path / "sales.csv", index=False)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "sales.csv")
        events = analysis.ask(QUESTIONS[language].format(n=n), brain="offline")
        answer = next(e.answer for e in events if e.kind == "answer")
    rest = products - n
    [step] = answer.steps
    assert step.recipe == "top_n", answer.text
    title = plural_message(language, "planner", "title_top", n)
    assert step.description == title.format(n=n, by=_noun(product), amount=_noun(revenue))
    other = plural_message(language, "planner", "top_other", rest).split("{rest}")[0]
    assert f"{other}{rest}" in answer.text, answer.text
    if language in ("uk", "ru"):  # the one form's words, never the other's ("Інші 1")
        wrong = plural_message(language, "planner", "top_other", 5 if _form(language, rest) == 0
                               else 1).split("{rest}")[0]
        assert f"{wrong}{rest} " not in answer.text, answer.text
        assert _form(language, rest) in (0, 1, 2)
    if language == "en":
        assert (f"The other {rest} product brings" if rest == 1 else
                f"The other {rest} products bring") in answer.text
        assert f"The top {n} of {products} products {'brings' if n == 1 else 'bring'} " in (
            answer.text)
        assert not re.search(r"(?<![\d,])1 products", answer.text + step.description)


def _noun(name: str):
    from analyst.brain.understand.phrases.nouns import Noun

    return Noun(name)
