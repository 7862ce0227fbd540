"""Users never see a raw traceback: a plain sentence, and the details behind an expander."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

from analyst.errors import user_message
from ui import i18n
from ui.plain import defused

log = logging.getLogger("analyst.app")


def show_failure(sentence: str, exc: BaseException | None = None) -> None:
    """Say what went wrong in words; keep the technical details one click away."""
    st.error(defused(sentence))  # may quote a file name or a sandbox message: no link in it
    if exc is not None:
        log.warning("%s", sentence, exc_info=exc)
        with st.expander("Technical details"):
            st.code("".join(traceback.format_exception(exc)), language=None)


@contextmanager
def guarded(action: str) -> Iterator[None]:
    """Run a block; on a failure say "Could not <action>." instead of crashing the page.

    Streamlit's own rerun/stop signals are BaseExceptions and pass through untouched.
    """
    try:
        yield
    except Exception as exc:  # noqa: BLE001 - the whole point: any failure becomes a readable message
        # AnalystError and SandboxError carry a sentence for the user; anything else is a bug.
        message = user_message(exc, i18n.current())
        if message:
            show_failure(message)
        else:
            show_failure(f"Could not {action}. The details below can help whoever runs this app.", exc)
