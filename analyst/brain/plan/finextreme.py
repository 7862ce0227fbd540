""""Which month had the highest revenue" on a statement: the reading of a period extreme
(en/uk/ru/zh) and its step (`recipes.period_extreme`).

A question with a superlative ("highest", "найменший", "самая высокая", 最高) and a period
noun (month, квартал, 季度) is this reading's, or nobody's: every word it cannot honour
(a quarter inside the question, "top 3", "growth", a margin) is named in a refusal, since
the P&L readings would answer another question. Months come only from month columns and
quarters from month or quarter columns; a whole-year column is never a period.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan import finsteps
from analyst.brain.plan.finance import unplaced_costs
from analyst.brain.plan.plan import Plan
from analyst.brain.understand import finask
from analyst.brain.understand.finperiods import MONTHS, QUARTER, YEAR, ZH_MONTH
from analyst.ingest.wide import period_of
from analyst.words import say as _say
from analyst.words.number_formats import currency_unit


def say(lang: str, key: str, **values: Any) -> str:
    return _say(lang, "finance", key, **values)


def _any(*stems: str) -> re.Pattern[str]:
    return re.compile("|".join(stems), re.IGNORECASE)


_HIGH = _any(r"\bhighest\b", r"\btop\b", r"\blargest\b", r"\bbiggest\b", r"\bgreatest\b", r"\bmost\b",
             r"\bmax(?:imum|imal)?\b", r"\bpeak\b", r"\brecord\b", r"\bstrongest\b",
             r"найбільш\w*", r"найвищ\w*", r"максимальн\w*", r"наибольш\w*", r"наивысш\w*",
             r"сам\w*\s+(?:высок|больш|крупн)\w*", r"最高", r"最大", r"最多")
_LOW = _any(r"\blowest\b", r"\bsmallest\b", r"\bleast\b", r"\bfewest\b", r"\bmin(?:imum|imal)?\b",
            r"\bweakest\b", r"найменш\w*", r"найнижч\w*", r"мінімальн\w*", r"наименьш\w*",
            r"наинизш\w*", r"минимальн\w*", r"сам\w*\s+(?:низк|маленьк|мал)\w*", r"最低", r"最小",
            r"最少")
_GOOD = _any(r"\bbest\b", r"найкращ\w*", r"(?<!\w)лучш\w*", r"最好", r"最佳")
_BAD = _any(r"\bworst\b", r"найгірш\w*", r"(?<!\w)худш\w*", r"最差", r"最糟")
_MONTH = _any(r"\bmonths?\b", r"місяц\w*", r"месяц\w*", r"哪一?个?月份?", r"月份")
_QUARTER = _any(r"\bquarters?\b", r"квартал\w*", r"哪一?个?季度", r"季度")
# The words that only ask: "in which", "had", "коли", "было", "是".
_ASKING = _any(r"\bwhen\b", r"\bdid\b", r"\bwe\b", r"\bsee\b", r"\bsaw\b", r"коли", r"когда",
               r"(?<!\w)бул[аио]?(?!\w)", r"(?<!\w)був(?!\w)", r"(?<!\w)был[аио]?(?!\w)",
               r"(?<!\w)мал[аи]?(?!\w)", r"(?<!\w)в(?!\w)", r"(?<!\w)у(?!\w)", r"(?<!\w)за(?!\w)",
               r"(?<!\w)по(?!\w)", r"(?<!\w)для(?!\w)", r"(?<!\w)найбільше(?!\w)",
               r"(?<!\w)больше\s+всего(?!\w)", r"(?<!\w)всего(?!\w)", r"是", r"出现在", r"哪")
_GOOD_FIGURES = ("revenue", "gross_profit", "operating_profit", "net_profit")


@dataclass(frozen=True)
class ExtremeAsk:
    """The period holding the highest or lowest figure of one line or result."""

    extreme: str
    """"max" or "min"."""
    by: str
    """"M" (months) or "Q" (quarters)."""
    figure: str | None = None
    line: str | None = None
    year: int | None = None
    unread: tuple[str, ...] = ()
    """Words of the question this reading does not honour: then it is declined."""


def _blank(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


def read_extreme(question: str, labels: Sequence[str] = ()) -> ExtremeAsk | None:
    """The question's period extreme, or None when it asks for none (no superlative or no
    month or quarter noun)."""
    text = " " + re.sub(r"\s+", " ", question.lower()) + " "
    months, quarters = bool(_MONTH.search(text)), bool(_QUARTER.search(text))
    found = {k: p.search(text) for k, p in (("max", _HIGH), ("min", _LOW), ("good", _GOOD),
                                             ("bad", _BAD))}
    ways = [k for k, m in found.items() if m]
    if any(p.search(text) for p in finask.OWN_READINGS):
        return None  # "largest expenses by month", "loss months", budget to date: finask's
    if months == quarters or len(ways) != 1:
        return None if not ways or not (months or quarters) else ExtremeAsk(
            "max", "M", unread=tuple(m.group(0).strip() for m in found.values() if m))
    left: list[str] = []
    line = finask.line_named(text, labels)
    figure = None if line else next((k for k, p in finask.FIGURE_WORDS if p.search(text)), None)
    way = ways[0]
    if way in ("good", "bad"):
        if figure not in _GOOD_FIGURES:
            # "The best month" of a cost or a line item: highest or lowest is the reader's call.
            left.append(str(found[way].group(0)))  # type: ignore[union-attr]
        way = "max" if way == "good" else "min"
    for pattern in finask.MEASURES:  # a measure this reading does not compute: named
        left += [m.group(0).strip() for m in pattern.finditer(text)]
    rest = _blank(_blank(_blank(text, _MONTH), _QUARTER), _ASKING)
    for pattern in (_HIGH, _LOW, _GOOD, _BAD):
        rest = _blank(rest, pattern)
    # A quarter or month inside the question ("which month of Q2") is not honoured: named.
    left += [m.group(0).strip() for p in (*QUARTER, *(p for _, p in MONTHS), ZH_MONTH)
             for m in p.finditer(rest)]
    left += finask.unread(rest, labels)
    if line is None and figure is None:
        left.append(str(next(m for m in found.values() if m).group(0)))
    years = [int(y) for y in YEAR.findall(text)]
    return ExtremeAsk(way, "Q" if quarters else "M", figure, line, years[-1] if years else None,
                      tuple(dict.fromkeys(w for w in left if w)))


def _grain(cards: Sequence[Any], found: finsteps.Statement) -> str:
    """"month", "quarter" or "year": the finest period of the statement's own columns (a
    statement without a wide twin is a table of dated rows: its months are real)."""
    long = next((c for c in cards if c.parquet_path == found.table.parquet_path), None)
    wide = next((c for c in cards if long is not None
                 and c.table == getattr(long, "wide_table", None)), None)
    if wide is None:
        return "month"
    kinds = [p[0].kind for p in map(period_of, getattr(wide, "period_columns", ()) or ()) if p]
    return next((k for k in ("day", "month", "quarter", "half", "year") if k in kinds), "year")


def extreme_plan(question: str, cards: Sequence[Any], found: finsteps.Statement,
                 lang: str) -> Plan | None:
    """The step naming the period of the extreme, the refusal that says why not, or None
    when the question asks for no period extreme."""
    ask = read_extreme(question, found.labels)
    if ask is None:
        return None
    if ask.unread:
        return Plan(reason=say(lang, "unread", words=", ".join(ask.unread)))
    grain = _grain(cards, found)
    if grain not in ("day", "month") and not (ask.by == "Q" and grain == "quarter"):
        return Plan(reason=say(lang, f"extreme_no_{'months' if ask.by == 'M' else 'quarters'}"))
    if ask.year is not None and found.years and ask.year not in found.years:
        return Plan(reason=say(lang, "no_year", year=ask.year,
                               years=f"{found.years[0]}–{found.years[-1]}"))
    if ask.figure == "gross_profit" and (unplaced := unplaced_costs(cards)):
        return Plan(reason=say(lang, "gross_unplaced", lines=", ".join(unplaced)))
    table = found.table
    args: dict[str, Any] = {"date": table.date, "account": table.account, "amount": table.amount,
                            "section": table.section,
                            **({"line": ask.line} if ask.line else {"figure": ask.figure}),
                            "extreme": ask.extreme, "by": ask.by,
                            **({"columns": "Q"} if grain == "quarter" else {}),
                            **({"year": ask.year} if ask.year is not None else {})}
    if table.currency:
        args["currency"] = currency_unit(table.currency, lang)
    title = say(lang, f"title_extreme_{ask.extreme}_{ask.by}")
    return Plan(steps=(PlannedStep("finance_extreme", title, "period_extreme", table.parquet_path,
                                   args, chart_title=None if lang == "en" else title,
                                   language=lang),))
