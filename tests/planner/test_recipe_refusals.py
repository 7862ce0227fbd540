"""A recipe that refuses inside the sandbox is said in the reader's language, without its
class name: a real run of planned steps through the local sandbox backend (a line item the
P&L does not have, year-over-year on one year), and the refusal's id and values are on the
step's record, which round-trips through its serialisation and the store."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan.plan import Plan
from analyst.brain.runner import run_plan
from analyst.events import Answer, Step
from analyst.record import Refusal
from analyst.session.analysis import Analysis
from analyst.store import Store

SECTIONS = {"Revenue": ("Product sales", "Services"), "Cost of sales": ("Materials",),
            "Operating expenses": ("Salaries", "Rent")}
MISSING = ("Оренда офісу", "租金", "Ремонт «склад»")


def _statement(path: Path, seed: int, year: int) -> Path:
    rng = random.Random(seed)
    rows = ["Period,Line item,Section,Value"]
    for month in range(1, 13):
        for section, lines in SECTIONS.items():
            for line in lines:
                value = round(rng.uniform(1000, 9000) * (5 if section == "Revenue" else 1), 2)
                rows.append(f"{year}-{month:02d}-01,{line},{section},{value}")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("ws")
    data = tmp_path_factory.mktemp("data")
    with Analysis.open(root, backend="local") as opened:
        opened.add_file(_statement(data / "pnl_2025.csv", 7, 2025))
        yield opened


def _steps(card, line: str) -> tuple[PlannedStep, ...]:
    names = {c.name for c in card.columns}
    assert {"Period", "Line item", "Section", "Value"} <= names
    args = {"date": "Period", "account": "Line item", "amount": "Value", "section": "Section"}
    return (PlannedStep("line", "Line item by month", "statement_figure", card.parquet_path,
                        {**args, "line": line, "by": "M"}),
            PlannedStep("growth", "Revenue year over year", "line_growth", card.parquet_path,
                        {**args, "figure": "revenue", "compare": "YoY"}))


EXPECTED = {
    "uk": ("У звіті немає статті «{line}».",
           "Для порівняння з минулим роком потрібні дані за два роки, а є лише за 2025 рік."),
    "zh": ("报表中没有名为“{line}”的项目。", "同比需要两年的数据，而数据只涵盖2025年。"),
    "ru": ("В отчёте нет статьи «{line}».",
           "Для сравнения с прошлым годом нужны данные за два года, а есть только за 2025 год."),
    "en": ("No line item is called '{line}'.",
           "Year-over-year needs two years of data; it covers only 2025."),
}


@pytest.mark.parametrize(("language", "line"), [("uk", MISSING[0]), ("zh", MISSING[1]),
                                                ("ru", MISSING[2]), ("en", MISSING[0])])
def test_a_refusal_in_the_sandbox_is_said_in_the_reader_s_language(analysis, language, line,
                                                                     tmp_path):
    (card,) = analysis.cards
    events = list(run_plan(analysis.session, Plan(_steps(card, line)), "?", language=language))
    answer = events[-1].answer
    assert answer is not None and not answer.ok
    missing, one_year = EXPECTED[language]
    assert missing.format(line=line) in answer.text
    assert one_year in answer.text
    assert "RecipeError" not in answer.text and "Traceback" not in answer.text
    if language == "en":
        assert "Line item by month could not be computed: No line item is called" in answer.text
    first, second = answer.steps
    assert first.result is not None and not first.result.ok
    assert first.result.error is not None and first.result.error.name == "RecipeError"
    assert first.refusal == Refusal("no_line_item", {"line": line})
    assert second.refusal == Refusal("yoy_one_year", {"year": 2025})
    # The English the model and the traceback read is the same sentence.
    assert first.result.error.message == first.refusal.text("en")
    for step in answer.steps:
        assert Step.from_dict(json.loads(json.dumps(step.to_dict()))) == step
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    store.add_message(session.id, "user", "?")
    store.add_answer(session.id, answer)
    (stored,) = [m.answer for m in Store(tmp_path / "data").messages(session.id)
                 if m.answer is not None]
    assert isinstance(stored, Answer)
    assert [s.refusal for s in stored.steps] == [s.refusal for s in answer.steps]
