"""The finance recipes' entries in the registry: the P&L summary, the statement pack and
the answers to one question on a statement. Their modules (`pnl`, `statement`,
`finance_ask`, `finance_budget`, `finance_ranking`) are reshaped by other work; registering
them here keeps that apart."""

from __future__ import annotations

from . import finance_ask, finance_budget, finance_ranking, pnl, statement
from .unit import HostChart, Recipe, Said, Title

_PACK_MONEY = ("gross_profit", "change", "yoy_change")
_QUESTION = "the offline planner's answer to one finance question on a statement"

REGISTERED = (
    Recipe(
        pnl.pnl_summary,
        meaning="monthly P&L: revenue, cogs, gross_profit, opex, operating_profit, margins; "
                "long: account=, amount=, mapping={category: revenue|cogs|opex|ignore}; wide: "
                "revenue=, cogs=, opex=. figures: totals, loss_periods",
        definition=pnl.DEFINITION, said=Said("pnl_summary"), title=Title("title_pnl"), chart=HostChart("bridge"),
    ),
    Recipe(
        statement.pnl_statement,
        meaning="a statement's tidy table (line, section, date, value): P&L per month/quarter "
                "with FY total rows, net profit. figures: latest year",
        definition=statement.STATEMENT_DEFINITION, said=Said("pnl_statement"),
        money_columns=(*_PACK_MONEY, "revenue", "cogs", "opex", "operating_profit",
                       "below_operating", "net_profit"),
    ),
    Recipe(statement.margin_trend, meaning="gross/operating/net margin per month of a statement",
           definition=statement.MARGIN_DEFINITION, said=Said("margin_trend")),
    Recipe(statement.expense_structure,
           meaning="cost lines of the year with share_pct of all costs",
           definition=statement.STRUCTURE_DEFINITION, said=Said("expense_structure"),
           money_columns=(*_PACK_MONEY, "cost")),
    Recipe(statement.notable_changes,
           meaning="largest month-over-month changes of lines and profits",
           definition=statement.CHANGES_DEFINITION, said=Said("notable_changes"),
           money_columns=(*_PACK_MONEY, "previous", "value")),
    *(Recipe(function, meaning=_QUESTION, definition=finance_ask.DEFINITION, for_model=False,
             said=Said("finance_ask"))
      for function in (finance_ask.statement_figure, finance_ask.loss_months,
                       finance_ask.largest_expenses)),
    Recipe(finance_ask.statement_margins, meaning=_QUESTION, for_model=False,
           definition=finance_ask.DEFINITION + " Margin = profit / revenue x 100."),
    Recipe(finance_ask.line_growth, meaning=_QUESTION, for_model=False,
           definition=finance_ask.GROWTH_DEFINITION, said=Said("line_growth")),
    Recipe(finance_budget.budget_to_date, meaning=_QUESTION, for_model=False,
           definition=finance_budget.BUDGET_DEFINITION, said=Said("budget_to_date"),
           money=("amount", "revenue", "cost", "budget", "actual"),
           money_columns=(*_PACK_MONEY, "budget", "actual", "variance")),
    Recipe(finance_ranking.rank_items, meaning=_QUESTION, for_model=False,
           definition=finance_ranking.RANKING_DEFINITION, said=Said("rank_items")),
)
