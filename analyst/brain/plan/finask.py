"""Offline finance questions on a statement, read as a controller would (en/uk/ru/zh).

"Revenue in Q2", "marketing in March 2026", "operating profit by quarter", "loss-making
months", "net margin by month", "largest expense lines", "revenue growth YoY", "budget vs
actual year to date", "rank the cost centres": each is read into one `FinAsk` (what, for
which period, how) and planned as one step of `recipes.finance_ask` on the statement's tidy
table. The answer says how the question was read and quotes only the step's printed figures.
A question this reading cannot place goes on to the P&L summary as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.narrate.finwords import period_words
from analyst.brain.plan.columns import column_currency
from analyst.brain.plan.tables import PnLTable, pnl_table
from analyst.brain.understand.finperiods import (
    MONTHS,
    QUARTER,
    QUARTER_FREE,
    YEAR,
    ZH_MONTH,
    month_of,
    quarter_of,
)
from analyst.brain.understand.text import stem_match
from analyst.brain.understand.vocab import FILLERS, GENERIC, STOP, WHICH
from analyst.recipes.pnl import line_concept
from analyst.words import say as _say
from analyst.words.number_formats import currency_unit


def say(lang: str, key: str, **values: Any) -> str:
    return _say(lang, "finance", key, **values)


def _any(*stems: str) -> re.Pattern[str]:
    return re.compile("|".join(stems), re.IGNORECASE)


# The P&L's own results, most specific first ("gross profit" before "profit").
FIGURE_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("gross_profit", _any(r"gross\s+profit", r"валов\w*\s+прибут", r"валов\w*\s+прибыл",
                          r"毛利(?!率)")),
    ("operating_profit", _any(r"operating\s+(?:profit|income|result)", r"\bebit\b",
                              r"операційн\w*\s+прибут", r"операционн\w*\s+прибыл",
                              r"营业利润(?!率)", r"经营利润(?!率)")),
    ("net_profit", _any(r"net\s+(?:profit|income|result)", r"bottom\s+line",
                        r"чист\w*\s+прибут", r"чист\w*\s+прибыл", r"净利润(?!率)", r"净利(?![润率])")),
    ("cogs", _any(r"cost\s+of\s+(?:sales|goods|revenue)", r"\bcogs\b", r"собіварт",
                  r"себестоим", r"销售成本", r"营业成本")),
    ("opex", _any(r"operating\s+(?:expenses|costs)", r"\bopex\b", r"операційн\w*\s+витрат",
                  r"операционн\w*\s+(?:расход|затрат)", r"营业费用", r"运营费用", r"经营费用")),
    ("revenue", _any(r"\brevenues?\b", r"\bsales\b", r"\bturnover\b", r"\btop\s+line\b",
                     r"виручк", r"дох[іо]д", r"выручк", r"收入", r"营收", r"销售额")),
    ("total_costs", _any(r"\b(?:total\s+)?(?:costs|expenses|spend(?:ing)?)\b", r"витрат",
                         r"расход", r"затрат", r"费用", r"成本", r"支出")),
)
_MARGIN = _any(r"\bmargins?\b", r"марж", r"рентабельн", r"利润率", r"毛利率", r"净利率",
               r"利率")
_MARGIN_KINDS = (("gross", _any(r"\bgross\b", r"валов", r"毛利")),
                 ("operating", _any(r"\boperating\b", r"операці", r"операци", r"营业", r"经营")),
                 ("net", _any(r"\bnet\b", r"чист", r"净")))
_LOSSES = _any(r"loss[- ]making", r"\bunprofitable\b", r"\bin\s+the\s+red\b",
               r"\b(?:months?|quarters?)\s+(?:with|at)\s+a\s+loss", r"\blost\s+money\b",
               r"\blosses\b", r"\bloss\s+months?\b", r"збитк", r"убыт", r"亏损")
_EXPENSES = _any(r"(?:largest|biggest|main|top|major|highest)\s+(?:\d+\s+)?(?:expense|cost|spend)",
                 r"(?:expense|cost)\s+(?:lines?|structure|items?)",
                 r"найбільш\w*\s+(?:стат\w*\s+)?витрат", r"стат\w*\s+витрат", r"структур\w*\s+витрат",
                 r"(?:крупнейш|сам\w*\s+больш|основн|наибольш)\w*\s+(?:стат\w*\s+)?(?:расход|затрат)",
                 r"стат\w*\s+(?:расход|затрат)", r"структур\w*\s+(?:расход|затрат)",
                 r"最大的?\d*项?(?:费用|支出|成本)", r"(?:费用|支出|成本)(?:项目|结构|构成|最多|最大)",
                 r"主要(?:费用|支出|成本)")
_RANKING_ITEMS = _any(r"cost\s+cent(?:re|er)s?", r"\bdepartments?\b", r"центр\w*\s+витрат",
                      r"підрозділ", r"відділ", r"центр\w*\s+(?:затрат|расход|ответственност)",
                      r"подразделен", r"отдел", r"成本中心", r"部门")
_BUDGET = _any(r"\bbudget", r"\bvariance", r"\bactuals?\b", r"\bvs\.?\b", r"\bversus\b",
               r"\bplan\b", r"\bdeviation", r"бюджет", r"відхилен", r"\bфакт", r"\bплан",
               r"отклонен", r"预算", r"实际", r"差异", r"偏差")
_PLANNED = _any(r"\bbudget\w*", r"\bplan(?:ned)?\b", r"\btargets?\b", r"\bforecast\w*",
                r"\bvariance", r"бюджет\w*", r"план\w*", r"预算", r"计划", r"目标")
_YTD = _any(r"\bytd\b", r"year[- ]to[- ]date", r"з\s+початку\s+року", r"с\s+начала\s+года",
            r"年初至今", r"本年累计", r"累计")
_FULL_YEAR = _any(r"full[- ]year", r"whole\s+year", r"\bannual", r"\byearly\b", r"\bfy\b",
                  r"весь\s+рік", r"цілий\s+рік", r"річн", r"весь\s+год", r"годов", r"全年",
                  r"整年", r"年度")
_MOM = _any(r"\bmom\b", r"month[- ](?:over|on)[- ]month", r"місяць\s+до\s+місяця", r"м/м",
            r"месяц\s+к\s+месяцу", r"月环比", r"环比")
_QOQ = _any(r"\bqoq\b", r"quarter[- ](?:over|on)[- ]quarter", r"квартал\s+до\s+кварталу",
            r"квартал\s+к\s+кварталу", r"к/к", r"季度环比")
_YOY = _any(r"\byoy\b", r"year[- ](?:over|on)[- ]year", r"рік\s+до\s+року", r"р/р",
            r"год\s+к\s+году", r"г/г", r"同比", r"against\s+last\s+year", r"vs\.?\s+last\s+year")
_GROWTH = _any(r"\bgrow(?:th|n|ing)?\b", r"\bchanged?\b", r"\bincrease", r"\bdynamics\b",
               r"зроста", r"зрост", r"приріст", r"зміна", r"змінил", r"рост", r"прирост",
               r"изменен", r"增长", r"增幅", r"变化", r"变动")
_BY_MONTH = _any(r"\bby\s+months?\b", r"\bmonthly\b", r"\bper\s+month\b", r"\beach\s+month\b",
                 r"month\s+by\s+month", r"по\s+місяц", r"помісячн", r"щомісяц", r"по\s+месяц",
                 r"помесячн", r"ежемесячн", r"按月", r"每月", r"各月", r"逐月", r"每个月")
_BY_QUARTER = _any(r"\bby\s+quarters?\b", r"\bquarterly\b", r"\bper\s+quarter\b",
                   r"\beach\s+quarter\b", r"по\s+квартал", r"поквартальн", r"щокварталу",
                   r"ежеквартальн", r"按季度?", r"每季度", r"各季度", r"逐季")
_TOP = re.compile(r"(?:top|largest|biggest|перш\w*|топ|найбільш\w*|крупнейш\w*|наибольш\w*|"
                  r"больш\w*|前|最大的?)\s*(\d{1,2})", re.IGNORECASE)


@dataclass(frozen=True)
class FinAsk:
    """What a finance question asks of a statement."""

    kind: str
    """total, by, losses, margin, expenses, growth, budget or ranking; "unread" when words
    of the question are left that no part of the reading honours (`unread`)."""
    figure: str | None = None
    """One of `recipes.statement_series.FIGURES` (revenue, gross_profit …), or None."""
    line: str | None = None
    """A line item's own label ("Marketing"), or None."""
    by: str | None = None
    """"M" or "Q": per month or quarter."""
    year: int | None = None
    quarter: int | None = None
    month: int | None = None
    compare: str | None = None
    """MoM, QoQ or YoY."""
    n: int = 5
    full_year: bool = False
    """A budget question about the whole year ("full-year revenue budget"), not to date."""
    unread: tuple[str, ...] = ()
    """The question's words no part of the reading explains ("highest", "median")."""


