"""Each section of the data report says its own words (issue 10): a query section says its
own answer, in the report's language, its months as the chart says them ("Oct 2025",
"жовт. 2025", "2025年10月"), and never the whole report's paragraphs again.

Built in-process with the local backend on generated tables of several shapes (by month,
by category with many groups, a year column, a single measure) in en/uk/ru/zh; the PDF's
text is read with pypdf and every figure checked is computed again with pandas.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from pypdf import PdfReader

from analyst.brain.understand.query import Query
from analyst.recipes.labels import month_label
from analyst.report import render_pdf
from analyst.session.analysis import Analysis
from tests.grids import tiered

WORDS = {  # date, category, a second category, a count, a level, the category's values
    "en": ("Date", "region", "product", "visits", "temperature", ("North", "South", "East")),
    "uk": ("Дата", "регіон", "товар", "відвідування", "температура",
           ("Північ", "Південь", "Схід")),
    "ru": ("Дата", "регион", "товар", "посещения", "температура", ("Север", "Юг", "Восток")),
    "zh": ("日期", "地区", "产品", "访问量", "温度", ("北部", "南部", "东部")),
}
YEAR = {"en": "Year", "uk": "Рік", "ru": "Год", "zh": "年份"}
SHAPES = ("month", "category", "year", "single")
CASES = [("month", "en", 1), ("month", "zh", 2), ("month", "ru", 3), ("category", "uk", 4),
         ("category", "en", 5), ("year", "ru", 6), ("year", "zh", 7), ("single", "uk", 8)]
# A case is a whole data report and its PDF (seconds): the fast tier keeps the first case of
# the month and year shapes (the sections of dates and of calendar years), the full run all.
FIRST_OF_SHAPE = [next(c for c in CASES if c[0] == shape) for shape in ("month", "year")]


def table(shape: str, language: str, seed: int) -> pd.DataFrame:
    """A table of `shape`: a date over a year or two ("month", "single": one measure only),
    no date and a category of 12 values ("category"), a column of calendar years ("year")."""
    date, region, product, count, level, places = WORDS[language]
    rng = np.random.default_rng(seed)
    n = int(rng.integers(90, 160))
    frame = pd.DataFrame({region: rng.choice(places, n),
                          count: rng.integers(1, 90, n),
                          level: rng.uniform(-5, 30, n).round(2)})
    if shape in ("month", "single"):
        start = pd.Timestamp("2024-01-01") + pd.Timedelta(days=int(rng.integers(0, 300)))
        days = np.sort(rng.integers(0, int(rng.integers(120, 700)), n))
        frame.insert(0, date, [(start + pd.Timedelta(days=int(d))).strftime("%Y-%m-%d")
                               for d in days])
    if shape == "category":
        frame[product] = [f"P{int(i):02d}" for i in rng.integers(1, 13, n)]
    if shape == "year":
        frame.insert(0, YEAR[language], rng.integers(1995 + seed, 2021, n))
    if shape == "single":
        frame = frame.drop(columns=[level])
    return frame


def report_of(frame: pd.DataFrame, folder: Path, language: str):
    path = folder / "table.csv"
    frame.to_csv(path, index=False)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        events = list(analysis.standard_report(language=language))
        assert not [e.message for e in events if e.kind == "error"]
        answer = analysis.history[-1]
        report = analysis.report(language=language)
    pages = PdfReader(io.BytesIO(render_pdf(report))).pages
    # The PDF breaks lines anywhere ("2025年" / "10月"): compared without any space.
    return answer, report, flat(" ".join(p.extract_text() for p in pages))


def flat(text: str) -> str:
    return re.sub(r"\s", "", text).replace("（", "(").replace("）", ")")


def number(value: float, language: str) -> str:
    """A figure as the report's words write it: whole without decimals, else 2 (4 below 1);
    "2 147,50" in uk/ru (spaces dropped, as `flat` drops them)."""
    value = float(value)
    text = (f"{value:,.0f}" if value.is_integer() else
            f"{value:,.2f}" if abs(value) >= 1 else f"{value:,.4f}")
    if language in ("uk", "ru"):
        text = text.replace(",", " ").replace(".", ",")
    return flat(text)


def own_figures(query: Query, frame: pd.DataFrame, language: str) -> list[str]:
    """What only this query's words say, from pandas: its first group and its value
    ("Jan2024:200", "C3:2147" - any of the groups tied first), or its top row's measure
    ("visits87(")."""
    measure = query.measures[0]
    if query.aggregation == "rows":
        return [flat(f"{measure} {number(frame[measure].max(), language)} (")]
    if query.period is not None:
        column = query.period.column
        if query.period.unit == "month":
            keys = pd.to_datetime(frame[column]).dt.to_period("M").astype(str)
        else:
            keys = frame[column].astype(str)
    else:
        keys = frame[query.keys[0]].astype(str)
    values = frame.groupby(keys)[measure].agg(query.aggregation)
    if query.period is None:  # highest first: any group tied with the first
        return [flat(f"{label}: {number(v, language)}")
                for label, v in values.items() if v == values.max()]
    label, value = next(iter(values.sort_index().items()))
    if query.period.unit == "month":
        label = month_label(label, language)
    return [flat(f"{label}: {number(value, language)}")]


def says(segment: str, figures: list[str]) -> bool:
    """Whether `segment` says one of `figures`, not as the start of a longer figure."""
    return any(re.search(re.escape(f) + r"(?!\d|[.,]\d)", segment) for f in figures)


def sections_text(text: str, titles: list[str]) -> list[str]:
    """Each section's text in the PDF, from its heading ("2. Total of visits per month",
    not its line in the contents, which dot leaders follow) to the next section's; the
    last one ends where the appendix lists the steps' code ("1. Overview of ..." again)."""
    headings = [flat(f"{n}. {title}") for n, title in enumerate(titles, 1)]
    starts: list[int] = []
    for heading in headings:
        after = starts[-1] if starts else 0
        found = next((m.end() for m in re.finditer(re.escape(heading), text)
                      if m.start() >= after and not text.startswith("..", m.end())), None)
        assert found is not None, heading
        starts.append(found)
    end = text.find(headings[0], starts[-1])
    ends = [*starts[1:], end if end >= 0 else len(text)]
    return [text[a:b] for a, b in zip(starts, ends, strict=True)]


