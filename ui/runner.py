"""Run a brain's events live under `st.status`, then keep the answer in the store.

The brain runs in a worker thread; the page thread renders its events as they arrive. A
question that finds no free place waits in the host's one line (`Analysis` waits in
`analyst.session.admission`): its "status" events carry the place, shown here.

A Stop click reruns the page: Streamlit then raises inside the page thread,
`Analysis.interrupt()` stops the sandbox step running now (its variables are kept) and
ends the brain's events, and whatever finished is saved, so nothing the user saw is lost.
A reload (or a closed tab, or the app stopping) stops the page's run instead of rerunning
it: the answer is then kept as interrupted, not stopped, and the page offers to run it
again.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner_utils.exceptions import RerunException

from analyst.errors import user_message
from analyst.events import Answer, Step
from analyst.session.stopping import INTERRUPTED, STOPPED, ended_text
from ui import state
from ui.answers import answer_markdown
from ui.errors import show_failure
from ui.i18n import current, t
from ui.plain import literal
from ui.render import answer_language, step_view

POLL_S = 0.5

# A Stop click starts the next page run at once, while the stopped run is still saving
# what it has: the next run waits for that (per session, in this process). Each running
# question's (saved, cancelled) events.
_saving: dict[str, tuple[threading.Event, threading.Event]] = {}


def settled(session_id: str, timeout: float = 10.0) -> None:
    """Wait until a stopped run of this session has saved its answer. A run still going
    is not waited for: the page shows "still answering" and follows it (`follow_other_run`)
    instead of staying blank while it runs."""
    pending = _saving.get(session_id)
    if pending is not None and pending[1].is_set():
        pending[0].wait(timeout)


def running(session_id: str) -> bool:
    """A question of this session is being answered now, in this process."""
    return session_id in _saving

log = logging.getLogger("analyst.app")


@st.fragment(run_every=1.0)
def follow_other_run(session_id: str) -> None:
    """While another page run of this session answers (the page was reloaded mid-question,
    or a second tab asked), this page shows "still answering"; when that run has kept its
    answer, rerun so the answer (or its "interrupted" notice) appears without a reload.
    A timed fragment run never preempts this page's own script run (Streamlit queues it)."""
    if not running(session_id):
        st.rerun(scope="app")


def run_live(session_id: str, question: str, make_events: Callable[[], Generator[Any, None, None]],
             workspace: Path) -> None:
    """Render the events of `make_events()` as they come; the answer is kept by the
    session's `Analysis` in the store (its one record), also when the user stops it."""
    saved, cancel = threading.Event(), threading.Event()
    _saving[session_id] = (saved, cancel)
    inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
    why = [STOPPED]  # set with `cancel`: the user's Stop, or the page gone (INTERRUPTED)
    # Taken now: after a Stop click, any Streamlit call would raise again, so the worker
    # must not touch st.* (session_state and cached resources included).
    store = state.store()
    analysis = st.session_state.get("analysis")
    before = store.last_answer_id(session_id)

    def work() -> None:
        queued = stood_in_line = False
        steps: list[Step] = []
        given: list[Answer] = []
        try:
            events = make_events()
            try:
                for event in events:
                    place = waiting_place(event)
                    if place is not None:
                        queued = stood_in_line = True
                        inbox.put(("queue", (place, event.data.get("limit"))))
                        if cancel.is_set():
                            break  # a reloaded or stopped page leaves the line too
                        continue
                    if queued:
                        queued = False
                        inbox.put(("started", None))
                    if event.kind == "result" and event.step is not None:
                        steps.append(event.step)
                    if event.kind == "answer" and event.answer is not None:
                        given.append(event.answer)
                    inbox.put(("event", event))
                    if cancel.is_set():
                        break
            finally:
                events.close()  # a stopped Analysis keeps what finished, then
        except Exception as exc:  # noqa: BLE001 - shown to the user by the page thread, in words
            inbox.put(("failure", exc))
        finally:
            try:
                # How long this question stood in line, as its lease measured it.
                waited = analysis.lease.waited_s if stood_in_line and analysis is not None \
                    else 0.0
                _settle(store, session_id, before, analysis, question, steps, given, waited,
                        ended=why[0] if cancel.is_set() else "")
            finally:
                saved.set()
                _saving.pop(session_id, None)
                inbox.put(("done", None))

    worker = threading.Thread(target=work, name=f"analysis-{session_id[:6]}", daemon=True)
    steps: list[Step] = []
    answer: Answer | None = None
    finished = False
    label = t("working")
    worker.start()
    try:
        with st.status(label, expanded=True) as status:
            while True:
                try:
                    kind, payload = inbox.get(timeout=POLL_S)
                except queue.Empty:
                    status.update(label=label)  # lets a Stop click interrupt the page
                    continue
                if kind == "queue":
                    place, limit = payload
                    label = t("queue", place=place, slots=limit)
                    status.update(label=label)
                    st.caption(label)
                elif kind == "started":
                    label = t("working")
                    status.update(label=label)
                elif kind == "failure":
                    show_failure(_failure_sentence(payload, answer_language(question, _cards(analysis))),
                                 payload)
                elif kind == "done":
                    break
                else:
                    event = payload
                    label = _render_event(event, steps, workspace, question) or label
                    status.update(label=label)
                    if event.kind == "answer" and event.answer is not None:
                        answer = event.answer
            finished = True
            failed = answer is None or not answer.ok
            status.update(label=t("done") if not failed else t("problems"),
                          state="complete" if not failed else "error", expanded=False)
            if answer is not None and answer.text:
                # Laid out as the stored answer will be after the rerun: no jump in between.
                st.markdown(answer_markdown(answer.text, answer.brain or "offline"))
    except BaseException as exc:
        if not finished:
            why[0] = ending_of(exc)
            cancel.set()
            _interrupt(analysis, why[0])
        raise


