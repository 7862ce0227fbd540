"""Top-N keeps the rest as one "Other" row (the table adds up to the total); the chart
stays readable: an "Other" bar far longer than the top items is left out and its share
is said under the chart instead."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.events import Answer
from analyst.session.analysis import Analysis


def _answer(analysis: Analysis, question: str) -> Answer:
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def _table(analysis: Analysis, answer: Answer) -> pd.DataFrame:
    [path] = [p for p in answer.steps[0].tables if p.endswith(".parquet")]
    return pd.read_parquet(analysis.workspace.root / path)


def test_the_top_10_table_sums_to_the_total(analysis: Analysis, expected: pd.DataFrame) -> None:
    answer = _answer(analysis, "top 10 products by revenue")
    table = _table(analysis, answer)
    assert len(table) == 11 and table["rank"].isna().sum() == 1
    other = table[table["rank"].isna()].iloc[0]
    assert other["Product"] == "Other" and other["items"] == 190
    assert table["Revenue"].sum() == pytest.approx(expected["Revenue"].sum(), abs=1e-6)
    ranked = expected.groupby("Product")["Revenue"].sum().sort_values(ascending=False)
    assert other["Revenue"] == pytest.approx(ranked.iloc[10:].sum(), abs=1e-6)
    assert f"The other 190 products bring {ranked.iloc[10:].sum():,.2f}" in answer.text


def test_a_long_tail_is_not_drawn_but_its_share_is_said(analysis: Analysis,
                                                         expected: pd.DataFrame) -> None:
    _answer(analysis, "top 10 products by revenue")
    # The step ran in this session: its variables are still there to inspect.
    chart = analysis.session.run("(chart.labels, chart.note)").value.text
    ranked = expected.groupby("Product")["Revenue"].sum().sort_values(ascending=False)
    share = ranked.iloc[10:].sum() / ranked.sum() * 100
    assert "'Other'" not in chart and ranked.index[0] in chart
    assert f"Other (190 items, {share:.1f}% of the total) is in the table, not drawn." in chart


@pytest.fixture
def small_tail(tmp_path: Path) -> Iterator[Analysis]:
    rows = ["Product,Revenue", "Tea,500", "Coffee,400", "Cocoa,300", "Juice,100", "Water,50"]
    (tmp_path / "shop.csv").write_text("\n".join(rows) + "\n")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "shop.csv")
        yield analysis


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_a_small_other_is_drawn_as_the_last_bar(small_tail: Analysis) -> None:
    answer = _answer(small_tail, "top 3 products by revenue")
    table = _table(small_tail, answer)
    assert list(table["Product"]) == ["Tea", "Coffee", "Cocoa", "Other"]
    assert list(table["Revenue"]) == [500, 400, 300, 150]
    assert table["Revenue"].sum() == 1350
    chart = small_tail.session.run("(chart.labels, chart.pinned_last, chart.note)").value.text
    assert chart == "(('Tea', 'Coffee', 'Cocoa', 'Other'), 'Other', '')"