def _stem(word: str) -> str:
    """A Cyrillic word without its ending ("оренду" -> "орен"), so cases match the label."""
    return word[:max(4, len(word) - 2)] if re.search("[а-яіїєґё]", word) else word


def line_named(text: str, labels: Sequence[str]) -> str | None:
    """The longest line-item label the question names (as written, or its Cyrillic stems)."""
    words = re.findall(r"\w+", text)
    found: list[str] = []
    for label in labels:
        low = label.lower().strip()
        if not low:
            continue
        if re.search(r"[\u4e00-\u9fff]", low):
            if low in text:
                found.append(label)
            continue
        if re.search(rf"(?<!\w){re.escape(low)}(?!\w)", text):
            found.append(label)
            continue
        parts = re.findall(r"\w+", low)
        if parts and all(any(w.startswith(_stem(p)) for w in words) for p in parts
                         if len(p) > 2) and any(len(p) > 2 for p in parts):
            found.append(label)
    if found:
        return max(found, key=len)
    # No label in the question's own words: a common expense line by concept, when the
    # statement has exactly one line of that concept (else the question stays unread).
    concept = line_concept(text)
    same = [label for label in labels if concept and line_concept(label) == concept]
    return same[0] if len(same) == 1 else None


def read_ask(question: str, labels: Sequence[str] = (), *, ranking_items: bool = False,
             budget: bool = False) -> FinAsk | None:
    """The finance question's reading, or None when it is not one this reading places.

    `labels` are the statement's line items; `ranking_items`: a table of items (cost
    centres) by period is loaded; `budget`: a budget-and-actual table is loaded."""
    text = " " + re.sub(r"\s+", " ", question.lower()) + " "
    reading = _read(text, labels, ranking_items=ranking_items, budget=budget)
    if reading is None:
        return None
    left = unread(text, labels)
    if left and reading.kind == "ranking":
        # "which cost centre spent most", "центры затрат по сумме": ranking by spend is what
        # a ranking does.
        left = tuple(w for w in left if not _RANKED_BY.search(w))
    # A reading that leaves words over answers another question ("which month had the
    # highest revenue" read as the year's revenue): it is declined, naming the words.
    return replace(reading, kind="unread", unread=left) if left else reading