def waiting_place(event: Any) -> int | None:
    """The place in line a waiting notice of `Analysis` tells (1: next), else None."""
    if event.kind != "status":
        return None
    place = event.data.get("place")
    return place if isinstance(place, int) else None


def ending_of(exc: BaseException) -> str:
    """Why the page's run ended before the answer, as far as the page thread can tell.

    A rerun is the user acting on the page. With Streamlit's fast reruns (the default) a
    click stops the running page as a reload does, so the Stop button says it itself
    (`stop_clicked`, which wins over this guess); anything else (the page reloaded or
    closed, the app stopping, a failure) is an interruption nobody asked for.
    """
    return STOPPED if isinstance(exc, RerunException) else INTERRUPTED


def stop_clicked() -> None:
    """The Stop button's callback: it runs first in the run the click starts, before the
    answer is kept, so the answer says "stopped", not "interrupted"."""
    _interrupt(st.session_state.get("analysis"), STOPPED)


def _settle(store: Any, session_id: str, before: int | None, analysis: Any, question: str,
            steps: list[Step], given: list[Answer], waited: float, *, ended: str) -> None:
    """After the worker: exactly one answer is kept for the question, and how long it queued.

    The `Analysis` keeps the answers it gives (also a stopped one) in the store. Only when
    the store got none (the queue timed out, a bug of ours, events not from an `Analysis`)
    is one kept here, through the same record: the answer shown, else a failed one.
    """
    if store.last_answer_id(session_id) == before:
        text = ended_text(ended) if ended else t("ended_without_answer",
                                                 answer_language(question, _cards(analysis)) or "en")
        answer = given[-1] if given else Answer(question, text, steps=tuple(steps), ok=False,
                                                ended=ended)
        if analysis is not None:
            analysis.remember(answer)
        else:
            store.add_answer(session_id, answer)
    last = store.last_answer_id(session_id)
    if waited >= 1 and last is not None and last != before:
        store.note_wait(session_id, last, waited)


def _render_event(event: Any, steps: list[Step], workspace: Path,
                  question: str = "") -> str | None:
    """Show one event; return the new status label, if it changes."""
    kind = event.kind
    if kind in ("status", "retry"):
        st.caption(literal(event.message))
        return literal(event.message)
    if kind == "plan":
        st.caption(t("plan") + literal(event.message))
        return None
    if kind == "model_text" and event.message:
        st.markdown(answer_markdown(event.message, "llm"))  # a model's words: no stray maths
        return None
    if kind == "code" and event.step is not None:
        return t("step", n=event.step.number, description=literal(event.step.description))
    if kind == "result" and event.step is not None:
        steps.append(event.step)
        with st.container(border=True):
            # Months in the answer's language, as its text says them.
            step_view(event.step, workspace, key=f"live{len(steps)}",
                      language=answer_language(question, _cards(st.session_state.get("analysis")))
                      if question else None)
        return None
    if kind in ("error", "warning"):
        # An error's message quotes the step's own (an exception text is the step's to choose).
        st.warning(literal(event.message))
        return None
    return None


def _cards(analysis: Any) -> tuple[Any, ...]:
    """The loaded tables' cards: a question's language leaves out the names it quotes."""
    return tuple(analysis.cards) if analysis is not None else ()


def _interrupt(analysis: Any, reason: str) -> None:
    """Stop the step running now (thread-safe), not only after it: see `Analysis.interrupt`."""
    if analysis is None:
        return
    try:
        analysis.interrupt(reason)
    except Exception:
        log.warning("could not interrupt the running step", exc_info=True)


def _failure_sentence(exc: BaseException, language: str | None = None) -> str:
    """What the user reads of a failure, in `language` (default: the interface's)."""
    lang = language or current()
    return user_message(exc, lang) or t("unexpected_stop", lang)
