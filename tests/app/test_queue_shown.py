"""While a question stands in the host's one line (`analyst.session.admission`) the page
shows its place; a wait too long ends in plain words on the page, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest


def _waiting_page() -> None:
    """A page that asks a real `Analysis` while another session holds the only place for
    good: the question gives up after 0.6 s."""
    from pathlib import Path

    from analyst.session.admission import Admission
    from analyst.session.analysis import Analysis
    from analyst.store.log import SessionAnswers
    from ui import state
    from ui.runner import run_live

    root = Path(state.st.session_state["root"])
    admission = Admission(root / "running", 1, wait_limit_s=0.6)
    other = admission.lease(lambda: None)
    for _ in other.waiting(timeout_s=5):
        pass
    (root / "sales.csv").write_text("month,revenue\n2026-01,10\n2026-02,12\n")
    session = state.store().create_session(state.LOCAL_OWNER)
    analysis = Analysis.open(root / "ws", backend="local", admission=admission,
                             history=SessionAnswers(state.store(), session.id))
    analysis.add_file(root / "sales.csv")
    state.st.session_state["sid"] = session.id
    state.st.session_state["analysis"] = analysis
    run_live(session.id, "revenue by month",
             lambda: analysis.ask("revenue by month", brain="offline"), root / "ws")


@pytest.fixture(scope="module")
def gave_up(tmp_path_factory: pytest.TempPathFactory) -> AppTest:
    with pytest.MonkeyPatch.context() as patch:
        root = tmp_path_factory.mktemp("queue")
        patch.setenv("ANALYST_DATA_DIR", str(root / "data"))
        patch.setenv("ANALYST_SANDBOX_BACKEND", "local")
        at = AppTest.from_function(_waiting_page, default_timeout=60)
        at.session_state["root"] = str(root)
        return at.run()


def test_the_place_in_line_is_shown_while_waiting(gave_up: AppTest) -> None:
    assert not gave_up.exception
    captions = [c.value for c in gave_up.caption]
    assert any("you are number 1 in the queue (1 run at a time)" in c for c in captions)


def test_a_wait_too_long_is_said_in_plain_words(gave_up: AppTest) -> None:
    said = [w.value.replace("\\", "") for w in gave_up.warning]  # markdown escapes gone
    assert any("All 1 analysis slots stayed busy for 0.6 s" in w for w in said), said
    assert not gave_up.exception and not gave_up.get("exception")


def test_nothing_of_the_question_is_lost(gave_up: AppTest) -> None:
    from analyst.store import Store

    data = Path(gave_up.session_state["root"]) / "data"
    (answer,) = [m for m in Store(data).messages(gave_up.session_state["sid"])
                 if m.role == "assistant"]
    assert "analysis slots stayed busy" in answer.text
