""""Which products make me money?" is answered offline, and a profit answer names its losers."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyst.brain.understand.intents import parse_intent
from analyst.session.analysis import Analysis
from tests.grids import first_fast

SHOP = ("Date,Product,Category,Qty,Unit Price,Unit Cost\n"
        "2026-01-05,Tea,Drinks,10,5.00,2.00\n"
        "2026-01-06,Espresso machine,Equipment,2,300.00,900.00\n"
        "2026-01-07,Coffee beans,Drinks,20,12.00,6.00\n"
        "2026-02-03,Tea,Drinks,15,5.00,2.00\n"
        "2026-02-10,Mug,Merch,8,9.00,3.00\n"
        "2026-03-01,Espresso machine,Equipment,1,300.00,900.00\n"
        "2026-03-02,Coffee beans,Drinks,5,12.00,6.00\n")


@pytest.mark.parametrize("question", [
    "which products make me money?", "what makes money", "which products are profitable",
    "which products lose money", "які товари приносять прибуток",
    "какие товары приносят прибыль", "哪些产品赚钱",
])
def test_the_owners_money_question_is_profit_by_product(question):
    intent = parse_intent(question, ("Product", "Revenue", "Cost"))
    assert intent is not None and intent.kind == "margin"
    assert (intent.measure, intent.dimension) == ("margin", "product")


def _ask(tmp_path: Path, text: str, question: str):
    path = tmp_path / "shop.csv"
    path.write_text(text, encoding="utf-8")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        list(analysis.ask(question, brain="offline"))
        return analysis.history[-1]


# Each case is a sandbox session (seconds): English and Ukrainian in the fast tier, all four
# in the full run.
@pytest.mark.parametrize(("question", "opening"), first_fast([
    ("which products make me money?", "Espresso machine loses 1,800.00. Gross profit is -1,527.00"),
    ("які товари приносять прибуток", "Espresso machine приносить збиток 1\u00a0800,00. "),
    ("какие товары приносят прибыль", "Espresso machine приносит убыток 1\u00a0800,00. "),
    ("哪些产品赚钱", "Espresso machine亏损1,800.00。"),
], 2))
def test_a_profit_answer_names_the_loss_maker_first(tmp_path, question, opening):
    answer = _ask(tmp_path, SHOP, question)
    assert answer.ok and answer.text.startswith(opening), answer.text
    assert "1 Product lose money" not in answer.text


def test_a_profit_ranking_names_the_loss_maker_and_calls_negative_rows_losses(tmp_path):
    answer = _ask(tmp_path, SHOP, "which products are most profitable")
    assert answer.text.startswith("Espresso machine loses 1,800.00. All 4 products"), answer.text
    (step,) = answer.steps
    assert "2 rows were sold at a loss (negative 'Gross profit': cost above revenue)" \
        in step.result.stdout
    assert "(returns or corrections)" not in step.result.stdout


def test_without_a_cost_column_the_answer_is_revenue_by_product_said_plainly(tmp_path):
    answer = _ask(tmp_path, "Product,Revenue\nTea,50\nMug,72\nTea,75\n",
                  "which products make me money?")
    assert answer.ok, answer.text
    assert "no cost column, so profit cannot be computed" in answer.text
    assert "Revenue by product" in answer.text
