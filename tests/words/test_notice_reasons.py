"""Every reason a kernel ended or its channel was tampered with, in every language.

`process_ended`, `session_stopped` and `tampered` carry a reason id (`sandbox.notices.DEATHS`,
`TAMPERINGS`) and its figures beside their English detail. English words them exactly as
the sandbox does; Ukrainian, Russian and Chinese say no English word and every figure (an
exit status, a signal's number and name, a reply's size), not just the sentence around it.
A record written before reasons were kept, a reason this version does not know and the
kernel's own claim word as before: English its stored detail, the others the sentence.
"""

from __future__ import annotations

import json
import re
import signal

import pytest

from analyst.words.notice import notice_text, notice_words
from sandbox import ExecutionResult, Notice
from sandbox.backend_protocol import Death
from sandbox.notices import (
    CLAIMED,
    CONTAINER_EXITED,
    DEATHS,
    EXITED,
    NOT_A_REPLY,
    REPLY_TOO_BIG,
    STREAM,
    TAMPERINGS,
    UNASKED,
    english,
    exit_values,
    sentence,
    tamper_detail,
)
from sandbox.outcome import tampered
from sandbox.protocol import ChannelTampered

LANGUAGES = ("en", "uk", "ru", "zh")
KINDS = ("session_stopped", "process_ended")
STATUSES = (0, 1, 2, 3, 42, 127, 128, 129, 130, 134, 137, 139, 143, 155, 200, 255)
LOGS = ("", "Fatal Python error: Segmentation fault", "Traceback (most recent call last):")


def english_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]{3,}", text)
            if w != "Python" and not re.fullmatch(r"SIG[A-Z0-9]+", w)}


def has(figure: object, text: str) -> bool:
    return re.search(rf"(?<!\d){re.escape(str(figure))}(?!\d)", text) is not None


def deaths() -> list[Death]:
    out = [Death(False, reason) for reason in DEATHS if reason not in (EXITED,
                                                                      CONTAINER_EXITED)]
    out.append(Death(True, "oom_likely", exit_values(137)))
    for status in STATUSES:
        out.append(Death(False, CONTAINER_EXITED, exit_values(status)))
        out += [Death(False, EXITED, {**exit_values(status), **({"log": log} if log else {})})
                for log in LOGS]
    out.append(Death(False, CONTAINER_EXITED, exit_values(None)))
    return out


def tamperings() -> list[ChannelTampered]:
    out = [ChannelTampered.because(STREAM, stream=stream) for stream in (0, 2, 3)]
    out += [ChannelTampered.because(REPLY_TOO_BIG, mb=mb, limit_mb=8)
            for mb in (8.0, 9.0, 12.3, 40.0, 4096.0)]
    out += [ChannelTampered.because(reason) for reason in TAMPERINGS
            if reason not in (STREAM, REPLY_TOO_BIG, CLAIMED)]
    for reason, values in ((REPLY_TOO_BIG, {"mb": 9.0, "limit_mb": 8}), (NOT_A_REPLY, {}),
                           (UNASKED, {})):
        out.append(ChannelTampered.relayed(reason, values))  # the keeper's frame, as it sends it
    return out


def test_every_reason_is_generated():
    assert {d.reason for d in deaths()} == set(DEATHS)
    assert {t.reason for t in tamperings()} == set(TAMPERINGS) - {CLAIMED}


@pytest.mark.parametrize("kind", KINDS)
def test_english_says_the_backends_detail_word_for_word(kind):
    for death in deaths():
        notice = death.notice(kind)
        assert notice.values["detail"] == death.detail
        assert notice_words(notice, "en") == english(notice), notice
        assert death.detail in english(notice)
    for exc in tamperings():
        notice = tampered(exc)
        assert notice_words(notice, "en") == english(notice) and str(exc) in english(notice)


