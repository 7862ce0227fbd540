"""A Kyiv accounting export (cp1251, semicolons, decimal commas, a totals row) asked in Ukrainian."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from analyst.events import Answer
from analyst.session.analysis import Analysis

ROWS = [
    ("05.01.2026", "Чай", "Київ", "1 250,50"),
    ("17.01.2026", "Кава", "Львів", "980,25"),
    ("03.02.2026", "Чай", "Львів", "1 410,00"),
    ("21.02.2026", "Какао", "Київ", "1 105,75"),
    ("09.03.2026", "Кава", "Київ", "1 630,00"),
]


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    folder = tmp_path_factory.mktemp("uk")
    lines = ["Дата;Товар;Регіон;Сума"] + [";".join(r) for r in ROWS] + ["Разом;;;6 376,50"]
    (folder / "продажі.csv").write_bytes(("\n".join(lines) + "\n").encode("cp1251"))
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(folder / "продажі.csv")
        yield analysis


def _answer(analysis: Analysis, question: str) -> Answer:
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def test_total_leaves_the_totals_row_out(analysis: Analysis) -> None:
    answer = _answer(analysis, "загальна сума")
    assert answer.text.startswith("Сума: разом 6\u00a0376,50, рядків: 5.")
    assert "Дані охоплюють період з 2026-01-05 по 2026-03-09." in answer.text


def test_sum_by_region(analysis: Analysis) -> None:
    answer = _answer(analysis, "сума по регіонах")
    assert answer.ok, answer.text
    assert answer.text == ("Сума у розрізі «Регіон»: груп: 2, разом 6\u00a0376,50. Найбільша — "
                           "Київ: 3\u00a0986,25 (62,5%), далі Львів (2\u00a0390,25).")  # 1250.50+1105.75+1630
    assert answer.steps[0].tables == ["output/suma_by_rehion.csv", "output/suma_by_rehion.parquet"]


def test_top_products_in_ukrainian(analysis: Analysis) -> None:
    answer = _answer(analysis, "топ 2 товари за виручкою")
    assert "Чай (2\u00a0660,50), Кава (2\u00a0610,25)" in answer.text  # largest first
