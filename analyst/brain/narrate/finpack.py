"""The finance pack's answers in words: a P&L's summary, budget against actual, the statement,
margins over time, the expense structure, notable changes; each from the step's figures only.
"""

from __future__ import annotations

import math
from typing import Any

from analyst.brain.code.codegen import PlannedStep, StepFigures
from analyst.brain.narrate.amounts import (
    all_rows,
    count,
    missing,
    money,
    pack_label,
    percent,
    period_label,
    stated,
)
from analyst.brain.understand.phrases import say
from analyst.words.number_formats import format_delta


def _pnl(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    v = f.figures
    text = say(lang, "pnl", revenue=money(v["revenue"], cur, lang), cogs=money(v["cogs"], cur, lang),
               gross_profit=money(v["gross_profit"], cur, lang),
               gross_margin=stated(v.get("gross_margin_pct"), "margin_not_stated", lang),
               opex=money(v["opex"], cur, lang),
               operating_profit=money(v["operating_profit"], cur, lang),
               operating_margin=stated(v.get("operating_margin_pct"), "margin_not_stated", lang))
    if v.get("loss_periods"):
        text += say(lang, "pnl_losses", count=count(v["loss_periods"], lang))
    return text


def _variance(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    v = f.figures
    line = step.arguments["line"]
    text = say(lang, "variance", actual=money(v["actual"], cur, lang),
               budget=money(v["budget"], cur, lang), variance=money(v["variance"], cur, lang),
               pct=format_delta(v["variance_pct"] / 100.0, lang) if not missing(v.get("variance_pct"))
               else "—",
               favourable=count(v["favourable_lines"], lang),
               unfavourable=count(v["unfavourable_lines"], lang))
    rows = [r for r in [*f.head, *f.tail] if r.get("assessment") == "unfavourable"]
    if rows:
        worst = max(rows, key=lambda r: abs(float(r["variance"])))
        text += say(lang, "variance_worst", name=worst[line],
                    variance=money(float(worst["variance"]), cur, lang))
    return text


def _statement(step: PlannedStep, f: StepFigures, lang: str) -> str:
    """The latest year of a statement's P&L; by quarter, each quarter's operating profit."""
    cur = step.arguments.get("currency")
    v = f.figures
    common: dict[str, Any] = {"year": int(v["year"]), "revenue": money(v["revenue"], cur, lang),
              "gross_profit": money(v["gross_profit"], cur, lang),
              "gross_margin": stated(v.get("gross_margin_pct"), "margin_not_stated", lang),
              "operating_profit": money(v["operating_profit"], cur, lang),
              "operating_margin": stated(v.get("operating_margin_pct"), "margin_not_stated", lang)}
    # A statement without interest or tax lines has no net profit: said absent, never its
    # operating profit again (`net` is absent on results recorded before it existed).
    if v.get("net", 1.0) and not math.isnan(v["net_profit"]):
        text = say(lang, "statement_year", **common, net_profit=money(v["net_profit"], cur, lang),
                   net_margin=stated(v.get("net_margin_pct"), "margin_not_stated", lang))
    else:
        text = say(lang, "statement_year_no_net", **common)
    rows = all_rows(f)
    if step.arguments.get("freq") == "Q" and rows:
        quarters = [r for r in rows if not str(r.get("quarter", "")).startswith("FY")]
        text += say(lang, "statement_quarters", quarters=say(lang, "item_sep").join(
            f"{pack_label(r['quarter'], lang)} {money(float(r['operating_profit']), cur, lang)}"
            for r in quarters))
    if v.get("loss_periods"):
        text += say(lang, "pnl_losses", count=count(v["loss_periods"], lang))
    return text


def _margin_trend(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    text = say(lang, "margins_year", year=int(v["year"]),
               gross=stated(v.get("gross_margin_pct"), "margin_not_stated", lang),
               operating=stated(v.get("operating_margin_pct"), "margin_not_stated", lang),
               net=stated(v.get("net_margin_pct"), "margin_not_stated", lang))
    rows = all_rows(f)
    if rows and not missing(v.get("best_operating_margin_pct")):
        best, worst = rows[int(v["best_month_index"])], rows[int(v["worst_month_index"])]
        text += say(lang, "margins_range",
                    worst=percent(v["worst_operating_margin_pct"], lang),
                    worst_month=period_label(worst["month"], lang),
                    best=percent(v["best_operating_margin_pct"], lang),
                    best_month=period_label(best["month"], lang))
    return text


def _expense_structure(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    v = f.figures
    account = step.arguments.get("account", "")
    top = f.head[0] if f.head else {}
    year = say(lang, "expenses_in_year", year=int(v["year"])) if "year" in v else ""
    return say(lang, "expenses_year", year=year, total=money(v["total_costs"], cur, lang),
               cogs=money(v["cogs"], cur, lang), opex=money(v["opex"], cur, lang),
               name=top.get(account, "—"), amount=money(v["largest"], cur, lang),
               share=stated(v.get("largest_share_pct"), "share_not_stated", lang))


def _notable_changes(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    account = step.arguments.get("account", "")
    rows = list(f.head)
    if not rows:
        return say(lang, "changes_none")

    def pct(row: dict[str, Any]) -> str:
        value = row.get("change_pct")
        return "—" if missing(value) else format_delta(float(value or 0.0) / 100.0, lang)

    first = rows[0]
    text = say(lang, "changes_first", name=first[account],
               month=period_label(first["month"], lang),
               change=money(float(first["change"]), cur, lang), pct=pct(first),
               previous=money(float(first["previous"]), cur, lang),
               value=money(float(first["value"]), cur, lang))
    if len(rows) > 1:
        text += say(lang, "changes_next", items=say(lang, "item_sep").join(
            f"{r[account]}, {period_label(r['month'], lang)}: {money(float(r['change']), cur, lang)}"
            f" ({pct(r)})" for r in rows[1:3]))
    return text


WRITERS = {
    "pnl_summary": _pnl,
    "budget_vs_actual": _variance,
    "pnl_statement": _statement,
    "margin_trend": _margin_trend,
    "expense_structure": _expense_structure,
    "notable_changes": _notable_changes,
}
