"""What a plain-language question asks for, by keywords (English, Ukrainian, Russian, some Chinese).

The offline brain has no language model, so it only answers questions whose shape it can
recognise with certainty; anything else returns None and the caller says plainly that the
question needs a model. Keywords are word stems matched against the lower-cased question,
so "виручкою", "виручки" and "виручка" all hit "виручк".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from analyst.brain.understand.text import number_of, stem_match, words
from analyst.brain.understand.vocab import BY, FILLERS, GENERIC, STOP, WHICH

IntentKind = Literal[
    "standard", "total", "dynamics", "top", "abc", "breakdown", "margin", "funnel", "pnl",
    "profile", "outliers",
]
Measure = Literal["revenue", "quantity", "orders", "margin", "cost"]
Period = Literal["month", "week", "quarter"]


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    measure: Measure = "revenue"
    dimension: str | None = None
    """A dimension keyword ("product", "region", ...) or a column name the question mentions."""
    period: Period = "month"
    n: int = 10
    ascending: bool = False
    """True for "bottom 5", "worst products": the smallest first."""


# Stems per concept. Order inside a tuple does not matter; order of concepts does (below).
_STANDARD = ("standard report", "full report", "overview", "summary of", "summarize",
             "summarise", "звіт", "огляд", "отчет", "отчёт", "обзор", "概况", "报告")
_ABC = ("abc", "pareto", "парето", "80/20")
_FUNNEL = ("funnel", "conversion", "воронк", "конверс", "转化", "漏斗")
_PNL = ("p&l", "pnl", "profit and loss", "income statement", "прибутки та збитки",
        "прибутків і збитків", "прибылях и убытках", "опиу", "损益", "利润表")
_PROFILE = ("describe", "profile", "статистик", "опиши", "описат", "描述")
_OUTLIERS = ("outlier", "anomal", "unusual", "викид", "аномал", "выброс", "异常")
_TOP = ("top", "best", "largest", "biggest", "highest", "leading", "most", "rank", "рейтинг",
        "排名", "排行", "топ", "найкращ",
        "найбільш", "лучш", "крупн", "больш", "найвищ", "найпопуляр", "популяр", "前", "最")
_BOTTOM = ("bottom", "worst", "least", "lowest", "smallest", "найгірш", "найменш", "худш",
           "наимен", "меньш", "最少", "最低")
_MARGIN = ("margin", "profit", "маржа", "маржі", "маржу", "маржин", "прибут", "прибыл",
           "毛利", "利润")
# Words for the margin as a ratio (profit over revenue), not the profit itself: "margin by
# month" or "highest margin" ranked or traced by the profit amount answers another question.
# ("маржа" is both in everyday use: taken as the ratio, so it is never ranked by amount.)
_MARGIN_RATIO = ("margin", "маржа", "маржі", "маржу", "маржин", "рентабельн", "毛利率", "利润率")
# "Which products make me money?": the owner's own question, about profit by item. Stems a
# profit keyword does not catch ("прибут", "прибыл" are in _MARGIN already).
_MAKES_MONEY = ("make money", "makes money", "make me money", "makes me money", "making money",
                "earn money", "earns money", "profitable", "lose money", "loses money",
                "losing money", "lost money", "money maker", "money-maker", "заробля",
                "зарабатыва", "збитков", "убыточн", "赚钱", "亏钱", "盈利", "亏损", "挣钱")
_TOTAL = ("total", "sum", "overall", "how much", "kpi", "key figures", "загальн", "всього",
          "усього", "разом", "сумарн", "итог", "общ", "всего", "сколько", "скільки", "总")
_PERIODS: dict[Period, tuple[str, ...]] = {
    "week": ("week", "тиждень", "тижн", "тижд", "недел", "周"),
    "quarter": ("quarter", "квартал", "季度"),
    "month": ("month", "місяц", "місяч", "помісяч", "месяц", "помесяч", "monthly", "月"),
}
_DYNAMICS = ("trend", "dynamic", "growth", "grow", "over time", "change", "динамік", "динамик",
             "тренд", "зріст", "зрост", "ріст", "рост", "趋势", "增长")
_MEASURES: dict[Measure, tuple[str, ...]] = {
    "quantity": ("quantity", "units", "volume", "qty", "кількіст", "количеств", "обсяг",
                 "объем", "объём", "штук", "数量", "销量"),
    "orders": ("orders", "order count", "transactions", "замовлен", "заказ", "чек", "订单"),
    "cost": ("cost", "cogs", "собіварт", "себестоим", "витрат", "расход", "成本"),
    "revenue": ("revenue", "sales", "turnover", "amount", "income", "виручк", "выручк", "сума", "суми", "сумою",
                "сумм", "суму",
                "продаж", "оборот", "дохід", "доход", "销售额", "收入", "营收"),
}
DIMENSIONS: dict[str, tuple[str, ...]] = {
    "product": ("product", "item", "sku", "товар", "продукт", "产品", "商品"),
    "region": ("region", "регіон", "регион", "област", "地区", "区域"),
    "category": ("category", "categories", "категор", "group", "груп", "类别", "品类"),
    "channel": ("channel", "канал", "渠道"),
    "customer": ("customer", "client", "клієнт", "клиент", "покупц", "покупател", "客户"),
    "manager": ("manager", "salesperson", "sales rep", "менеджер", "продавц", "销售员"),
    "city": ("city", "cities", "місто", "міст", "город", "城市"),
    "country": ("country", "countries", "країн", "стран", "国家"),
    "store": ("store", "shop", "branch", "магазин", "філі", "филиал", "门店"),
}
_BY = (" by ", " per ", " across ", " за ", " по ", "按", "各")
# Questions about causes, forecasts or one period/value need reasoning or a filter the
# keyword brain cannot do; answering them with a whole-table figure would be a wrong number.
_NEEDS_MODEL = ("why", "explain", "predict", "forecast", "what if", "should", "compare",
                " vs ", "versus", "чому", "поясни", "прогноз", "порівня", "почему", "объясни",
                "сравни", "为什么", "预测", "比较")
_MONTH_NAMES = ("january", "february", "march", "april", " june", " july", "august",
                "september", "october", "november", "december", " jan ", " feb ", " mar ",
                " apr ", " jun ", " jul ", " aug ", " sep ", " oct ", " nov ", " dec ",
                "січ", "лют", "берез", "квіт", "травн", "черв", "липн", "серпн", "вересн",
                "жовтн", "листоп", "грудн", "январ", "феврал", "март", "апрел", " мая ",
                " май ", "июн", "июл", "август", "сентябр", "октябр", "ноябр", "декабр")


def parse_intent(question: str, column_names: tuple[str, ...] = ()) -> Intent | None:
    """The intent of `question`, or None when the offline brain cannot answer it for sure.

    `column_names` lets a question name a column directly ("revenue by Manager").
    """
    q = " " + re.sub(r"\s+", " ", question.lower()).strip() + " "
    n = _number(q)
    measure = _measure(q)
    dimension = _dimension(q, column_names)
    period = _period(q)

    if _has(q, _NEEDS_MODEL) or _has(q, _MONTH_NAMES) or re.search(r"(?<!\d)(19|20)\d\d(?!\d)", q):
        return None
    if _has(q, _STANDARD):
        return Intent("standard")
    if _has(q, _ABC):
        return Intent("abc", measure=measure, dimension=dimension or "product")
    if _has(q, _FUNNEL):
        return Intent("funnel", period=period or "month")
    if _has(q, _PNL):
        return Intent("pnl")
    if _has(q, _OUTLIERS):
        return Intent("outliers", measure=measure)
    if _has(q, _PROFILE):
        return Intent("profile")
    money_question = _has(q, _MAKES_MONEY)
    if (_has(q, _MARGIN) or money_question) and measure == "revenue":
        measure = "margin"
    bottom = _has(q, _BOTTOM) and not _has(q, ("top", "топ"))
    if measure == "margin" and _has(q, _MARGIN_RATIO):
        # The margin recipe gives each item's margin % and names the highest and the lowest;
        # nothing here ranks a top N by it or traces it over periods: those are declined.
        if period is not None or _has(q, _DYNAMICS) or n is not None:
            return None
        if dimension is not None:
            return Intent("margin", measure="margin", dimension=dimension)
    if money_question and not (_has(q, _TOP) or bottom) and period is None:
        # Profit per item, with the loss-makers named: the default item is the product.
        return Intent("margin", measure="margin", dimension=dimension or "product")
    if (_has(q, _TOP) or bottom) and dimension is not None:
        return Intent("top", measure=measure, dimension=dimension, n=n or 10, ascending=bottom)
    if period is not None or (_has(q, _DYNAMICS) and dimension is None):
        return Intent("dynamics", measure=measure, period=period or "month")
    if dimension is not None and (_has(q, _BY) or measure == "margin"):
        if measure == "margin":
            return Intent("margin", measure="margin", dimension=dimension)
        return Intent("breakdown", measure=measure, dimension=dimension)
    if measure == "margin":
        return Intent("margin", measure="margin")
    if _has(q, _TOTAL) or _has(q, _MEASURES[measure]):
        return Intent("total", measure=measure)
    return None


def measure_said(question: str) -> bool:
    """Does `question` say what is measured ("revenue", "profit", "units"), rather than
    leave the recipe's default revenue to be guessed ("which product is the biggest")?"""
    q = " " + re.sub(r"\s+", " ", question.lower()).strip() + " "
    return _has(q, (*(s for v in _MEASURES.values() for s in v), *_MARGIN, *_MAKES_MONEY))


