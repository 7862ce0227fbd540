"""A sales recipe is chosen from the query reading, never from keywords of its own (issue 26,
Deliver 1: one understanding step).

For sales questions in four languages on exports with differently named columns, whenever
a recipe answers, its arguments are the reading's: the column added up is the reading's
measure, the column it breaks down or ranks by is the reading's grouping, its N the
reading's limit, its period the reading's. A reading the recipe does not compute exactly
(a mean, a condition, two groupings, a top 1 with its ties) is the query's, or declined.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.brain.plan.route import route
from analyst.session.analysis import Analysis

HEADERS = [  # (product, region, quantity, revenue)
    ("Product", "Region", "Quantity", "Revenue"),
    ("Item", "Sales Region", "Units", "Net sales"),
    ("Товар", "Регіон", "Кількість", "Виручка"),
    ("产品", "地区", "数量", "销售额"),
]
QUESTIONS = [
    "revenue by region", "total sales by region", "sales per region", "виручка по регіонах",
    "выручка по регионам", "各地区的销售额", "top 5 products by revenue", "top products",
    "топ 3 товари за виручкою", "топ 7 товаров по выручке", "收入前10名产品",
    "revenue by month", "monthly sales", "sales by quarter", "виручка по місяцях",
    "sales trend", "total revenue", "total quantity", "quantity by region",
    "average revenue by region", "revenue by region in March", "revenue by region and month",
    "which region had the highest revenue", "the product with the lowest sales",
    "median sales per product", "revenue of the north region", "top 5 products in 2025",
]


def _table(seed: int, product: str, region: str, quantity: str, revenue: str) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = int(rng.integers(80, 200))
    return pd.DataFrame({
        "Date": (pd.Timestamp("2025-01-01") + pd.to_timedelta(
            np.sort(rng.integers(0, 360, rows)), unit="D")).strftime("%Y-%m-%d"),
        product: [f"P{int(i):02d}" for i in rng.integers(0, 15, rows)],
        region: rng.choice(["North", "South", "East", "West"], rows),
        quantity: rng.integers(1, 9, rows),
        revenue: np.round(rng.uniform(10, 900, rows), 2),
    })


@pytest.mark.parametrize("headers", HEADERS, ids=lambda h: h[0])
def test_a_recipe_computes_the_reading(tmp_path: Path, headers: tuple[str, ...]) -> None:
    path = tmp_path / "export.csv"
    _table(len(headers[0]), *headers).to_csv(path, index=False)
    answered = 0
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        for question in QUESTIONS:
            got = route(question, analysis.cards, "en", analysis.workspace.root)
            if got.kind != "recipes":
                continue
            query = got.choice.query
            assert query is not None, question  # no recipe without the reading's consent
            assert query.aggregation == "sum" and not query.filters, (question, query)
            (step,) = got.plan.steps
            args = step.arguments
            added = {args.get(k) for k in ("amount", "quantity")}
            assert set(query.measures) <= added, (question, query, args)
            if step.recipe in ("top_n", "breakdown"):
                assert (args["by"],) == query.group_by, (question, query, args)
            if step.recipe == "top_n":
                assert query.limit != 1 and args.get("n") == (query.limit or 10), (question, args)
            if step.recipe == "period_dynamics":
                assert query.period is not None and not query.group_by, question
                assert args["freq"] == query.period.unit[0].upper(), (question, args)
            answered += 1
    assert answered >= 8, answered  # the sums are the recipes', in every language


@pytest.mark.parametrize(("question", "aggregation"), list(itertools.product(
    ["which region had the highest revenue", "the product with the lowest sales",
     "average revenue by region", "revenue by region in March", "revenue by region and month",
     "median sales per product", "top 5 products in 2025"], [None])))
def test_what_a_recipe_does_not_compute_is_the_querys(tmp_path: Path, question: str,
                                                       aggregation: None) -> None:
    path = tmp_path / "export.csv"
    _table(3, *HEADERS[0]).to_csv(path, index=False)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        got = route(question, analysis.cards, "en", analysis.workspace.root)
    assert got.kind != "recipes", (question, [s.recipe for s in got.plan.steps])


RANKED_THINGS = [("top 3 products", 0, 3), ("топ 3 товари", 0, 3), ("топ 5 товаров", 0, 5),
                 ("前3名产品", 0, 3), ("best products", 0, 10), ("top regions", 1, 10),
                 ("top 2 regions", 1, 2)]


@pytest.mark.parametrize("headers", HEADERS, ids=lambda h: h[0])
def test_top_things_of_a_sales_export_are_ranked_by_its_revenue(tmp_path: Path,
                                                                headers: tuple[str, ...]) -> None:
    """"top 3 products" named no measure: it was the products with the most rows, said as
    "Number of rows by Product, top 3", where every seller means the revenue."""
    path = tmp_path / "export.csv"
    frame = _table(len(headers[1]), *headers)
    frame.to_csv(path, index=False)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        for question, group, n in RANKED_THINGS:
            got = route(question, analysis.cards, "en", analysis.workspace.root)
            query = got.choice.query
            assert query is not None, (question, got.choice.refusal)
            assert query.aggregation == "sum" and query.measures == (headers[3],), (question, query)
            assert query.group_by == (headers[group],) and query.order == "desc", question
            assert got.kind == "recipes" and got.plan.steps[0].arguments["n"] == n, question


def test_top_things_of_other_money_are_not_guessed(tmp_path: Path) -> None:
    """A table of salaries: "top 3 departments" by headcount or by payroll? Not the money."""
    path = tmp_path / "staff.csv"
    pd.DataFrame({"Department": ["A", "B", "C", "A", "B", "A"] * 5, "Salary": [
        float(1000 + i * 37) for i in range(30)]}).to_csv(path, index=False)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        got = route("top 3 departments", analysis.cards, "en", analysis.workspace.root)
    assert got.kind != "recipes"
    assert got.choice.query is None or got.choice.query.measures != ("Salary",)
