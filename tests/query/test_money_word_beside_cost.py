"""A money word of the question ("sales", "виручка", "销售额") is said of what the table
earns when it has a cost (and a unit price) beside its revenue (issue 16, point 6: the
README's "按月销售额" on a sales export with Revenue and Cost counted rows per month).

Generated tables: revenue named in five languages' ways beside a cost named as a cost, with
and without a unit price; the reader is asked in-process, a few end to end through a real
`Analysis` (local sandbox) with the months' figures checked against pandas.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.brain.plan.route import read_question
from analyst.session.analysis import Analysis
from tests.grids import pairs

REVENUE = ["Revenue", "Sales", "Net sales", "Turnover", "Виручка", "Выручка", "销售额", "收入"]
COST = ["Cost", "COGS", "Cost of sales", "Собівартість", "Себестоимость", "成本"]
# (question, aggregation the question asks)
QUESTIONS = [
    ("按月销售额", "sum"), ("每月销售额", "sum"), ("每月平均收入", "mean"),
    ("виручка по місяцях", "sum"), ("середня виручка за місяцями", "mean"),
    ("выручка по месяцам", "sum"), ("средняя выручка по месяцам", "mean"),
    ("average sales by month", "mean"), ("total revenue by month", "sum"),
]


def _table(seed: int, revenue: str, cost: str, price: bool) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = int(rng.integers(60, 140))
    start = pd.Timestamp("2025-01-01") + pd.Timedelta(days=int(rng.integers(0, 300)))
    frame = pd.DataFrame({
        "Date": (start + pd.to_timedelta(np.sort(rng.integers(0, 150, rows)), unit="D"))
        .strftime("%Y-%m-%d"),
        "Product": [f"Item {int(i)}" for i in rng.integers(0, 12, rows)],
        revenue: np.round(rng.uniform(20, 900, rows), 2),
    })
    frame[cost] = np.round(frame[revenue] * rng.uniform(0.3, 0.8, rows), 2)
    if price:
        frame.insert(2, "Unit price", np.round(rng.uniform(2, 40, rows), 2))
    return frame


def _cards(tmp_path: Path, frame: pd.DataFrame) -> tuple[Analysis, Path]:
    path = tmp_path / "sales_export.csv"
    frame.to_csv(path, index=False)
    analysis = Analysis.open(tmp_path / "ws", backend="local")
    analysis.add_file(path)
    return analysis, path


CASES = list(itertools.product(REVENUE, COST, (False, True)))


# Each case reads a table (a child process each): every revenue word, cost word and price
# column once in the fast tier, every pair of them in the full run.
@pytest.mark.parametrize(("revenue", "cost", "price"), pairs(REVENUE, COST, (False, True)))
def test_the_money_word_is_the_revenue_never_the_cost(tmp_path: Path, revenue: str, cost: str,
                                                      price: bool) -> None:
    seed = CASES.index((revenue, cost, price))
    analysis, _ = _cards(tmp_path, _table(seed, revenue, cost, price))
    with analysis:
        for question, aggregation in QUESTIONS:
            if question == "average sales by month" and "sales" in cost:
                continue  # the question names the column "Cost of sales" (and says so)
            query = read_question(question, analysis.cards, None).query
            assert query is not None, question
            assert query.measures == (revenue,), (question, query)
            assert query.aggregation == aggregation, (question, query)
            assert query.period is not None and query.period.unit == "month", question


@pytest.mark.parametrize(("seed", "question", "aggregation"), [
    (1, "按月销售额", "sum"), (2, "виручка по місяцях", "sum"), (3, "每月平均收入", "mean"),
    (4, "средняя выручка по месяцам", "mean"),
])
def test_the_months_figures_are_the_revenues(tmp_path: Path, seed: int, question: str,
                                             aggregation: str) -> None:
    frame = _table(seed, "Revenue", "Cost", price=seed % 2 == 0)
    analysis, _ = _cards(tmp_path, frame)
    with analysis:
        answer = next(e.answer for e in analysis.ask(question, brain="offline")
                      if e.kind == "answer")
        assert answer.ok, answer.text
        (step,) = answer.steps
        table = pd.read_parquet(tmp_path / "ws" / next(
            f.path for f in step.result.files if f.path.endswith(".parquet")))
    months = pd.to_datetime(frame["Date"]).dt.to_period("M")
    expected = frame.groupby(months)["Revenue"].agg(aggregation)
    numbers = table.select_dtypes("number")
    column = next(c for c in numbers if np.allclose(numbers[c].to_numpy(dtype=float)[:len(expected)],
                                                    expected.to_numpy(), atol=0.01))
    assert len(numbers[column]) == len(expected), (question, table)
    assert "行数" not in answer.text and "рядк" not in answer.text.split(".")[0]


# With the money word read, a top-N question in another language than the headers read as
# "the 10 largest rows" (the product column not named in its words): the products are ranked.
@pytest.mark.parametrize(("seed", "question", "n"), [
    (5, "топ 10 товарів за виручкою", 10), (6, "топ 5 товаров по выручке", 5),
    (7, "收入前10名产品", 10), (8, "top 3 products by sales", 3),
])
def test_a_top_question_ranks_the_products_by_the_revenue(tmp_path: Path, seed: int,
                                                          question: str, n: int) -> None:
    frame = _table(seed, "Revenue", "Cost", price=seed % 2 == 0)
    analysis, _ = _cards(tmp_path, frame)
    with analysis:
        answer = next(e.answer for e in analysis.ask(question, brain="offline")
                      if e.kind == "answer")
    (step,) = answer.steps
    assert step.recipe == "top_n", answer.text
    assert step.figures is not None
    ranked = frame.groupby("Product")["Revenue"].sum().sort_values(ascending=False)
    assert step.figures.figures["top_total"] == pytest.approx(ranked.iloc[:n].sum(), abs=0.01)
    assert step.figures.figures["total"] == pytest.approx(frame["Revenue"].sum(), abs=0.01)
