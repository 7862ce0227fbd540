"""The user's Stop: one switch per `Analysis`, seen by the sandbox and by the event stream.

`Analysis.interrupt()` comes from another thread (the UI's Stop button, or the page going
away) while a brain is running. It interrupts the sandbox step running now
(`Session.interrupt()`), and the switch makes every later step of the same question return
at once without running, so the brain reaches its next event quickly and the stream can end
with a "stopped" answer. The switch remembers why: the user's Stop (`STOPPED`) or the page
that asked being reloaded or closed (`INTERRUPTED`), so the answer says which, honestly.
"""

from __future__ import annotations

import threading

from sandbox import Notice, notice_english

STOPPED = "stopped"
"""`Answer.ended` of an answer the user stopped (the Stop button)."""
INTERRUPTED = "interrupted"
"""`Answer.ended` of an answer cut short without a Stop: the page that asked was reloaded or
closed, or the app stopped, while it ran."""
ENDINGS = (STOPPED, INTERRUPTED)

STOPPED_TEXT = "Stopped before the end."
INTERRUPTED_TEXT = ("Interrupted before the end: the page was reloaded or closed while this "
                    "question was being answered. Nothing was stopped by you; run it again to "
                    "get the whole answer.")
NOT_RUN = notice_english(Notice("not_run"))


def ended_text(reason: str) -> str:
    """The answer's English text for an answer that ended early for `reason` (the app shows
    the catalogue's words for it, `ui` context `answer_stopped` / `answer_interrupted`)."""
    return INTERRUPTED_TEXT if reason == INTERRUPTED else STOPPED_TEXT


class StopSwitch:
    """Set by `interrupt()`, cleared when the next question starts. Thread-safe."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self.reason = STOPPED

    def set(self, reason: str = STOPPED) -> None:
        # The user's Stop wins, whichever comes first: a Stop click stops the page's run
        # as a reload does, and the page may say "interrupted" before the click says "stop".
        if reason not in ENDINGS or reason == STOPPED or not self._event.is_set():
            self.reason = reason if reason in ENDINGS else STOPPED
        self._event.set()

    def clear(self) -> None:
        self._event.clear()
        self.reason = STOPPED

    @property
    def on(self) -> bool:
        return self._event.is_set()
