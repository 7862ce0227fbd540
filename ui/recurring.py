"""Run a saved recurring report on a new upload, for the Recurring reports page.

The new file goes into a session of its own (the user can open it on the Analyze page
afterwards); the template runs there (`analyst.recurring.run_template`); column questions
come back to the page as a short form, and nothing runs until they are answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from analyst.recurring import ColumnQuestion, ReportTemplate, run_template
from analyst.words.note import Message
from ui import state, uploads
from ui.reportgen import Built, rendered


@dataclass(frozen=True)
class Outcome:
    built: Built | None
    questions: tuple[ColumnQuestion, ...] = ()
    problems: tuple[str | Message, ...] = ()
    session_id: str = ""


def run_on_upload(template: ReportTemplate, name: str, data: bytes,
                  answers: Mapping[str, str], session_id: str | None = None) -> Outcome:
    """Read the upload into a new session (or the one asked in before) and run the template."""
    store = state.store()
    session = store.get_session(session_id, state.owner()) if session_id else None
    if session is None:
        session = store.create_session(state.owner())
        state.open_session(session.id)
        if not uploads.ingest(session, name, data):
            return Outcome(None, session_id=session.id)  # the upload messages say why
    else:
        state.open_session(session.id)
    analysis: Any = state.analysis(session)
    result = run_template(analysis, template, answers=answers)
    if result.questions:
        return Outcome(None, result.questions, session_id=session.id)
    assert result.report is not None  # noqa: S101  no questions: run_template built it
    return Outcome(rendered(result.report), problems=result.problems, session_id=session.id)
