"""Analyze page (AppTest): suggested questions under the data card and the readings an
answer offers back are buttons; a click asks that question and it is answered."""

from __future__ import annotations

import io

import pytest
from streamlit.testing.v1 import AppTest

from analyst.brain.understand.suggest import suggest
from analyst.events import QueryCall
from tests.app.samples import ROOT
from tests.query.tables import SHAPES

APP = str(ROOT / "app.py")


def _csv(name: str) -> bytes:
    out = io.StringIO()
    SHAPES[name]().to_csv(out, index=False)
    return out.getvalue().encode("utf-8")


def _open(name: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value((f"{name}.csv", _csv(name), "text/csv"))
    return at.run()


def _answers(at: AppTest) -> list[str]:
    return ["\n".join(m.value for m in msg.markdown) for msg in at.chat_message
            if msg.avatar == "assistant"]


@pytest.mark.parametrize("name", ["weather", "stocks"])
def test_a_suggested_question_is_a_button_that_asks_it(app_env, name):
    at = _open(name)
    assert not at.exception
    shown = [b for b in at.button if b.key and "_suggest" in b.key]
    assert 4 <= len(shown) <= 6
    labels = [b.label.replace("\\", "") for b in shown]
    shown[0].click().run()
    assert not at.exception
    questions = [m.markdown[0].value.replace("\\", "") for m in at.chat_message
                 if m.avatar == "user"]
    assert questions == [labels[0]]
    [answer] = _answers(at)
    assert "I read this as" in answer
    assert "Chart" in [t.label for t in at.tabs] or len(at.get("imgs")) >= 1
    assert sorted(labels) == sorted(_expected(name))  # the table's own, in the UI's language


def _expected(name: str) -> list[str]:
    import tempfile
    from pathlib import Path

    from analyst.brain.understand.values import category_values
    from analyst.ingest import ingest_file
    from sandbox import Workspace

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{name}.csv"
        path.write_bytes(_csv(name))
        ws = Workspace(Path(tmp) / "ws").ensure()
        [card] = ingest_file(path, ws)
        return suggest(card, "en", category_values(ws.root, card))


def test_two_readings_are_buttons_and_a_click_runs_that_reading(app_env):
    at = _open("weather")
    at.chat_input[0].set_value("temperature by month").run()
    assert not at.exception
    options = [b for b in at.button if b.key and "_option" in b.key]
    assert len(options) == 2, [b.label for b in at.button]
    chosen = options[1].label.replace("\\", "")
    options[1].click().run()
    assert not at.exception
    answers = _answers(at)
    assert len(answers) == 2
    assert "I read this as" in answers[1]
    assert chosen.lower() in answers[1].replace("\\", "").lower()


def test_no_fitting_reading_offers_three_questions_that_work(app_env):
    at = _open("cars")
    at.chat_input[0].set_value("average Horsepower by manufacturer").run()
    assert not at.exception
    options = [b for b in at.button if b.key and "_option" in b.key]
    assert len(options) == 3
    options[0].click().run()
    assert not at.exception
    assert "I read this as" in _answers(at)[-1]


def _styled(style: str) -> bytes:
    from tests.query.test_suggest_words import _frame

    out = io.StringIO()
    _frame(style, 3).to_csv(out, index=False)
    return out.getvalue().encode("utf-8")


@pytest.mark.parametrize("style", ["pascal", "lower"])
def test_a_clicked_suggestion_says_names_as_words_and_runs_its_carried_query(app_env, style):
    from analyst.brain.understand.suggest import suggestions
    from analyst.store import Store
    from tests.query.test_suggest_words import CAMEL, STYLES

    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value((f"{style}.csv", _styled(style), "text/csv"))
    at.run()
    assert not at.exception
    shown = [b for b in at.button if b.key and "_suggest" in b.key]
    assert 4 <= len(shown) <= 6
    labels = [b.label.replace("\\", "") for b in shown]
    raw = [n for n in STYLES[style] if "_" in n or CAMEL.search(n)]
    assert not [n for n in raw for label in labels if n in label], labels
    assert any(label.startswith(("Top 5 customer names by", "Top 5 customers by"))
               for label in labels), labels
    sid = at.session_state["sid"]
    store = Store(app_env)
    [record] = store.files(sid)
    card = record.cards[0]
    from analyst.brain.understand.values import category_values

    made = {s.question: s.query for s in suggestions(
        card, "en", category_values(store.workspace_dir(sid), card))}
    # A breakdown and a month total, each run as the query it carries: typed, "Total revenue
    # by month" on a sales table would run the sales recipe instead (a RecipeCall).
    for i in (0, next(i for i, label in enumerate(labels) if "by month" in label)):
        shown = [b for b in at.button if b.key and "_suggest" in b.key]
        shown[i].click().run()
        assert not at.exception
        answer = store.messages(sid)[-1].answer
        assert answer is not None and answer.ok, answer and answer.text
        assert isinstance(answer.steps[-1].origin, QueryCall), labels[i]
        assert answer.steps[-1].origin.query == made[labels[i]].to_dict()
