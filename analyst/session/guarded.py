"""One question's run on this host: a place to run in (waited for, and the user told), a
sandbox session fit for its brain, the brain's events passed on, and one answer kept whatever
happens: an answer, a failure of the sandbox or of ours, the user's Stop, the page gone.

`Analysis` runs each of its brains through `guarded`, in its `Place`, keeping the answer in
its answer log (`remember`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import replace
from typing import Any

from analyst.events import Answer, Event, Step
from analyst.session.admission import Lease, QueueTimeout
from analyst.session.place import Place
from analyst.session.stopping import INTERRUPTED, StopSwitch, ended_text
from analyst.session.verified import RecipeGate
from analyst.words import say
from sandbox import SandboxError

log = logging.getLogger(__name__)

WAIT_NOTICE_EVERY_S = 30.0
"""While a question waits for a free place, the caller hears again this often."""


def guarded(place: Place, stop: StopSwitch, remember: Callable[[Answer], None], question: str,
            brain: str, events: Callable[[Any], Iterator[Event]], lang: str) -> Iterator[Event]:
    """Run a brain's `events` in one of the host's places (waiting for one, told, when none
    is free); an infrastructure failure becomes a plain error and a failed answer, kept by
    `remember` as every answer. `stop` is the analysis' Stop, cleared by the caller as the
    question starts; `lang` the question's language, the language of everything said here."""
    steps: list[Step] = []
    warned: list[str] = []  # warnings shown while answering are kept with the answer
    answered = False
    began = False
    try:
        # While a session without a container waits for a core, the warm pool starts one
        # for it, so its start rarely holds the place that others wait for.
        with place.starting():
            began = yield from wait_for_place(place.lease, stop, lang)
            if not began:  # stopped while waiting: nothing ran
                yield from finish(remember, kept(ended(question, stop.reason, (), brain), (),
                                                 lang))
                return
            resumed = place.resumed_notice(lang)
            if resumed:
                warned.append(resumed)  # kept with the answer even if the start fails
            warning = place.started(brain, lang)
        if resumed:
            yield Event("warning", resumed)
        if warning:
            warned.append(warning)
            yield Event("warning", warning)
        # Each recipe step in an interpreter only recipes ran in (the gate replaces the
        # session when other code ran in it); the brain announces its steps by events.
        gate = RecipeGate(place, stop, recipes=brain == "offline")
        stream = events(gate)
        try:
            for event in stream:
                if event.kind == "code" and event.step is not None:
                    gate.announce(event.step)
                # After a stop only the result of the step that was running gets through.
                if stop.on and event.kind != "result":
                    break
                if event.kind == "result" and event.step is not None:
                    steps.append(event.step)
                if event.kind == "warning" and event.message:
                    warned.append(event.message)
                if event.kind == "answer" and event.answer is not None:
                    answered = True
                    answer = kept(event.answer, warned, lang)
                    event = replace(event, answer=answer)
                    remember(answer)
                yield event
                if stop.on:
                    break
        finally:
            if isinstance(stream, Generator):  # brains are generators; close runs their finally
                stream.close()
    except Exception as exc:  # noqa: BLE001 - a wait too long, or a bug of ours: in words
        if isinstance(exc, SandboxError | QueueTimeout):  # nothing ran, the line left
            reason = exc.message_in(lang) if isinstance(exc, QueueTimeout) else str(exc)
            text = say(lang, "agent", "could_not_run", reason=reason)
        else:  # the trace goes to the log, what finished stays
            log.exception("answering %r with the %s brain failed", question, brain)
            reason = text = say(lang, "agent", "our_fault")
        yield Event("error", reason)
        yield from finish(remember, kept(Answer(question, text, steps=tuple(steps), brain=brain,
                                             ok=False), warned, lang))
        return
    except GeneratorExit:
        # The caller stopped reading (the app's Stop click, its page gone): what
        # finished is kept. Without an interrupt() first nobody pressed Stop.
        if not answered:
            reason = stop.reason if stop.on else INTERRUPTED
            remember(kept(ended(question, reason, steps, brain), warned, lang))
        raise
    finally:
        if began:
            place.lease.end()  # idle from now: the place is kept, the session may be paused
    if stop.on and not answered:
        yield from finish(remember, kept(ended(question, stop.reason, steps, brain), warned, lang))


def wait_for_place(lease: Lease, stop: StopSwitch, language: str) -> Generator[Event, None, bool]:
    """Wait for a place to run on this host; say so at once, when the line moves, and now
    and then. Returns True holding the place (busy), False when the user stopped meanwhile."""
    told, told_place = None, 0
    for wait in lease.waiting(lease.admission.wait_limit_s):
        if stop.on:
            return False
        if told is None or wait.place != told_place \
                or wait.seconds - told >= WAIT_NOTICE_EVERY_S:
            seconds = int(wait.seconds)
            text = (say(language, "session", "waiting", place=wait.place) if told is None
                    else say(language, "session", "still_waiting", plural=seconds,
                             n=seconds, place=wait.place))
            told, told_place = wait.seconds, wait.place
            yield Event("status", text, data={"waiting_s": round(wait.seconds, 1),
                                              "place": wait.place,
                                              "limit": lease.admission.questions})
    if stop.on:  # a Stop that came just as the place was free
        lease.end()
        return False
    return True


def finish(remember: Callable[[Answer], None], answer: Answer) -> Iterator[Event]:
    """The final ``answer`` event, the answer kept first."""
    remember(answer)
    yield Event("answer", answer.text, answer=answer)


def ended(question: str, reason: str, steps: Sequence[Step], brain: str) -> Answer:
    """The failed answer of a question that did not run to its end, for `reason`."""
    return Answer(question, ended_text(reason), steps=tuple(steps), brain=brain, ok=False,
                  ended=reason)


def kept(answer: Answer, warnings: Sequence[str], language: str) -> Answer:
    """`answer` as it is kept: with the warnings shown while it was made that it does not
    hold yet, and the language it was given in (the app shows it in that language later,
    whatever the interface speaks then)."""
    extra = tuple(w for w in dict.fromkeys(warnings) if w not in answer.warnings)
    return replace(answer, warnings=answer.warnings + extra, language=answer.language or language)
