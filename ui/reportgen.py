"""Build the report from what the store kept, so it works after a reload or a restart.

The session's `Analysis` holds the stored answers (`ui.state`); the stored pins are
translated into `Pin(answer_index, step_number, title, narrative)` and
`Analysis.report` builds it.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from analyst.events import Answer
from analyst.progress import Progress, tell
from analyst.report import Report
from analyst.report.build import Pin
from analyst.report.text import download_name
from analyst.session.analysis import Analysis
from analyst.store import MessageRecord, PinRecord


@dataclass(frozen=True)
class Built:
    pdf: bytes
    xlsx: bytes
    title: str
    first_page_png: bytes | None

    def file_name(self, extension: str) -> str:
        """"Sales report - sales_export.pdf": the title, readable, safe as a file name."""
        return download_name(self.title, extension)


def build(analysis: Analysis, messages: list[MessageRecord], pins: list[PinRecord],
          title: str | None, include_code: bool = True, progress: Progress | None = None) -> Built:
    """The report of the stored answers. The key figures a pinned-only report needs run
    first, as an ordinary step in the user's open `analysis` (its warm sandbox session)."""
    report = report_of(analysis, messages, pins, title, include_code, progress)
    return rendered(report, progress)


def rendered(report: Report, progress: Progress | None = None) -> Built:
    """The PDF, the workbook and a picture of the first page of `report`."""
    from analyst.report import render_pdf, render_xlsx

    tell(progress, "pdf", report.title, "report")
    pdf = render_pdf(report)
    tell(progress, "xlsx", report.title, "report")
    xlsx = render_xlsx(report)
    built = Built(pdf, xlsx, report.title, first_page(pdf))
    tell(progress, "done", report.title, "report")
    return built


def report_of(analysis: Analysis, messages: list[MessageRecord], pins: list[PinRecord],
              title: str | None, include_code: bool = True,
              progress: Progress | None = None) -> Report:
    from analyst.report.build import build_report, summary_plan

    history = answers_of(messages)
    chosen = _pins(messages, pins)
    planned = summary_plan(history, analysis.cards, chosen, title=title or None)
    shown = title or "the report"
    tell(progress, "figures", shown, "report")
    summary = analysis.run_step(planned) if planned is not None else None
    tell(progress, "assemble", shown, "report")
    return build_report(history, analysis.cards, analysis.workspace, title=title or None,
                        pins=chosen, summary=summary, include_code=include_code)


def _pins(messages: list[MessageRecord], pins: list[PinRecord]) -> list[Pin] | None:
    answers = [m for m in messages if m.role == "assistant"]
    index = {m.id: i for i, m in enumerate(answers)}
    return [Pin(index[p.step.message_id], p.step.number, p.title or None, p.narrative or None)
            for p in pins if p.step.message_id in index] or None


def recurring_template(analysis: Analysis, messages: list[MessageRecord],
                       pins: list[PinRecord], title: str | None) -> tuple[Any, tuple[str, ...]]:
    """"Save as a recurring report": the template of this report (the standard sections
    when the report has them, each other pinned answer with its pinned steps) and the
    titles of sections it cannot keep (a model's code)."""
    from analyst.recurring.capture import template_of
    from analyst.report.build import STANDARD_QUESTION

    report = report_of(analysis, messages, pins, title)
    history = answers_of(messages)
    chosen = _pins(messages, pins) or []
    steps: dict[int, list[int]] = {}
    for pin in chosen:
        steps.setdefault(pin.answer_index, []).append(pin.step_number)
    standard = not chosen or any(history[i].question == STANDARD_QUESTION for i in steps)
    asked = [replace(history[i], steps=tuple(s for s in history[i].steps if s.number in wanted))
             for i, wanted in steps.items() if history[i].question != STANDARD_QUESTION]
    return template_of(report, analysis.cards, asked, root=analysis.workspace.root,
                       title=title or None, language=report.language_hint or "en",
                       standard=standard)


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
    """The stored answers of a session, in order."""
    return tuple(m.answer for m in messages if m.answer is not None)