def _read(text: str, labels: Sequence[str], *, ranking_items: bool,
          budget: bool) -> FinAsk | None:
    years = [int(y) for y in YEAR.findall(text)]
    year = years[-1] if years else None
    quarter, month = quarter_of(text), month_of(text)
    if quarter is not None:
        month = None if not month_of(QUARTER_FREE.sub(" ", text)) else month
    top = _TOP.search(text)
    n = int(top.group(1)) if top and 0 < int(top.group(1)) <= 50 else 5
    if budget and (_BUDGET.search(text) or _YTD.search(text)):
        return FinAsk("budget", year=year, full_year=bool(_FULL_YEAR.search(text)))
    if not budget and (planned := _PLANNED.search(text)):
        # "Full-year revenue budget" on a statement with no budget: never the actuals.
        return FinAsk("unread", unread=(planned.group(0).strip(),))
    if ranking_items and _RANKING_ITEMS.search(text):
        return FinAsk("ranking", n=n, year=year, quarter=quarter, month=month)
    if _LOSSES.search(text) and not FIGURE_WORDS[2][1].search(text):
        return FinAsk("losses", year=year)
    by = "Q" if _BY_QUARTER.search(text) else "M" if _BY_MONTH.search(text) else None
    if _MARGIN.search(text):
        margin = next((k for k, p in _MARGIN_KINDS if p.search(text)), None)
        return FinAsk("margin", figure=margin, by=by, year=year, quarter=quarter, month=month)
    if _EXPENSES.search(text):
        return FinAsk("expenses", n=n, year=year, quarter=quarter, month=month)
    line = line_named(text, labels)
    figure = None if line else next((k for k, p in FIGURE_WORDS if p.search(text)), None)
    if line is None and figure is None:
        return None
    compare = ("YoY" if _YOY.search(text) else "QoQ" if _QOQ.search(text)
               else "MoM" if _MOM.search(text) else None)
    if compare is None and _GROWTH.search(text):
        compare = "QoQ" if by == "Q" or quarter else "MoM"
    if compare == "MoM" and "季度" in text:
        compare = "QoQ"
    if compare:
        return FinAsk("growth", figure=figure, line=line, compare=compare, year=year, quarter=quarter, month=month)
    return FinAsk("by" if by else "total", figure=figure, line=line, by=by, year=year, quarter=quarter, month=month)



