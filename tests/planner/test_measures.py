"""The measure the question names is the measure answered: a unit cost is never a total
cost, profit is revenue minus cost (or the question is refused), quantity is counted.

Golden values, by hand (Qty × Unit Cost per row):
    North 10 × 2.50 = 25.00, revenue 100  -> profit 75
    South  4 × 6.00 = 24.00, revenue  50  -> profit 26
    North  2 × 4.50 =  9.00, revenue  60  -> profit 51
    East   2 × 4.00 =  8.00, revenue  90  -> profit 82
Cost 66.00, revenue 300.00, gross profit 234.00, margin 78.0% (taking the unit costs as
totals would say 17.00 and 94.3%). Profit by region: North 126, East 82, South 26.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.brain import parse_intent, question_plan, standard_plan
from analyst.events import Answer
from analyst.ingest import ingest_file
from analyst.session.analysis import Analysis
from sandbox import Workspace

UNIT_COST = ("Date,Region,Qty,Unit Cost,Revenue\n2026-01-05,North,10,2.5,100\n"
             "2026-01-20,South,4,6,50\n2026-02-03,North,2,4.5,60\n2026-02-10,East,2,4,90\n")
UNIT_PRICE = ("Region,Qty,Unit Price\nNorth,10,2.5\nSouth,4,6\nNorth,2,4.5\nEast,2,4\n")
NO_COST = "Region,Revenue\nNorth,100\nSouth,50\nEast,90\n"
UNIT_COST_NO_QTY = "Region,Unit Cost,Revenue\nNorth,2.5,100\nSouth,6,50\nEast,4,90\n"


def _analysis(folder: Path, name: str, text: str) -> Analysis:
    (folder / name).write_text(text, encoding="utf-8")
    analysis = Analysis.open(folder / "ws", backend="local")
    analysis.add_file(folder / name)
    return analysis


@pytest.fixture(scope="module")
def unit_cost(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    with _analysis(tmp_path_factory.mktemp("unit_cost"), "sales.csv", UNIT_COST) as analysis:
        yield analysis


def _answer(analysis: Analysis, question: str) -> Answer:
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def _cards(tmp_path: Path, text: str):
    (tmp_path / "t.csv").write_text(text, encoding="utf-8")
    return ingest_file(tmp_path / "t.csv", Workspace(tmp_path / "ws"))


def _plan(cards, question: str, language: str = "en"):
    names = tuple(c.name for card in cards for c in card.columns)
    return question_plan(parse_intent(question, names), cards, language)


def test_a_unit_cost_is_multiplied_by_the_quantity_and_the_answer_says_so(unit_cost):
    answer = _answer(unit_cost, "total revenue")
    assert answer.text.startswith(
        "Total revenue is 300.00 over 4 rows. Gross profit is 234.00, a gross margin of 78.0%. "
        "Total Qty: 18. Note: Cost computed as Qty × Unit Cost: 'Unit Cost' is a cost per unit, "
        "not a total.")
    code = answer.steps[0].code
    assert "df['Cost'] = (pd.to_numeric(df['Qty'], errors='coerce')" in code
    assert "cost='Cost'" in code


def test_margin_by_region_uses_the_computed_cost(unit_cost):
    answer = _answer(unit_cost, "margin by region")
    # The margin leads (issue 26); the largest profit is called that, not "most profitable".
    assert answer.text.startswith(
        "Gross margin is 78.0% (gross profit 234.00 on revenue 300.00). By region, the highest "
        "margin: East (91.1%)"), answer.text
    assert "The region with the largest gross profit is North (126.00)." in answer.text
    assert "Cost computed as Qty × Unit Cost" in answer.text


def test_top_regions_by_profit_rank_by_revenue_minus_cost(unit_cost):
    answer = _answer(unit_cost, "Top 2 regions by profit")
    assert answer.steps[0].description == "Top 2 regions by gross profit"
    assert answer.text.startswith(
        "The top 2 of 3 regions bring 208.00, 88.9% of the total 234.00. Largest: North "
        "(126.00), East (82.00).")
    assert "Gross profit computed as Revenue − Cost: the table has no profit column." in answer.text
    (path,) = [t for t in answer.steps[0].tables if t.endswith(".parquet")]
    table = pd.read_parquet(unit_cost.workspace.root / path)
    assert list(table["Gross profit"]) == [126.0, 82.0, 26.0]


def test_quantity_by_month_sums_the_quantity_column_without_a_currency(unit_cost):
    answer = _answer(unit_cost, "quantity by month")
    assert answer.steps[0].description == "Qty by month"
    assert answer.text.startswith("Qty by month: 18 in total over 2 months. Best month: "
                                  "Jan 2026 (14); worst: Feb 2026 (4).")


def test_profit_without_a_cost_column_is_refused_not_answered_with_revenue(tmp_path):
    plan = _plan(_cards(tmp_path, NO_COST), "top 2 regions by profit")
    assert not plan.steps
    assert plan.reason.startswith("The table t has no profit column and no cost column to "
                                  "compute it (profit = revenue − cost)")


def test_a_unit_cost_without_a_quantity_is_no_total_cost(tmp_path):
    cards = _cards(tmp_path, UNIT_COST_NO_QTY)
    assert not [s for s in standard_plan(cards).steps if s.recipe == "margin_by"]
    (kpi,) = [s for s in standard_plan(cards).steps if s.recipe == "kpi_summary"]
    assert "cost" not in kpi.arguments
    plan = _plan(cards, "margin by region")
    assert plan.reason == ("The table t has only a cost per unit (Unit Cost) and no quantity "
                           "column, so the total cost and the margin cannot be computed.")


def test_revenue_is_quantity_times_unit_price_only_without_a_revenue_column(tmp_path):
    with _analysis(tmp_path, "prices.csv", UNIT_PRICE) as analysis:
        answer = _answer(analysis, "total revenue")
    # 25 + 24 + 9 + 8
    assert answer.text.startswith("Total revenue is 66.00 over 4 rows.")
    assert ("Revenue computed as Qty × Unit Price: the table has no revenue or amount column."
            in answer.text)
    (tmp_path / "r").mkdir()
    with_revenue = _cards(tmp_path / "r", "Region,Qty,Unit Price,Revenue\nA,1,2,3\nB,2,2,4\n")
    (kpi,) = [s for s in standard_plan(with_revenue).steps if s.recipe == "kpi_summary"]
    assert kpi.arguments["amount"] == "Revenue" and not kpi.derived


def test_the_computed_column_and_its_note_in_ukrainian(tmp_path):
    cards = _cards(tmp_path, "Регіон;Кількість;Собівартість за од.;Виручка\nПівніч;10;2,5;100\n"
                             "Південь;4;6;50\n")
    (kpi,) = [s for s in standard_plan(cards, "uk").steps if s.recipe == "kpi_summary"]
    assert kpi.arguments["cost"] == "Собівартість"
    assert "df['Собівартість'] = (pd.to_numeric(df['Кількість']" in kpi.code
    from analyst.words.note import RecipeNote

    made = kpi.derived[0].note  # a message id with its values, not an English sentence
    assert made.key == "note_cost_from_units"
    assert RecipeNote.from_dict(made.to_dict()).render("uk") == (
        "«Собівартість» обчислено як Кількість × Собівартість за од.: «Собівартість за од.» — "
        "це собівартість одиниці, а не підсумок.")
