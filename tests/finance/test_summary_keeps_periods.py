"""The whole-statement summary answers only what is asked of the whole statement.

"profit in H1", "profit in March", "profit in Q2", "profit in 2024" went on to the P&L
summary of the whole year (the period dropped), and "gross margin by quarter" was answered
with the margins of months. Each is now declined, naming the words; the summary still
answers "P&L summary", "profit and loss", "profit". Blind-round statements (en/uk/ru/zh),
the real offline path.
"""

from __future__ import annotations

import pytest

from analyst.session.analysis import Analysis
from tests.finance.blind_books import Blind, statement
from tests.finance.test_blind_statements import ask

LAYOUTS = [Blind("en-less", "positive", "number", False, True, None, False, True, label="Line"),
           Blind("en-ebit", "parentheses", "grouped", True, False, "FY", False, False),
           Blind("uk", "negative", "number", True, False, "Total", False, False),
           Blind("ru", "parentheses", "grouped", False, False, "FY", False, True),
           Blind("zh", "positive", "plain", False, True, None, False, True)]
DROPPED = {"en": ["profit in H1", "profit in march", "profit in Q2", "profit in 2024",
                  "gross margin by quarter", "quarterly gross margin", "show the P&L for march",
                  "profit and loss for the first half"],
           "uk": ["прибуток у березні", "прибуток за 2024", "валова маржа по кварталах"],
           "ru": ["прибыль в марте", "прибыль за 2024", "валовая маржа по кварталам"],
           "zh": ["3月的利润", "2024年利润", "按季度的毛利率"]}
WHOLE = {"en": ["P&L summary", "profit and loss", "profit", "show me the income statement"],
         "uk": ["прибуток"], "ru": ["прибыль"], "zh": ["利润"]}


@pytest.fixture(scope="module", params=LAYOUTS, ids=lambda layout: layout.name)
def loaded(request, tmp_path_factory: pytest.TempPathFactory):
    layout = request.param
    folder = tmp_path_factory.mktemp("summary")
    path, info = statement(folder / "pnl", layout, seed=sum(map(ord, layout.name)))
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, info


def _language(info: dict) -> str:
    return info["language"]


def test_a_period_the_summary_cannot_take_is_declined(loaded) -> None:
    analysis, info = loaded
    year = f"{info['truth']['revenue']:,.2f}"
    for question in DROPPED[_language(info)]:
        answer = ask(analysis, question)
        assert not answer.ok and not answer.steps, (question, answer.text[:300])
        assert year not in answer.text, question


def test_the_whole_statement_is_still_summarised(loaded) -> None:
    analysis, info = loaded
    for question in WHOLE[_language(info)]:
        answer = ask(analysis, question)
        assert answer.ok and answer.steps, (question, answer.text[:300])