def _has(q: str, stems: tuple[str, ...]) -> bool:
    for stem in stems:
        if stem.isascii() and stem.isalpha() and len(stem) <= 4:
            # Short Latin stems ("top", "sum", "abc") must start a word: "stop" is not "top".
            if re.search(r"(?<![a-z])" + re.escape(stem), q):
                return True
        elif stem in q:
            return True
    return False


def _number(q: str) -> int | None:
    match = re.search(r"(?<![\d.,/])(\d{1,3})(?![\d.,/%])", q)
    if match is None:
        return None
    value = int(match.group(1))
    return value if 1 <= value <= 100 else None


def _measure(q: str) -> Measure:
    for measure, stems in _MEASURES.items():
        if _has(q, stems):
            return measure
    return "revenue"


def _period(q: str) -> Period | None:
    for period, stems in _PERIODS.items():
        if _has(q, stems):
            return period
    return None


def _dimension(q: str, column_names: tuple[str, ...]) -> str | None:
    # A column the question names outright wins over a generic keyword.
    for name in sorted(column_names, key=len, reverse=True):
        low = name.lower().strip()
        if len(low) >= 3 and re.search(r"(?<!\w)" + re.escape(low) + r"(?!\w)", q):
            padded = " " + low + " "
            # "Revenue" or "Month" named in the question is a measure or a period, not a
            # dimension; "Sales Manager" is a dimension although it contains "sales".
            measure_like = any(_has(padded, s) for s in (*_MEASURES.values(), *_PERIODS.values()))
            if not measure_like or any(_has(padded, s) for s in DIMENSIONS.values()):
                return name
    for dimension, stems in DIMENSIONS.items():
        if _has(q, stems):
            return dimension
    return None


