"""Plain-words sentences from a step's figures: "Revenue grew 12.4% in March to $1,234,567."

Every number here was printed by the step's own code (see `codegen.read_figures`); nothing
is recomputed, so the words and the table always agree. The words come from
`phrases` in the answer's language; the numbers from the report's own formatters.
"""

from __future__ import annotations

import math
from typing import Any

from analyst.planner.codegen import PlannedStep, StepFigures
from analyst.planner.phrases import say, translate_note
from analyst.report.formats import format_delta, format_int, format_money, format_percent


def money(value: float, currency: str | None = None, language: str = "en") -> str:
    """1234567.891, "$" -> "$1,234,567.89" ("грн", "uk" -> "1 234 567,89 грн"): the
    report's own format, so words match tables."""
    return format_money(value, currency, language)


def percent(value: float | None, language: str = "en") -> str:
    """A 0-100 value: 12.345 -> "12.3%" (the recipes' figures are 0-100, the report's 0-1)."""
    return format_percent(None if value is None else value / 100.0, language=language)


def count(value: float, language: str = "en") -> str:
    return format_int(value, language)


def describe(step: PlannedStep, figures: StepFigures, seen_notes: set[str] | None = None,
             language: str = "en") -> str:
    """One short paragraph about a finished step, with its real numbers, in `language`.

    `seen_notes` holds notes already told in earlier paragraphs: the same caveat ("448 rows
    have a negative Revenue") is said once per answer or report, not once per section.
    """
    writer = _WRITERS.get(figures.recipe or step.recipe)
    text = writer(step, figures, language) if writer else figures.title
    seen = set() if seen_notes is None else seen_notes
    fresh = [n for n in figures.notes if n not in seen][:3]
    seen.update(fresh)
    if fresh:
        space = "" if language == "zh" else " "  # Chinese sentences are not spaced
        text += space + say(language, "note") + space + space.join(
            translate_note(n, language) for n in fresh)
    return text


