"""A statement's label column as users head it: "Line", "Item", "Description", "Статья",
"项目", "Section", or blank.

The finance pack once knew a statement's line column only by a few header words ("Account",
"Line item", "Статья"): a clean P&L headed "Line" or "Description" got "I found no number
column" for "what was total revenue", and "revenue" was read as a count of rows. A label
headed "Section" stopped the statement's tidy table from being written at all. Whatever the
header, each figure is now the file's to the cent, through the real offline path.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyst.session.analysis import Analysis
from tests.finance.blind_books import Blind, statement
from tests.finance.test_blind_statements import QUESTIONS, ask, judge
from tests.grids import FULL_RUN_ONLY

# (words, costs, money, blank rows, indent, total column, thousands, net) as in the blind
# round; each header is tried on one of them, round the list.
BASES = {
    "en": [("en-less", "positive", "number", False, True, None, False, True),
           ("en-ebit", "parentheses", "grouped", True, False, "Total", False, False),
           ("en-contribution", "negative", "plain", False, False, "FY", False, True)],
    "de": [("de", "negative", "currency", True, True, None, False, False)],
    "uk": [("uk", "parentheses", "grouped", False, True, "FY", False, True)],
    "ru": [("ru", "negative", "number", True, False, None, False, False)],
    "zh": [("zh", "positive", "plain", False, False, "Total", False, True)],
}
HEADERS = {
    "en": ["Line", "Item", "Description", "Account", "Particulars", "P&L", "Category",
           "Metric", "Name", "USD", "Section", "Profit and loss"],
    "de": ["Position", "Bezeichnung", "Posten", "Konto"],
    "uk": ["Показник", "Стаття", "Найменування", "Рядок"],
    "ru": ["Показатель", "Наименование", "Статья", "Строка"],
    "zh": ["项目", "科目", "指标", "名称"],
}
ASKED = ("revenue", "gross_profit", "gross_margin", "operating_profit", "highest_month")


def _cases() -> list:
    cases = []
    for words, headers in HEADERS.items():
        for index, header in enumerate(headers):
            base = BASES[words][index % len(BASES[words])]
            layout = Blind(*base, label=header)
            # Every question on every third header; revenue and the margin (a cost line
            # placed) on the others: reading the statement is what the header decides.
            asked = ASKED if index % 3 == 0 else ("revenue", "gross_margin")
            marks = [] if index % 3 == 0 else [FULL_RUN_ONLY]
            cases.append(pytest.param(layout, asked, marks=marks, id=f"{words}-{header}"))
    return cases


@pytest.mark.parametrize(("layout", "asked"), _cases())
def test_every_figure_is_the_files_whatever_the_label_column_is_called(
        tmp_path: Path, layout: Blind, asked: tuple[str, ...]) -> None:
    path, info = statement(tmp_path / "pnl", layout, seed=sum(map(ord, layout.name)))
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        card = next(c for c in analysis.cards if c.layout == "statement")
        long = next(c for c in analysis.cards if c.table == card.long_table)
        assert long.columns[1].name == "Section", [c.name for c in long.columns]
        outcomes = {}
        for question in asked:
            answer = ask(analysis, QUESTIONS[question][info["language"]])
            outcomes[question] = judge(question, answer, info)
    missed = {q: said for q, (outcome, said) in outcomes.items() if outcome != "exact"}
    assert not missed, missed
