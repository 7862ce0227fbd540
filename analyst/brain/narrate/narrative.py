"""Plain-words sentences from a step's figures: "Revenue grew 12.4% in March to $1,234,567."

Every number here was sent by the step's own code (see `record.figures_sent`); nothing
is recomputed, so the words and the table always agree. The words come from
`phrases` in the answer's language; the numbers from the report's own formatters.
"""

from __future__ import annotations

import math
from typing import Any

from analyst.brain.code.codegen import PlannedStep, StepFigures
from analyst.brain.narrate import finpack, finwords
from analyst.brain.narrate.amounts import (
    all_rows,
    as_float,
    count,
    missing,
    money,
    months_in,
    number,
    percent,
    period_label,
    stated,
)
from analyst.brain.understand.phrases import say
from analyst.brain.understand.phrases.nouns import Noun
from analyst.recipes.sanity import checked_share
from analyst.words.note import RecipeNote, render
from analyst.words.number_formats import (
    format_delta,
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
        return number(value, lang)
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
    if "gross_profit" in v and not missing(v["gross_profit"]):
        margin = v.get("gross_margin_pct", math.nan)
        # A margin that failed its sanity check is not stated; the first note says why.
        text += (say(lang, "kpi_profit", profit=money(v["gross_profit"], cur, lang))
                 if missing(margin) else
                 say(lang, "kpi_margin", profit=money(v["gross_profit"], cur, lang),
                     margin=percent(margin, lang)))
    if "returns" in v:
        text += say(lang, "kpi_returns", rows=count(v["return_rows"], lang),
                    returns=money(v["returns"], cur, lang))
    if "quantity" in v and step.arguments.get("quantity"):
        text += say(lang, "kpi_quantity", quantity=step.arguments["quantity"],
                    value=number(v["quantity"], lang))
    return text


def _dynamics(step: PlannedStep, f: StepFigures, lang: str) -> str:
    # Total first, then the best and worst period and the last change; every period is in
    # the table, so the sentence lists them only when there are few.
    amount = step.arguments["amount"]
    word = {"M": "month", "W": "week", "Q": "quarter"}[step.arguments.get("freq", "M")]
    rows = all_rows(f)
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
               share=stated(v.get("top_share_pct"), "share_not_stated", lang),
               total=_value(step, v["total"], lang), names=names)
    rest = int(v["items"]) - shown
    if rest > 0 and v.get("total"):
        text += say(lang, "top_other", plural=rest, rest=count(rest, lang), by=by,
                    other=_value(step, v["other_total"], lang),
                    share=stated(checked_share(v["other_total"], v["total"])[0],
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
               share=stated(v.get("largest_share_pct"), "share_not_stated", lang))
    return text + (say(lang, "breakdown_then", others=others) if others else say(lang, "kpi_end"))


def _margin(step: PlannedStep, f: StepFigures, lang: str) -> str:
    cur = step.arguments.get("currency")
    by = step.arguments["by"]
    v = f.figures
    # The loss-makers first (a profit answer never names only its winners), then the
    # margin: the overall margin, the highest and lowest margin by group (when every group
    # is in the printed rows), and only then the largest profit amount.
    text = _losers(step, [*f.head, *f.tail], by, "gross_profit", lang)
    if missing(v.get("margin_pct")):
        text += say(lang, "margin_no_pct", profit=money(v["gross_profit"], cur, lang),
                   revenue=money(v["revenue"], cur, lang))
    else:
        text += say(lang, "margin_lead", profit=money(v["gross_profit"], cur, lang),
                   revenue=money(v["revenue"], cur, lang), margin=percent(v["margin_pct"], lang))
    groups = {str(r[by]): r for r in [*f.head, *f.tail] if by in r}
    stated = {name: float(r["margin_pct"]) for name, r in groups.items()
              if not missing(as_float(r.get("margin_pct")))}
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


_WRITERS = {
    "kpi_summary": _kpi,
    "period_dynamics": _dynamics,
    "top_n": _top,
    "abc_analysis": _abc,
    "breakdown": _breakdown,
    "margin_by": _margin,
    "funnel_conversion": _funnel,
}


# The finance pack and the answers to one finance question (`understand.finask`) have writers
# of their own modules.
_WRITERS.update(finpack.WRITERS)
_WRITERS.update(finwords.WRITERS)