@dataclass(frozen=True)
class Statement:
    """A statement's tidy table and what the planner knows of it from the cards."""

    table: PnLTable
    labels: tuple[str, ...]
    years: tuple[int, ...]
    months: tuple[tuple[int, int], ...] = ()
    """(year, month) of every month from the first to the last of the statement."""


def statement_of(cards: Sequence[Any]) -> Statement | None:
    """The first statement's tidy table among `cards`, its line items and years."""
    for card in cards:
        table = pnl_table(card)
        if table is None or not table.section or not table.date or not table.account:
            continue
        wide = next((c for c in cards if c.table == getattr(card, "wide_table", None)), None)
        labels = tuple(dict.fromkeys(
            r.label for r in (getattr(wide, "row_kinds", ()) or ()) if r.kind == "line"))
        return Statement(table, labels, _years(card, table.date), _months(card, table.date))
    return None


def _months(card: Any, date: str) -> tuple[tuple[int, int], ...]:
    column = next((c for c in card.columns if c.name == date), None)
    first, last = str(getattr(column, "first", "") or ""), str(getattr(column, "last", "") or "")
    if not re.match(r"\d{4}-\d{2}", first) or not re.match(r"\d{4}-\d{2}", last):
        return ()
    y, m = int(first[:4]), int(first[5:7])
    out: list[tuple[int, int]] = []
    while (y, m) <= (int(last[:4]), int(last[5:7])) and len(out) < 1200:
        out.append((y, m))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return tuple(out)


def _years(card: Any, date: str) -> tuple[int, ...]:
    column = next((c for c in card.columns if c.name == date), None)
    first, last = getattr(column, "first", None), getattr(column, "last", None)
    if not first or not last:
        return ()
    return tuple(range(int(str(first)[:4]), int(str(last)[:4]) + 1))


def _money(table: PnLTable, lang: str) -> dict[str, Any]:
    return {"currency": currency_unit(table.currency, lang)} if table.currency else {}


