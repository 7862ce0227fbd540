"""The analyst's event stream: one record type the UI renders live and the store persists.

Both brains (the offline planner and the LLM agent) are generators of `Event`s that end
with exactly one event of kind ``answer`` carrying an `Answer`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from sandbox import ExecutionResult

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
class Step:
    """One piece of code run in the sandbox, and what came of it."""

    number: int
    description: str
    code: str
    result: ExecutionResult | None = None
    recipe: str | None = None
    """Name of the recipe the step calls, when it calls one (for the methodology appendix)."""

    @property
    def charts(self) -> list[str]:
        if self.result is None:
            return []
        return [f.path for f in self.result.files if f.is_image]

    @property
    def tables(self) -> list[str]:
        if self.result is None:
            return []
        return [f.path for f in self.result.files if f.path.endswith((".parquet", ".csv", ".xlsx"))]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "description": self.description,
            "code": self.code,
            "recipe": self.recipe,
            "result": self.result.to_dict() if self.result is not None else None,
        }


@dataclass(frozen=True)
class Answer:
    question: str
    text: str
    steps: tuple[Step, ...] = ()
    warnings: tuple[str, ...] = ()
    brain: str = "offline"
    ok: bool = True
    usage: dict[str, Any] = field(default_factory=dict)

    @property
    def artifacts(self) -> list[str]:
        seen: list[str] = []
        for step in self.steps:
            if step.result is None:
                continue
            for f in step.result.files:
                if f.path not in seen:
                    seen.append(f.path)
        return seen

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answer": self.text,
            "ok": self.ok,
            "brain": self.brain,
            "warnings": list(self.warnings),
            "usage": dict(self.usage),
            "steps": [s.to_dict() for s in self.steps],
            "artifacts": self.artifacts,
        }


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
