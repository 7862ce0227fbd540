"""The sandbox's notices in the reader's language (catalogue context "sandbox").

The sandbox knows no languages: it records what happened to a step as `Notice`s (a stable
kind and its figures) beside its English sentence (`ExecutionResult.notice`, which the
model reads). Here each notice is worded from the catalogue, with the plural form of its
count; the English catalogue says exactly the sandbox's English. A result without notices
(a record written before they were kept) or with a kind this version does not know shows
its English sentence as it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from analyst.recipes.numbers import styled
from analyst.words import normalise, say
from sandbox import (
    CLAIMED,
    CONTAINER_EXITED,
    DEATHS,
    EXITED,
    REPLY_TOO_BIG,
    STREAM,
    TAMPERINGS,
    ExecutionResult,
    Notice,
    NoticeValue,
)

__all__ = ["KINDS", "notice_text", "notice_words"]

CONTEXT = "sandbox"
_PLAIN = ("stopped", "stopped_restarted", "restarted", "not_run")
_DETAIL = ("tampered", "session_stopped", "process_ended")
KINDS = frozenset({*_PLAIN, *_DETAIL, "lost", "timeout", "timeout_restarted", "memory",
                   "memory_restarted", "output_files_limit", "output_bytes_limit", "threads",
                   "files_skipped"})
"""The notice kinds this version words."""
REASONS = frozenset({"links", "others", "entries", "depth", "long_names", "too_many_files",
                     "too_big", "past_limits"})
_COUNTED_REASONS = {"entries": "entries", "depth": "depth", "long_names": "chars",
                    "too_many_files": "files"}
_UNITS = (("TB", 1024**4), ("GB", 1024**3), ("MB", 1024**2), ("KB", 1024))


def notice_text(result: ExecutionResult | None, language: str | None) -> str | None:
    """What the user is told about `result` in `language` (None: nothing unusual)."""
    if result is None:
        return None
    notices = getattr(result, "notices", ())
    if not notices or any(not _known(n) for n in notices):
        return result.notice
    return " ".join(notice_words(n, language) for n in notices) or result.notice


def notice_words(notice: Notice, language: str | None) -> str:
    """One notice in `language` (a kind of `KINDS`)."""
    lang = normalise(language)
    v = notice.values
    kind = notice.kind

    def s(key: str, plural: int | None = None, **values: object) -> str:
        return say(lang, CONTEXT, key, plural, **values)

    if kind in _PLAIN:
        return s(kind)
    if kind in _DETAIL:
        why = _why(lang, kind, v)
        # Without a reason this version words (a record written before reasons were kept,
        # a newer one's, the kernel's own claim): English says the detail as stored, the
        # other languages the sentence without it.
        return s(kind, detail=v.get("detail", "")) if why is None else s(f"{kind}_why", why=why)
    if kind == "lost":
        return _lost(lang, _int(v, "earlier"), str(v.get("when", "during")))
    if kind in ("timeout", "timeout_restarted"):
        seconds = float(v.get("seconds", 0))
        # A fraction of a second takes the form of 2 in every catalogue language.
        count = int(seconds) if seconds == int(seconds) else 2
        return s(kind, count, n=styled(f"{seconds:g}", lang))
    if kind in ("memory", "memory_restarted"):
        return s(kind, limit=_size(lang, _int(v, "limit_bytes")))
    if kind in ("output_files_limit", "output_bytes_limit"):
        if kind == "output_files_limit":
            limit = _int(v, "limit")
            what = s("what_files", limit, n=_number(limit, lang))
        else:
            what = s("what_bytes", size=_size(lang, _int(v, "limit_bytes")))
        removed = _int(v, "removed")
        return s("output_limit", removed, what=what, n=_number(removed, lang))
    if kind == "threads":
        count = _int(v, "count")
        return s("threads", count, n=count)
    if kind == "files_skipped":
        reasons = [_reason(lang, why, v) for why in _reasons(v)]
        return s("files_skipped", reasons=s("reason_separator").join(reasons))
    return kind


def _why(lang: str, kind: str, values: Mapping[str, NoticeValue]) -> str | None:
    """Why a session stopped, its process ended or its channel was tampered with, in
    `lang` (`sandbox.notices.death_detail` / `tamper_detail`); None: no reason to word."""
    reason = str(values.get("reason", ""))
    known = ({*TAMPERINGS} - {CLAIMED}) if kind == "tampered" else set(DEATHS)
    if reason not in known:
        return None

    def s(key: str, **more: object) -> str:
        return say(lang, CONTEXT, key, None, **more)

    if reason == STREAM:
        return s("why_stream", stream=values.get("stream", ""))
    if reason == REPLY_TOO_BIG:
        mb = values.get("mb", 0)
        return s("why_reply_too_big",
                 mb=styled(f"{float(mb) if isinstance(mb, int | float) else 0:.1f}", lang),
                 limit=values.get("limit_mb", ""))
    if reason not in (EXITED, CONTAINER_EXITED):
        return s(f"why_{reason}")
    if reason == CONTAINER_EXITED and "status" not in values:
        what = s("why_container_exited_unknown")
    else:
        what = s(f"why_{reason}", status=values.get("status", ""))
    if "signal" in values:
        what = s("why_signal", what=what, name=values.get("signal_name", ""),
                 n=values["signal"])
    if values.get("log"):
        what = s("why_log", what=what, log=values["log"])
    return what


def _known(notice: Notice) -> bool:
    if notice.kind not in KINDS:
        return False
    return notice.kind != "files_skipped" or all(r in REASONS for r in _reasons(notice.values))


def _reasons(values: Mapping[str, NoticeValue]) -> list[str]:
    return [r for r in str(values.get("reasons", "")).split(";") if r]


def _lost(lang: str, earlier: int, when: str) -> str:
    """What a restart took (`sandbox.notices.lost_words`, in `lang`)."""
    if when == "after":
        if earlier <= 0:
            return say(lang, CONTEXT, "lost_this_step")
        return say(lang, CONTEXT, "lost_this_and_earlier", earlier, n=earlier)
    if earlier <= 0:
        return say(lang, CONTEXT, "lost_nothing_before" if when == "before"
                   else "lost_nothing_during")
    return say(lang, CONTEXT, "lost_earlier", earlier, n=earlier)


def _reason(lang: str, why: str, values: Mapping[str, NoticeValue]) -> str:
    limit = _COUNTED_REASONS.get(why)
    if limit is None:
        return say(lang, CONTEXT, f"skip_{why}")
    count = _int(values, limit)
    return say(lang, CONTEXT, f"skip_{why}", count, n=_number(count, lang))


def _size(lang: str, n: int) -> str:
    """1073741824 -> "1 GB" ("1 ГБ"): `sandbox.limits.human_size` in `lang`."""
    for unit, factor in _UNITS:
        if n >= factor:
            return say(lang, CONTEXT, f"size_{unit}", n=styled(f"{n / factor:.3g}", lang))
    return say(lang, CONTEXT, "size_bytes", n, n=n)


def _number(n: int, lang: str) -> str:
    return styled(f"{n:,}", lang)


def _int(values: Mapping[str, NoticeValue], key: str) -> int:
    value = values.get(key, 0)
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
