"""`Answer`: what a brain said for one question, with the steps that back it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analyst.record.step import Step


@dataclass(frozen=True)
class Answer:
    question: str
    text: str
    steps: tuple[Step, ...] = ()
    warnings: tuple[str, ...] = ()
    brain: str = "offline"
    ok: bool = True
    usage: dict[str, Any] = field(default_factory=dict)
    options: tuple[str, ...] = ()
    """Questions to offer back (the app's buttons): the readings to choose from when a
    question could mean two things, or questions this table can answer."""
    ended: str = ""
    """Why the answer is not whole: "" it ran to its end (well or not), "stopped" the user's
    Stop, "interrupted" the page that asked was reloaded or closed while it ran
    (`analyst.session.stopping`): the app words each and offers to run it again."""
    language: str = ""
    """The language its words are in ("en", "uk", "ru", "zh"): the question's, or the one
    the standard report was asked in. "" for records kept before it was noted."""

    @property
    def artifacts(self) -> list[str]:
        """Paths of every file the steps wrote, once each, in order."""
        seen: list[str] = []
        for step in self.steps:
            for f in step.result.files if step.result is not None else ():
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
            "options": list(self.options),
            "ended": self.ended,
            "language": self.language,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Answer:
        """The inverse of `to_dict()`, also after JSON; keys it does not know are ignored,
        and steps of older records are read in their old form (`Step.from_dict`)."""
        return cls(question=str(data.get("question") or ""), text=str(data.get("answer") or ""),
                   steps=tuple(Step.from_dict(s) for s in data.get("steps") or ()),
                   warnings=tuple(str(w) for w in data.get("warnings") or ()),
                   brain=str(data.get("brain") or "offline"), ok=bool(data.get("ok", True)),
                   usage=dict(data.get("usage") or {}),
                   options=tuple(str(o) for o in data.get("options") or ()),
                   ended=str(data.get("ended") or ""),
                   language=str(data.get("language") or ""))
