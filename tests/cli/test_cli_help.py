"""`--help` is English, as command-line tools' help is; what a command says follows the
language (issue 27, point 8).

Whatever language is asked for (`--lang X`, `--lang=X`, ANALYST_LANG, the locale), every help
is byte for byte tests/cli/help_en (captured with COLUMNS=100), and argparse's refusals are
argparse's own English. The same choice of language still words what the commands say: the
failure a command reports (here a missing file) is said in it. The full matrix of results
and failures in every language is tests/cli/test_cli_words.py.

A few real subprocesses prove the whole path; many more variants run in-process.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from analyst.__main__ import main
from analyst.words import LANGUAGES
from tests.cli.machine import no_language_from_the_machine
from tests.cli.test_cli_words import english_left
from tests.grids import each_value_once

REPO = Path(__file__).resolve().parents[2]
EXPECTED = Path(__file__).with_name("help_en")
COMMANDS = ("", "ingest", "ask", "report", "web")


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OPENAI_", "ANALYST_", "LC_")) and k not in ("LANG", "LANGUAGE")}
    env.update({"PYTHONPATH": str(REPO), "LANG": "C.UTF-8", "COLUMNS": "100", **extra})
    return env


def analyst(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "analyst", *args], check=False, cwd=REPO,
                          env=clean_env(**env), capture_output=True, text=True, timeout=120)


def ways(language: str, command: str) -> list[tuple[list[str], dict[str, str]]]:
    """The ways to ask for `language`: argv (commands only: the main parser has no --lang),
    ANALYST_LANG (winning over the locale), the locale."""
    locale = {"en": "C.UTF-8", "uk": "uk_UA.UTF-8", "ru": "ru_RU.UTF-8", "zh": "zh_CN.UTF-8"}
    found: list[tuple[list[str], dict[str, str]]] = [
        ([], {"ANALYST_LANG": language, "LANG": "ru_RU.UTF-8" if language != "ru" else "C"}),
        ([], {"LANG": locale[language]})]
    if command and command != "web":
        found += [(["--lang", language], {"ANALYST_LANG": "zh" if language != "zh" else "uk"}),
                  ([f"--lang={language}"], {})]
    return found


def english_help(command: str) -> str:
    return (EXPECTED / f"{command or 'main'}.txt").read_text(encoding="utf-8")


# ---- Real subprocesses ----------------------------------------------------------------------


# Each process costs seconds of start-up: every command, every language and every way of
# asking (ANALYST_LANG, the locale, --lang X, --lang=X) once each, case j asking the j-th way
# its command has; every command in every language in every way is run in-process below
# (test_every_help_in_every_way_of_asking_is_english_in_process).
SUBPROCESS_HELPS = each_value_once(COMMANDS, LANGUAGES)


@pytest.mark.slow  # a real process of our command line
@pytest.mark.parametrize(("command", "language"), SUBPROCESS_HELPS)
def test_every_help_is_english_whatever_language_is_asked_for(command: str,
                                                              language: str) -> None:
    every = ways(language, command)
    argv, env = every[SUBPROCESS_HELPS.index((command, language)) % len(every)]
    run = analyst(*([command] if command else []), "--help", *argv, **env)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert run.stdout == english_help(command)


# In a process, English by ANALYST_LANG and Chinese by --lang=X (each way once); every
# refusal, this one among them, in Ukrainian, Russian and Chinese is run in-process below
# (test_argparse_refuses_in_its_own_english_without_a_traceback).
@pytest.mark.slow  # a real process of our command line
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_missing_required_argument_is_refused_in_argparse_english(language: str) -> None:
    argv, env = ways(language, "report")[::3][LANGUAGES.index(language) % 2]
    run = analyst("report", *argv, **env)
    assert run.returncode == 2 and run.stdout == "", run
    assert "Traceback" not in run.stderr
    assert run.stderr.startswith("usage: python -m analyst report"), run.stderr
    assert "error: the following arguments are required: FILE, -o/--output" in run.stderr


# ---- In-process: many variants ----------------------------------------------------------------


@contextlib.contextmanager
def _argv0(program: str) -> Iterator[None]:
    saved = sys.argv
    sys.argv = [program, *saved[1:]]
    try:
        yield
    finally:
        sys.argv = saved


def run_main(argv: list[str]) -> tuple[int, str, str]:
    """`python -m analyst ARGV` in this process: main() names itself from sys.argv[0], which
    in a pytest-xdist worker is "-c", so it is set as `python -m analyst` sets it."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            _argv0(str(Path(main.__code__.co_filename))):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _no_language_from_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    no_language_from_the_machine(monkeypatch, model=False)
    monkeypatch.setenv("COLUMNS", "100")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_help_in_every_way_of_asking_is_english_in_process(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for command in COMMANDS:
        for argv, env in ways(language, command):
            with monkeypatch.context() as patch:
                for name, value in env.items():
                    patch.setenv(name, value)
                head = [command] if command else []
                for args in (head + ["--help", *argv], head + [*argv, "-h"]):
                    code, out, err = run_main(args)
                    assert (code, err) == (0, ""), (args, env, err)
                    assert out == english_help(command), (args, env)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_that_leaves_the_help_english_words_a_failure(
        language: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    missing = tmp_path / "missing march.csv"
    for command, args in (("ingest", [str(missing)]), ("ask", [str(missing), "total"]),
                          ("report", [str(missing), "-o", str(tmp_path / "r.pdf")])):
        english = run_main([command, *args, "--lang", "en"])[2]
        assert "not found" in english, english
        for argv, env in ways(language, command):
            with monkeypatch.context() as patch:
                for name, value in env.items():
                    patch.setenv(name, value)
                assert run_main([command, "--help", *argv])[1] == english_help(command)
                code, _out, err = run_main([command, *args, *argv])
                assert code != 0 and "Traceback" not in err and missing.name in err, err
                if language == "en":
                    assert err == english, (command, argv, env, err)
                else:  # no English word left once the file's own name is taken out
                    assert english_left(err, str(missing), missing.name) == [], (
                        command, argv, env, err)


@pytest.mark.parametrize("refused", [
    ["ingest", "x.csv", "--decimal", ";"], ["ingest", "x.csv", "--header-row", "two"],
    ["ask", "x.csv", "q", "--bogus"], ["report", "x.csv", "-o"],
    ["ask", "x.csv", "q", "--backend", "cloud"], ["frobnicate"], ["report", "-o", "r.pdf"],
    ["report"], ["report", "--lang=uk"],
])
@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_argparse_refuses_in_its_own_english_without_a_traceback(
        refused: list[str], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANALYST_LANG", language)
    code, out, err = run_main(refused)
    assert code == 2 and out == "" and "Traceback" not in err, err
    assert err.startswith("usage: python -m analyst"), err
    assert re.search(r"^python -m analyst[\w ]*: error: ", err, re.M), err
    if refused[0] == "report" and refused[1:2] != ["x.csv"]:
        assert "error: the following arguments are required: FILE" in err, err


@pytest.mark.parametrize("offline", ["on", "off"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_offline_default_is_shown_in_the_help(offline: str, language: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANALYST_OFFLINE", offline)
    for command in ("ask", "report"):
        code, out, _err = run_main([command, "--help", "--lang", language])
        assert code == 0 and f"(now: {offline})" in re.sub(r"\s+", " ", out), out