def test_the_english_details_are_the_ones_said_before():
    assert Death(False, EXITED, exit_values(1)).detail == "exit status 1"
    assert Death(False, EXITED, {**exit_values(3), "log": "boom"}).detail == "exit status 3: boom"
    assert Death(False, CONTAINER_EXITED, exit_values(2)).detail == (
        "its container exited with status 2")
    assert Death(False, "not_answering").detail == "it stopped answering"
    assert Death(True, "oom_likely", exit_values(137)).detail == (
        "killed, most likely out of memory")
    assert Death(False, "container_gone").detail == (
        "its container is gone, e.g. removed or the engine restarted")
    assert str(ChannelTampered.because(REPLY_TOO_BIG, mb=9.0, limit_mb=8)) == (
        "a reply of 9.0 MB, more than the 8 MB a reply may be")
    assert str(ChannelTampered.because(STREAM, stream=2)) == "output on the container's stream 2"
    # Past 128 the status says which signal killed the process (128 + N).
    assert Death(False, EXITED, exit_values(143)).detail == (
        "exit status 143, killed by signal SIGTERM (15)")


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
@pytest.mark.parametrize("kind", KINDS)
def test_other_languages_say_why_the_kernel_ended_with_its_figures(kind, language):
    for death in deaths():
        notice = death.notice(kind)
        text = notice_words(notice, language)
        generic = notice_words(Notice(kind), language)
        assert text != generic and "{" not in text, (notice, text)
        if not death.values.get("log"):
            assert not english_words(text), (notice, text)
        else:  # the kernel's own last words, as they are
            assert str(death.values["log"]) in text
        if "status" in death.values and death.reason != "oom_likely":
            assert has(death.values["status"], text), (notice, text)
        if "signal" in death.values and death.reason != "oom_likely":
            number = int(death.values["signal"])
            assert has(number, text) and signal.Signals(number).name in text, (notice, text)


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_other_languages_say_what_was_tampered_with(language):
    for exc in tamperings():
        notice = tampered(exc)
        text = notice_words(notice, language)
        assert text != notice_words(Notice("tampered"), language), (notice, text)
        assert not english_words(text) and "{" not in text, (notice, text)
        if exc.reason == STREAM:
            assert has(exc.values["stream"], text), text
        if exc.reason == REPLY_TOO_BIG:
            mb = f"{float(exc.values['mb']):.1f}"
            assert (mb if language == "zh" else mb.replace(".", ",")) in text, text
            assert has(8, text), text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ("tampered", *KINDS))
def test_old_records_newer_reasons_and_claims_show_the_sentence(kind, language):
    generic = notice_words(Notice(kind, {"detail": "exit status 1"}), language)
    for values in ({"detail": "exit status 1"},  # written before reasons were kept
                   {"detail": "exit status 1", "reason": "something_newer", "status": 1},
                   {"detail": "exit status 1", "reason": CLAIMED}):
        notice = Notice(kind, dict(values))
        text = notice_words(notice, language)
        if language == "en":
            assert text == english(notice) and "(exit status 1)" in text
        else:
            assert text == generic and not english_words(text), text
    # A result stored before: its notice reads as it did, in JSON too.
    old = ExecutionResult(restarted=True, notice=sentence((Notice(kind, {"detail": "x"}),)),
                          notices=(Notice(kind, {"detail": "x"}),))
    again = ExecutionResult.from_dict(json.loads(json.dumps(old.to_dict())))
    assert notice_text(again, language) == notice_text(old, language)
    if language == "en":
        assert notice_text(again, "en") == old.notice


def test_a_claim_the_kernel_made_is_not_trusted_as_a_reason_nor_repeated():
    # The kernel's words may be a step's (issue 31): a fixed sentence stands for them.
    exc = ChannelTampered.relayed("the keeper says: all is fine, use 999999")
    assert exc.reason == CLAIMED and exc.values == {}
    notice = tampered(exc)
    assert notice.values["detail"] == tamper_detail(CLAIMED, {})
    assert all("999999" not in notice_words(notice, lang) for lang in ("en", "uk", "ru", "zh"))
    assert tamper_detail(REPLY_TOO_BIG, {"mb": 9.04, "limit_mb": 8}).startswith("a reply of 9.0 MB")


def test_notices_with_reasons_survive_json():
    notices = tuple(d.notice("process_ended") for d in deaths()[:12]) + tuple(
        tampered(t) for t in tamperings())
    result = ExecutionResult(restarted=True, notice=sentence(notices), notices=notices)
    again = ExecutionResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert again.notices == notices
    for language in LANGUAGES:
        assert notice_text(again, language) == notice_text(result, language)
