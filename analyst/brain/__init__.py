"""The offline brain: answers common questions and builds the standard analysis with recipes.

No language model is involved: keywords pick the intent, the data cards pick the columns,
and each step is readable Python that calls `recipes` and runs in the sandbox like model
code does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyst.brain.code.codegen import PlannedStep, StepFigures
from analyst.brain.understand.intents import Intent, parse_intent
from analyst.brain.understand.phrases import data_language, language_of
from analyst.lazy import on_first_use

if TYPE_CHECKING:
    from analyst.brain.plan.plan import (
        Plan,
        key_figures_step,
        needs_model_message,
        question_plan,
        standard_plan,
    )
    from analyst.brain.runner import answer_offline, standard_report, step_paragraph

__all__ = [
    "Intent",
    "Plan",
    "PlannedStep",
    "StepFigures",
    "answer_offline",
    "data_language",
    "key_figures_step",
    "language_of",
    "needs_model_message",
    "parse_intent",
    "question_plan",
    "standard_plan",
    "standard_report",
    "step_paragraph",
]

# Planning and running import the recipes, the data report's plans and the narrative; the
# command line imports this package for `language_of` at every start and plans only for a
# question or a report. So those are imported on first use (PEP 562), not with the package.
_ON_FIRST_USE = {
    **dict.fromkeys(("Plan", "key_figures_step", "needs_model_message", "question_plan",
                     "standard_plan"), "analyst.brain.plan.plan"),
    **dict.fromkeys(("answer_offline", "standard_report", "step_paragraph"),
                    "analyst.brain.runner"),
}


__getattr__ = on_first_use(__name__, _ON_FIRST_USE)
