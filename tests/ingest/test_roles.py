"""Column roles from column names: what costs and earns money is money, what counts is quantity.

Unlabelled whole numbers (no currency sign in the cells) are the usual case in P&L and
payroll exports, so the column name decides, in English, Ukrainian, Russian and Chinese.
"""

from __future__ import annotations

import pandas as pd
import pytest

from analyst.ingest.profile import role_of

PNL = (
    "Month,Revenue,COGS,Cost,Salaries,Rent,Opex,Expenses,Marketing spend,Visitors\n"
    "2026-01-31,120000,50000,700,30000,8000,12000,4000,2500,900\n"
    "2026-02-28,130000,52000,710,30000,8000,12500,4100,2600,950\n"
    "2026-03-31,125000,51000,690,31000,8000,12100,3900,2400,910\n"
)

SALES_UK = (
    "Дата;Товар;Кількість;Ціна;Сума, грн;Собівартість;Витрати;Зарплата;Оренда;шт\n"
    "31.01.2026;Папір;10;120;1200;800;50;3000;900;10\n"
    "15.01.2026;Ручки;5;20;100;60;10;3000;900;5\n"
    "02.01.2026;Степлер;3;300;900;500;20;3000;900;3\n"
)


def roles(card) -> dict[str, str]:
    return {c.name: c.role for c in card.columns}


def test_a_pnl_tables_cost_lines_are_money_even_without_a_currency_sign(ingest):
    card, _ = ingest("pnl.csv", PNL)
    assert roles(card) == {
        "Month": "date", "Revenue": "money", "COGS": "money", "Cost": "money",
        "Salaries": "money", "Rent": "money", "Opex": "money", "Expenses": "money",
        "Marketing spend": "money", "Visitors": "quantity",
    }


def test_a_ukrainian_sales_table_reads_prices_costs_and_counts_by_name(ingest):
    card, _ = ingest("продажі.csv", SALES_UK, encoding="cp1251")
    assert roles(card) == {
        "Дата": "date", "Товар": "category", "Кількість": "quantity", "Ціна": "money",
        "Сума, грн": "money", "Собівартість": "money", "Витрати": "money",
        "Зарплата": "money", "Оренда": "money", "шт": "quantity",
    }


@pytest.mark.parametrize("name", [
    "Revenue", "Sales", "Amount", "Price", "Cost", "COGS", "Unit cost", "Gross margin",
    "Profit", "Salary", "Salaries", "Rent", "Expense", "Expenses", "Opex", "Total",
    "Сума", "Виручка", "Ціна", "Вартість", "Собівартість", "Прибуток", "Витрати",
    "Зарплата", "Оренда", "Выручка", "Сумма", "Цена", "Стоимость", "Себестоимость",
    "Прибыль", "Расходы", "Зарплата, руб", "Аренда", "销售额", "收入", "金额", "价格", "成本",
    "费用", "利润", "total_cost",
])
def test_money_words_make_whole_numbers_money(name):
    col = pd.Series([100, 250, 300, 100], dtype="int64")
    assert role_of(name, col, None, col.nunique()) == "money"


@pytest.mark.parametrize("name", [
    "Qty", "Quantity", "Units", "Pcs", "Count", "Кількість", "шт", "Количество", "数量",
    "Sales qty", "Total quantity", "Units sold", "Кількість, шт", "销售数量",
])
def test_quantity_words_stay_quantity_even_beside_a_money_word(name):
    col = pd.Series([1.0, 2.5, 3.0, 1.0])  # fractional: the name alone must decide
    assert role_of(name, col, None, col.nunique()) == "quantity"


@pytest.mark.parametrize("name", ["Current ratio", "Parent count", "Headcount", "Discount", "Account"])
def test_short_english_words_match_whole_words_only(name):
    col = pd.Series([1, 2, 3, 1], dtype="int64")
    assert role_of(name, col, None, col.nunique()) != "money"
