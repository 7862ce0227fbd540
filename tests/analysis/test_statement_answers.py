"""Offline finance questions on a P&L workbook (en/uk/ru/zh) are answered by the P&L recipe
on the statement's tidy table, exactly, whether costs were stored as positive or negative."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from analyst.session.analysis import Analysis
from analyst.words.number_formats import format_money, format_percent
from tests.ingest.finance_books import pnl_workbook

QUESTIONS = {
    "en": "what is the gross margin by month?",
    "uk": "яка валова маржа по місяцях?",
    "ru": "какая операционная прибыль по кварталам?",
    "zh": "毛利率是多少？",
}


@pytest.fixture(scope="module", params=[False, True], ids=["costs positive", "costs negative"])
def book(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[Analysis, dict]]:
    folder = tmp_path_factory.mktemp("pnl")
    path, info = pnl_workbook(folder / "pnl.xlsx", negative_costs=request.param, seed=5)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, info


@pytest.mark.parametrize("language", list(QUESTIONS))
def test_finance_questions_get_the_statements_figures(book, language: str) -> None:
    analysis, info = book
    events = list(analysis.ask(QUESTIONS[language], brain="offline"))
    answer = next(e.answer for e in events if e.kind == "answer")
    assert answer.ok, answer.text
    [step] = answer.steps
    revenue, cogs, opex = sum(info["revenue"]), sum(info["cogs"]), sum(info["opex"])
    figures = step.figures.figures
    if language == "ru":  # operating profit by quarter: the line by period (brain.understand.finask)
        assert step.recipe == "statement_figure"
        assert round(figures["value"], 2) == round(revenue - cogs - opex, 2)
        assert [r["period"] for r in step.figures.head] == ["2025-Q1", "2025-Q2", "2025-Q3", "2025-Q4"]
        for q in range(4):
            part = slice(3 * q, 3 * q + 3)
            profit = sum(info["revenue"][part]) - sum(info["cogs"][part]) - sum(info["opex"][part])
            assert format_money(profit, None, language) in answer.text
        return
    assert step.recipe == "statement_margins"  # a margin question: the margins (brain.understand.finask)
    assert round(figures["revenue"], 2) == round(revenue, 2)
    assert round(figures["operating_profit"], 2) == round(revenue - cogs - opex, 2)
    assert format_money(revenue, None, language) in answer.text
    assert format_percent((revenue - cogs) / revenue, language=language) in answer.text


VARIANCE_QUESTIONS = {"en": "budget vs actual", "uk": "яке відхилення від бюджету?",
                      "ru": "отклонение факта от бюджета", "zh": "预算与实际的差异"}


@pytest.fixture(scope="module")
def budget(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    folder = tmp_path_factory.mktemp("bva")
    (folder / "budget.csv").write_text(
        'Department,Budget,Actual\nSales revenue,"10,000.00","12,500.50"\nMarketing,"5,000.00",'
        '"4,200.00"\nIT,"3,000.00","3,300.25"\nHR,"2,000.00",\n', encoding="utf-8")
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(folder / "budget.csv")
        yield analysis


@pytest.mark.parametrize("language", list(VARIANCE_QUESTIONS))
def test_budget_vs_actual_questions(budget: Analysis, language: str) -> None:
    answer = next(e.answer for e in budget.ask(VARIANCE_QUESTIONS[language], brain="offline")
                  if e.kind == "answer")
    assert answer.ok, answer.text
    [step] = answer.steps
    assert step.recipe == "budget_vs_actual"
    f = step.figures.figures
    # HR has no actual yet: left out, so the budget compared is 18,000.00.
    assert round(f["actual"], 2) == 20000.75 and round(f["budget"], 2) == 18000.00
    assert format_money(2000.75, None, language) in answer.text
    assert f["favourable_lines"] == 2 and f["unfavourable_lines"] == 1  # IT over budget
