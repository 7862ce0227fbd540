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

from analyst.brain.plan import finsteps
from analyst.brain.plan.finance import (
    first_disagreement,
    pnl_step,
    unplaced_costs,
    variance_step,
)
from analyst.brain.plan.finextreme import extreme_plan
from analyst.brain.plan.finranking import ranking_step, ranking_table
from analyst.brain.plan.plan import Plan
from analyst.brain.plan.tables import pnl_table
from analyst.brain.understand import finask
from analyst.brain.understand.columns import column_hits
from analyst.brain.understand.finperiods import YEAR
from analyst.brain.understand.text import find_phrase, words
from analyst.brain.understand.vocab import BY, CJK_FILLERS, FILLERS, GENERIC, STOP, WHICH
from analyst.words import say as _say


def say_finance(lang: str, key: str, **values: Any) -> str:
    return _say(lang, "finance", key, **values)

_FINANCE = ("revenue", "sales", "income", "turnover", "margin", "profit", "loss", "cost",
            "expense", "opex", "cogs", "gross", "operating", "ebit", "p&l", "pnl",
            "виручк", "дохід", "доход", "маржа", "маржу", "маржі", "прибут", "збит", "витрат",
            "собіварт", "выручк", "прибыл", "убыт", "расход", "себестоим", "收入", "毛利",
            "利润", "成本", "费用", "亏损", "营收", "损益")
_QUARTER = ("quarter", "qoq", "квартал", "季度")


_SUMMARY = ("summary", "overview", "statement", "report", "show", "give", "p&l", "pnl",
            "and", "monthly", "month", "quarterly", "зведен", "звіт", "покаж", "сводк", "отч",
            "概况", "汇总", "报表", "表")
"""Words the P&L summary honours besides the finance words: it is a summary of everything."""


def _not_summarised(q: str, cards: Sequence[Any]) -> list[str]:
    """The words of `q` the whole-statement summary does not honour: a period it would
    drop ("H1", "March", "Q2", a year the statement has beside others) or any other word."""
    statement = finsteps.statement_of(cards)
    left = [w for w in finask.unread(q, statement.labels if statement else ())
            if not any(stem in w or (len(w) == 1 and w in stem)  # a character of "利润"
                       for stem in (*_FINANCE, *_SUMMARY, *_QUARTER))]
    years = {int(y) for y in YEAR.findall(q)}
    if years and (statement is None or set(statement.years) != years):
        left += sorted(map(str, years))
    if finask.month_of(q) is not None or finask.quarter_of(q) is not None:
        left += [w for w in re.findall(r"\w+", q) if finask.month_of(f" {w} ") is not None
                 or finask.quarter_of(f" {w} ") is not None] or ["period"]
    return left


_VARIANCE = ("variance", "budget", "actual", " vs ", "versus", "plan", "deviation", "target",
             "відхилен", "бюджет", "факт", "план", "отклонен", "预算", "实际", "差异", "偏差")


def statement_plan(question: str, cards: Sequence[Any], language: str) -> Plan | None:
    """The P&L step for a finance question when a statement's tidy table is loaded, the
    budget-vs-actual step on a table with both columns, else None."""
    q = " " + re.sub(r"\s+", " ", question.lower()) + " "
    blocked = first_disagreement(cards)
    if blocked and (any(word in q for word in (*_FINANCE, *_VARIANCE))
                    or finance_question(question, cards, language) is not None):
        # The statement's own totals contradict every reading of its lines: no figure.
        return Plan(reason=say_finance(language, "unreconciled", label=blocked))
    asked = finance_question(question, cards, language)
    if asked is not None:
        return asked
    if any(word in q for word in _VARIANCE) and (found := _variance_asked(question, cards,
                                                                           language)):
        return Plan(steps=(found,))
    if not any(word in q for word in _FINANCE):
        return None
    table = next((t for t in map(pnl_table, cards) if t is not None and t.section), None)
    if table is None:
        return None
    if re.search(r"\bebitda\b", q):  # the summary states no EBITDA: not in its place
        return Plan(reason=say_finance(language, "ebitda_not_read"))
    if (left := _not_summarised(q, cards)):
        # The summary is the whole statement: "profit in H1" answered with the year's
        # P&L would be another question's figures.
        return Plan(reason=say_finance(language, "unread", words=", ".join(left)))
    step = pnl_step(table, "", language)
    statement = finsteps.statement_of(cards)
    if statement is not None and statement.annual:
        # A year a column: the summary is by year; months or quarters it has none of.
        if any(word in q for word in (*_QUARTER, "month", "місяц", "месяц", "月")):
            return Plan(reason=finsteps.say(language, "by_year_only",
                                            years=finsteps.span(statement.years)))
        step = replace(step, arguments={**step.arguments, "freq": "Y"})
    elif any(word in q for word in _QUARTER) and table.date:
        step = replace(step, arguments={**step.arguments, "freq": "Q"})
    return Plan(steps=(step,))


