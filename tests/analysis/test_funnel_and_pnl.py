"""A funnel table gets conversion, a P&L table the P&L summary, with no model involved."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyst.brain import standard_plan
from analyst.events import Answer
from analyst.session.analysis import Analysis

FUNNEL = """Date,Visits,Leads,Orders
2026-01-31,10000,800,200
2026-02-28,12000,900,270
"""
PNL = """Month,Revenue,COGS,Salaries,Rent
2026-01-31,100000.00,60000.00,25000.00,5000.00
2026-02-28,80000.00,50000.00,25000.00,6000.00
"""


@pytest.fixture
def analysis(tmp_path: Path) -> Analysis:
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        yield analysis


def _answer(analysis: Analysis, question: str) -> Answer:
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def test_funnel_conversion(analysis: Analysis, tmp_path: Path) -> None:
    (tmp_path / "funnel.csv").write_text(FUNNEL)
    analysis.add_file(tmp_path / "funnel.csv")
    assert [s.recipe for s in standard_plan(analysis.cards).steps] == ["funnel_conversion"]
    answer = _answer(analysis, "конверсія воронки")
    assert answer.ok, answer.text
    # orders / visits over both months, in Ukrainian figures (decimal comma, space thousands)
    assert f"{470 / 22000 * 100:.1f}%".replace(".", ",") in answer.text
    assert "22\u00a0000 на першому етапі" in answer.text  # asked in Ukrainian, answered in it


def test_pnl_summary(analysis: Analysis, tmp_path: Path) -> None:
    (tmp_path / "pnl.csv").write_text(PNL)
    analysis.add_file(tmp_path / "pnl.csv")
    assert [s.recipe for s in standard_plan(analysis.cards).steps] == ["pnl_summary"]
    answer = _answer(analysis, "P&L summary")
    assert answer.ok, answer.text
    assert "operating profit 9,000.00" in answer.text  # 180k - 110k - 61k
    assert "1 period(s) made an operating loss" in answer.text  # February
