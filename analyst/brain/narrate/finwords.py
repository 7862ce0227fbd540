"""The words of an answer to one finance question (`brain.understand.finask`), from the step's figures.

Each paragraph starts with the reading ("I read this as: Marketing, March 2026.") and then
quotes only what the step printed: its figures and its table's rows. The words are the
catalogue's context "finance" in the reader's language; numbers use the report's formatters.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from analyst.brain.code.codegen import PlannedStep, StepFigures
from analyst.recipes.labels import month_label
from analyst.words import say as _say
from analyst.words.number_formats import format_delta, format_int, format_money, format_percent

CONTEXT = "finance"


def say(lang: str, key: str, plural: int | None = None, **values: Any) -> str:
    return _say(lang, CONTEXT, key, plural=plural, **values)


def _sp(lang: str) -> str:
    """Sentences are spaced apart, but not in Chinese."""
    return "" if lang == "zh" else " "


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _money(step: PlannedStep, value: float, lang: str) -> str:
    return format_money(value, step.arguments.get("currency"), lang)


def _pct(value: float | None, lang: str) -> str:
    """A 0-100 figure; a figure the sanity checks removed is said to be not stated."""
    return say(lang, "not_stated") if _missing(value) else format_percent(
        float(value) / 100.0, language=lang)  # type: ignore[arg-type]


def _delta(value: float | None, lang: str) -> str:
    return "—" if _missing(value) else format_delta(float(value) / 100.0, lang)  # type: ignore[arg-type]


def period_words(year: float, quarter: float, month: float, lang: str) -> str:
    """2026, 2, 0 -> "Q2 2026"; 2026, 0, 3 -> "Mar 2026"; 2026, 0, 0 -> "2026"."""
    y, q, m = int(year), int(quarter), int(month)
    if m:
        return month_label(f"{y}-{m:02d}", lang) or f"{y}-{m:02d}"
    if q:
        return say(lang, "quarter", quarter=q, year=y)
    return say(lang, "year", year=y)


def row_period(label: object, lang: str) -> str:
    """A table row's period ("2026-03", "2026-Q2", "2026") in the reader's words."""
    text = str(label)
    if "-Q" in text:
        year, quarter = text.split("-Q")
        return say(lang, "quarter", quarter=int(quarter), year=int(year))
    return month_label(text, lang) or text


def _what(step: PlannedStep, lang: str) -> str:
    line = step.arguments.get("line")
    if line:
        return say(lang, "what_line", line=line)
    return say(lang, f"figure_{step.arguments.get('figure') or 'revenue'}")


def _period_of(f: dict[str, float], lang: str) -> str:
    return period_words(f.get("year", 0), f.get("quarter", 0), f.get("month", 0), lang)


def _rows(f: StepFigures) -> list[dict[str, Any]]:
    """Every row the step printed (its head and tail, without the overlap)."""
    rows = list(f.head)
    if f.rows > len(rows):
        rows += list(f.tail)[max(0, len(rows) + len(f.tail) - f.rows):]
    return rows


def _list(lang: str, items: list[str]) -> str:
    return say(lang, "separator").join(items)


def _more(lang: str, f: StepFigures, shown: int) -> str:
    hidden = f.rows - shown
    return say(lang, "more_rows", plural=hidden, n=format_int(hidden, lang)) if hidden > 0 else ""


def _figure(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    what, period = _what(step, lang), _period_of(v, lang)
    by, average = step.arguments.get("by"), step.arguments.get("average")
    asked = (say(lang, "what_of_revenue", what=what) if "of_revenue_pct" in v
             else say(lang, f"what_average_{average}", what=what) if average else what)
    text = say(lang, "reading", what=asked, period=period + (say(lang, f"by_{by}") if by else ""))
    text += _sp(lang) + say(lang, "total", what=what, period=period, value=_money(step, v["value"], lang))
    if "of_revenue_pct" in v:  # a ratio to the period's revenue, stated with that revenue
        text += _sp(lang) + say(lang, "of_revenue", pct=_pct(v["of_revenue_pct"], lang),
                                revenue=_money(step, v["revenue"], lang))
    if average and not _missing(v.get("per_period")):
        text += _sp(lang) + say(lang, f"average_{average}", value=_money(step, v["per_period"], lang),
                                n=format_int(int(v["average_periods"]), lang))
    if by:
        rows = _rows(f)
        items = [say(lang, "period_value", period=row_period(r["period"], lang),
                     value=_money(step, float(r["value"]), lang)
                     + (f" ({_pct(r['of_revenue_pct'], lang)})" if "of_revenue_pct" in r else ""))
                 for r in rows]
        text += _sp(lang) + say(lang, f"list_{by}", items=_list(lang, items)) + _more(lang, f, len(rows))
    return text


def _losses(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    months = int(v["months"])
    period = (say(lang, "year", year=int(v["year"])) if v.get("year")
              else say(lang, "all_months", plural=months, n=format_int(months, lang)))
    text = say(lang, "reading", what=say(lang, "what_losses"), period=period)
    count = int(v["loss_months"])
    if not count:
        return text + _sp(lang) + say(lang, "no_losses", plural=months, n=format_int(months, lang))
    rows = _rows(f)
    items = []
    for r in rows:
        net = (say(lang, "loss_net", net=_money(step, float(r["net_profit"]), lang))
               if v.get("net") else "")
        items.append(say(lang, "loss_item", month=row_period(r["month"], lang),
                         operating=_money(step, float(r["operating_profit"]), lang), net=net))
    text += _sp(lang) + say(lang, "losses", plural=count, n=format_int(count, lang),
                      months=format_int(months, lang), items=_list(lang, items))
    return text + _more(lang, f, len(rows))


_MARGINS = ("gross", "operating", "net")


def _margins(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    period = _period_of(v, lang)
    kinds = ([step.arguments["margin"]] if step.arguments.get("margin") in _MARGINS
             else [k for k in _MARGINS if k != "net" or v.get("net")])
    what = say(lang, "what_margins") if len(kinds) > 1 else say(lang, f"margin_{kinds[0]}")
    by = step.arguments.get("by")
    text = say(lang, "reading", what=what, period=period + (say(lang, "by_M") if by else ""))
    parts = [say(lang, "margin_value", name=say(lang, f"margin_{k}"),
                 value=_pct(v.get(f"{k}_margin_pct"), lang),
                 profit=_money(step, v[f"{k}_profit"], lang)) for k in kinds]
    text += _sp(lang) + say(lang, "margins", period=period, revenue=_money(step, v["revenue"], lang),
                      items=_list(lang, parts))
    if by:
        rows = _rows(f)
        items = [say(lang, "period_value", period=row_period(r["month"], lang), value=", ".join(
            _pct(None if _missing(r.get(f"{k}_margin_pct")) else float(r[f"{k}_margin_pct"]),
                 lang) for k in kinds)) for r in rows]
        text += _sp(lang) + say(lang, "list_M", items=_list(lang, items)) + _more(lang, f, len(rows))
    return text


def _expenses(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    period = _period_of(v, lang)
    shown, lines = int(v["shown"]), int(v["lines"])
    text = say(lang, "reading", what=say(lang, "what_expenses", plural=shown,
                                         n=format_int(shown, lang)), period=period)
    items = [say(lang, "expense_item", line=r["line_item"], cost=_money(step, float(r["cost"]), lang),
                 share=_pct(None if _missing(r.get("share_pct")) else float(r["share_pct"]), lang))
             for r in _rows(f)]
    text += _sp(lang) + say(lang, "expenses", plural=lines, n=format_int(lines, lang),
                      total=_money(step, v["total_costs"], lang), items=_list(lang, items))
    if not _missing(v.get("top_share_pct")) and shown < lines:
        text += _sp(lang) + say(lang, "expenses_share", plural=shown, n=format_int(shown, lang),
                          share=_pct(v["top_share_pct"], lang))
    return text


def _growth(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    compare = str(step.arguments.get("compare", "MoM"))
    what = _what(step, lang)
    now = period_words(v["year"], v["quarter"], v["month"], lang)
    before = period_words(v["previous_year"], v["previous_quarter"], v["previous_month"], lang)
    text = say(lang, "reading", what=what, period=say(lang, f"compare_{compare}"))
    text += _sp(lang) + say(lang, "growth", what=what, now=now, value=_money(step, v["value"], lang),
                      before=before, previous=_money(step, v["previous"], lang),
                      change=_money(step, v["change"], lang), pct=_delta(v.get("change_pct"), lang))
    return text


def _verdict(variance: float, revenue: bool, lang: str) -> str:
    if variance == 0:
        return say(lang, "on_budget")
    good = variance > 0 if revenue else variance < 0
    return say(lang, "favourable" if good else "unfavourable")


def _budget(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    through = period_words(v["year"], 0, v["through_month"], lang)
    months = int(v["months"])
    text = say(lang, "reading", what=say(lang, "what_budget"),
               period=say(lang, "through", month=through))
    if step.arguments.get("scope") == "year":
        # The question asked for the whole year's budget: that leads, the year to date follows.
        text += _sp(lang) + say(lang, "budget_full_year", year=int(v["year"]),
                                revenue=_money(step, v["year_revenue_budget"], lang),
                                cost=_money(step, v["year_cost_budget"], lang))
    parts = []
    for part in ("revenue", "cost"):
        if not v.get(f"{part}_budget") and not v.get(f"{part}_actual"):
            continue
        parts.append(say(lang, f"budget_{part}", actual=_money(step, v[f"{part}_actual"], lang),
                         budget=_money(step, v[f"{part}_budget"], lang),
                         variance=_money(step, v[f"{part}_variance"], lang),
                         pct=_delta(v.get(f"{part}_variance_pct"), lang),
                         verdict=_verdict(v[f"{part}_variance"], part == "revenue", lang)))
    text += _sp(lang) + say(lang, "budget", plural=months, n=format_int(months, lang), month=through,
                      items=_list(lang, parts),
                      favourable=format_int(v["favourable_lines"], lang),
                      unfavourable=format_int(v["unfavourable_lines"], lang))
    if v.get("budget_months", 0) > months:
        text += _sp(lang) + say(lang, "budget_later", month=through)
    rows = [r for r in _rows(f) if r.get("assessment") == "unfavourable"]
    if rows:
        worst = max(rows, key=lambda r: abs(float(r["variance"])))
        text += _sp(lang) + say(lang, "budget_worst", line=worst["line"],
                          variance=_money(step, float(worst["variance"]), lang),
                          pct=_delta(None if _missing(worst.get("variance_pct"))
                                     else float(worst["variance_pct"]), lang))
    return text


def _ranking(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    item = str(step.arguments["item"])
    period = _period_of(v, lang)
    text = say(lang, "reading", what=say(lang, "what_ranking", item=item), period=period)
    rows = _rows(f)
    items = [say(lang, "rank_item", rank=format_int(float(r["rank"]), lang), name=r[item],
                 value=_money(step, float(r["value"]), lang),
                 share=_pct(None if _missing(r.get("share_pct")) else float(r["share_pct"]), lang))
             for r in rows]
    text += _sp(lang) + say(lang, "ranking", total=_money(step, v["total"], lang),
                      items=_list(lang, items))
    return text + _more(lang, f, len(rows))


def _extreme(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    way, by = step.arguments.get("extreme", "max"), step.arguments.get("by", "M")
    what, n, ties = _what(step, lang), int(v["periods"]), int(v["ties"])
    holders = [r for r in _rows(f) if r.get("extreme")][:ties]
    q = by == "Q"
    first = period_words(v["first_year"], v["first_part"] * q, v["first_part"] * (not q), lang)
    last = period_words(v["last_year"], v["last_part"] * q, v["last_part"] * (not q), lang)
    span = first if n == 1 else say(lang, "span", first=first, last=last)
    text = say(lang, "reading", what=say(lang, f"extreme_what_{way}_{by}", what=what), period=span)
    value = _money(step, v["value"], lang)
    if ties == 1:
        return text + _sp(lang) + say(lang, f"extreme_one_{way}_{by}", plural=n, what=what,
                                      period=row_period(holders[0]["period"], lang), value=value,
                                      n=format_int(n, lang))
    named = _list(lang, [row_period(r["period"], lang) for r in holders])
    text += _sp(lang) + say(lang, f"extreme_tie_{way}_{by}", plural=ties, what=what, value=value,
                            periods=named, count=format_int(ties, lang))
    return text + (say(lang, "more_rows", plural=ties - len(holders),
                       n=format_int(ties - len(holders), lang)) if ties > len(holders) else "")


WRITERS: dict[str, Callable[[PlannedStep, StepFigures, str], str]] = {
    "statement_figure": _figure,
    "loss_months": _losses,
    "statement_margins": _margins,
    "largest_expenses": _expenses,
    "line_growth": _growth,
    "budget_to_date": _budget,
    "rank_items": _ranking,
    "period_extreme": _extreme,
}
