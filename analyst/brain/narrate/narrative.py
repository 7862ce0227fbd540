"""Plain-words sentences from a step's figures: "Revenue grew 12.4% in March to $1,234,567."

Every number here was sent by the step's own code (see `record.figures_sent`); nothing
is recomputed, so the words and the table always agree. The words come from
`phrases` in the answer's language; the numbers from the report's own formatters.
"""

from __future__ import annotations

import math
import re
from typing import Any

from analyst.brain.code.codegen import PlannedStep, StepFigures
from analyst.brain.narrate.finwords import WRITERS
from analyst.brain.understand.phrases import say
from analyst.brain.understand.phrases.nouns import Noun
from analyst.recipes.labels import month_label
from analyst.recipes.sanity import checked_share
from analyst.words.note import RecipeNote, render
from analyst.words.number_formats import (
    format_delta,
    format_int,
    format_money,
    format_number,
    format_percent,
)

NOTES_SHOWN = 3
"""Notes quoted in a paragraph; the rest are counted ("+2 more notes") and kept in the
step's figures, never dropped silently."""

# Notes that change what a number means come first: how a column was computed, partial or
# empty periods, values left out or read from text. Other caveats follow in the recipe's order.
_NOTE_PRIORITY = (
    # A figure that was not stated says why first (recipes/sanity.py).
    "note_margin_high", "note_margin_low", "note_margin_revenue", "note_share_high",
    "note_share_negative_total", "note_cells_hidden", "note_shares_hidden", "note_cost_sign",
    "note_cost_from_units", "note_revenue_from_units", "note_profit_computed",
    "note_partial_last", "note_partial_first", "note_empty_periods", "note_undated",
    "note_unreadable_dates", "note_missing", "note_text_numbers", "note_text_dates",
    "note_no_order", "note_negative", "note_abc_non_positive", "note_not_positive",
)


def money(value: float, currency: str | None = None, language: str = "en") -> str:
    """1234567.891, "$" -> "$1,234,567.89" ("грн", "uk" -> "1 234 567,89 грн"): the
    report's own format, so words match tables."""
    return format_money(value, currency, language)


def percent(value: float | None, language: str = "en") -> str:
    """A 0-100 value: 12.345 -> "12.3%" (the recipes' figures are 0-100, the report's 0-1)."""
    return format_percent(None if value is None else value / 100.0, language=language)


def count(value: float, language: str = "en") -> str:
    return format_int(value, language)


_ISO_MONTH = re.compile(r"(?<![\d-])\d{4}-\d{2}(?![\d-])")


def period_label(label: object, language: str = "en") -> str:
    """A period as the charts say it: a month "2025-07" -> "Jul 2025" ("лип. 2025");
    weeks (a date) and quarters ("2025 Q3") as they are."""
    return month_label(str(label), language) or str(label)


_PACK_QUARTER = re.compile(r"Q([1-4]) (\d{4})")
_PACK_YEAR = re.compile(r"FY (\d{4})")


def pack_label(label: object, language: str = "en") -> str:
    """A finance pack's period as a reader says it: "2025-07" -> "Jul 2025" ("лип. 2025"),
    "Q3 2025" -> "3 кв. 2025", the year's total row "FY 2025" -> "2025 рік"."""
    text = str(label)
    if quarter := _PACK_QUARTER.fullmatch(text):
        return say(language, "pack_quarter", q=quarter[1], year=quarter[2])
    if year := _PACK_YEAR.fullmatch(text):
        return say(language, "pack_year", year=year[1])
    return period_label(text, language)


def months_in(text: str, language: str = "en") -> str:
    """Every month label "2025-07" in a sentence said as "Jul 2025"; dates stay dates."""
    return _ISO_MONTH.sub(lambda m: period_label(m.group(0), language), text)


def describe(step: PlannedStep, figures: StepFigures, seen_notes: set[str] | None = None,
             language: str = "en", max_notes: int | None = NOTES_SHOWN) -> str:
    """One short paragraph about a finished step, with its real numbers, in `language`.

    `seen_notes` holds notes already told in earlier paragraphs: the same caveat ("448 rows
    have a negative Revenue") is said once per answer or report, not once per section.
    `max_notes` notes are quoted (None: all, as a report does), the rest counted.
    """
    writer = _WRITERS.get(figures.recipe or step.recipe)
    # Without a writer, the recipe's own title: said in the reader's language by its id.
    text = writer(step, figures, language) if writer else render(figures.title, language)
    seen = set() if seen_notes is None else seen_notes
    fresh = ordered_notes(n for n in figures.notes if n not in seen)
    limit = len(fresh) if max_notes is None else max_notes
    shown, hidden = fresh[:limit], len(fresh) - limit
    seen.update(shown)
    if shown:
        space = "" if language == "zh" else " "  # Chinese sentences are not spaced
        text += space + say(language, "note") + space + space.join(
            months_in(_said(n, language), language) for n in shown)
        if hidden > 0:
            text += space + (say(language, "more_note") if hidden == 1
                             else say(language, "more_notes", n=count(hidden, language)))
    return text


