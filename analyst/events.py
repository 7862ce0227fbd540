"""The analyst's event stream: what the UI renders live while a question is answered.

The records it carries (`Step`, `Answer`) live in `analyst.record` and are re-exported
here. Both brains (the offline planner and the LLM agent) are generators of `Event`s that end
with exactly one event of kind ``answer`` carrying an `Answer`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from analyst.record import (
    Answer,
    FileHash,
    ModelCode,
    Origin,
    QueryCall,
    RecipeCall,
    Step,
    StepFigures,
)
from sandbox import ExecutionResult, OutputFile

__all__ = ["Answer", "Event", "EventKind", "ExecutionResult", "FileHash", "ModelCode", "Origin",
           "OutputFile", "QueryCall", "RecipeCall", "Step", "StepFigures"]

EventKind = Literal[
    "status",  # progress in plain words ("Loading sales.csv")
    "model_text",  # text the model said between tool calls
    "plan",  # what will run, shown before it runs (approval mode)
    "code",  # code about to run (step set, result None)
    "result",  # a step finished (step set, result set)
    "error",  # a step failed or the API failed; message is for the user
    "retry",  # the brain is trying again after an error
    "warning",  # something the user should know (ungrounded number, no isolation...)
    "usage",  # token usage and estimated cost (data: prompt_tokens, completion_tokens, cost_usd)
    "answer",  # the final answer (answer set)
]


@dataclass(frozen=True)
class Event:
    kind: EventKind
    message: str = ""
    step: Step | None = None
    answer: Answer | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d = {"kind": self.kind, "message": self.message, "data": dict(self.data)}
        if self.step is not None:
            d["step"] = self.step.to_dict()
        if self.answer is not None:
            d["answer"] = self.answer.to_dict()
        return d