def _kpi(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    v = f.figures
    text = say(lang, "kpi", amount=step.arguments["amount"], total=money(v["total"], cur, lang),
               rows=count(v["rows"], lang))
    if "order_id" in step.arguments:
        text += say(lang, "kpi_orders", orders=count(v["orders"], lang),
                    aov=money(v["average_order_value"], cur, lang))
    text += say(lang, "kpi_end")
    if "gross_profit" in v:
        text += say(lang, "kpi_margin", profit=money(v["gross_profit"], cur, lang),
                    margin=percent(v.get("gross_margin_pct", math.nan), lang))
    if "returns" in v:
        text += say(lang, "kpi_returns", rows=count(v["return_rows"], lang),
                    returns=money(v["returns"], cur, lang))
    return text


def _dynamics(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    amount = step.arguments["amount"]
    word = {"M": "month", "W": "week", "Q": "quarter"}[step.arguments.get("freq", "M")]
    rows = _all_rows(f)
    v = f.figures
    parts = [say(lang, "dynamics", amount=amount, period=say(lang, f"by_{word}"),
                 total=money(v["total"], cur, lang), periods=count(v["periods"], lang),
                 periods_word=say(lang, f"periods_{word}"))]
    if rows is not None and len(rows) <= 12:
        parts.append(say(lang, "item_sep").join(
            f"{r[word]}: {money(float(r[amount]), cur, lang)}" for r in rows) + say(lang, "kpi_end"))
    last_label = f.tail[-1][word] if f.tail else "—"
    change = v.get("last_change_pct", math.nan)
    if not math.isnan(change):
        # English says "grew 4.0%"; the other languages quote the signed change.
        shown = percent(abs(change), lang) if lang == "en" else format_delta(change / 100.0, lang)
        parts.append(say(lang, "dynamics_up" if change >= 0 else "dynamics_down",
                         amount=amount, change=shown, label=last_label,
                         last=money(v["last"], cur, lang)))
    if rows is not None and len(rows) > 1:
        best = max(rows, key=lambda r: float(r[amount]))
        parts.append(say(lang, "dynamics_best", period=say(lang, f"period_{word}"),
                         label=best[word], value=money(float(best[amount]), cur, lang)))
    return ("" if lang == "zh" else " ").join(parts)


def _top(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    by, amount = step.arguments["by"], step.arguments["amount"]
    v = f.figures
    ranked = [r for r in f.head if r.get("rank") not in (None, "", "<NA>")]
    names = say(lang, "list_sep").join(
        say(lang, "name_value", name=r[by], value=money(float(r[amount]), cur, lang))
        for r in ranked[:5])
    shown = min(int(step.arguments.get("n", 10)), int(v["items"]))
    text = say(lang, "top", shown=shown, items=count(v["items"], lang), by=by,
               top_total=money(v["top_total"], cur, lang), share=percent(v["top_share_pct"], lang),
               total=money(v["total"], cur, lang), names=names)
    rest = int(v["items"]) - shown
    if rest > 0 and v.get("total"):
        text += say(lang, "top_other", rest=count(rest, lang), by=by,
                    other=money(v["other_total"], cur, lang),
                    share=percent(v["other_total"] / v["total"] * 100, lang))
    return text


def _abc(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    item, amount = step.arguments["item"], step.arguments["amount"]
    v = f.figures
    classes = say(lang, "item_sep").join(
        say(lang, "abc_class", klass=k.upper(), count=count(v[f"{k}_items"], lang), item=item,
            share=percent(v[f"{k}_share_pct"], lang), amount=amount)
        for k in "abc"
    )
    return say(lang, "abc", items=count(v["items"], lang), item=item, amount=amount,
               total=money(v["total"], cur, lang), classes=classes)


def _breakdown(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    by, amount = step.arguments["by"], step.arguments["amount"]
    v = f.figures
    others = say(lang, "list_sep").join(
        say(lang, "name_value", name=r[by], value=money(float(r[amount]), cur, lang))
        for r in f.head[1:4])
    text = say(lang, "breakdown", amount=amount, by=by, groups=count(v["groups"], lang),
               total=money(v["total"], cur, lang), top=f.head[0][by] if f.head else "?",
               largest=money(v["largest"], cur, lang), share=percent(v["largest_share_pct"], lang))
    return text + (say(lang, "breakdown_then", others=others) if others else say(lang, "kpi_end"))


def _margin(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    by = step.arguments["by"]
    v = f.figures
    text = say(lang, "margin", profit=money(v["gross_profit"], cur, lang),
               revenue=money(v["revenue"], cur, lang), margin=percent(v["margin_pct"], lang))
    if f.head:
        best = f.head[0]
        text += say(lang, "margin_best", by=by, best=best[by],
                    best_profit=money(float(best["gross_profit"]), cur, lang))
    if v.get("loss_groups"):
        text += say(lang, "margin_losses", count=count(v["loss_groups"], lang), by=by)
    return text


def _funnel(step: PlannedStep, f: StepFigures, lang: str) -> str:
    v = f.figures
    stages = [k.split(":", 1)[1] for k in v if k.startswith("conversion_pct:")]
    steps = say(lang, "item_sep").join(
        say(lang, "funnel_step", a=s.split("->", 1)[0], b=s.split("->", 1)[-1],
            share=percent(v["conversion_pct:" + s], lang))
        for s in stages)
    return say(lang, "funnel", overall=percent(v["overall_conversion_pct"], lang),
               first=count(v["first_stage_count"], lang), last=count(v["last_stage_count"], lang),
               steps=steps)


def _pnl(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    v = f.figures
    text = say(lang, "pnl", revenue=money(v["revenue"], cur, lang), cogs=money(v["cogs"], cur, lang),
               gross_profit=money(v["gross_profit"], cur, lang),
               gross_margin=percent(v["gross_margin_pct"], lang), opex=money(v["opex"], cur, lang),
               operating_profit=money(v["operating_profit"], cur, lang),
               operating_margin=percent(v["operating_margin_pct"], lang))
    if v.get("loss_periods"):
        text += say(lang, "pnl_losses", count=count(v["loss_periods"], lang))
    return text


def _all_rows(f: StepFigures) -> list[dict[str, Any]] | None:
    """Every row of the table when head and tail together cover it, else None."""
    if f.rows <= len(f.head):
        return list(f.head)
    return None


_WRITERS = {
    "kpi_summary": _kpi,
    "period_dynamics": _dynamics,
    "top_n": _top,
    "abc_analysis": _abc,
    "breakdown": _breakdown,
    "margin_by": _margin,
    "funnel_conversion": _funnel,
    "pnl_summary": _pnl,
}
