""""How much" said with a word that also means "how many" (скільки, сколько, 多少): of an
amount it is the amount's sum, never a count of rows (a dropped word: "скільки виручки"
had answered "number of rows: 40"); of the things a table counts it stays a count. Asked
through `Analysis.ask` (offline, local sandbox), one session for the module, truth by pandas.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pandas as pd
import pytest

from analyst.brain.narrate.answer import query_figures
from analyst.session.analysis import Analysis


@pytest.fixture(scope="module")
def sales(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Analysis, pd.DataFrame]]:
    rng = random.Random(26)
    folder = tmp_path_factory.mktemp("how_much")
    frame = pd.DataFrame({
        "Order ID": [f"SO-{1000 + i // 2}" for i in range(60)],
        "Date": [f"2026-{rng.randint(1, 6):02d}-{rng.randint(1, 28):02d}" for _ in range(60)],
        "Region": [rng.choice(["North", "South", "East"]) for _ in range(60)],
        "Revenue": [round(rng.uniform(50, 900), 2) for _ in range(60)],
    })
    frame.to_csv(folder / "sales.csv", index=False)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(folder / "sales.csv")
        yield analysis, frame


def stated(analysis: Analysis, question: str, key: str) -> float | None:
    """The figure the answer states for what was asked: a query's value, or the key-figures
    recipe's `key` ("total", "orders"); None when it declined (no figure at all)."""
    answer = next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")
    if not answer.ok:
        assert not answer.steps, answer.text
        return None
    (step,) = answer.steps
    query = query_figures(step.figures)
    figures = query.figures if query is not None else step.figures.figures
    return float(figures["value" if query is not None else key])


WHOLE = ["скільки виручки", "скільки всього виручки", "сколько выручки", "сколько всего выручки",
         "收入是多少", "收入有多少"]
FILTERED = [("скільки виручки в регіоні North", "North"), ("сколько выручки в регионе South", "South"),
            ("скільки виручки для Region East", "East"), ("сколько выручки где Region = North", "North"),
            ("North地区的收入是多少", "North")]


@pytest.mark.parametrize("question", WHOLE)
def test_how_much_of_an_amount_is_its_sum(sales, question: str) -> None:
    analysis, frame = sales
    got = stated(analysis, question, "total")
    assert got is not None and math.isclose(got, frame.Revenue.sum(), rel_tol=1e-9), question


@pytest.mark.parametrize(("question", "region"), FILTERED)
def test_how_much_of_a_filtered_amount_is_its_sum_or_declined(sales, question, region) -> None:
    analysis, frame = sales
    got = stated(analysis, question, "total")
    truth = frame[frame.Region == region].Revenue.sum()
    assert got is None or math.isclose(got, truth, rel_tol=1e-9), (question, got, truth)


@pytest.mark.parametrize("question", ["скільки рядків", "сколько строк", "сколько записей",
                                      "how many rows", "多少行"])
def test_how_many_rows_stays_a_count(sales, question: str) -> None:
    analysis, frame = sales
    assert stated(analysis, question, "rows") == len(frame)


@pytest.mark.parametrize("question", ["how many orders", "number of orders", "скільки замовлень",
                                      "кількість замовлень", "сколько заказов",
                                      "количество заказов", "多少订单", "有多少个订单"])
def test_how_many_orders_is_never_the_rows(sales, question: str) -> None:
    """60 rows hold 30 orders: the count is 30 or the question is declined, never 60."""
    analysis, frame = sales
    got = stated(analysis, question, "orders")
    assert got in (None, frame["Order ID"].nunique()), (question, got)
    if question.isascii():
        assert got == frame["Order ID"].nunique()
