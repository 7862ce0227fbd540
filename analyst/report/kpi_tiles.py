"""The key figures at the top of a report: tiles from the figures the steps printed
(totals, a statement's year, the last period's change), or a data report's counts."""

from __future__ import annotations

import math
from collections.abc import Sequence

from analyst.brain.narrate.amounts import period_label
from analyst.brain.runner import planned_of
from analyst.brain.understand.phrases import say
from analyst.events import Step
from analyst.report import KPI


def kpi_tiles(steps: Sequence[Step], lang: str) -> tuple[KPI, ...]:
    """The report's key-figure tiles, from the figures its steps printed."""
    tiles: list[KPI] = []
    kinds: set[str] = set()
    # Totals lead the summary, also when the key figures ran after the pinned steps.
    for step in sorted(steps, key=lambda s: s.recipe != "kpi_summary"):
        if step.recipe not in ("kpi_summary", "period_dynamics", "pnl_summary",
                               "pnl_statement") or step.result is None:
            continue
        figures, planned = step.figures, planned_of(step)
        if figures is None or planned is None:
            continue
        f, cur, amount = figures.figures, planned.arguments.get("currency"), planned.arguments.get("amount")
        if step.recipe in kinds:
            continue  # one set of tiles: the first table's
        kinds.add(step.recipe)
        if step.recipe in ("pnl_statement", "pnl_summary"):
            # A statement's year: revenue, (the finance pack's gross profit,) operating profit,
            # the gross margin and (the pack's) net profit; a margin that fails the sanity
            # check, or a net profit without interest or tax lines, has no tile.
            pack = step.recipe == "pnl_statement"
            for key in ("revenue", "gross_profit", "operating_profit") if pack else (
                    "revenue", "operating_profit"):
                tiles.append(KPI(say(lang, f"col_{key}"), f[key], "money", cur, key=key))
            tiles += _gross_margin(f, lang)
            net = f.get("net_profit")
            if pack and net is not None and not math.isnan(net):
                tiles.append(KPI(say(lang, "kpi_net_profit"), net, "money", cur,
                                 key="net_profit"))
        elif step.recipe == "kpi_summary":
            tiles.append(KPI(say(lang, "kpi_total", amount=amount), f["total"], "money", cur,
                             key="total"))
            if "order_id" in planned.arguments:
                tiles.append(KPI(say(lang, "kpi_orders_label"), f["orders"], "int", key="orders"))
                tiles.append(KPI(say(lang, "kpi_aov"), f["average_order_value"], "money", cur,
                                 key="aov"))
            tiles += _gross_margin(f, lang)
            if "quantity" in f:
                tiles.append(KPI(say(lang, "kpi_total", amount=planned.arguments.get("quantity")),
                                 f["quantity"], "int", key="quantity"))
        else:
            word = {"M": "month", "W": "week", "Q": "quarter"}[planned.arguments.get("freq", "M")]
            label = figures.tail[-1].get(word) if figures.tail else None
            change = f.get("last_change_pct", math.nan)
            tiles.append(KPI(say(lang, "kpi_last", period=say(lang, f"period_{word}"),
                                 label=period_label(label, lang) if label else "—"),
                             f["last"], "money", cur,
                             delta=None if math.isnan(change) else change / 100.0,
                             delta_label=say(lang, "kpi_vs_previous",
                                             period=say(lang, f"period_{word}")),
                             key="last_period"))
    if not tiles:  # a data report: its overview's counts
        from analyst.brain.narrate.data_report import overview_kpis

        for step in steps:
            if step.recipe == "data_overview" and step.result is not None and step.result.ok:
                tiles = [KPI(label, value, "int")
                         for label, value in overview_kpis(step.figures, lang)]
                break
    return tuple(tiles)


def _gross_margin(figures: dict[str, float], lang: str) -> list[KPI]:
    """The gross margin's tile; none when the margin is not stated."""
    margin = figures.get("gross_margin_pct")
    if margin is None or math.isnan(margin):
        return []
    return [KPI(say(lang, "kpi_gross_margin"), margin / 100.0, "percent", key="gross_margin")]
