"""A step's sandbox notice is shown in the interface language (issue 10, point 4).

The step view showed `ExecutionResult.notice`, the sandbox's English sentence, to every
reader. It now shows the step's notices worded from the catalogue.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from analyst.words.notice import notice_text
from sandbox import ExecutionResult, Notice
from sandbox.notices import lost, sentence
from ui.plain import literal

NOTICES = (Notice("timeout_restarted", {"seconds": 20}), lost(3, "during"))


def _page(tmp: str, language: str | None) -> None:
    from pathlib import Path

    from analyst.events import Step
    from sandbox import ExecutionResult, Notice
    from sandbox.notices import lost, sentence
    from ui.render import step_view

    notices = (Notice("timeout_restarted", {"seconds": 20}), lost(3, "during"))
    result = ExecutionResult(timed_out=True, restarted=True, notice=sentence(notices),
                             notices=notices)
    step_view(Step(1, "Revenue by month", "print(1)", result=result), Path(tmp), "k",
              language=language)


@pytest.mark.parametrize("passed", [True, False], ids=["answer's language", "interface's"])
@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
def test_the_step_view_says_the_notice_in_the_language(tmp_path, language, passed):
    at = AppTest.from_function(_page, args=(str(tmp_path), language if passed else None),
                                default_timeout=60)
    at.session_state["pref_ui_language"] = language
    at.run()
    assert not at.exception
    result = ExecutionResult(timed_out=True, restarted=True, notice=sentence(NOTICES),
                             notices=NOTICES)
    shown = [i.value for i in at.info]
    expected = notice_text(result, language)
    # Shown literally (ui.plain): markdown's marks are escaped.
    assert expected is not None and literal(expected) in shown, shown
    if language == "en":
        assert literal(sentence(NOTICES) or "") in shown
    else:
        assert not any(re.search(r"[A-Za-z]{3,}", text) for text in shown), shown
