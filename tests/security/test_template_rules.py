"""Templates are validated input (issue 31, point 4).

A template file comes from someone else. One that breaks a rule of the schema (how many
questions, sections, key figures, files, columns, values; how long a text; which kind of
value; how deep the JSON nests) is refused whole, quickly, with one sentence naming the
rule in the reader's language - never a traceback, never minutes of work. A saved query's
values are checked against the file it runs on, and the template's title is shown as text.
"""

from __future__ import annotations

import copy
import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from analyst.catalogue import LANGUAGES
from analyst.errors import user_message
from analyst.recurring import rules
from analyst.recurring.files import TemplateError, dumps, loads
from analyst.recurring.model import ColumnRef, ReportTemplate, TemplateQuestion, TemplateStep

REGION = ColumnRef("Region", "category", "str", ("North", "South"))
AMOUNT = ColumnRef("Amount", "money", "int64")


def step(title: str = "Amount by region", value: Any = "North") -> TemplateStep:
    return TemplateStep(title, "query", (REGION, AMOUNT), query={
        "aggregation": "sum", "measures": ["Amount"], "group_by": ["Region"],
        "filters": [{"column": "Region", "op": "eq", "value": value}]})


def valid(title: str | None = "Monthly sales") -> dict[str, Any]:
    template = ReportTemplate(title, "en", False, (TemplateQuestion("sales by region",
                                                                    (step(),)),),
                              (), "2026-03-31T18:00:00+00:00", None, ("sales.csv",))
    return json.loads(dumps(template))


Break = Callable[[dict[str, Any], random.Random], None]


def _sections(d: dict[str, Any], rng: random.Random) -> None:
    d["questions"][0]["steps"] *= rng.randint(rules.MAX_SECTIONS + 1, 5000)


def _questions(d: dict[str, Any], rng: random.Random) -> None:
    d["questions"] *= rng.randint(rules.MAX_QUESTIONS + 1, 3000)


def _spread(d: dict[str, Any], rng: random.Random) -> None:
    """Many questions of a few sections each: the sum of sections counts."""
    d["questions"] = [copy.deepcopy(d["questions"][0]) for _ in range(rules.MAX_QUESTIONS)]
    for q in d["questions"]:
        q["steps"] *= rules.MAX_SECTIONS // rules.MAX_QUESTIONS + rng.randint(1, 3)


def _text(where: Callable[[dict[str, Any]], tuple[dict[str, Any], str]], limit: int) -> Break:
    def broken(d: dict[str, Any], rng: random.Random) -> None:
        holder, key = where(d)
        holder[key] = rng.choice("ab\n#\u202e") * rng.randint(limit + 1, 50 * limit)
    return broken


def _kind(where: Callable[[dict[str, Any]], tuple[dict[str, Any], str]]) -> Break:
    def broken(d: dict[str, Any], rng: random.Random) -> None:
        holder, key = where(d)
        holder[key] = rng.choice([{"a": 1}, [1, [2]], 3.5, True, {"nested": {"x": []}}])
        if isinstance(holder[key], float | bool) and key in ("title", "question"):
            holder[key] = {"not": "text"}
    return broken


DEEP = "@@deep@@"  # replaced in the text by nesting json.dumps itself could not write


def _nested(d: dict[str, Any], rng: random.Random) -> None:
    d["questions"][0]["steps"][0]["params"] = {"by": DEEP}


def _step(d: dict[str, Any]) -> dict[str, Any]:
    return d["questions"][0]["steps"][0]


def _first_filter(d: dict[str, Any]) -> dict[str, Any]:
    return _step(d)["query"]["filters"][0]


BROKEN: dict[str, tuple[Break, str]] = {
    "thousands of sections": (_sections, "too_many"),
    "thousands of questions": (_questions, "too_many"),
    "sections spread over questions": (_spread, "too_many"),
    "too many key figures": (lambda d, r: d.__setitem__("key_figures", [
        {"key": "k", "label": "l", "value": 1.0}] * r.randint(41, 999)), "too_many"),
    "too many files": (lambda d, r: d.__setitem__("files", ["a.csv"] * r.randint(21, 999)),
                       "too_many"),
    "too many columns": (lambda d, r: _step(d).__setitem__("columns", [REGION.to_dict()]
                                                           * r.randint(41, 999)), "too_many"),
    "too many values": (lambda d, r: _step(d)["columns"][0].__setitem__(
        "values", ["v"] * r.randint(1001, 9999)), "too_many"),
    "a long title": (_text(lambda d: (d, "title"), rules.MAX_TEXT), "too_long"),
    "a long question": (_text(lambda d: (d["questions"][0], "question"), rules.MAX_TEXT),
                        "too_long"),
    "a long section title": (_text(lambda d: (_step(d), "title"), rules.MAX_TEXT), "too_long"),
    "a long column name": (_text(lambda d: (_step(d)["columns"][0], "name"), rules.MAX_NAME),
                           "too_long"),
    "a long filter value": (_text(lambda d: (_first_filter(d), "value"), rules.MAX_NAME),
                            "too_long"),
    "a title that is not text": (_kind(lambda d: (d, "title")), "wrong_kind"),
    "a question that is not text": (_kind(lambda d: (d["questions"][0], "question")),
                                    "wrong_kind"),
    "a filter value that is an object": (lambda d, r: _first_filter(d).__setitem__(
        "value", {"code": "import os"}), "wrong_kind"),
    "standard that is not true or false": (lambda d, r: d.__setitem__(
        "standard", r.choice(["yes", 1, None, [True]])), "wrong_kind"),
    "questions that are not a list": (lambda d, r: d.__setitem__(
        "questions", {"0": d["questions"][0]}), "wrong_kind"),
    "a key figure without a number": (lambda d, r: d.__setitem__("key_figures", [
        {"key": "k", "label": "l", "value": r.choice(["1", None, [1]])}]), "wrong_kind"),
    "deeply nested parameters": (_nested, "too_deep"),
}


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", list(BROKEN))
def test_a_template_breaking_a_rule_is_refused_quickly_with_its_sentence(name: str, seed: int):
    breaker, rule = BROKEN[name]
    data = valid()
    breaker(data, random.Random(seed))
    levels = random.Random(seed).choice([rules.MAX_DEPTH, 5_000, 500_000])
    text = json.dumps(data, ensure_ascii=False).replace(
        json.dumps(DEEP), "[" * levels + "1" + "]" * levels)
    started = time.perf_counter()
    with pytest.raises(TemplateError) as refused:
        loads(text, "handed-over.json")
    assert time.perf_counter() - started < 2.0
    note = refused.value.args[0]
    assert isinstance(note, rules.TemplateNote) and note.key == rule
    said = {lang: user_message(refused.value, lang) for lang in LANGUAGES}
    assert all(s and "handed-over.json" in s for s in said.values())
    assert len(set(said.values())) == len(LANGUAGES)  # each language its own sentence
    assert all("{" not in s and "}" not in s for s in said.values())  # every value filled


