"""A reload mid-question keeps the question (issue 16, point 5; AppTest).

The page after a reload is a new AppTest on the same `?s=`. What the old page left in the
store is made by the real components that leave it: a real `Analysis` whose event stream
the page stopped reading (a reload) or that the user stopped, and the store's question kept
by the click's callback before a page that never reached the answer (a reload in the first
second, or the app's process dying).
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from analyst.session.analysis import Analysis
from analyst.session.stopping import INTERRUPTED, STOPPED
from analyst.store import Store, unanswered
from analyst.store.log import SessionAnswers, SessionFiles
from tests.app.samples import ROOT, messy_csv
from tests.grids import first_fast, grid
from ui.i18n import t

APP = str(ROOT / "app.py")
QUESTIONS = {"en": "revenue by month", "uk": "виручка по місяцях", "ru": "выручка по месяцам",
             "zh": "按月的收入"}


def _uploaded(at: AppTest) -> str:
    at.run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv")).run()
    assert not at.exception
    return str(at.session_state["sid"])


LOCALES = {"en": "en-US", "uk": "uk-UA", "ru": "ru-RU", "zh": "zh-CN"}


def _reloaded(sid: str, language: str = "en") -> AppTest:
    """The session in a new browser session, of a browser in `language`."""
    again = AppTest.from_file(APP, default_timeout=120)
    again.query_params["s"] = sid
    again.context["locale"] = LOCALES[language]
    return again.run()


def _warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


def _users(at: AppTest) -> list[str]:
    return ["\n".join(m.value for m in c.markdown) for c in at.chat_message
            if c.avatar == "user"]


def _cut_short(data: Store, sid: str, question: str, reason: str) -> None:
    """The old page's run: a real `Analysis` on the session, cut at its first step."""
    with Analysis.open(data.workspace_dir(sid), backend="local",
                       history=SessionAnswers(data, sid),
                       files=SessionFiles(data, sid)) as analysis:
        events = analysis.ask(question, brain="offline")
        for event in events:
            if event.kind == "code":
                if reason == STOPPED:
                    analysis.interrupt(STOPPED)  # the Stop button, then the rerun
                break
        events.close()  # the page stopped reading: a reload, or the rerun after Stop


# Each case starts from a copy of a session holding the upload (tests/app/prepared.py), asks
# and reloads the page (seconds): every language and both reasons in the fast tier, each pair
# in the full run.
@pytest.mark.parametrize(("language", "reason"), grid(sorted(QUESTIONS), [INTERRUPTED, STOPPED]))
def test_an_answer_cut_by_a_reload_says_so_and_runs_again(app_env, uploaded_session, language,
                                                         reason):
    question = QUESTIONS[language]
    sid = uploaded_session
    data = Store(app_env)
    _cut_short(data, sid, question, reason)

    # In an English browser the words that stand for the answer are still the question's;
    # the button is the interface's.
    english = _reloaded(sid, "en")
    assert not english.exception
    cut = t("answer_interrupted" if reason == INTERRUPTED else "answer_stopped", language)
    assert cut in _warnings(english)
    assert [b.label for b in english.button if b.key and b.key.startswith("again_a")] == (
        [t("run_question_again", "en")] if reason == INTERRUPTED else [])

    at = _reloaded(sid, language)
    assert not at.exception
    assert _users(at) == [question]  # the question is kept, once
    said = _warnings(at)
    interrupted, stopped = t("answer_interrupted", language), t("answer_stopped", language)
    again = [b for b in at.button if b.label == t("run_question_again", language)]
    if reason == INTERRUPTED:
        assert interrupted in said and stopped not in said
        assert len(again) == 1
        again[0].click().run()
        assert not at.exception
        messages = data.messages(sid)
        assert [m.text for m in messages if m.role == "user"] == [question, question]
        assert messages[-1].answer is not None and messages[-1].answer.ok
        assert unanswered(messages) == []
    else:
        assert stopped in said and interrupted not in said  # a real Stop still says stopped
        assert again == []
    if language != "en":  # the words are the catalogue's, not the stored English text
        assert t("answer_interrupted", "en") not in said and t("answer_stopped", "en") not in said


@pytest.mark.parametrize("language", first_fast(sorted(QUESTIONS)))  # the others: full run
def test_a_question_left_without_an_answer_is_shown_with_run_again(app_env, uploaded_session,
                                                                   language):
    question = QUESTIONS[language]
    sid = uploaded_session
    data = Store(app_env)
    # What the chat box's callback keeps before the page runs; the page never got further.
    data.add_question(sid, question)

    at = _reloaded(sid, language)  # the app's notice and button: the interface's words
    assert not at.exception
    assert _users(at) == [question]
    assert t("answer_missing", language) in _warnings(at)
    (again,) = [b for b in at.button if b.label == t("run_question_again", language)]
    again.click().run()
    assert not at.exception
    assert _users(at) == [question]  # asked again under the same message, not a second one
    messages = data.messages(sid)
    assert [m.role for m in messages] == ["user", "assistant"]
    assert messages[1].answer is not None and messages[1].answer.ok
    assert t("answer_missing", language) not in _warnings(at)


def test_a_typed_question_is_kept_once_with_its_answer(app_env):
    at = AppTest.from_file(APP, default_timeout=120)
    sid = _uploaded(at)
    for question in ("total revenue", "revenue by region", "total revenue"):
        at.chat_input[0].set_value(question).run()
        assert not at.exception
    messages = Store(app_env).messages(sid)
    assert [m.role for m in messages] == ["user", "assistant"] * 3
    assert _users(at) == ["total revenue", "revenue by region", "total revenue"]
