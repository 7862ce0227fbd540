"""The README's "What you can ask without a model" is true: every example in its table is
answered offline from a sales export, and the questions it says need a model are refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analyst.brain.understand.phrases import language_of
from analyst.session.analysis import Analysis
from benchmarks.sales_data import sales_frame

README = Path(__file__).resolve().parents[2] / "README.md"
NEEDS_SPECIAL_TABLE = ("funnel conversion", "P&L summary")  # a funnel or P&L file, not sales


def _examples() -> list[str]:
    text = README.read_text(encoding="utf-8")
    # The sales examples' table, up to the next heading ("### Finance files" has its own).
    section = re.split(r"\n#{2,3} ", text.split("## What you can ask without a model", 1)[1], maxsplit=1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    questions = [q for row in rows for q in re.findall(r"`([^`]+)`", row.split("|")[1])]
    # "(or `by week`, `by quarter`)" are variants of the question before them
    return [q for q in questions if q not in NEEDS_SPECIAL_TABLE and not q.startswith("by ")]


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("readme")
    frame = sales_frame(3000)
    frame.insert(3, "Customer", [f"Customer {i % 18}" for i in range(len(frame))])
    path = root / "sales_export.csv"
    frame.to_csv(path, index=False)
    with Analysis.open(root / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis


def _answer(analysis: Analysis, question: str):
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def test_the_readme_lists_examples() -> None:
    assert len(_examples()) >= 12


# What each example's row says it gives: the recipe that answers it. A row of the README
# without its recipe here fails, so a new example is checked for what it claims, not only
# for being answered ("按月销售额" once counted rows per month).
RECIPES = {
    "total revenue": "kpi_summary", "key figures": "kpi_summary",
    "revenue by month": "period_dynamics", "top 5 customers by revenue": "top_n",
    "top 10 products by revenue": "top_n", "ABC analysis of products": "abc_analysis",
    "revenue by region": "breakdown", "margin by category": "margin_by",
    "profit by channel": "margin_by", "виручка по місяцях": "period_dynamics",
    "выручка по регионам": "breakdown", "按月销售额": "period_dynamics",
}
LANGUAGES = {"виручка по місяцях": "uk", "выручка по регионам": "ru", "按月销售额": "zh"}


@pytest.mark.parametrize("question", _examples())
def test_each_readme_example_is_answered_offline(analysis: Analysis, question: str) -> None:
    answer = _answer(analysis, question)
    assert answer.ok and answer.steps, answer.text
    assert "configure a language model" not in answer.text
    assert question in RECIPES, f"say which recipe answers the README's {question!r}"
    assert [step.recipe for step in answer.steps] == [RECIPES[question]], answer.text


@pytest.mark.parametrize("question", sorted(LANGUAGES))
def test_the_same_answer_in_the_questions_language(analysis: Analysis, question: str) -> None:
    """"The same answers, written in the question's language": the figures of the English
    question's answer, the text in the question's language."""
    english = {"period_dynamics": "revenue by month", "breakdown": "revenue by region"}[
        RECIPES[question]]
    theirs, ours = _answer(analysis, english), _answer(analysis, question)
    assert ours.steps[0].figures.figures == theirs.steps[0].figures.figures
    assert language_of(ours.text) == LANGUAGES[question], ours.text


@pytest.mark.parametrize("question", ["why did revenue fall in February",
                                      "what if prices rise by 5%"])
def test_what_the_readme_says_needs_a_model_is_refused_not_guessed(analysis: Analysis,
                                                                   question: str) -> None:
    answer = _answer(analysis, question)
    assert not answer.steps and "configure a language model" in answer.text
