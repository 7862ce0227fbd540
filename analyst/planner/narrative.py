"""Plain-words sentences from a step's figures: "Revenue grew 12.4% in March to $1,234,567."

Every number here was printed by the step's own code (see `codegen.read_figures`); nothing
is recomputed, so the words and the table always agree.
"""

from __future__ import annotations

import math
from typing import Any

from analyst.planner.codegen import PlannedStep, StepFigures
from analyst.report.formats import format_money


def money(value: float, currency: str | None = None) -> str:
    """1234567.891, "$" -> "$1,234,567.89": the report's own format, so words match tables."""
    return format_money(value, currency)


def percent(value: float) -> str:
    """A 0-100 value: 12.345 -> "12.3%"."""
    if value is None or math.isnan(value):
        return "n/a"
    return f"{value:.1f}%"


def count(value: float) -> str:
    return f"{round(value):,}"


def describe(step: PlannedStep, figures: StepFigures, seen_notes: set[str] | None = None) -> str:
    """One short paragraph about a finished step, with its real numbers.

    `seen_notes` holds notes already told in earlier paragraphs: the same caveat ("448 rows
    have a negative Revenue") is said once per answer or report, not once per section.
    """
    writer = _WRITERS.get(figures.recipe or step.recipe)
    text = writer(step, figures) if writer else figures.title
    seen = set() if seen_notes is None else seen_notes
    fresh = [n for n in figures.notes if n not in seen][:3]
    seen.update(fresh)
    if fresh:
        text += " Note: " + " ".join(fresh)
    return text


def _kpi(step: PlannedStep, f: StepFigures) -> str:
    cur = step.arguments.get("currency")
    amount = step.arguments["amount"]
    v = f.figures
    text = f"Total {amount} is {money(v['total'], cur)} over {count(v['rows'])} rows"
    if "order_id" in step.arguments:
        text += (f" ({count(v['orders'])} orders, average order value "
                 f"{money(v['average_order_value'], cur)})")
    text += "."
    dates = {str(r.get("metric")): r.get("value") for r in (*f.head, *f.tail)}
    if "First date" in dates and "Last date" in dates:
        text += f" The data covers {dates['First date']} to {dates['Last date']}."
    if "gross_profit" in v:
        text += (f" Gross profit is {money(v['gross_profit'], cur)}, a gross margin of "
                 f"{percent(v.get('gross_margin_pct', math.nan))}.")
    if "returns" in v:
        text += (f" {count(v['return_rows'])} negative rows (returns) total "
                 f"{money(v['returns'], cur)} and are netted in.")
    return text


def _dynamics(step: PlannedStep, f: StepFigures) -> str:
    cur = step.arguments.get("currency")
    amount = step.arguments["amount"]
    word = {"M": "month", "W": "week", "Q": "quarter"}[step.arguments.get("freq", "M")]
    rows = _all_rows(f)
    v = f.figures
    parts = [(f"{amount} by {word}: {money(v['total'], cur)} in total over "
             f"{count(v['periods'])} {word}s.")]
    if rows is not None and len(rows) <= 12:
        parts.append("; ".join(f"{r[word]}: {money(float(r[amount]), cur)}" for r in rows) + ".")
    last_label = f.tail[-1][word] if f.tail else "the last " + word
    change = v.get("last_change_pct", math.nan)
    if not math.isnan(change):
        verb = "grew" if change >= 0 else "fell"
        parts.append(f"{amount} {verb} {abs(change):.1f}% in {last_label} to "
                     f"{money(v['last'], cur)}.")
    if rows is not None and len(rows) > 1:
        best = max(rows, key=lambda r: float(r[amount]))
        parts.append(f"The best {word} was {best[word]} with {money(float(best[amount]), cur)}.")
    return " ".join(parts)