_RECIPES = {"total": "statement_figure", "by": "statement_figure", "losses": "loss_months",
            "margin": "statement_margins", "expenses": "largest_expenses",
            "growth": "line_growth"}


def statement_step(ask: FinAsk, found: Statement, lang: str) -> PlannedStep | str:
    """The step answering `ask` on the statement, or the reason (in `lang`) it cannot."""
    table = found.table
    base: dict[str, Any] = {"date": table.date, "account": table.account,
                            "amount": table.amount, "section": table.section}
    period = {k: v for k, v in (("year", ask.year), ("quarter", ask.quarter),
                                ("month", ask.month)) if v is not None}
    if ask.year is not None and found.years and ask.year not in found.years:
        return say(lang, "no_year", year=ask.year, years=_span(found.years))
    if found.months and (ask.quarter or ask.month) and not any(
            (ask.year is None or y == ask.year) and (ask.month is None or m == ask.month)
            and (ask.quarter is None or (m - 1) // 3 + 1 == ask.quarter)
            for y, m in found.months):
        first, last = found.months[0], found.months[-1]
        asked = period_words(ask.year or last[0], ask.quarter or 0, ask.month or 0, lang)
        return say(lang, "no_period", period=asked,
                   first=period_words(first[0], 0, first[1], lang),
                   last=period_words(last[0], 0, last[1], lang))
    what = {"line": ask.line} if ask.line else {"figure": ask.figure}
    if ask.kind in ("total", "by"):
        args = {**base, **what, **({"by": ask.by} if ask.by else {}), **period,
                **_money(table, lang)}
    elif ask.kind == "losses":
        args = {**base, **({"year": ask.year} if ask.year else {}), **_money(table, lang)}
    elif ask.kind == "margin":
        args = {**base, **period, **({"margin": ask.figure} if ask.figure else {}),
                **({"by": "M"} if ask.by else {})}
    elif ask.kind == "expenses":
        args = {**base, "n": ask.n, **period, **_money(table, lang)}
    elif ask.kind == "growth":
        if ask.compare == "YoY" and len(found.years) < 2:
            return say(lang, "no_yoy", year=_span(found.years) or "?")
        args = {**base, **what, "compare": ask.compare, **period, **_money(table, lang)}
    else:
        raise ValueError(f"not a statement question: {ask.kind}")  # our bug
    recipe = _RECIPES[ask.kind]
    title = say(lang, f"title_{ask.kind}")
    return PlannedStep(f"finance_{ask.kind}", title, recipe, table.parquet_path, args,
                       chart_title=None if lang == "en" else title, language=lang)


def _span(years: Sequence[int]) -> str:
    if not years:
        return ""
    return str(years[0]) if len(years) == 1 else f"{years[0]}–{years[-1]}"


_BUDGET_WORD = re.compile(r"budget|plan|target|forecast|бюджет|план|预算|计划", re.IGNORECASE)
_ACTUAL_WORD = re.compile(r"actual|fact|real|факт|实际", re.IGNORECASE)


def budget_step(cards: Sequence[Any], year: int | None, lang: str,
                full_year: bool = False) -> PlannedStep | None:
    """Budget vs actual to date on a tidy table whose measures are a budget and an actual
    (months as columns: "Jan 2026 Budget", "Jan 2026 Actual" …); `full_year`: the
    question is about the whole year's budget, which the recipe states only when the budget
    has every month of it."""
    from analyst.ingest.wide import period_of

    for card in cards:
        wide = next((c for c in cards if c.table == getattr(card, "wide_table", None)), None)
        names = {c.name: c for c in card.columns}
        if wide is None or "Measure" not in names or "Period" not in names or "Value" not in names:
            found = _columns_budget(card, year, lang)
            if found is not None:
                return _scoped(found, full_year)
            continue
        measures = [m for m in dict.fromkeys(
            found[1] for found in map(period_of, wide.period_columns) if found) if m]
        budget = next((m for m in measures if _BUDGET_WORD.search(m)), None)
        actual = next((m for m in measures if _ACTUAL_WORD.search(m) and m != budget), None)
        line = next((c.name for c in card.columns if c.role in ("category", "text")
                     and c.name not in ("Measure", "Section")), None)
        if budget is None or actual is None or line is None:
            continue
        args: dict[str, Any] = {"line": line, "date": "Period", "value": "Value",
                                "measure": "Measure", "budget": budget, "actual": actual}
        if "Section" in names:
            args["section"] = "Section"
        if year is not None:
            args["year"] = year
        currency = column_currency(names["Value"])
        if currency:
            args["currency"] = currency_unit(currency, lang)
        if full_year:
            args["scope"] = "year"
        title = say(lang, "title_budget")
        return PlannedStep("budget_to_date", title, "budget_to_date", card.parquet_path, args,
                           chart_title=None if lang == "en" else title, language=lang)
    return None


def _scoped(step: PlannedStep, full_year: bool) -> PlannedStep:
    if not full_year:
        return step
    return replace(step, arguments={**step.arguments, "scope": "year"})


_MONTH_COLUMN = re.compile(r"month|period|date|місяц|період|дата|месяц|период|月|日期|期间",
                           re.IGNORECASE)


def _columns_budget(card: Any, year: int | None, lang: str) -> PlannedStep | None:
    """Budget vs actual to date on a long table: a line, a month, a budget and an actual
    column ("Month, Line, Budget, Actual")."""
    numbers = [c for c in card.columns if c.role in ("money", "number", "quantity")]
    budget = next((c for c in numbers if _BUDGET_WORD.search(c.name)), None)
    actual = next((c for c in numbers if _ACTUAL_WORD.search(c.name) and c is not budget), None)
    date = next((c for c in card.columns if c.role == "date"), None) or next(
        (c for c in card.columns if c.role in ("category", "text") and _MONTH_COLUMN.search(c.name)),
        None)
    line = next((c for c in card.columns if c.role in ("category", "text") and c is not date
                 and c.name != "Section"), None)
    if budget is None or actual is None or date is None or line is None:
        return None
    args: dict[str, Any] = {"line": line.name, "date": date.name, "budget": budget.name,
                            "actual": actual.name}
    if any(c.name == "Section" for c in card.columns):
        args["section"] = "Section"
    if year is not None:
        args["year"] = year
    currency = column_currency(actual) or column_currency(budget)
    if currency:
        args["currency"] = currency_unit(currency, lang)
    title = say(lang, "title_budget")
    return PlannedStep("budget_to_date", title, "budget_to_date", card.parquet_path, args,
                       chart_title=None if lang == "en" else title, language=lang)


OWN_READINGS = (_LOSSES, _EXPENSES, _BUDGET, _YTD, _FULL_YEAR, _RANKING_ITEMS)
"""Questions these readings answer whatever else they say ("largest expenses by month")."""
MEASURES = (_MARGIN, _MOM, _QOQ, _YOY, _GROWTH, _TOP)
"""Words of measures beyond a line's figure: margins, growth, a top n."""

_READ_PATTERNS: tuple[re.Pattern[str], ...] = (
    *(p for _, p in FIGURE_WORDS), _MARGIN, *(p for _, p in _MARGIN_KINDS), _LOSSES, _EXPENSES,
    _RANKING_ITEMS, _BUDGET, _YTD, _FULL_YEAR, _MOM, _QOQ, _YOY, _GROWTH, _BY_MONTH,
    _BY_QUARTER, YEAR, *QUARTER, *(p for _, p in MONTHS), ZH_MONTH, _TOP,
    _any(r"\btotals?\b", r"\bsum\b", r"\boverall\b", r"\bhow\s+much\b", r"\bfor\s+the\s+year\b",
         r"\bthis\s+year\b", r"\bspen[dt]\b", r"\bearn(?:ed|t)?\b", r"\bmade\b", r"\bmake\b",
         r"\bcompany\b", r"\bbusiness\b", r"\bamount\b", r"\bfigures?\b", r"\bline\b",
         r"витрати\w*", r"витратил\w*", r"потратил\w*", r"заробил\w*", r"скільки", r"сколько",
         r"загальн\w*", r"всього", r"усього", r"итог\w*", r"всего", r"за\s+рік", r"за\s+год",
         r"是多少", r"多少", r"花了", r"花费", r"按", r"的", r"是", r"了", r"总", r"额",
         r"全部", r"我们", r"公司", r"年",
         # Words of ranking, budgets and spans the readings above imply.
         r"\brank\w*", r"\branked\b", r"рейтинг\w*", r"ранж\w*", r"排名", r"排行", r"执行情况",
         r"执行", r"\blines?\b", r"\bitems?\b", r"\bmonths\b", r"\bquarters\b", r"місяці\w*",
         r"месяц[аы]\w*", r"квартал[иы]\w*", r"哪些", r"月份", r"\bвід\b", r"\bот\b", r"\bпроти\b",
         r"\bпротив\b", r"\bvs\.?", r"\bagainst\b", r"\bрік\b", r"\bроку\b", r"\bгод\w*",
         r"\byears?\b", r"与", r"和", r"对比", r"相比", r"项目", r"结构", r"构成"),
)
"""Everything `read_ask` reads, and the words that only ask ("how much", "spent", "是多少")."""


_RANKED_BY = _any(r"^most$", r"^highest$", r"^largest$", r"^biggest$", r"^top$", r"найбільш",
                  r"наибольш", r"больш", r"^сум", r"^total", r"^spend", r"витрат", r"затрат",
                  r"最多", r"最大", r"最高")


def unread(text: str, labels: Sequence[str] = ()) -> tuple[str, ...]:
    """The words of `text` that neither the finance reading nor a line label explains.

    A word is explained when a pattern of the reading covers any of it (patterns match
    stems: "виручк" covers "виручка"); a Chinese character only when it is covered itself,
    since a run of characters is many words."""
    covered = [False] * len(text)
    for pattern in _READ_PATTERNS:
        for found in pattern.finditer(text):
            covered[found.start():found.end()] = [True] * (found.end() - found.start())
    label_words = [w for label in labels for w in re.findall(r"\w+", label.lower())]
    concepts = {line_concept(label) for label in labels} - {None}
    for at in range(len(text) - 1):
        # A Chinese line named by its concept ("工资" for the statement's "薪酬福利").
        for width in (2, 3, 4):
            window = text[at:at + width]
            if re.fullmatch(r"[\u4e00-\u9fff]+", window) and line_concept(window) in concepts:
                covered[at:at + width] = [True] * width
    fillers = [f for f in (*STOP, *GENERIC, *FILLERS, *WHICH) if " " not in f]
    left = []
    for found in re.finditer(r"[\u4e00-\u9fff]|[^\W\u4e00-\u9fff]+", text):
        word, at = found.group(0), found.start()
        if re.fullmatch(r"[\u4e00-\u9fff]", word):
            if not covered[at] and word not in _ZH_FILLERS and not any(
                    word in label for label in labels):
                left.append(word)
            continue
        if any(covered[at:found.end()]) or word.isdigit() or (len(word) == 1 and word.isascii()):
            continue
        if any(word.startswith(_stem(w)) or w.startswith(_stem(word)) for w in label_words
               if len(w) > 2):
            continue
        concept = line_concept(word)
        if concept and any(line_concept(label) == concept for label in labels):
            continue  # "salaries" for the statement's "Payroll" line, read by its concept
        if any(stem_match(f, word) for f in fillers):
            continue
        left.append(word)
    return tuple(dict.fromkeys(left))


_ZH_FILLERS = set("的是了吗呢请我们你给看下一共有多少花")
