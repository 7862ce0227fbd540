"""A P&L in columns ("Line | Revenue | Costs") has no gross profit in its costs column.

Its costs are wages, rent, interest and tax beside the revenue lines, not the cost of the
sales: revenue less all of them was stated as "gross profit" (60.5% for a true 77.5%). A
sales ledger, where each row has its amount and its cost, keeps its gross margin. Generated
in en/uk/ru/zh, costs positive and negative.
"""

from __future__ import annotations

import math
import random

import pandas as pd
import pytest

from analyst.recipes.kpi import kpi_summary

LINES = {
    "en": (("Product sales", "Service revenue"), ("Wages", "Rent", "Advertising", "Income tax")),
    "uk": (("Виручка від реалізації", "Дохід від послуг"), ("Зарплата", "Оренда", "Реклама", "Податок на прибуток")),
    "ru": (("Выручка от продаж", "Доход от услуг"), ("Зарплата", "Аренда", "Реклама", "Налог на прибыль")),
    "zh": (("主营业务收入", "其他业务收入"), ("工资", "租金", "销售费用", "所得税费用")),
}


@pytest.mark.parametrize("sign", (1.0, -1.0))
@pytest.mark.parametrize("language", LINES)
def test_a_statement_in_columns_states_no_gross_profit(language: str, sign: float) -> None:
    rng = random.Random(f"{language}{sign}")
    revenue, costs = LINES[language]
    rows = [(n, round(rng.uniform(1e5, 9e5), 2), None) for n in revenue]
    rows += [(n, None, sign * round(rng.uniform(1e4, 9e4), 2)) for n in costs]
    frame = pd.DataFrame(rows, columns=["Line", "Revenue", "Costs"])
    result = kpi_summary(frame, "Revenue", cost="Costs")
    assert result.figures["total"] == pytest.approx(sum(r[1] for r in rows if r[1]), abs=0.005)
    assert math.isnan(result.figures["gross_profit"]) and math.isnan(result.figures["gross_margin_pct"])
    said = [n for n in result.notes if getattr(n, "key", "") == "note_costs_not_of_sales"]
    assert said and all(c in said[0].values["names"] for c in costs)


@pytest.mark.parametrize("seed", range(6))
def test_a_sales_ledger_keeps_its_gross_margin(seed: int) -> None:
    rng = random.Random(seed)
    products = ["Rent-a-bike voucher", "Tax guide book", "Widget", "Wage calculator app"]
    amounts = [round(rng.uniform(10, 500), 2) for _ in range(40)]
    cost = [round(a * rng.uniform(0.3, 0.8), 2) for a in amounts]
    frame = pd.DataFrame({"Product": [rng.choice(products) for _ in amounts], "Amount": amounts, "Cost": cost})
    result = kpi_summary(frame, "Amount", cost="Cost")
    assert result.figures["gross_profit"] == pytest.approx(sum(amounts) - sum(cost), abs=0.01)
    assert not math.isnan(result.figures["gross_margin_pct"])