def _top(step: PlannedStep, f: StepFigures) -> str:
    cur = step.arguments.get("currency")
    by, amount = step.arguments["by"], step.arguments["amount"]
    v = f.figures
    ranked = [r for r in f.head if r.get("rank") not in (None, "", "<NA>")]
    names = ", ".join(f"{r[by]} ({money(float(r[amount]), cur)})" for r in ranked[:5])
    shown = min(int(step.arguments.get("n", 10)), int(v["items"]))
    text = (f"The top {shown} of {count(v['items'])} {by} bring "
            f"{money(v['top_total'], cur)}, {percent(v['top_share_pct'])} of the total "
            f"{money(v['total'], cur)}. Largest: {names}.")
    rest = int(v["items"]) - shown
    if rest > 0 and v.get("total"):
        text += (f" The other {count(rest)} {by} bring {money(v['other_total'], cur)} "
                 f"({percent(v['other_total'] / v['total'] * 100)}).")
    return text


def _abc(step: PlannedStep, f: StepFigures) -> str:
    cur = step.arguments.get("currency")
    item, amount = step.arguments["item"], step.arguments["amount"]
    v = f.figures
    classes = "; ".join(
        f"class {k.upper()}: {count(v[f'{k}_items'])} {item} with "
        f"{percent(v[f'{k}_share_pct'])} of {amount}"
        for k in "abc"
    )
    return (f"ABC analysis of {count(v['items'])} {item} by {amount} "
            f"(total {money(v['total'], cur)}): {classes}.")


def _breakdown(step: PlannedStep, f: StepFigures) -> str:
    cur = step.arguments.get("currency")
    by, amount = step.arguments["by"], step.arguments["amount"]
    v = f.figures
    top = f.head[0][by] if f.head else "?"
    others = ", ".join(
        f"{r[by]} ({money(float(r[amount]), cur)})" for r in f.head[1:4]
    )
    text = (f"{amount} by {by}: {count(v['groups'])} groups, total {money(v['total'], cur)}. "
            f"The largest is {top} with {money(v['largest'], cur)} "
            f"({percent(v['largest_share_pct'])})")
    return text + (f", then {others}." if others else ".")


def _margin(step: PlannedStep, f: StepFigures) -> str:
    cur = step.arguments.get("currency")
    by = step.arguments["by"]
    v = f.figures
    text = (f"Gross profit is {money(v['gross_profit'], cur)} on revenue "
            f"{money(v['revenue'], cur)}, a margin of {percent(v['margin_pct'])}.")
    if f.head:
        best = f.head[0]
        text += (f" The most profitable {by} is {best[by]} with "
                 f"{money(float(best['gross_profit']), cur)}.")
    if v.get("loss_groups"):
        text += f" {count(v['loss_groups'])} {by} lose money."
    return text


def _funnel(step: PlannedStep, f: StepFigures) -> str:
    v = f.figures
    stages = [k.split(":", 1)[1] for k in v if k.startswith("conversion_pct:")]
    steps = "; ".join(f"{s.replace('->', ' to ')}: {percent(v['conversion_pct:' + s])}"
                      for s in stages)
    return (f"Overall conversion is {percent(v['overall_conversion_pct'])}: "
            f"{count(v['first_stage_count'])} at the first stage, "
            f"{count(v['last_stage_count'])} at the last. Stage to stage: {steps}.")


def _pnl(step: PlannedStep, f: StepFigures) -> str:
    cur = step.arguments.get("currency")
    v = f.figures
    text = (f"Revenue {money(v['revenue'], cur)}, cost of goods {money(v['cogs'], cur)}, "
            f"gross profit {money(v['gross_profit'], cur)} "
            f"({percent(v['gross_margin_pct'])}); operating expenses {money(v['opex'], cur)}, "
            f"operating profit {money(v['operating_profit'], cur)} "
            f"({percent(v['operating_margin_pct'])}).")
    if v.get("loss_periods"):
        text += f" {count(v['loss_periods'])} period(s) made an operating loss."
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
