"""The offline brain: answers common questions and builds the standard analysis with recipes.

No language model is involved: keywords pick the intent, the data cards pick the columns,
and each step is readable Python that calls `recipes` and runs in the sandbox like model
code does.
"""

from analyst.planner.codegen import FIGURES_MARKER, PlannedStep, StepFigures, read_figures
from analyst.planner.intents import Intent, parse_intent
from analyst.planner.phrases import data_language, language_of
from analyst.planner.plan import (
    Plan,
    key_figures_step,
    needs_model_message,
    question_plan,
    standard_plan,
)
from analyst.planner.runner import answer_offline, standard_report, step_paragraph

__all__ = [
    "FIGURES_MARKER",
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
    "read_figures",
    "standard_plan",
    "standard_report",
    "step_paragraph",
]
