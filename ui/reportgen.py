"""Build the report from what the store kept, so it works after a reload or a restart.

`analyst.reporting.build_report` reads answers from `analysis.history`; here the history is
rebuilt from the stored messages (`answers_of`, also what `ui.state` hands a reopened
`Analysis` so follow-up questions keep their context), and the stored pins are translated
into `Pin(answer_index, step_number, title, narrative)`.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analyst.events import Answer, Step
from analyst.reporting import Pin, build_report
from analyst.store import MessageRecord, PinRecord, StepRecord
from sandbox import ExecutionResult


@dataclass(frozen=True)
class Source:
    """What `build_report` reads from an analysis.

    The history comes from the store; `live` is the user's open `Analysis`, so a step the
    report must run itself (the key figures of a pinned-only report) runs in its warm
    sandbox session with the configured backend, not in a new short-lived "auto" one.
    """

    workspace: Any
    cards: tuple[Any, ...]
    history: tuple[Answer, ...]
    live: Any = None

    @property
    def session(self) -> Any:
        # Read only when the report needs to run a step: the live session opens lazily.
        return None if self.live is None else self.live.session

    @property
    def backend(self) -> str:
        return getattr(self.live, "backend", "auto")


@dataclass(frozen=True)
class Built:
    pdf: bytes
    xlsx: bytes
    title: str
    first_page_png: bytes | None


def build(analysis: Any, messages: list[MessageRecord], pins: list[PinRecord],
          title: str | None, include_code: bool = True) -> Built:
    from analyst.report import render_pdf, render_xlsx

    answers = [m for m in messages if m.role == "assistant"]
    history = answers_of(messages)
    index = {m.id: i for i, m in enumerate(answers)}
    chosen = [Pin(index[p.step.message_id], p.step.number, p.title or None, p.narrative or None)
              for p in pins if p.step.message_id in index]
    source = Source(analysis.workspace, tuple(analysis.cards), history, live=analysis)
    report = build_report(source, title=title or None, pins=chosen or None,
                          include_code=include_code)
    pdf = render_pdf(report)
    return Built(pdf, render_xlsx(report), report.title, first_page(pdf))


def first_page(pdf: bytes) -> bytes | None:
    """A PNG of page 1 with poppler's pdftoppm when installed; None otherwise."""
    if shutil.which("pdftoppm") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "report.pdf"
        src.write_bytes(pdf)
        try:
            subprocess.run(["pdftoppm",  # noqa: S603, S607  fixed argv; found on PATH above "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                            str(src), str(Path(tmp) / "page")], check=True, timeout=30,
                           capture_output=True)
        except (subprocess.SubprocessError, OSError):
            return None
        page = Path(tmp) / "page.png"
        return page.read_bytes() if page.exists() else None


def answers_of(messages: list[MessageRecord]) -> tuple[Answer, ...]:
    """The stored answers of a session, in order, as `Answer`s."""
    return tuple(_answer(m) for m in messages if m.role == "assistant")


def _answer(message: MessageRecord) -> Answer:
    data = message.data
    return Answer(question=data.get("question") or "", text=message.text,
                  steps=tuple(step_from_record(s) for s in message.steps),
                  brain=data.get("brain") or "offline", ok=bool(data.get("ok", True)),
                  warnings=tuple(data.get("warnings") or ()), usage=dict(data.get("usage") or {}))


def step_from_record(step: StepRecord) -> Step:
    result = None if step.result is None else ExecutionResult.from_dict(step.result)
    return Step(step.number, step.description, step.code, result, step.recipe)
