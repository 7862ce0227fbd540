"""With no API key, the offline analyst gives the right numbers for a 45,000-row Q1 file.

Numbers are read back the way a user gets them (the answer text and the table files the
steps saved), and compared with plain pandas on the raw CSV.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pandas as pd
import pytest

from analyst.events import Answer, Event
from analyst.session.analysis import Analysis


def final_answer(events: Iterator[Event]) -> Answer:
    answers = [e.answer for e in events if e.kind == "answer"]
    assert len(answers) == 1, "a brain ends with exactly one answer"
    return answers[0]


def _table(analysis: Analysis, answer: Answer, suffix: str = ".parquet") -> pd.DataFrame:
    paths = [p for s in answer.steps for p in s.tables if p.endswith(suffix)]
    assert paths, "the step saved its table"
    return pd.read_parquet(analysis.workspace.root / paths[0])


def test_total_revenue_is_quoted_exactly(analysis: Analysis, expected: pd.DataFrame) -> None:
    answer = final_answer(analysis.ask("total revenue", brain="offline"))
    assert answer.ok and answer.brain == "offline"
    assert f"{expected['Revenue'].sum():,.2f}" in answer.text
    assert f"{expected['Order ID'].nunique():,}" in answer.text


def test_revenue_per_month(analysis: Analysis, expected: pd.DataFrame) -> None:
    answer = final_answer(analysis.ask("revenue by month", brain="offline"))
    table = _table(analysis, answer)
    independent = expected.groupby(expected["Date"].dt.strftime("%Y-%m"))["Revenue"].sum()
    assert list(table["month"]) == ["2026-01", "2026-02", "2026-03"]
    np.testing.assert_allclose(table["Revenue"], independent.to_numpy(), rtol=0, atol=1e-6)
    for value in independent:
        assert f"{value:,.2f}" in answer.text


def test_top_10_products(analysis: Analysis, expected: pd.DataFrame) -> None:
    answer = final_answer(analysis.ask("top 10 products by revenue", brain="offline"))
    table = _table(analysis, answer)
    independent = expected.groupby("Product")["Revenue"].sum().sort_values(ascending=False)
    ranked = table[table["rank"].notna()]
    assert list(ranked["Product"]) == list(independent.index[:10])
    np.testing.assert_allclose(ranked["Revenue"], independent.iloc[:10].to_numpy(), atol=1e-6)
    assert independent.index[0] in answer.text


def test_abc_class_counts(analysis: Analysis, expected: pd.DataFrame) -> None:
    answer = final_answer(analysis.ask("ABC analysis of products", brain="offline"))
    table = _table(analysis, answer)
    sums = expected.groupby("Product")["Revenue"].sum().sort_values(ascending=False)
    share = sums.cumsum() / sums[sums > 0].sum()  # cumulative share including the item
    independent = {
        "A": int((share <= 0.80).sum()),
        "B": int(((share > 0.80) & (share <= 0.95)).sum()),
        "C": int((share > 0.95).sum()),
    }
    assert table["class"].value_counts().to_dict() == independent
    for klass, count in independent.items():
        assert f"class {klass}: {count} products" in answer.text


def test_every_step_keeps_its_code_and_result(analysis: Analysis) -> None:
    answer = final_answer(analysis.standard_report())
    assert answer.ok
    assert [s.recipe for s in answer.steps][:4] == [
        "kpi_summary", "period_dynamics", "top_n", "abc_analysis"]
    for step in answer.steps:
        assert "import recipes" in step.code and f"recipes.{step.recipe}(" in step.code
        assert step.result is not None and step.result.ok, step.result
        assert step.to_dict()["code"] == step.code
        assert step.to_dict()["result"]["stdout"]
    assert answer in analysis.history


@pytest.mark.parametrize(("question", "says"), [
    ("why did revenue fall in February?", "configure a language model in Settings"),
    ("чому впали продажі?", "налаштуйте мовну модель у Settings"),
    ("напиши стихотворение", "настройте языковую модель в Settings"),
    ("为什么二月份收入下降？", "需要在 Settings（设置）中配置语言模型"),
])
def test_a_question_it_cannot_answer_says_it_needs_a_model(analysis: Analysis, question: str,
                                                            says: str) -> None:
    answer = final_answer(analysis.ask(question, brain="offline"))
    assert not answer.ok and not answer.steps
    assert says in answer.text  # in the language of the question
