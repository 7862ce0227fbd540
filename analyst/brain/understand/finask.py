"""A finance question on a statement read as a controller would (en/uk/ru/zh): a `FinAsk`.

"Revenue in Q2", "marketing in March 2026", "operating profit by quarter", "loss-making
months", "net margin by month", "largest expense lines", "revenue growth YoY", "budget vs
actual year to date", "rank the cost centres": each is read into one `FinAsk` (what, for
which period, how); a word no part of the reading honours makes it "unread" (`unread`), and
the question is declined naming that word. `brain.plan.finsteps` plans the reading as one
step of `recipes.finance_ask` on the statement's tidy table (a budget's of
`recipes.finance_budget`, a ranking's of `recipes.finance_ranking`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from analyst.brain.understand.finperiods import (
    MONTHS,
    QUARTER,
    QUARTER_FREE,
    YEAR,
    ZH_MONTH,
    month_of,
    periods_named,
    quarter_of,
)
from analyst.brain.understand.text import stem_match
from analyst.brain.understand.vocab import FILLERS, GENERIC, STOP, WHICH
from analyst.recipes.pnl import line_concept


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
                     r"виручк", r"виручц", r"дох[іо]д", r"выручк", r"выручке", r"收入", r"营收", r"销售额")),
    ("total_costs", _any(r"\b(?:total\s+)?(?:costs|expenses|spend(?:ing)?)\b", r"витрат",
                         r"расход", r"затрат", r"费用", r"成本", r"支出")),
)
_REVENUE = dict(FIGURE_WORDS)["revenue"]
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
_SHARE = _any(r"\bpercent(?:age)?s?\b", r"\bshare\b", r"\bproportion\b", r"%", r"\bpct\b",
               r"\bratio\b", r"частк", r"відсот", r"\bдол[яюи]\b", r"процент", r"占比", r"比例", r"比重",
               r"百分比", r"占")
"""A line said as a part of revenue ("marketing as a % of revenue", "частка оренди у виручці")."""
_AVERAGE = _any(r"\baverage\b", r"\bavg\b", r"\bmean\b", r"середн", r"средн", r"平均", r"月均")
_PER_MONTH = _any(r"\ba\s+month\b", r"月均", r"среднемесячн", r"середньомісячн",
                 r"\b(?:в|на|за)\s+(?:місяць|месяц)\b")
_TOP = re.compile(r"(?:top|largest|biggest|перш\w*|топ|найбільш\w*|крупнейш\w*|наибольш\w*|"
                  r"больш\w*|前|最大的?)\s*(\d{1,2})", re.IGNORECASE)


@dataclass(frozen=True)
class FinAsk:
    """What a finance question asks of a statement."""

    kind: str
    """total, by, losses, margin, expenses, growth, budget, ranking, share (of revenue) or
    average (per month or quarter, in `by`); "unread" when words of the question are left
    that no part of the reading honours (`unread`)."""
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
    compare_said: bool = True
    """The comparison was said ("month on month"); False: "growth" alone, on the period before."""


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
    reading = _one_period(text, reading)
    if reading.kind in ("total", "by", "average") and (share := _SHARE.search(text)):
        return FinAsk("unread", unread=(share.group(0),))  # a part of what? Never the line.
    if labels and reading.kind in ("total", "by", "growth", "average") and (
            second := _second_named(text, labels)):
        return FinAsk("unread", unread=(second,))  # "revenue and marketing in March"
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
    rest = _without_revenue(text, labels)
    if _SHARE.search(text) and rest != text:
        # "marketing as a % of revenue": the line beside the revenue, as a part of it.
        line = line_named(rest, labels)
        figure = None if line else next((k for k, p in FIGURE_WORDS if p.search(rest)), None)
        if line or figure:
            return FinAsk("share", figure=figure, line=line, by=by, year=year,
                          quarter=quarter, month=month)
    line = line_named(text, labels)
    figure = None if line else next((k for k, p in FIGURE_WORDS if p.search(text)), None)
    if line is None and figure is None:
        return None
    if _AVERAGE.search(text) and (by or _PER_MONTH.search(text)):
        # "average monthly revenue": the period's total over its months (or quarters).
        return FinAsk("average", figure=figure, line=line, by=by or "M", year=year,
                      quarter=quarter, month=month)
    compare = ("YoY" if _YOY.search(text) else "QoQ" if _QOQ.search(text)
               else "MoM" if _MOM.search(text) else None)
    said = compare is not None
    if compare is None and _GROWTH.search(text):
        compare = "QoQ" if by == "Q" or quarter else "MoM"
    if compare == "MoM" and "季度" in text:
        compare = "QoQ"
    if compare:
        return FinAsk("growth", figure=figure, line=line, compare=compare, year=year, quarter=quarter, month=month,
                      compare_said=said)
    return FinAsk("by" if by else "total", figure=figure, line=line, by=by, year=year, quarter=quarter, month=month)



def _without_revenue(text: str, labels: Sequence[str]) -> str:
    """`text` without its words of revenue, save those inside another figure or a line
    ("cost of sales", "Product sales"): what is said as a part of the revenue."""
    kept = [f.span() for k, p in FIGURE_WORDS if k != "revenue" for f in p.finditer(text)]
    kept += [f.span() for label in labels if (low := label.lower().strip()) and set(
                 re.findall(r"\w+", _REVENUE.sub(" ", low))) - {"total", "net", "gross"}
             for f in re.finditer(rf"(?<!\w){re.escape(low)}(?!\w)", text)]
    return _REVENUE.sub(lambda f: f.group(0) if any(a <= f.start() < b for a, b in kept)
                        else " ", text)


_CHANGES = {"month": "MoM", "quarter": "QoQ", "year": "YoY"}
_COMPARED = _any(r"\bvs\.?", r"\bversus\b", r"\bcompar", r"\bagainst\b", r"порівн", r"\bпроти\b",
                 r"сравн", r"\bпротив\b", r"对比", r"相比", r"比较")


def _one_period(text: str, reading: FinAsk) -> FinAsk:
    """A reading names one month, quarter or year: "revenue in March vs February" had
    stated February's alone, "change from Q1 to Q2" compared Q1 with the quarter before.
    Two periods in a row are the change asked ("from Q1 to Q2": Q2 on Q1; "March vs
    February": March on February); any other second period is declined by name."""
    if reading.kind == "unread":
        return reading
    for unit, said in periods_named(text).items():
        if len(said) < 2:
            continue
        compared = reading.kind == "total" and _COMPARED.search(text)  # "March vs February"
        if (len(said) == 2 and (reading.kind == "growth" or compared) and max(said) - min(
                said) == 1 and (compared or reading.compare == _CHANGES[unit]
                                or not reading.compare_said)):
            reading = replace(reading, kind="growth", compare=_CHANGES[unit], compare_said=True)
            later = max(said)
            reading = (replace(reading, month=later) if unit == "month" else replace(
                reading, quarter=later) if unit == "quarter" else replace(reading, year=later))
            continue
        return FinAsk("unread", unread=tuple(said.values()))
    return reading


_SPENT = _any(r"spen[dt]", r"витратил", r"витрачен", r"потратил", r"истратил", r"花")
"""Spending said as a verb ("spent on marketing", "витратили на маркетинг"), not a line."""
_BESIDE = re.compile(r"\s*(?:on|for|of|на|для|по|的)?\s*")
"""What stands between a line and a word of costs that says what it is ("marketing
expenses", "expenses on marketing", "витрати на маркетинг")."""


def _qualifies(text: str, found: re.Match[str], lines: Sequence[tuple[int, int]]) -> bool:
    """Is a word of costs one that says what a named line is, not a second figure?"""
    if not lines:
        return False
    end = found.start() + len(re.match(r"\w*", text[found.start():]).group(0))  # type: ignore[union-attr]
    return bool(_SPENT.match(text, found.start())) or any(
        _BESIDE.fullmatch(text, e, found.start()) or _BESIDE.fullmatch(text, end, b)
        for b, e in lines)


def _second_named(text: str, labels: Sequence[str]) -> str | None:
    """The words of a second line or figure the question names: "revenue and marketing in
    March" had stated Marketing alone, "revenue and costs" Revenue alone. A generic word of
    costs beside a line ("marketing expenses", "spent on rent") says what the line is."""
    spans = [(f.start(), f.end()) for label in labels if (low := label.lower().strip())
             for f in re.finditer(rf"(?<!\w){re.escape(low)}(?!\w)", text)]
    lines = list(spans)
    spans += [(f.start(), f.end()) for kind, pattern in FIGURE_WORDS for f in pattern.finditer(text)
              if not (kind == "total_costs" and _qualifies(text, f, lines))]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return text[merged[1][0]:merged[1][1]].strip() if len(merged) > 1 else None


OWN_READINGS = (_LOSSES, _EXPENSES, _BUDGET, _YTD, _FULL_YEAR, _RANKING_ITEMS)
"""Questions these readings answer whatever else they say ("largest expenses by month")."""
MEASURES = (_MARGIN, _MOM, _QOQ, _YOY, _GROWTH, _TOP)
"""Words of measures beyond a line's figure: margins, growth, a top n."""

_READ_PATTERNS: tuple[re.Pattern[str], ...] = (
    *(p for _, p in FIGURE_WORDS), _MARGIN, *(p for _, p in _MARGIN_KINDS), _LOSSES, _EXPENSES,
    _RANKING_ITEMS, _BUDGET, _YTD, _FULL_YEAR, _MOM, _QOQ, _YOY, _GROWTH, _BY_MONTH,
    _BY_QUARTER, YEAR, *QUARTER, *(p for _, p in MONTHS), ZH_MONTH, _TOP, _SHARE, _AVERAGE,
    _PER_MONTH, _any(r"\bas\b", r"\bin\s+%", r"\bу\s+виручц\w*", r"\bв\s+выручк\w*"),
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
