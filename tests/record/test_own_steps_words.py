"""A query's or data-report step's words come from its record: the figures read once when it
ran, the column it was planned on, the table it read. Never from its code or its title.

The data report's own steps are run in this process (as tests/words/test_plurals.py does)
on generated tables; then their code is replaced and their title changed, and the words
must not move. A stored record (to_dict -> JSON -> from_dict) says the same.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys

import numpy as np
import pandas as pd
import pytest

from analyst.brain.runner import step_paragraph
from analyst.datacard import ColumnCard, DataCard
from analyst.record import Step, finished
from tests.record.steps import run_here

LANGUAGES = ("en", "uk", "ru", "zh")


def _card(table: str, frame: pd.DataFrame) -> DataCard:
    columns = tuple(ColumnCard(str(c), str(frame[c].dtype), "number", 0, int(frame[c].nunique()))
                    for c in frame.columns)
    return DataCard(table, f"{table}.csv", "", None, (), len(frame), columns, 1, "utf-8", ",",
                    parquet_path=f"input/{table}.parquet")


def _run(step: Step, root, monkeypatch) -> Step:
    import analyst.recipes

    monkeypatch.setitem(sys.modules, "recipes", analyst.recipes)  # as the sandbox names them
    with contextlib.chdir(root):
        result = run_here(step.code)  # our own generated code, on a generated table
    return finished(step, result, root)


@pytest.mark.parametrize("seed", range(6))
def test_the_words_follow_the_record_not_the_code(tmp_path, monkeypatch, seed: int) -> None:
    from analyst.brain.plan.data_report import own_step  # after the planner: they import each other

    rng = np.random.default_rng(seed)
    (tmp_path / "input").mkdir()
    (tmp_path / "output").mkdir()
    names = ["Price", "Ціна", "Выручка", "销售额", "Weight in lbs", "Amount (USD)"]
    measure = names[seed]
    table = ["cars", "prodazhi", "sales_2026", "t"][seed % 4]
    frame = pd.DataFrame({measure: rng.gamma(2.0, 500.0, 200 + seed * 37).round(2),
                          "other": rng.normal(0, 1, 200 + seed * 37)})
    frame.to_parquet(tmp_path / "input" / f"{table}.parquet")
    card = _card(table, frame)
    language = LANGUAGES[seed % 4]
    for recipe, params in (("data_overview", {}), ("distribution", {"column": measure})):
        step = _run(own_step(card, recipe, params, language), tmp_path, monkeypatch)
        said = {lang: step_paragraph(step, language=lang) for lang in LANGUAGES}
        assert all(said.values()), said
        if recipe == "distribution":
            assert all(measure in text for text in said.values()), said
        else:
            assert all(table in text for text in said.values()), said
        # Another code text and a title that names another column: the words do not move.
        moved = Step(step.number, "Distribution of other", "print('rewritten')",
                     result=step.result, figures=step.figures, origin=step.origin,
                     inputs=step.inputs)
        assert {lang: step_paragraph(moved, language=lang) for lang in LANGUAGES} == said
        stored = Step.from_dict(json.loads(json.dumps(step.to_dict(), default=str)))
        assert {lang: step_paragraph(stored, language=lang) for lang in LANGUAGES} == said


def test_a_query_steps_figures_keep_everything_it_printed() -> None:
    rng = random.Random(3)
    from analyst.record.figures import StepFigures

    for _ in range(20):
        line = {"recipe": "query", "title": "t", "query": {"table": "t", "measures": ["x"]},
                "figures": {"value": rng.random(), "labels": {"a": "Jan 2026"}, "none": None},
                "rows_read": rng.randint(1, 99), "rows_used": rng.randint(1, 99),
                "missing": {"x": rng.randint(0, 5)}, "columns": ["x"],
                "head": [{"x": 1.5}], "tail": [], "rows": 1}
        figures = StepFigures.from_dict(line)
        assert figures.figures == {"value": line["figures"]["value"]}
        again = StepFigures.from_dict(json.loads(json.dumps(figures.to_dict())))
        assert again == figures
        for key, value in line.items():
            if key not in ("notes", "note_data", "definition"):
                assert again.to_dict()[key] == value, key
