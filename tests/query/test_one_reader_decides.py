"""The query reading decides; the sales recipes' keywords never answer alone (issue 26,
Deliver 1).

The sales recipes were chosen by a keyword reader of their own, which answered whenever the
query reading could not place a word and the keywords looked like a sales question:
"how many units by manager" on a "Sales Rep" column was the revenue by rep, "кількість
рядків по менеджерах" (rows per manager) the quantity added up. Now a recipe answers a
question the query reading understood (the same measure, grouping and period), or money
no column holds (revenue as units × price, profit as revenue − cost) said in the question,
or the key figures asked by name. Trend words ("sales trend", "динаміка продажів") are the
months of the query reading, which the recipe then traces.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.brain.plan.route import route
from analyst.session.analysis import Analysis


def _sales(seed: int, *, money: bool = True, rep: str = "Sales Rep") -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = int(rng.integers(60, 160))
    frame = pd.DataFrame({
        "Date": (pd.Timestamp("2025-01-01") + pd.to_timedelta(
            np.sort(rng.integers(0, 330, rows)), unit="D")).strftime("%Y-%m-%d"),
        "Product": [f"P{int(i)}" for i in rng.integers(0, 12, rows)],
        rep: [f"R{int(i)}" for i in rng.integers(0, 4, rows)],
        "Units": rng.integers(1, 9, rows),
        "Price": np.round(rng.uniform(5, 60, rows), 2),
    })
    if money:
        frame["Revenue"] = np.round(frame["Units"] * frame["Price"], 2)
    return frame


def _route(tmp_path: Path, frame: pd.DataFrame, questions: list[str]) -> dict[str, object]:
    path = tmp_path / "sales.csv"
    frame.to_csv(path, index=False)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        return {q: route(q, analysis.cards, "en", analysis.workspace.root) for q in questions}


TRENDS = ["sales trend", "revenue growth", "how did revenue grow", "revenue over time",
          "динаміка продажів", "тренд виручки", "динамика выручки", "销售额趋势"]


@pytest.mark.parametrize("seed", range(3))
def test_a_trend_is_the_months_of_the_query_and_the_recipe_traces_them(
        tmp_path: Path, seed: int) -> None:
    routes = _route(tmp_path, _sales(seed), [*TRENDS, "average revenue trend"])
    for question in TRENDS:
        got = routes[question]
        assert got.kind == "recipes", (question, got.choice.refusal)
        query = got.choice.query
        assert query is not None and query.period is not None, question
        assert query.period.unit == "month" and query.measures == ("Revenue",), question
        assert [s.recipe for s in got.plan.steps] == ["period_dynamics"], question
    mean = routes["average revenue trend"]  # a mean per month: the query's, not the sums
    assert mean.kind == "query" and mean.choice.query.aggregation == "mean"


# Questions a keyword reader alone answered with a recipe (each with a figure of another
# question); each is now the query's reading or declined by name, never a recipe's sums.
NOT_RECIPES = ["кількість рядків по менеджерах",
               "how many sales per manager", "скільки рядків по менеджерах",
               "which product is the biggest", "number of rows by sales rep"]


@pytest.mark.parametrize("rep", ["Sales Rep", "Manager", "Salesperson"])
def test_no_recipe_answers_what_the_query_did_not_read(tmp_path: Path, rep: str) -> None:
    routes = _route(tmp_path, _sales(len(rep), rep=rep), NOT_RECIPES)
    for question, got in routes.items():
        assert got.kind != "recipes", (question, [s.recipe for s in got.plan.steps])
        query = got.choice.query
        if query is not None and "biggest" not in question:
            assert query.aggregation == "count" and query.group_by == (rep,), (question, query)


@pytest.mark.parametrize("seed", range(3))
def test_money_no_column_holds_is_the_recipes(tmp_path: Path, seed: int) -> None:
    questions = ["total revenue", "revenue by product", "top 3 products by revenue",
                 "which product is the biggest", "key figures"]
    routes = _route(tmp_path, _sales(seed, money=False), questions)
    for question in ("total revenue", "revenue by product", "top 3 products by revenue",
                     "key figures"):
        got = routes[question]
        assert got.kind == "recipes", (question, got.choice.refusal)
        assert any(d.column for s in got.plan.steps for d in s.derived), question
    # "biggest" says no measure: the revenue the recipe would compute is not guessed.
    assert routes["which product is the biggest"].kind != "recipes"


RANKINGS = [("按收入排名前5的产品", 5), ("收入前10名产品", 10), ("前3名产品的收入", 3),
            ("rank products by revenue", None), ("products ranked by revenue", None),
            ("рейтинг товарів за виручкою", None), ("рейтинг товаров по выручке", None)]


def test_ranking_words_are_the_querys_order(tmp_path: Path) -> None:
    """"排名", "rank", "рейтинг", the 名 of "前10名": words the keyword reader alone knew,
    which the query reading declined once that reader no longer answered for it."""
    frame = _sales(5).rename(columns={"Product": "产品", "Revenue": "收入"})
    routes = _route(tmp_path, frame, [q for q, _ in RANKINGS])
    for question, n in RANKINGS:
        query = routes[question].choice.query
        assert query is not None, (question, routes[question].choice.refusal)
        assert query.order == "desc" and query.limit == n, (question, query)
        assert query.group_by == ("产品",) and query.measures == ("收入",), (question, query)


# A recipe named by its words (ABC, margin, the standard report) answers only when every
# other word is one it honours: a condition or a measure it has not is declined by name.
NAMED_RECIPES = {
    "abc analysis": "abc_analysis", "ABC analysis of products": "abc_analysis",
    "ABC-аналіз товарів": "abc_analysis", "abc анализ": "abc_analysis",
    "ABC分析": "abc_analysis", "margin by product": "margin_by",
    "валовая маржа по регионам": "margin_by", "gross margin by category": "margin_by",
    "which products make money": "margin_by", "standard report": "kpi_summary",
}
NOT_HONOURED = ["margin by product for premium customers", "pareto of products by weight",
                "abc analysis by region excluding returns", "standard report for the north",
                "margin by product for loyal clients", "abc analysis of products by weight"]


def test_a_recipe_named_by_its_words_honours_every_other_word(tmp_path: Path) -> None:
    frame = _sales(4).assign(Region=lambda f: [("North", "South")[i % 2] for i in range(len(f))],
                             Category=lambda f: [f"C{i % 3}" for i in range(len(f))],
                             Cost=lambda f: (f["Revenue"] * 0.6).round(2))
    routes = _route(tmp_path, frame, [*NAMED_RECIPES, *NOT_HONOURED])
    for question, recipe in NAMED_RECIPES.items():
        got = routes[question]
        assert got.kind == "recipes" and got.plan.steps[0].recipe == recipe, (question, got.kind)
    for question in NOT_HONOURED:
        assert routes[question].kind != "recipes", question
