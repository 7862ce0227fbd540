"""A period is said as a reader says it: twelve monthly columns (dated 2025-01-01 to
2025-12-01) read "Jan 2025 – Dec 2025", one month "Oct 2025", in the report's language;
a period of days keeps its exact dates.

Periods are generated (any start, 1-40 months, dated by the first or the last day of each
month, or by days), and workbooks of monthly columns in several spellings are read by the
real ingester to the report's subtitle."""

from __future__ import annotations

import calendar
import datetime as dt
import random
from pathlib import Path

import pytest

from analyst.ingest import ingest_file
from analyst.recipes.labels import month_label
from analyst.report.build import _subtitle
from analyst.report.period import period_text
from analyst.words import LANGUAGES
from sandbox import Workspace
from tests.ingest.finance_books import months_wide


def _month_end(day: dt.date) -> dt.date:
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def _months(rng: random.Random) -> tuple[dt.date, dt.date]:
    start = dt.date(rng.randint(2015, 2030), rng.randint(1, 12), 1)
    last = start
    for _ in range(rng.randint(0, 39)):
        last = (last + dt.timedelta(days=32)).replace(day=1)
    return start, _month_end(last) if rng.random() < 0.5 else last


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", range(25))
def test_a_period_of_whole_months_is_said_in_months(lang: str, seed: int) -> None:
    start, last = _months(random.Random(seed))
    said = period_text(start.isoformat(), last.isoformat(), lang)
    a, b = month_label(start.strftime("%Y-%m"), lang), month_label(last.strftime("%Y-%m"), lang)
    assert a and b
    assert said == a if (start.year, start.month) == (last.year, last.month) else said == f"{a} – {b}"
    assert "-01" not in said and str(last.year) in said


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", range(15))
def test_a_period_of_days_keeps_its_dates(lang: str, seed: int) -> None:
    rng = random.Random(seed)
    start = dt.date(2025, rng.randint(1, 12), rng.randint(2, 28))  # not a month's first day
    last = start + dt.timedelta(days=rng.randint(1, 400))
    said = period_text(start.isoformat(), last.isoformat(), lang)
    assert said == f"{start.isoformat()} – {last.isoformat()}"


@pytest.mark.parametrize("spelling", ["excel", "en", "iso", "uk", "ru", "zh"])
@pytest.mark.parametrize("months", [3, 12])
def test_a_reports_subtitle_says_a_workbooks_monthly_columns_as_months(
        tmp_path: Path, spelling: str, months: int) -> None:
    path, _ = months_wide(tmp_path / "pnl.xlsx", year=2025, months=months, spelling=spelling)
    cards = ingest_file(path, Workspace(tmp_path / "ws").ensure())
    assert any(c.date_range for c in cards)
    for lang in LANGUAGES:
        last = month_label(f"2025-{months:02d}", lang)
        assert _subtitle(cards, lang) == f"pnl.xlsx · {month_label('2025-01', lang)} – {last}"