# Words that only name what a recipe is ("ABC analysis", "gross margin"), asking nothing more.
_NAMING = ("analysis", "analys", "analyz", "аналіз", "анализ", "分析", "gross", "валов", "毛",
           "bring", "принос", "year", "annual", "рік", "річн", "год", "年")
_ALL_STEMS = (*_NAMING, *_STANDARD, *_ABC, *_FUNNEL, *_PNL, *_PROFILE, *_OUTLIERS, *_TOP, *_BOTTOM,
              *_MARGIN, *_MAKES_MONEY, *_TOTAL, *_DYNAMICS,
              *(s for v in _PERIODS.values() for s in v),
              *(s for v in _MEASURES.values() for s in v),
              *(s for v in DIMENSIONS.values() for s in v))


def _knows(word: str) -> bool:
    """Is `word` one of the sales words the recipes' intents are made of ("quantity",
    "товарів", "monthly")?"""
    low = word.lower()
    if re.fullmatch("[\u4e00-\u9fff]", low):
        # A Chinese character is a word only with its neighbours: known when it is part of
        # a stem ("产" of "产品"), or the 名 of a rank ("前10名").
        return low in "名位" or any(low in stem for stem in _ALL_STEMS)
    return any(" " not in stem and low.startswith(stem) for stem in _ALL_STEMS)


def intent_covers(intent: Intent, question: str) -> bool:
    """Is every word of `question` one the recipe of `intent` honours: a sales word, a
    number (the N of a top N), a word that asks without saying anything, or the words of
    the column it breaks down by?"""
    fillers = [f for f in (*STOP, *GENERIC, *FILLERS, *BY, *WHICH) if " " not in f]
    dimension = set(words(intent.dimension or ""))
    text = " " + " ".join(words(question)) + " "
    for stem in _ALL_STEMS:
        if " " in stem:  # "key figures", "standard report": said whole, nothing left over
            text = text.replace(f" {stem} ", " ")
    return all(number_of(w) is not None or w in dimension or _knows(w)
               or any(stem_match(f, w) for f in fillers) or len(w) == 1
               for w in text.split())
