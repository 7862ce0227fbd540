"""A recurring report's changes are measured against the period the saving run covered, said
as a reader says it: "+38.2% vs Oct 2025", "vs Jan 2025 – Dec 2025", in the report's language;
the run's date ("vs the run of 2026-12-04") only when that run's data had no dates.

Templates and reports are generated (periods of one month, of many months dated by their
first or last day, of days, or none; run dates of any day) and changed with the real
`with_changes`."""

from __future__ import annotations

import calendar
import datetime as dt
import random

import pytest

from analyst.recurring.changes import with_changes
from analyst.recurring.model import KeyFigure, ReportTemplate
from analyst.report import KPI, Report
from analyst.report.period import period_text
from analyst.words import LANGUAGES, say

MONTH = {"en": "Oct 2025", "uk": "жовт. 2025", "ru": "окт. 2025", "zh": "2025年10月"}


def _period(rng: random.Random) -> tuple[str, str] | None:
    kind = rng.choice(["month", "months", "days", "none"])
    start = dt.date(rng.randint(2023, 2026), rng.randint(1, 12), 1)
    if kind == "none":
        return None
    if kind == "days":
        first = start + dt.timedelta(days=rng.randint(1, 20))
        return first.isoformat(), (first + dt.timedelta(days=rng.randint(3, 200))).isoformat()
    last = start
    for _ in range(0 if kind == "month" else rng.randint(1, 23)):
        last = (last + dt.timedelta(days=32)).replace(day=1)
    if rng.random() < 0.5:
        last = last.replace(day=calendar.monthrange(last.year, last.month)[1])
    return start.isoformat(), last.isoformat()


def _case(seed: int, lang: str) -> tuple[ReportTemplate, Report, tuple[str, str] | None]:
    rng = random.Random(seed)
    ran = dt.datetime(2026, 1, 1) + dt.timedelta(days=rng.randint(0, 700), hours=rng.randint(0, 23))
    template = ReportTemplate(None, lang, True, (), (
        KeyFigure("total", "Revenue", rng.uniform(10, 1e6), "money", "USD"),
        KeyFigure("gross_margin", "Gross margin", rng.uniform(0.1, 0.6), "percent")),
        ran.isoformat() + "+00:00", _period(rng))
    report = Report(title="t", subtitle="", generated_at=ran, language_hint=lang,
                    kpis=(KPI("Revenue", rng.uniform(10, 1e6), "money", "USD", key="total"),
                          KPI("Gross margin", rng.uniform(0.1, 0.6), "percent", key="gross_margin")),
                    sections=(), sources=(), definitions=(), steps_code=())
    return template, report, _period(rng) or ("2026-01-01", "2026-03-31")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", range(30))
def test_changes_are_measured_against_the_saved_runs_period(lang: str, seed: int) -> None:
    template, report, now = _case(seed, lang)
    out = with_changes(report, template, now)
    section = out.sections[0]
    assert section.table is not None
    labels = {k.delta_label for k in out.kpis}
    if template.period is None:
        # No dates then: the run is named by its date, as before.
        assert labels == {say(lang, "recurring", "vs_run", date=template.run_date)}
        return
    against = period_text(*template.period, lang)
    assert labels == {say(lang, "recurring", "vs_run_period", period=against)}
    assert all(template.run_date not in label for label in labels)
    assert against in section.title and template.run_date not in section.title
    assert against in section.table.columns[1]
    assert period_text(*now, lang) in str(section.narrative)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_month_saved_reads_as_that_month(lang: str) -> None:
    template, report, _ = _case(0, lang)
    template = ReportTemplate(None, lang, True, (), template.key_figures, "2026-12-04T09:00:00+00:00",
                              ("2025-10-01", "2025-10-31"))
    out = with_changes(report, template, ("2025-11-01", "2025-11-30"))
    assert {k.delta_label for k in out.kpis} == {say(lang, "recurring", "vs_run_period",
                                                     period=MONTH[lang])}
    assert out.kpis[0].delta_label.endswith(MONTH[lang])
