"""A template's JSON file: every template reads back as it was written; a broken, foreign or
newer file is one plain sentence naming it, never a traceback or a half-read template."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from analyst.errors import AnalystError, user_message
from analyst.recurring.files import VERSION, dumps, load_template, loads, save_template
from analyst.recurring.model import (
    ColumnRef,
    KeyFigure,
    ReportTemplate,
    TemplateQuestion,
    TemplateStep,
)
from tests.recurring.months import COLUMNS, QUESTIONS


def _template(seed: int) -> ReportTemplate:
    """A template of random shape: 0-3 questions of recipe and query steps, any language."""
    rng = random.Random(seed)
    lang = rng.choice(list(COLUMNS))
    names = COLUMNS[lang]
    questions = []
    for q in range(rng.randint(0 if seed % 2 else 1, 3)):
        steps = []
        for _ in range(rng.randint(1, 2)):
            by = rng.choice([names["product"], names["region"], names["channel"]])
            columns = (ColumnRef(by, "category", "str", tuple(f"v{i}" for i in range(3))),
                       ColumnRef(names["revenue"], "money", "float64"))
            if rng.random() < 0.5:
                steps.append(TemplateStep(f"Top by {by}", "recipe", columns, recipe="top_n",
                                          params={"by": by, "amount": names["revenue"],
                                                  "n": rng.randint(3, 10), "other": True},
                                          language=lang, source_file="q1.csv",
                                          others=(names["date"],)))
            else:
                steps.append(TemplateStep(f"Mean by {by}", "query", columns, query={
                    "aggregation": "mean", "measures": [names["revenue"]], "group_by": [by],
                    "filters": [{"column": by, "op": "in", "value": ["a", "b"]}]},
                    language=lang))
        questions.append(TemplateQuestion(QUESTIONS[lang][q % 2], tuple(steps)))
    figures = tuple(KeyFigure(k, k.title(), rng.uniform(-1e7, 1e7), f, "UAH" if f == "money"
                              else None)
                    for k, f in (("total", "money"), ("orders", "int"), ("gross_margin",
                                                                          "percent")))
    return ReportTemplate(title=rng.choice([None, "Звіт", "月度报告", "Monthly <b>sales</b>"]),
                          language=lang, standard=bool(seed % 2) or not questions,
                          questions=tuple(questions), key_figures=figures,
                          saved_at="2026-03-31T18:00:00+00:00",
                          period=rng.choice([None, ("2026-01-01", "2026-03-31")]),
                          files=("q1.csv",))


@pytest.mark.parametrize("seed", range(24))
def test_a_template_reads_back_as_it_was_written(seed: int, tmp_path: Path) -> None:
    template = _template(seed)
    path = tmp_path / "t.json"
    save_template(template, path)
    assert load_template(path) == template
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "analyst-report-template" and data["version"] == VERSION
    assert "code" not in path.read_text(encoding="utf-8")  # steps, never code
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def _good() -> dict:
    return json.loads(dumps(_template(1)))


BROKEN = {
    "not JSON": ("{\"format\": ", "it is not JSON (line 1"),
    "a list": ("[1, 2]", "is not a report template of Analyst"),
    "another app's JSON": (json.dumps({"name": "x", "version": 1}),
                           "is not a report template of Analyst"),
    "newer": (json.dumps({**_good(), "version": VERSION + 1}),
              f"newer version of Analyst (template format {VERSION + 1}"),
    "no version": (json.dumps({k: v for k, v in _good().items() if k != "version"}),
                   "is damaged: its version is missing"),
    "no saved_at": (json.dumps({k: v for k, v in _good().items() if k != "saved_at"}),
                    "is damaged: the field 'saved_at' is missing"),
    "a step of another kind": (json.dumps({**_good(), "questions": [
        {"question": "q", "steps": [{"title": "t", "kind": "python", "columns": []}]}]}),
        "is damaged: a step of kind 'python'"),
    "a recipe without its recipe": (json.dumps({**_good(), "questions": [
        {"question": "q", "steps": [{"title": "t", "kind": "recipe", "columns": []}]}]}),
        "is damaged: a recipe step without its recipe"),
    "a figure that is not a number": (json.dumps({**_good(), "key_figures": [
        {"label": "x", "value": "lots"}]}), "is refused: 'key_figures[0].value' must be a number"),
    "nothing to run": (json.dumps({**_good(), "standard": False, "questions": []}),
                       "has no sections to run"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_or_foreign_file_is_one_sentence_naming_it(case: str, tmp_path: Path) -> None:
    text, words = BROKEN[case]
    path = tmp_path / "monthly.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AnalystError) as caught:
        load_template(path)
    message = user_message(caught.value)
    assert message is not None and message.startswith("monthly.json ") and words in message
    assert "\n" not in message and "Traceback" not in message


def test_files_that_are_not_templates_at_all(tmp_path: Path) -> None:
    binary = tmp_path / "sales.xlsx"
    binary.write_bytes(b"PK\x03\x04\xff\xfe" * 10)
    cases = {tmp_path / "gone.json": "Template not found", tmp_path: "is a folder",
             binary: "it is not text"}
    for path, words in cases.items():
        with pytest.raises(AnalystError, match=words):
            load_template(path)


def test_loads_names_what_it_was_given() -> None:
    with pytest.raises(AnalystError, match="^The template is not a report template"):
        loads("{}")
