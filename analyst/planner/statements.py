"""Questions on a financial statement (a P&L read from a workbook) answered by its recipe.

A statement's tidy table (line items, their section, period, value) is what the P&L
recipe reads best: revenue, cost of sales, gross and operating profit, their margins, by
month or quarter, loss-making months. A question with such words on a workbook holding a
statement runs that recipe instead of a query over line labels, which would count rows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from analyst.planner.plan import Plan, _pnl
from analyst.planner.tables import pnl_table

_FINANCE = ("revenue", "sales", "income", "turnover", "margin", "profit", "loss", "cost",
            "expense", "opex", "cogs", "gross", "operating", "ebit", "p&l", "pnl",
            "виручк", "дохід", "доход", "маржа", "маржу", "маржі", "прибут", "збит", "витрат",
            "собіварт", "выручк", "прибыл", "убыт", "расход", "себестоим", "收入", "毛利",
            "利润", "成本", "费用", "亏损", "营收", "损益")
_QUARTER = ("quarter", "qoq", "квартал", "季度")


def statement_plan(question: str, cards: Sequence[Any], language: str) -> Plan | None:
    """The P&L step for a finance question when a statement's tidy table is loaded, else None."""
    q = " " + re.sub(r"\s+", " ", question.lower()) + " "
    if not any(word in q for word in _FINANCE):
        return None
    table = next((t for t in map(pnl_table, cards) if t is not None and t.section), None)
    if table is None:
        return None
    step = _pnl(table, "", language)
    if any(word in q for word in _QUARTER) and table.date:
        step = replace(step, arguments={**step.arguments, "freq": "Q"})
    return Plan(steps=(step,))
