"""The sandbox's notices reach every reader in their language (issue 10, point 4).

The sandbox records what happened to a step as `Notice`s (a kind and its figures) beside
its English sentence; the host words each from the catalogue. English says exactly what the
sandbox says; Ukrainian, Russian and Chinese say no English word, and a count takes the
form of its number (1 / 2-4 / 5-20, then again by the last digits).
"""

from __future__ import annotations

import json
import re

import pytest

from analyst.words.notice import KINDS, notice_text, notice_words
from sandbox import ExecutionResult, Notice, open_session
from sandbox.notices import REASONS, english, files_skipped, lost, lost_words, sentence
from tests.sandbox.conftest import TEST_LIMITS

COUNTS = (0, 1, 2, 5, 11, 21, 22, 25, 111)
LANGUAGES = ("en", "uk", "ru", "zh")
ALLOWED = {"Python", "output"}
"""Latin words a translation may say: a program's name and the folder `output/`."""
DETAILS = ("exit status 1", "it stopped answering", "a reply that is not one of the kernel's")
SIZES = (512, 1024, 1536, 64 * 1024**2, 1024**3, 3 * 1024**3 // 2, 2 * 1024**4)


def _form(n: int) -> int:
    """The Ukrainian and Russian form of a count: 0 one, 1 few, 2 many."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


# The word whose form a notice of count n takes, per language: (one, few, many).
FORMS = {
    "lost": {"uk": ("попереднього кроку", "попередніх кроків", "попередніх кроків"),
             "ru": ("предыдущего шага", "предыдущих шагов", "предыдущих шагов")},
    "timeout": {"uk": ("секунду", "секунди", "секунд"), "ru": ("секунду", "секунды", "секунд")},
    "threads": {"uk": ("потік", "потоки", "потоків"), "ru": ("поток", "потока", "потоков")},
    "removed": {"uk": ("створений ним файл", "створені ним файли", "створених ним файлів"),
                "ru": ("созданный им файл", "созданных им файла", "созданных им файлов")},
}


def _notices(n: int) -> list[tuple[Notice, str | None, int | None]]:
    """Every kind of notice with count `n` where it has one: (notice, what counts, n)."""
    out: list[tuple[Notice, str | None, int | None]] = []
    for when in ("before", "during", "after"):
        out.append((lost(n, when), "lost" if n else None, n))
    for kind in ("timeout", "timeout_restarted"):
        out.append((Notice(kind, {"seconds": n}), "timeout", n))
        out.append((Notice(kind, {"seconds": n + 0.5}), None, None))
    for kind in ("stopped", "stopped_restarted", "restarted", "not_run"):
        out.append((Notice(kind), None, None))
    for kind in ("tampered", "session_stopped", "process_ended"):
        out += [(Notice(kind, {"detail": detail}), None, None) for detail in DETAILS]
    for kind in ("memory", "memory_restarted"):
        out += [(Notice(kind, {"limit_bytes": size}), None, None) for size in (*SIZES, n)]
    out.append((Notice("output_files_limit", {"limit": 1000 + n, "removed": n}), "removed", n))
    out += [(Notice("output_bytes_limit", {"limit_bytes": size, "removed": n}), "removed", n)
            for size in SIZES]
    out.append((Notice("threads", {"count": n}), "threads", n))
    for reasons in ([r] for r in REASONS):
        notice = files_skipped(reasons, entries=12_000 + n, depth=12 + n, chars=512 + n,
                               files=200 + n)
        assert notice is not None
        out.append((notice, None, None))
    every = files_skipped(REASONS, entries=12_000, depth=n, chars=n, files=n)
    assert every is not None
    out.append((every, None, None))
    return out


def test_every_kind_is_worded():
    kinds = {notice.kind for n in COUNTS for notice, _, _ in _notices(n)}
    assert kinds == set(KINDS)


@pytest.mark.parametrize("n", COUNTS)
def test_english_is_the_sandboxs_own_sentence(n):
    for notice, _, _ in _notices(n):
        assert notice_words(notice, "en") == english(notice), notice
    # The sentence a restart's loss has always said, word for word.
    for when in ("before", "during", "after"):
        assert notice_words(lost(n, when), "en") == lost_words(n, when=when)


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
@pytest.mark.parametrize("n", COUNTS)
def test_other_languages_say_no_english_and_count_with_the_right_form(language, n):
    for notice, counted, count in _notices(n):
        text = notice_words(notice, language)
        assert text.strip() and "{" not in text and "}" not in text, (notice, text)
        english_words = set(re.findall(r"[A-Za-z]{3,}", text)) - ALLOWED
        assert not english_words, (notice, text)
        assert text != english(notice)
        if counted is not None and count is not None:
            assert str(count) in text, (notice, text)
            if language in ("uk", "ru"):
                forms = FORMS[counted][language]
                assert forms[_form(count)] in text, (notice, text)
                others = {f for f in forms if f != forms[_form(count)]}
                assert not any(re.search(rf"\b{re.escape(f)}\b", text) for f in others), (
                    notice, text)


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_figures_are_written_in_the_languages_number_style(language):
    text = notice_words(Notice("output_files_limit", {"limit": 12_000, "removed": 1_234}),
                        language)
    assert "12\u00a0000" in text and "1\u00a0234" in text, text
    assert "0,5" in notice_words(Notice("timeout", {"seconds": 0.5}), language)
    assert "1,5 ГБ" in notice_words(Notice("memory", {"limit_bytes": 3 * 1024**3 // 2}),
                                    language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_result_says_its_notices_one_after_another(language):
    notices = (Notice("timeout_restarted", {"seconds": 20}), lost(3, "during"),
               files_skipped(["links", "depth"], entries=12_000, depth=12, chars=512,
                             files=200))
    assert all(notices)
    typed = tuple(n for n in notices if n is not None)
    result = ExecutionResult(timed_out=True, restarted=True, notice=sentence(typed),
                             notices=typed)
    text = notice_text(result, language)
    assert text == " ".join(notice_words(n, language) for n in typed)
    if language == "en":
        assert text == result.notice


def test_an_unknown_kind_or_an_old_record_shows_the_english_sentence():
    old = ExecutionResult(timed_out=True, notice="Stopped after 60 s.")
    assert notice_text(old, "uk") == "Stopped after 60 s."
    newer = ExecutionResult(notice="Something new. Stopped at your request; variables are kept.",
                            notices=(Notice("something_new", {"n": 1}), Notice("stopped")))
    assert notice_text(newer, "ru") == newer.notice
    odd = ExecutionResult(notice="x", notices=(Notice("files_skipped", {"reasons": "odd"}),))
    assert notice_text(odd, "zh") == "x"
    assert notice_text(ExecutionResult(), "uk") is None
    assert notice_text(None, "uk") is None


def test_notices_survive_json_and_records_without_them_still_load():
    notices = (Notice("tampered", {"detail": "a reply that is not one of the kernel's"}),
               lost(2, "before"), Notice("timeout", {"seconds": 0.5}),
               Notice("output_bytes_limit", {"limit_bytes": 1024**3, "removed": 3}))
    result = ExecutionResult(stdout="x", timed_out=True, notice=sentence(notices),
                             notices=notices)
    again = ExecutionResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert again == result and again.notices == notices
    assert hash(again) == hash(result)  # a result with notices is as hashable as before
    old = result.to_dict()
    del old["notices"]
    loaded = ExecutionResult.from_dict(json.loads(json.dumps(old)))
    assert loaded.notices == () and loaded.notice == result.notice
    assert notice_text(loaded, "uk") == result.notice  # shown as it was stored


@pytest.mark.parametrize("timeout", [1, 2])
def test_a_step_that_times_out_in_the_local_sandbox_says_so_in_every_language(tmp_path, timeout):
    from sandbox import Workspace

    workspace = Workspace(tmp_path / "ws").ensure()
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        assert session.run("x = 1").ok
        result = session.run("import time\ntime.sleep(60)", timeout=timeout)
    assert result.timed_out and not result.restarted
    assert result.notices == (Notice("timeout", {"seconds": timeout}),)
    assert notice_text(result, "en") == result.notice
    uk = notice_text(result, "uk")
    assert uk is not None and f"{timeout} {'секунду' if timeout == 1 else 'секунди'}" in uk
    assert not set(re.findall(r"[A-Za-z]{3,}", uk))
    ru, zh = notice_text(result, "ru"), notice_text(result, "zh")
    assert ru is not None and "секунд" in ru and zh is not None and f"{timeout} 秒" in zh


def test_files_a_local_step_wrote_and_that_were_not_kept_are_said_in_every_language(tmp_path):
    from sandbox import Workspace

    workspace = Workspace(tmp_path / "ws").ensure()
    code = "import os\nos.symlink('/etc/hostname', 'output/link')\nos.mkfifo('output/pipe')"
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        result = session.run(code)
    [notice] = result.notices
    assert notice.kind == "files_skipped" and notice.values["reasons"] == "links;others"
    assert notice_text(result, "en") == result.notice
    assert result.notice == ("Some files the step wrote were not kept: links (only regular "
                             "files are kept); pipes, sockets and devices (only regular files "
                             "are kept).")
    uk, ru, zh = (notice_text(result, lang) for lang in ("uk", "ru", "zh"))
    assert uk is not None and "посилання" in uk and "канали" in uk
    assert ru is not None and "ссылки" in ru and zh is not None and "链接" in zh