def _number(value: float, lang: str) -> str:
    """18.0 -> "18" (units are whole numbers most of the time); 2.5 -> "2.50"."""
    if float(value).is_integer():
        return format_int(value, lang)
    return format_number(value, language=lang)


def ordered_notes(notes: Any) -> list[str]:
    """`notes` with those that change the numbers' meaning first (stable otherwise)."""
    def rank(note: str) -> int:
        key = note.key if isinstance(note, RecipeNote) else None
        return _NOTE_PRIORITY.index(key) if key in _NOTE_PRIORITY else len(_NOTE_PRIORITY)

    return sorted(dict.fromkeys(notes), key=rank)


def _said(note: str, language: str) -> str:
    """A note in `language`: a recipe's by its id; text (a model's own sentence, a note
    stored by an earlier version) as it was written."""
    return render(note, language)


def _value(step: PlannedStep, value: float, lang: str) -> str:
    """A figure of the step's measure: money, or a plain number for a quantity."""
    if step.unit == "number":
        return _number(value, lang)
    return money(value, step.arguments.get("currency"), lang)


def _kpi(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    v = f.figures
    text = say(lang, "kpi", amount=step.arguments["amount"], total=money(v["total"], cur, lang),
               rows=count(v["rows"], lang))
    if "order_id" in step.arguments:
        text += say(lang, "kpi_orders", orders=count(v["orders"], lang),
                    aov=money(v["average_order_value"], cur, lang))
    text += say(lang, "kpi_end")
    if "gross_profit" in v and not _missing(v["gross_profit"]):
        margin = v.get("gross_margin_pct", math.nan)
        # A margin that failed its sanity check is not stated; the first note says why.
        text += (say(lang, "kpi_profit", profit=money(v["gross_profit"], cur, lang))
                 if _missing(margin) else
                 say(lang, "kpi_margin", profit=money(v["gross_profit"], cur, lang),
                     margin=percent(margin, lang)))
    if "returns" in v:
        text += say(lang, "kpi_returns", rows=count(v["return_rows"], lang),
                    returns=money(v["returns"], cur, lang))
    if "quantity" in v and step.arguments.get("quantity"):
        text += say(lang, "kpi_quantity", quantity=step.arguments["quantity"],
                    value=_number(v["quantity"], lang))
    return text


def _dynamics(step: PlannedStep, f: StepFigures, lang: str) -> str:
    # Total first, then the best and worst period and the last change; every period is in
    # the table, so the sentence lists them only when there are few.
    amount = step.arguments["amount"]
    word = {"M": "month", "W": "week", "Q": "quarter"}[step.arguments.get("freq", "M")]
    rows = _all_rows(f)
    v = f.figures
    parts = [say(lang, "dynamics", amount=amount, period=say(lang, f"by_{word}"),
                 total=_value(step, v["total"], lang), periods=count(v["periods"], lang),
                 periods_word=say(lang, f"period_{word}" if v["periods"] == 1 and lang == "en"
                                  else f"periods_{word}"))]
    if rows is not None and len(rows) > 1:
        best = max(rows, key=lambda r: float(r[amount]))
        worst = min(rows, key=lambda r: float(r[amount]))
        parts.append(say(lang, "dynamics_best_worst", period=say(lang, f"period_{word}"),
                         best_label=period_label(best[word], lang),
                         best=_value(step, float(best[amount]), lang),
                         worst_label=period_label(worst[word], lang),
                         worst=_value(step, float(worst[amount]), lang)))
    last_label = period_label(f.tail[-1][word], lang) if f.tail else "—"
    change = v.get("last_change_pct", math.nan)
    if not math.isnan(change):
        # English says "grew 4.0%"; the other languages quote the signed change.
        shown = percent(abs(change), lang) if lang == "en" else format_delta(change / 100.0, lang)
        parts.append(say(lang, "dynamics_up" if change >= 0 else "dynamics_down",
                         amount=amount, change=shown, label=last_label,
                         last=_value(step, v["last"], lang)))
    if rows is not None and len(rows) <= _LISTED_PERIODS:
        values = say(lang, "item_sep").join(
            f"{period_label(r[word], lang)}: {_value(step, float(r[amount]), lang)}" for r in rows)
        parts.append(say(lang, "dynamics_list", period=say(lang, f"period_{word}"),
                         by=say(lang, f"by_{word}"), values=values))
    return ("" if lang == "zh" else " ").join(parts)


_LISTED_PERIODS = 3
"""Up to this many periods are also listed one by one in the sentence."""


def _losers(step: PlannedStep, rows: list[dict[str, Any]], by: str, value: str,
            lang: str) -> str:
    """"Espresso machine loses $4,694.00. " for every listed item with a negative profit:
    a profit answer names its loss-makers first, never only its winners."""
    seen: dict[str, float] = {}
    for row in rows:
        try:
            number = float(row[value])
        except (KeyError, TypeError, ValueError):
            continue
        if number < 0 and row.get("rank", 0) not in ("", "<NA>") and str(row[by]) not in seen:
            seen[str(row[by])] = number
    if not seen:
        return ""
    items = say(lang, "list_sep").join(
        say(lang, "loss_item", name=name, value=_value(step, -number, lang))
        for name, number in sorted(seen.items(), key=lambda kv: kv[1]))
    return say(lang, "loss_items", items=items)


def _is_profit(step: PlannedStep, column: str) -> bool:
    return any(d.column == column and d.op == "-" for d in step.derived)


def _top(step: PlannedStep, f: StepFigures, lang: str) -> str:
    text = _top_text(step, f, lang)
    by, amount = step.arguments["by"], step.arguments["amount"]
    if _is_profit(step, amount):
        rows = [r for r in [*f.head, *f.tail] if r.get("rank") not in (None, "", "<NA>")]
        text = _losers(step, rows, by, amount, lang) + text
    return text


def _top_text(step: PlannedStep, f: StepFigures, lang: str) -> str:
    by, amount = step.arguments["by"], step.arguments["amount"]
    v = f.figures
    ranked = [r for r in f.head if r.get("rank") not in (None, "", "<NA>")]
    names = say(lang, "list_sep").join(
        say(lang, "name_value", name=r[by], value=_value(step, float(r[amount]), lang))
        for r in ranked[:5])
    shown = min(int(step.arguments.get("n", 10)), int(v["items"]))
    if shown >= int(v["items"]):
        # "The top 3 of 3" reads as a ranking of a few; all of them are shown, no "Other".
        return say(lang, "top_all", items=count(v["items"], lang), by=Noun(by, v["items"]),
                   total=_value(step, v["total"], lang), names=names)
    text = say(lang, "top", plural=shown, shown=shown, items=count(v["items"], lang), by=by,
               top_total=_value(step, v["top_total"], lang),
               share=_stated(v.get("top_share_pct"), "share_not_stated", lang),
               total=_value(step, v["total"], lang), names=names)
    rest = int(v["items"]) - shown
    if rest > 0 and v.get("total"):
        text += say(lang, "top_other", plural=rest, rest=count(rest, lang), by=by,
                    other=_value(step, v["other_total"], lang),
                    share=_stated(checked_share(v["other_total"], v["total"])[0],
                                  "share_not_stated", lang))
    return text


def _abc(step: PlannedStep, f: StepFigures, lang: str) -> str:
    item, amount = step.arguments["item"], step.arguments["amount"]
    v = f.figures
    classes = say(lang, "item_sep").join(
        say(lang, "abc_class", klass=k.upper(), count=count(v[f"{k}_items"], lang),
            item=Noun(item, v[f"{k}_items"]),
            share=percent(v[f"{k}_share_pct"], lang), amount=amount)
        for k in "abc"
    )
    return say(lang, "abc", items=count(v["items"], lang), item=Noun(item, v["items"]), amount=amount,
               total=_value(step, v["total"], lang), classes=classes)


def _breakdown(step: PlannedStep, f: StepFigures, lang: str) -> str:
    by, amount = step.arguments["by"], step.arguments["amount"]
    v = f.figures
    others = say(lang, "list_sep").join(
        say(lang, "name_value", name=r[by], value=_value(step, float(r[amount]), lang))
        for r in f.head[1:4])
    text = say(lang, "breakdown", amount=amount, by=by, groups=count(v["groups"], lang),
               total=_value(step, v["total"], lang), top=f.head[0][by] if f.head else "?",
               largest=_value(step, v["largest"], lang),
               share=_stated(v.get("largest_share_pct"), "share_not_stated", lang))
    return text + (say(lang, "breakdown_then", others=others) if others else say(lang, "kpi_end"))


def _margin(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    by = step.arguments["by"]
    v = f.figures
    # The loss-makers first (a profit answer never names only its winners), then the
    # margin: the overall margin, the highest and lowest margin by group (when every group
    # is in the printed rows), and only then the largest profit amount.
    text = _losers(step, [*f.head, *f.tail], by, "gross_profit", lang)
    if _missing(v.get("margin_pct")):
        text += say(lang, "margin_no_pct", profit=money(v["gross_profit"], cur, lang),
                   revenue=money(v["revenue"], cur, lang))
    else:
        text += say(lang, "margin_lead", profit=money(v["gross_profit"], cur, lang),
                   revenue=money(v["revenue"], cur, lang), margin=percent(v["margin_pct"], lang))
    groups = {str(r[by]): r for r in [*f.head, *f.tail] if by in r}
    stated = {name: float(r["margin_pct"]) for name, r in groups.items()
              if not _missing(_as_float(r.get("margin_pct")))}
    if len(groups) >= int(v.get("groups", 0)) >= 2 and len(stated) >= 2:
        best = max(stated, key=lambda k: stated[k])
        worst = min(stated, key=lambda k: stated[k])
        text += say(lang, "margin_range", by=by, best=best, best_margin=percent(stated[best], lang),
                    worst=worst, worst_margin=percent(stated[worst], lang))
    if f.head:
        top = f.head[0]
        text += say(lang, "margin_best", by=by, best=top[by],
                    best_profit=money(float(top["gross_profit"]), cur, lang))
    if v.get("loss_groups"):
        key = "margin_losses_one" if v["loss_groups"] == 1 else "margin_losses"
        text += say(lang, key, count=count(v["loss_groups"], lang), by=by)
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
               gross_margin=_stated(v.get("gross_margin_pct"), "margin_not_stated", lang),
               opex=money(v["opex"], cur, lang),
               operating_profit=money(v["operating_profit"], cur, lang),
               operating_margin=_stated(v.get("operating_margin_pct"), "margin_not_stated", lang))
    if v.get("loss_periods"):
        text += say(lang, "pnl_losses", count=count(v["loss_periods"], lang))
    return text


def _as_float(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _missing(value: float | None) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _stated(value: float | None, reason: str, lang: str) -> str:
    """A 0-100 figure as a percent, or the words saying it is not stated (sanity check)."""
    return say(lang, reason) if _missing(value) else percent(value, lang)


def _variance(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    v = f.figures
    line = step.arguments["line"]
    text = say(lang, "variance", actual=money(v["actual"], cur, lang),
               budget=money(v["budget"], cur, lang), variance=money(v["variance"], cur, lang),
               pct=format_delta(v["variance_pct"] / 100.0, lang) if not _missing(v.get("variance_pct"))
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
              "gross_margin": _stated(v.get("gross_margin_pct"), "margin_not_stated", lang),
              "operating_profit": money(v["operating_profit"], cur, lang),
              "operating_margin": _stated(v.get("operating_margin_pct"), "margin_not_stated", lang)}
    # A statement without interest or tax lines has no net profit: said absent, never its
    # operating profit again (`net` is absent on results recorded before it existed).
    if v.get("net", 1.0) and not math.isnan(v["net_profit"]):
        text = say(lang, "statement_year", **common, net_profit=money(v["net_profit"], cur, lang),
                   net_margin=_stated(v.get("net_margin_pct"), "margin_not_stated", lang))
    else:
        text = say(lang, "statement_year_no_net", **common)
    rows = _all_rows(f)
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
               gross=_stated(v.get("gross_margin_pct"), "margin_not_stated", lang),
               operating=_stated(v.get("operating_margin_pct"), "margin_not_stated", lang),
               net=_stated(v.get("net_margin_pct"), "margin_not_stated", lang))
    rows = _all_rows(f)
    if rows and not _missing(v.get("best_operating_margin_pct")):
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
               share=_stated(v.get("largest_share_pct"), "share_not_stated", lang))


def _notable_changes(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    account = step.arguments.get("account", "")
    rows = list(f.head)
    if not rows:
        return say(lang, "changes_none")

    def pct(row: dict[str, Any]) -> str:
        value = row.get("change_pct")
        return "—" if _missing(value) else format_delta(float(value or 0.0) / 100.0, lang)

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
    "budget_vs_actual": _variance,
    "pnl_statement": _statement,
    "margin_trend": _margin_trend,
    "expense_structure": _expense_structure,
    "notable_changes": _notable_changes,
}


def _finance_writers() -> None:
    """The answers to one finance question (brain.understand.finask) have writers of their own."""
    _WRITERS.update(WRITERS)


_finance_writers()
