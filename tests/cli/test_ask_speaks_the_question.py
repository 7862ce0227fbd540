"""`analyst ask` speaks the question's language when nothing else names one (issue 10, 4).

Under a locale that names no product language (LANG=C.UTF-8, POSIX, de_DE...) and with
neither --lang nor ANALYST_LANG, the command's own words (the stages, "Running: ...", the
headings, its errors) are in the question's language, as the answer is. --lang,
ANALYST_LANG or a locale of a product language still decide when given, English included.

Real subprocesses prove the whole path (an offline answer through the local backend, in
Chinese and with --lang en); the same answer in Ukrainian and Russian, and many more
questions and environments, run in-process through `main` (the same environment: the
language is read from it at each call, not at the interpreter's start).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pandas as pd
import pytest

from analyst.__main__ import main
from analyst.commands.language import words
from analyst.session.backend_words import backend_warning
from analyst.words import say
from tests.cli import inprocess
from tests.cli.machine import no_language_from_the_machine
from tests.cli.test_cli_words import analyst, cli_env, english_left

OTHERS = ("uk", "ru", "zh")
COLUMNS = {"en": ("Date", "Product", "Revenue"), "uk": ("Дата", "Товар", "Виручка"),
           "ru": ("Дата", "Товар", "Выручка"), "zh": ("日期", "产品", "收入")}
# Questions the offline analyst answers, as users of each language write them.
QUESTIONS = {"en": ["total revenue", "What is the total revenue?", "revenue total"],
             "uk": ["загальна виручка", "Яка загальна виручка?", "виручка всього"],
             "ru": ["общая выручка", "Какая общая выручка?", "выручка всего"],
             "zh": ["总收入", "总收入是多少？", "收入合计"]}
# Locales that name no language the product speaks.
NO_LANGUAGE = ("C.UTF-8", "C", "POSIX", "de_DE.UTF-8", "ja_JP.UTF-8", "")
LOCALE = {"en": "en_US.UTF-8", "uk": "uk_UA.UTF-8", "ru": "ru_RU.UTF-8", "zh": "zh_CN.UTF-8"}


def sales(folder: Path, lang: str) -> Path:
    date, product, revenue = COLUMNS[lang]
    path = folder / f"{lang} sales.csv"
    pd.DataFrame({date: ["2026-01-05", "2026-01-06", "2026-01-07"], product: ["P0", "P1", "P0"],
                  revenue: [10.5, 21.0, 31.5]}).to_csv(path, index=False)
    return path


def own_words(lang: str, name: str) -> list[str]:
    """What `ask` itself says around an answer in `lang` (stages of reading `name`, the
    running line's prefix, the tables heading)."""
    return [say(lang, "ui", "stage_read", name=name), say(lang, "ui", "stage_card", name=name),
            words(lang, "running", message="").strip(), words(lang, "tables")]


@pytest.fixture(autouse=True)
def _no_language_from_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    no_language_from_the_machine(monkeypatch)


# ---- Real subprocesses -----------------------------------------------------------------------


# Each a whole answer; a process of its own costs seconds of imports more: one language in
# a process, the others through `main` here.
IN_A_PROCESS = ("zh",)


@pytest.mark.parametrize("lang", [
    pytest.param(lang, marks=[pytest.mark.slow] if lang in IN_A_PROCESS else []) for lang in OTHERS])
def test_ask_under_c_utf8_speaks_the_question_language(lang: str, tmp_path: Path) -> None:
    path = sales(tmp_path, lang)
    question = random.Random(lang).choice(QUESTIONS[lang])
    argv = ("ask", path.name, question, "--offline", "--backend", "local",
            "--workspace", str(tmp_path / "ws"))
    if lang in IN_A_PROCESS:  # a real process of our command line
        run = analyst(*argv, cwd=tmp_path, env_extra={"LANG": "C.UTF-8"})
    else:
        run = inprocess.run(*argv, cwd=tmp_path, env=cli_env({"LANG": "C.UTF-8"}))
    assert run.returncode == 0, run.stderr
    said = run.stdout + run.stderr
    for text in own_words(lang, path.name):
        assert text in said, (lang, text, said)
    for text in own_words("en", path.name):
        assert text not in said, (lang, text, said)
    # What is left once the user's names are out: no English sentence (the local backend's
    # warning included).
    left = english_left(said, path.name, str(tmp_path / "ws"), *COLUMNS[lang], "key_figures",
                        "csv", "parquet", "output", "ANALYST_SANDBOX_BACKEND=docker")
    assert left == [], (lang, left, said)


@pytest.mark.slow  # a real process of our command line
def test_lang_en_wins_over_the_question_language(tmp_path: Path) -> None:
    path = sales(tmp_path, "zh")
    run = analyst("ask", path.name, QUESTIONS["zh"][0], "--offline", "--backend", "local",
                  "--lang", "en", cwd=tmp_path, env_extra={"LANG": "C.UTF-8"})
    assert run.returncode == 0, run.stderr
    said = run.stdout + run.stderr
    for text in own_words("en", path.name):
        assert text in said, (text, said)
    assert words("zh", "tables") not in said and "正在读取" not in said
    assert "收入" in run.stdout  # the answer itself is still in the question's language


@pytest.mark.parametrize("root", [True, False])
def test_the_local_backend_warning_in_every_language(root: bool,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import sandbox.local

    monkeypatch.setattr(sandbox.local.os, "geteuid", lambda: 0 if root else os.getuid() or 1000)
    warning = sandbox.local.local_notice()
    english = sandbox.notice_english(warning)
    user = "" if root else sandbox.local._user_name()
    assert backend_warning(warning, "en") == english  # the sandbox's own words, unchanged
    unknown = sandbox.Notice("a_warning_of_a_newer_sandbox")
    assert backend_warning(unknown, "zh") == unknown.kind  # a kind not known: as the sandbox says it
    for lang in OTHERS:
        said = backend_warning(warning, lang)
        assert user in said and "ANALYST_SANDBOX_BACKEND=docker" in said, said
        left = re.findall(r"[A-Za-z]{2,}", said.replace(user or "\0", " ").replace(
            "ANALYST_SANDBOX_BACKEND=docker", " "))
        assert left == [], (lang, left, said)


# ---- In-process: many questions and environments -----------------------------------------


def refusal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What `ask` prints when its file is missing (fast: nothing is read or run)."""
    assert main(["ask", *args]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err.strip()


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_with_no_language_named_the_question_decides(
        lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(f"no-language {lang}")
    for question in QUESTIONS[lang]:
        missing = f"{rng.choice(['data', 'звіт', '销售', 'q1'])} {rng.randrange(100)}.csv"
        locale = rng.choice(NO_LANGUAGE)
        monkeypatch.setenv("LANG", locale)
        said = refusal(capsys, missing, question)
        assert said == words(lang, "file_not_found", file=missing), (locale, question, said)


@pytest.mark.parametrize("lang", OTHERS)
def test_a_language_named_anywhere_wins_over_the_question(
        lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(f"named {lang}")
    for named in ("en", *OTHERS):
        if named == lang:
            continue
        question = rng.choice(QUESTIONS[lang])
        expected = words(named, "file_not_found", file="nope.csv")
        ways: list[tuple[list[str], dict[str, str]]] = [
            (["--lang", named], {"LANG": rng.choice(NO_LANGUAGE)}),
            ([f"--lang={named}"], {"ANALYST_LANG": lang}),
            ([], {"ANALYST_LANG": named, "LANG": rng.choice(NO_LANGUAGE)}),
            ([], {"LANG": LOCALE[named]}),
            ([], {"LC_ALL": LOCALE[named], "LANG": "C.UTF-8"}),
        ]
        for argv, env in ways:
            with monkeypatch.context() as patch:
                for name, value in env.items():
                    patch.setenv(name, value)
                said = refusal(capsys, "nope.csv", question, *argv)
            assert said == expected, (named, question, argv, env, said)


def test_one_item_only_is_refused_in_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    for lang in ("en", *OTHERS):
        for question in QUESTIONS[lang]:
            said = refusal(capsys, question)
            assert said == words(lang, "need_file_and_question"), (lang, question, said)