_VARIANCE_WORDS = ("variance*", "budget*", "target*", "actual*", "vs", "versus", "against",
                   "plan", "planned", "deviation*", "compare*", "comparison", "difference*",
                   "summary", "overview", "report", "show", "give", "total", "totals",
                   "відхилен*", "бюджет*", "факт*", "план*", "порівн*", "отклонен*", "сравн*",
                   "预算", "实际", "差异", "偏差", "对比", "比较")


def _variance_asked(question: str, cards: Sequence[Any], language: str) -> Any:
    """Budget against actual by a table's lines, when every word of `question` is one the
    recipe honours: the variance's own words, fillers, and the name of the column it is
    broken down by ("variance by account"). Any other word ("actual for HQ", "most over
    budget") is a condition or a ranking the recipe would drop: the query reading has it."""
    toks = words(question)
    if "%" in question:  # "budget as % of actual": a ratio the variance is not
        return None
    names = [c.name for card in cards for c in card.columns if c.role in ("category", "text")]
    named = column_hits(toks, names, set())
    said = {i for hit in named for i in hit.span}
    for phrase in (*STOP, *GENERIC, *FILLERS, *BY, *WHICH, *CJK_FILLERS, *_VARIANCE_WORDS):
        while span := find_phrase(phrase, toks, said):  # "预算与实际的差异"
            said.update(span)
    if len(said) < len(toks) or len({h.column for h in named}) > 1:
        return None
    return variance_step(cards, language, named[0].column if named else None)


def finance_question(question: str, cards: Sequence[Any], language: str) -> Plan | None:
    """One finance question read by `finask` (a line's total, by period, losses, margins,
    expenses, growth, budget to date, rankings), planned on the table it needs; None when
    the reading places nothing."""
    found = finsteps.statement_of(cards)
    ranking = ranking_table(cards)
    budget = finsteps.budget_step(cards, None, language)
    ask = finask.read_ask(question, found.labels if found else (),
                          ranking_items=ranking is not None, budget=budget is not None)
    if found is not None and (extreme := extreme_plan(question, cards, found, language)):
        return extreme
    if ask is None:
        return None
    if ask.kind == "unread":
        if found is None and ranking is None and budget is None:
            return None  # no statement loaded: not a finance question of this file
        return Plan(reason=say_finance(language, "unread", words=", ".join(ask.unread)))
    if ask.kind == "budget":
        step = finsteps.budget_step(cards, ask.year, language, full_year=ask.full_year)
        return Plan(steps=(step,)) if step is not None else None
    if ask.kind == "ranking" and ranking is not None:
        return Plan(steps=(ranking_step(ranking, ask, language),))
    if found is None:
        return None
    if ask.kind == "margin" and ask.by == "Q":  # the recipe's margins are of months only
        return Plan(reason=say_finance(language, "unread", words={
            "uk": "по кварталах", "ru": "по кварталам", "zh": "按季度"}.get(language, "by quarter")))
    gross = ask.figure == "gross_profit" or (ask.kind == "margin" and ask.figure in (None, "gross"))
    if gross and (unplaced := unplaced_costs(cards)):
        # Any of these lines could be cost of sales: a gross figure would be a guess.
        return Plan(reason=say_finance(language, "gross_unplaced", lines=", ".join(unplaced)))
    planned = finsteps.statement_step(ask, found, language)
    if isinstance(planned, str):
        return Plan(reason=planned)
    return Plan(steps=(planned,))
