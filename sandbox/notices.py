"""The English sentence of each `Notice`: what `ExecutionResult.notice` says.

The sandbox knows no languages. It records what happened as `Notice`s (a stable kind and
its figures) and says them here in plain English, for the model and the logs; a host words
the same notices in its reader's language from its own catalogue (`analyst.words.notice`).
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterable, Mapping
from typing import Literal

from sandbox import problems
from sandbox.limits import human_size
from sandbox.result import Notice

When = Literal["before", "during", "after"]

# Why files a step wrote were not kept (`Notice("files_skipped").values["reasons"]`).
LINKS = "links"
OTHERS = "others"
ENTRIES = "entries"
DEEP = "depth"
LONG_NAMES = "long_names"
TOO_MANY = "too_many_files"
TOO_BIG = "too_big"
PAST_LIMITS = "past_limits"
REASONS = (LINKS, OTHERS, ENTRIES, DEEP, LONG_NAMES, TOO_MANY, TOO_BIG, PAST_LIMITS)

# Why a kernel ended (`Death.reason`; `values["reason"]` of "session_stopped" and
# "process_ended"), with the figures each names in `values`.
NEVER_STARTED = "never_started"
NOT_ANSWERING = "not_answering"
CONTAINER_GONE = "container_gone"  # removed, or the engine restarted
OUT_OF_MEMORY = "out_of_memory"  # the engine says so (Docker's cgroup)
OOM_LIKELY = "oom_likely"  # killed by SIGKILL without a cgroup: most likely the OOM killer
EXITED = "exited"  # the local keeper's exit `status`, its `signal` and its log's last line
CONTAINER_EXITED = "container_exited"  # the container's exit `status` (and `signal`)
ENGINE_DOWN = "engine_down"  # its engine of ANALYST_DOCKER_HOSTS stopped answering
DEATHS = (NEVER_STARTED, NOT_ANSWERING, CONTAINER_GONE, OUT_OF_MEMORY, OOM_LIKELY, EXITED,
          CONTAINER_EXITED, ENGINE_DOWN)

# What came over the control channel that was not the keeper's answer
# (`ChannelTampered.reason`; `values["reason"]` of "tampered"). "claimed": the kernel's
# own words that something was tampered with (a step can say anything there).
STREAM = "stream"  # output on another stream of the container (`stream`)
REPLY_TOO_BIG = "reply_too_big"  # a frame of `mb` MB, more than `limit_mb`
NOT_A_REPLY = "not_a_reply"
UNASKED = "unasked"
CLAIMED = "claimed"
TAMPERINGS = (STREAM, REPLY_TOO_BIG, NOT_A_REPLY, UNASKED, CLAIMED)


def lost(earlier: int, when: When) -> Notice:
    """What a restart took: the steps the lost kernel had run before this one (`earlier`),
    the restart before this step ran, during it or after it (its variables went too)."""
    return Notice("lost", {"earlier": earlier, "when": when})


def files_skipped(reasons: Iterable[str], *, entries: int, depth: int, chars: int,
                  files: int) -> Notice | None:
    """Files a step wrote and that were not kept, by reason (ids of `REASONS`), with the
    limits the reasons name; None when nothing was left out."""
    values: dict[str, int | float | str] = {"entries": entries, "depth": depth,
                                            "chars": chars, "files": files}
    ordered = sorted(set(reasons), key=lambda why: _reason(why, values))
    if not ordered:
        return None
    return Notice("files_skipped", {"reasons": ";".join(ordered), **values})


def death_detail(reason: str, values: Mapping[str, int | float | str]) -> str:
    """Why a kernel ended, in English (`Death.detail`): a reason of `DEATHS` and its values."""
    if reason == NEVER_STARTED:
        return "it was never started"
    if reason == NOT_ANSWERING:
        return "it stopped answering"
    if reason == CONTAINER_GONE:
        return "its container is gone, e.g. removed or the engine restarted"
    if reason == OUT_OF_MEMORY:
        return "out of memory"
    if reason == ENGINE_DOWN:
        return "its Docker engine stopped answering, so it moved to another engine"
    if reason == OOM_LIKELY:
        return "killed, most likely out of memory"
    if reason in (EXITED, CONTAINER_EXITED):
        status = values.get("status")
        if reason == EXITED:
            what = f"exit status {status}"
        else:
            what = ("its container exited" if status is None
                    else f"its container exited with status {status}")
        if "signal" in values:
            what += f", killed by signal {values.get('signal_name')} ({values['signal']})"
        log = values.get("log")
        return f"{what}: {log}" if log else what
    return reason


def exit_values(status: int | None) -> dict[str, int | float | str]:
    """An exit status and, past 128, the signal it says killed the process (128 + N, as a
    shell and the keeper say it): {"status": 143, "signal": 15, "signal_name": "SIGTERM"}."""
    if status is None:
        return {}
    values: dict[str, int | float | str] = {"status": status}
    if status > 128:
        with contextlib.suppress(ValueError):  # not a signal's number: only the status is said
            values |= {"signal": status - 128, "signal_name": signal.Signals(status - 128).name}
    return values


def tamper_detail(reason: str, values: Mapping[str, int | float | str]) -> str:
    """What was tampered with, in English (`str(ChannelTampered)`)."""
    if reason == STREAM:
        return f"output on the container's stream {values.get('stream')}"
    if reason == REPLY_TOO_BIG:
        return (f"a reply of {float(values.get('mb', 0)):.1f} MB, more than the "
                f"{values.get('limit_mb')} MB a reply may be")
    if reason == NOT_A_REPLY:
        return "a reply that is not one of the kernel's"
    if reason == UNASKED:
        return "a reply nobody asked for"
    if reason == CLAIMED:
        return "the kernel reported interference in words of its own, which are not repeated"
    return reason


def english(notice: Notice) -> str:
    """The notice's sentence(s) in English (an unknown kind reads as its id)."""
    v = notice.values
    kind = notice.kind
    if kind in problems.PROBLEMS:
        return problems.english(notice)
    if kind == "lost":
        return lost_words(int(v.get("earlier", 0)), when=_when(v.get("when")))
    if kind == "stopped":
        return "Stopped at your request; variables are kept."
    if kind == "stopped_restarted":
        return ("Stopped at your request. The step did not stop when interrupted, so the "
                "session was restarted.")
    if kind == "timeout":
        return (f"The step was stopped after {seconds(float(v['seconds']))} (the time limit "
                "for one step). Variables from earlier steps are kept.")
    if kind == "timeout_restarted":
        return (f"The step was still running after {seconds(float(v['seconds']))} and did not "
                "stop when interrupted, so the session was restarted.")
    if kind == "tampered":
        return (f"The step's code interfered with the sandbox's control channel ({v['detail']}), "
                "so the session was restarted and nothing it claimed was used.")
    if kind == "session_stopped":
        return f"The sandbox session had stopped ({v['detail']}) and was started again."
    if kind == "process_ended":
        return (f"The Python process of the session ended during the step ({v['detail']}), "
                "so the session was restarted.")
    if kind == "memory_restarted":
        return (f"The step ran out of memory (limit {human_size(int(v['limit_bytes']))}), "
                "so the session was restarted.")
    if kind == "memory":
        return (f"The step ran out of memory (limit {human_size(int(v['limit_bytes']))}). "
                "Variables from earlier steps are kept; try working on fewer rows or columns.")
    if kind in ("output_files_limit", "output_bytes_limit"):
        what = (f"more than {int(v['limit']):,} files" if kind == "output_files_limit"
                else f"more than {human_size(int(v['limit_bytes']))} of files")
        return (f"The step wrote {what} (the limit for one session) and was stopped; the "
                f"{int(v['removed']):,} file(s) it created were removed.")
    if kind == "restarted":
        return "The session was restarted."
    if kind == "threads":
        return (f"The step left {v['count']} thread(s) running in the background, which could "
                "change what later steps show, so the session was restarted to stop them.")
    if kind == "files_skipped":
        why = [_reason(r, v) for r in str(v.get("reasons", "")).split(";") if r]
        return "Some files the step wrote were not kept: " + "; ".join(why) + "."
    if kind == "not_run":
        return "Not run: the analysis was stopped at your request."
    return kind


