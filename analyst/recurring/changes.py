"""The key figures of a run again, measured against the run that saved the template.

Pure: it takes the new run's `Report` and the template and returns the report with each
key figure's change on its tile ("+38.2% vs Mar 2026", the period the saving run covered;
a ratio's in percentage points, "+1.2 pp vs Mar 2026"), a section that lists
the figures side by side and says the period each run covered, and the sections that could
not run, each with its plain reason.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import pandas as pd

from analyst.recurring.model import KeyFigure, ReportTemplate
from analyst.recurring.run_words import RunNote
from analyst.recurring.words import against, rsay
from analyst.report import KPI, Report, Section
from analyst.report.model import DeltaUnit
from analyst.report.period import period_text
from analyst.words.note import render
from analyst.words.number_formats import format_delta


def change(then: float, now: float, fmt: str = "number") -> float | None:
    """The change from `then` to `now`: relative (0.382 is +38.2%) for money and counts;
    for a ratio (`fmt` "percent", values as fractions) the difference in percentage
    points (a margin from 0.400 to 0.412 is 0.012, +1.2 pp: "+3.0%" would read as a
    relative change). None when either is not a number, or a relative change from 0 (a
    change from nothing has no percentage)."""
    if not all(math.isfinite(v) for v in (then, now)):
        return None
    if fmt == "percent":
        return now - then
    if then == 0:
        return None
    return (now - then) / abs(then)


def delta_unit(fmt: str) -> DeltaUnit:
    """How the change of a figure of format `fmt` is said (see `change`)."""
    return "points" if fmt == "percent" else "relative"


def with_changes(report: Report, template: ReportTemplate, period: tuple[str, str] | None,
                 not_run: Sequence[RunNote] = ()) -> Report:
    """`report` with its tiles' changes against `template`'s run, the changes section
    first and the sections that could not run (`not_run`: one sentence each) last."""
    lang = report.language_hint or template.language
    vs = against(lang, "vs_run", template)
    saved = {_key(k): k for k in template.key_figures}
    tiles: list[KPI] = []
    rows: list[tuple[KPI, KeyFigure, float, float | None]] = []  # tile, saved, now, change
    for kpi in report.kpis:
        old = saved.get(kpi.key or kpi.label)
        if old is None or old.format != kpi.format or kpi.value is None:
            tiles.append(kpi)
            continue
        now = float(kpi.value)
        delta = change(old.value, now, kpi.format)
        rows.append((kpi, old, now, delta))
        tiles.append(replace(kpi, delta=delta, delta_unit=delta_unit(kpi.format),
                             delta_label=vs))
    sections = [_changes_section(rows, template, period, lang), *report.sections]
    if not_run:
        sections.append(Section(title=rsay(lang, "not_run_title"),
                                narrative="\n\n".join(render(n, lang) for n in not_run)))
    return replace(report, kpis=tuple(tiles), sections=tuple(sections))


def _key(figure: KeyFigure) -> str:
    return figure.key or figure.label


def _changes_section(rows: Sequence[tuple[KPI, KeyFigure, float, float | None]],
                     template: ReportTemplate, period: tuple[str, str] | None,
                     lang: str) -> Section:
    date = template.run_date
    if period is None:
        text = rsay(lang, "covers_no_dates")
    else:
        then = (period_text(*template.period, lang) if template.period
                else rsay(lang, "then_none"))
        text = rsay(lang, "covers", period=period_text(*period, lang), date=date, then=then)
    title = against(lang, "changes_title", template)
    if not rows:
        return Section(title=title,
                       narrative=text + "\n\n" + rsay(lang, "no_change_base", date=date))
    figure, now, moved = (rsay(lang, k) for k in ("figure", "now", "change"))
    was = against(lang, "then", template)
    table = pd.DataFrame({
        figure: [kpi.label for kpi, _, _, _ in rows],
        was: [old.value for _, old, _, _ in rows],
        now: [value for _, _, value, _ in rows],
        # Text: a row's format (money, count, margin) would otherwise apply to it too.
        moved: [format_delta(delta, lang, delta_unit(kpi.format))
                for kpi, _, _, delta in rows],
    })
    formats = {i: kpi.format for i, (kpi, _, _, _) in enumerate(rows)}
    currency = next((kpi.currency for kpi, _, _, _ in rows if kpi.currency), None)
    return Section(title=title, narrative=text, table=table,
                   column_formats={figure: "text", moved: "text"}, currency=currency,
                   row_formats=formats)