@pytest.mark.parametrize("levels", [rules.MAX_DEPTH + 1, 1_000, 100_000, 900_000])
@pytest.mark.parametrize("bracket", ["[", "{\"a\":"])
def test_any_deep_nesting_is_a_sentence_not_a_traceback(levels: int, bracket: str):
    closing = "]" if bracket == "[" else "}"
    text = bracket * levels + "1" + closing * levels
    with pytest.raises(TemplateError) as refused:
        loads(text, "deep.json")
    from analyst.recurring.files import MAX_BYTES

    assert refused.value.args[0].key == ("too_big" if len(text) > MAX_BYTES else "too_deep")


def test_strings_with_brackets_are_not_nesting():
    data = valid(title="[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{{{\\\"[[[[[[[[")
    assert loads(json.dumps(data), "ok.json").title == data["title"]


@pytest.mark.parametrize("seed", range(20))
def test_a_template_within_every_bound_is_read(seed: int):
    rng = random.Random(seed)
    data = valid(title=rng.choice([None, "x" * rules.MAX_TEXT, "Звіт ![x](y)"]))
    first = data["questions"][0]
    data["questions"] = [copy.deepcopy(first) for _ in range(rng.randint(1, rules.MAX_QUESTIONS))]
    per = rules.MAX_SECTIONS // len(data["questions"])
    for q in data["questions"]:
        q["steps"] = q["steps"] * rng.randint(1, max(1, per))
    template = loads(json.dumps(data), "fine.json")
    assert template.title == data["title"]
    assert len(template.questions) == len(data["questions"])


# ---- values checked against the file it runs on ------------------------------------------

@pytest.fixture(scope="module")
def sales(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    from analyst.ingest import ingest_file
    from sandbox import Workspace

    root = tmp_path_factory.mktemp("tpl")
    path = root / "sales.csv"
    path.write_text("Region,Amount\nNorth,10\nSouth,5\nNorth,7\n")
    ws = Workspace(root / "ws").ensure()
    [card] = ingest_file(path, ws)
    return card, ws.root


@pytest.mark.parametrize(("value", "runs"), [("North", True), ("Atlantis", False),
                                             ("North\n#", False), ("north", False)])
def test_a_saved_filter_value_must_be_one_the_new_file_holds(sales, value, runs):
    from analyst.brain.understand.values import category_values
    from analyst.recurring.run import match_template, replanned
    from analyst.recurring.run_words import RunNote

    card, root = sales
    template = loads(json.dumps({**valid(), "questions": [
        {"question": "q", "steps": [step(value=value).to_dict()]}]}), "t.json")
    [match] = match_template(template, [card], root)
    made = replanned(match, category_values(root, card))
    assert isinstance(made, RunNote) != runs
    if not runs:
        assert repr(value) in made.english and "Region" in made.english


# ---- the title on the Recurring page -----------------------------------------------------

HOSTILE_TITLE = "![x](leak.png) [Sign in](javascript:alert(1)) <img src=x>"


# The app's start-up sweeps leftover sandbox containers: the first app run of a test process
# reaches the engine when one answers (tests/tiers.py then needs the marker).
@pytest.mark.docker
def test_the_recurring_page_shows_the_title_as_text_and_refuses_in_words(app_env):
    from streamlit.testing.v1 import AppTest

    from tests.app.samples import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90).run()
    at.switch_page("pages/recurring.py").run()
    good = json.dumps(valid(title=HOSTILE_TITLE)).encode()
    at.file_uploader(key="template_import").set_value(("t.json", good, "application/json")).run()
    assert not at.exception
    texts = [str(e.value) for kind in ("markdown", "subheader", "success", "caption", "error")
             for e in getattr(at, kind)]
    shown = [t for t in texts if "Sign in" in t]
    assert shown
    for text in shown:  # every bracket and "<" of the title escaped: none starts markup
        assert not re.search(r"(?<!\\)[\[\]()<>!]", text), text

    bad = ("[" * 50_000 + "]" * 50_000).encode()
    at.file_uploader(key="template_import").set_value(("deep.json", bad, "application/json")).run()
    assert not at.exception
    said = [str(e.value).replace("\\", "") for e in at.error]  # as rendered: escapes gone
    assert any("deep.json" in s and str(rules.MAX_DEPTH) in s for s in said), said