@pytest.mark.parametrize(("shape", "language", "seed"),
                         tiered(CASES, lambda _, case: case in FIRST_OF_SHAPE))
def test_each_section_says_its_own_words_once(shape, language, seed, tmp_path):
    frame = table(shape, language, seed)
    answer, report, text = report_of(frame, tmp_path, language)
    steps = [s for s in answer.steps if s.result is not None and s.result.ok]
    assert len(steps) == len(report.sections)
    # No step's paragraph is said twice: the answer holds each one once.
    paragraphs = [flat(p) for p in answer.text.split("\n\n") if p.strip()]
    assert len(paragraphs) >= len(steps) - 1
    for paragraph in paragraphs:
        assert text.count(paragraph[:60]) == 1, paragraph
    # Each query section names its own figures, and no other query's.
    segments = sections_text(text, [s.title for s in report.sections])
    queries = [(i, Query.from_dict(s.origin.query)) for i, s in enumerate(steps)
               if hasattr(s.origin, "query")]
    assert len(queries) >= 2
    if shape in ("month", "year", "single"):
        assert any(q.period is not None for _, q in queries)
    figures = {i: own_figures(q, frame, language) for i, q in queries}
    for i, _ in queries:
        assert says(segments[i], figures[i]), (report.sections[i].title, figures[i])
        for j, other in figures.items():
            if j != i:
                assert not says(segments[i], other), (report.sections[i].title, other)
    # Months are said as the chart says them, in the report's language.
    for i, q in queries:
        if q.period is not None and q.period.unit == "month":
            first = min(pd.to_datetime(frame[q.period.column]).dt.to_period("M").astype(str))
            assert flat(month_label(first, language) or "") in segments[i]
            assert not re.search(r"(?<![\d-])\d{4}-\d{2}:", segments[i])
