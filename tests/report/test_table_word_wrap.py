"""A wide table in the PDF wraps its headers and month names between words, never inside
one: the monthly P&L of the finance pack in uk/ru/zh/en (months as rows, eleven figure
columns with the net profit) and a table with the twelve months as its column headers.
Proven on the rendered PDF: every word of every header and every month's name is a whole
word in pdfplumber's words of the page, and each month's name stands on one line.
"""

from __future__ import annotations

import datetime as dt
import io
import random
from pathlib import Path

import pandas as pd
import pdfplumber
import pytest

from analyst.report import Report, Section, render_pdf
from analyst.report.frames import format_month
from analyst.session.analysis import Analysis
from tests.grids import tiered
from tests.ingest.finance_books import PNL_LABELS, pnl_workbook

LANGUAGES = ("en", "uk", "ru", "zh")
TITLES = {"en": "Profit and loss by month", "uk": "Прибутки та збитки за місяцями",
          "ru": "Прибыли и убытки по месяцам", "zh": "按月利润表"}


def _pages(pdf: bytes) -> list[tuple[set[str], list[str]]]:
    """Each page's words and lines of text."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return [({w["text"] for w in page.extract_words(keep_blank_chars=False)},
                 (page.extract_text() or "").splitlines()) for page in document.pages]


def _whole(pdf: bytes, headers: list[str], months: list[str]) -> None:
    pages = _pages(pdf)
    # The table's page: every month on it (the cover names the period, "Jan 2025 – Dec 2025").
    words = next(w for w, lines in pages if all(any(m in line for line in lines) for m in months))
    page_lines = next(lines for w, lines in pages if w is words)
    for header in headers:
        for word in header.split():
            assert word in words, (word, header, sorted(words)[:80])
    for month in months:
        # On one line: the short form is kept whole ("лист. 2026", never "лист." / "2026").
        assert any(month in line for line in page_lines), (month, page_lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_twelve_month_headers_wrap_only_between_words(language: str) -> None:
    rng = random.Random(language)
    months = [format_month(dt.date(2026, m, 1), language) for m in range(1, 13)]
    lines = [label for label in PNL_LABELS[language][1:] if label][:8]
    frame = pd.DataFrame({"Line": lines, **{m: [round(rng.uniform(-90000, 900000), 2) for _ in lines]
                                            for m in months[:11]}})
    report = Report(TITLES[language], language_hint=language, sections=(
        Section(TITLES[language], table=frame, column_formats=dict.fromkeys(months, "money")),))
    pdf = render_pdf(report)
    pages = _pages(pdf)
    words = set().union(*(w for w, _lines in pages))
    for month in months[:11]:
        for word in month.split():
            assert word in words, (month, word)
    for line in lines:
        for word in line.split():
            assert word in words, (line, word)


# A whole finance pack and its PDF per language (seconds): Ukrainian in the fast tier (long
# words, negative costs), every language in the full run.
@pytest.mark.parametrize("language", tiered(LANGUAGES, lambda _, language: language == "uk"))
def test_the_monthly_pnl_of_the_pack_keeps_words_whole(tmp_path: Path, language: str) -> None:
    path, _info = pnl_workbook(tmp_path / f"pnl_{language}.xlsx", language=language, net=True,
                               negative_costs=language in ("uk", "zh"), seed=len(language))
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        answer = next(e.answer for e in analysis.standard_report() if e.kind == "answer")
        assert answer.ok, answer.text
        report = analysis.report()
    pdf = render_pdf(report)
    section = next(s for s in report.sections if s.table is not None and len(s.table.columns) >= 10)
    headers = [str(c) for c in section.table.columns]
    months = [format_month(dt.date(2025, m, 1), language) for m in range(1, 13)]
    _whole(pdf, headers, months)
