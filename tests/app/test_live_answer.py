"""The answer shown live (while the analysis runs) is laid out as the stored one after the rerun."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from analyst.store import Store
from ui.answers import answer_markdown

OFFLINE_TEXT = ("Revenue by month: 33,912.00 in total over 6 months. The best month was June "
                "with 6,525.00. The weakest was January with 4,811.00.")
MODEL_TEXT = "Revenue went from $4,811 to $6,525: up 35.6%."


def _live_page() -> None:
    """A page that runs `run_live` over a scripted event stream (real Event/Answer objects)."""
    from pathlib import Path

    from analyst.events import Answer, Event
    from ui import state
    from ui.runner import run_live

    brain = state.st.session_state.get("brain", "offline")
    text = state.st.session_state["text"]

    def events():
        if brain == "llm":
            yield Event("model_text", text)
        yield Event("answer", answer=Answer("revenue by month", text, brain=brain))

    session = state.store().create_session(state.LOCAL_OWNER)
    state.st.session_state["sid"] = session.id
    run_live(session.id, "revenue by month", events, Path("."))


def _run(brain: str, text: str) -> AppTest:
    at = AppTest.from_function(_live_page, default_timeout=60)
    at.session_state["brain"] = brain
    at.session_state["text"] = text
    at.run()
    assert not at.exception
    return at


def test_the_offline_answer_is_shown_live_with_its_key_figure_first(app_env):
    at = _run("offline", OFFLINE_TEXT)
    shown = [m.value for m in at.markdown]
    assert answer_markdown(OFFLINE_TEXT, "offline") in shown
    assert shown[-1].startswith("**Revenue by month: 33,912.00 in total over 6 months.**\n- ")
    (message,) = Store(app_env).messages(at.session_state["sid"])
    assert message.text == OFFLINE_TEXT  # stored word for word; only the layout differs


def test_a_models_dollar_amounts_stay_text_while_streaming(app_env):
    at = _run("llm", MODEL_TEXT)
    shown = [m.value for m in at.markdown]
    # The model's interim words and its final answer: both escaped, never read as maths.
    assert shown.count("Revenue went from \\$4,811 to \\$6,525: up 35.6%.") == 2
