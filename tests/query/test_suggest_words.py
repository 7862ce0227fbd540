"""Suggested questions say column names as words and carry their query (issue 16, point 6).

Tables are generated with the same columns named in every style a file brings (PascalCase,
camelCase, snake_case, lower case, with spaces, Cyrillic, Chinese). Every suggestion's text
holds no raw PascalCase/camelCase/snake_case name, still reads back as its query when typed
(the history's "Run again"), and its carried query, run by `Analysis.ask_query` as a click
runs it, gives the figures pandas gives on the same file.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pandas as pd
import pytest

from analyst.brain.code.plot import value_column
from analyst.brain.narrate.answer import query_figures
from analyst.brain.understand.reading import choose
from analyst.brain.understand.suggest import spoken, suggestions
from analyst.brain.understand.values import category_values
from analyst.session.analysis import Analysis
from tests.grids import grid, tiered

LANGUAGES = ("en", "uk", "ru", "zh")
# (measure, second measure, category, second category) in one naming style each.
STYLES = {
    "pascal": ("OrderValue", "UnitsSold", "CustomerName", "SalesRegion"),
    "camel": ("orderValue", "unitsSold", "customerName", "salesRegion"),
    "snake": ("order_value", "units_sold", "customer_name", "sales_region"),
    "lower": ("revenue", "units", "customer", "region"),
    "spaces": ("Order Value", "Units Sold", "Customer Name", "Sales Region"),
    "cyrillic": ("СумаЗамовлення", "кількість_шт", "Назва клієнта", "регіон_продажу"),
    "chinese": ("订单金额", "销量", "客户名称", "销售_区域"),
}
CAMEL = re.compile(r"[a-zа-яіїєґ][A-ZА-ЯІЇЄҐ]|[A-ZА-ЯІЇЄҐ]{2}[a-zа-яіїєґ]")


def _frame(style: str, seed: int) -> pd.DataFrame:
    measure, units, customer, region = STYLES[style]
    rng = np.random.default_rng(seed)
    rows = int(rng.integers(90, 160))
    customers = [f"C{i:02d}" for i in range(int(rng.integers(7, 14)))]
    return pd.DataFrame({
        "Date": pd.date_range("2025-01-03", periods=rows, freq=f"{int(rng.integers(1, 4))}D"),
        customer: rng.choice(customers, rows),
        region: rng.choice(["North", "South", "East", "West"][:int(rng.integers(2, 5))], rows),
        measure: rng.gamma(2.0, 60.0, rows).round(2),
        units: rng.integers(1, 30, rows),
    })


CASES = [(style, seed) for seed, style in enumerate(STYLES)] + [
    (style, 20 + seed) for seed, style in enumerate(STYLES)]


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Any]:
    """(style, seed) -> (frame, card, values): every case read by the real ingester."""
    root = tmp_path_factory.mktemp("suggest_words")
    out = {}
    with Analysis.open(root / "ws", backend="local") as analysis:
        for style, seed in CASES:
            frame = _frame(style, seed)
            path = root / f"{style}_{seed}.csv"
            frame.to_csv(path, index=False)
            [card] = analysis.add_file(path)
            out[(style, seed)] = (frame, card, category_values(analysis.workspace.root, card))
    return out


def _raw_names(card: Any) -> list[str]:
    """The names a sentence must not show as they are: with '_' or a case step inside."""
    return [c.name for c in card.columns if "_" in c.name or CAMEL.search(c.name)]


# Reading each suggestion back costs a fraction of a second, a table's several: every table
# and every language in the fast tier, each table in each language in the full run.
@pytest.mark.parametrize(("language", "case"), grid(LANGUAGES, CASES))
def test_suggestions_say_names_as_words_and_read_back_as_their_query(tables, language, case):
    style, seed = case
    _, card, values = tables[case]
    made = suggestions(card, language, values)
    assert 4 <= len(made) <= 6, (style, seed, [s.question for s in made])
    raw = _raw_names(card)
    for s in made:
        assert not [n for n in raw if n in s.question], (style, s.question)
        assert not re.search(r"\b[a-z]+_[a-z]+\b", s.question), s.question
        if language == "en" and style not in ("cyrillic", "chinese"):
            for name in (*s.query.measures, *s.query.group_by):
                word = format(spoken(name), "word")
                assert word in s.question or format(spoken(name), "words") in s.question, (
                    s.question, name)
            assert s.question[0].isupper() and not re.search(r" [A-Z][a-z]", s.question), (
                s.question)  # one capital, the sentence's
        choice = choose(s.question, [card], {card.table: values})
        assert choice.query == s.query and not choice.query.notes, (s.question, choice)


def test_english_counts_take_the_catalogues_plural(tables):
    _, card, values = tables[("pascal", 0)]
    texts = [s.question for s in suggestions(card, "en", values)]
    assert any(q.startswith("Top 5 customer names by ") for q in texts), texts
    _, card, values = tables[("cyrillic", 5)]
    for language, rows in (("uk", "рядків"), ("ru", "строк")):
        found = [s.question for s in suggestions(card, language, values, n=12)]
        assert any(f"Топ 5 {rows}" in q for q in found), found


def _expected(frame: pd.DataFrame, query: Any) -> pd.Series:
    keys = []
    if query.period is not None:
        dates = pd.to_datetime(frame[query.period.column])
        keys.append(dates.dt.to_period("M" if query.period.unit == "month" else "Y").astype(str))
    keys += [frame[g] for g in query.group_by]
    if query.aggregation == "rows":
        return frame[query.measures[0]].sort_values(ascending=False).head(query.limit)
    grouped = frame.groupby(keys)
    if query.aggregation == "count":
        got = grouped.size()
    elif query.aggregation == "share":
        sums = grouped[query.measures[0]].sum()
        got = sums / sums.sum() * 100
    else:
        got = grouped[query.measures[0]].agg(query.aggregation)
    if query.limit:
        got = got.sort_values(ascending=False).head(query.limit)
    return got


# Each style is asked in its own sandbox session (seconds): the fast tier keeps two (Latin
# snake_case and Cyrillic names), the full run all five.
@pytest.mark.parametrize("style", tiered(["pascal", "snake", "spaces", "cyrillic", "chinese"],
                                         lambda _, style: style in ("snake", "cyrillic")))
def test_a_clicked_suggestion_runs_its_query_and_gives_the_pandas_figures(tables, tmp_path, style):
    seed = list(STYLES).index(style)
    frame, card, values = tables[(style, seed)]
    language = LANGUAGES[seed % len(LANGUAGES)]
    path = tmp_path / f"{style}.csv"
    frame.to_csv(path, index=False)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        [card] = analysis.add_file(path)
        made = suggestions(card, language, category_values(analysis.workspace.root, card))
        for s in made:
            answer = list(analysis.ask_query(s.question, s.query))[-1].answer
            assert answer is not None and answer.ok, (s.question, answer and answer.text)
            assert answer.question == s.question
            got = query_figures(answer.steps[-1].figures)
            assert got is not None and got.query == s.query, s.question
            expected = _expected(frame, s.query)
            assert got.rows == len(expected), s.question
            column = value_column(s.query) if s.query.aggregation != "rows" else s.query.measures[0]
            shown = sorted(float(r[column]) for r in got.head)
            want = sorted(expected.astype(float).tolist())
            if len(want) == len(shown):
                assert np.allclose(shown, want, atol=0.006), s.question
            else:  # the figures line holds the first 12 rows
                assert all(np.isclose(want, v, atol=0.006).any() for v in shown), s.question
        assert [a.question for a in analysis.history] == [s.question for s in made]