def sentence(notices: Iterable[Notice]) -> str | None:
    """`ExecutionResult.notice`: the notices' English, one after another (None: none)."""
    return " ".join(english(n) for n in notices) or None


def lost_words(earlier: int, *, when: When) -> str:
    """What a restart took, said only as it is: a kernel that ran no step held no variables.

    `earlier`: the steps the lost kernel had run before this one; `when` the restart came
    before this step ran, during it, or after it (so its variables went too). Files are
    never lost (output/ is copied to the host after each step) and every step of the
    offline analyst reads its table from input/ itself: the one thing to do is to run
    again a step that used a variable of an earlier one.
    """
    if when == "after":
        what = "this step" + ("" if earlier <= 0 else
                              " and the earlier step" if earlier == 1 else
                              f" and the {earlier} earlier steps")
    elif earlier <= 0:
        return ("No step had run in it yet, so nothing was lost." if when == "before" else
                "No earlier step had run in it, so nothing else was lost.")
    else:
        what = "the earlier step" if earlier == 1 else f"the {earlier} earlier steps"
    return (f"The variables of {what} are gone (the files saved are kept); "
            "a step that used them has to run again.")


def seconds(value: float) -> str:
    return "1 second" if value == 1 else f"{value:g} seconds"


def _when(value: object) -> When:
    return "before" if value == "before" else "after" if value == "after" else "during"


def _reason(why: str, v: dict[str, int | float | str]) -> str:
    if why == LINKS:
        return "links (only regular files are kept)"
    if why == OTHERS:
        return "pipes, sockets and devices (only regular files are kept)"
    if why == ENTRIES:
        return f"output/ holds more than {int(v['entries']):,} entries, the rest were not looked at"
    if why == DEEP:
        return f"folders nested deeper than {v['depth']} levels"
    if why == LONG_NAMES:
        return f"names longer than {v['chars']} characters"
    if why == TOO_MANY:
        return f"more than {v['files']} files from one step"
    if why == TOO_BIG:
        return "files over the size limit for what one step may keep"
    if why == PAST_LIMITS:
        return "files past the output limits"
    return why
