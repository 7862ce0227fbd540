"""A step whose recipe refused shows why, in the interface's language, with no class name
(the exact error stays in the details)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from analyst.record import Refusal
from ui.i18n import t
from ui.plain import literal

REFUSALS = [Refusal("no_line_item", {"line": "Оренда"}), Refusal("yoy_one_year", {"year": 2025}),
            Refusal("column_missing_close", {"column": "Sume", "close": "Сума",
                                              "columns": ["Дата", "Сума"]})]


def _step_page() -> None:
    from pathlib import Path

    from analyst.events import ExecutionResult, Step
    from analyst.record import Refusal
    from sandbox.result import ExecutionError
    from ui import state
    from ui.render import step_view

    refusal = Refusal.from_dict(state.st.session_state["refusal"])
    error = ExecutionError("RecipeError", refusal.text("en"), "Traceback ...")
    step = Step(1, "Виручка за місяцями", "code", result=ExecutionResult(error=error),
                refusal=refusal)
    step_view(step, Path("."), "k")


@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
@pytest.mark.parametrize("refusal", REFUSALS, ids=lambda r: r.key)
def test_a_refused_step_says_why_in_the_interface_language(app_env, language, refusal):
    at = AppTest.from_function(_step_page, default_timeout=30)
    at.session_state["w_ui_language"] = language
    at.session_state["refusal"] = refusal.to_dict()
    at.run()
    assert not at.exception
    (warning,) = at.warning
    assert warning.value == t("step_failed", language, reason=literal(refusal.text(language)))
    assert "RecipeError" not in warning.value
