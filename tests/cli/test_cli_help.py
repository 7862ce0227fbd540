"""`--help` and argparse's own words in the reader's language (issue 10).

Every help text of the parsers comes from the catalogue (context "cli_help") and argparse's
fixed words ("usage: ", "options", "the following arguments are required: %s", ...) from
context "argparse". Real subprocesses for the main help and each command's help in every
language (the language chosen by `--lang X`, `--lang=X`, ANALYST_LANG and the locale);
English is byte for byte the help as it was before the catalogue (tests/cli/help_en,
captured from main with COLUMNS=100). Many more variants run in-process.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from analyst.__main__ import build_parser, main
from analyst.commands.language import argparse_speaks, argv_language
from analyst.words import LANGUAGES
from analyst.words.catalog import po_path
from tests.cli.machine import no_language_from_the_machine

REPO = Path(__file__).resolve().parents[2]
EXPECTED = Path(__file__).with_name("help_en")
COMMANDS = ("", "ingest", "ask", "report", "web")
OTHERS = ("uk", "ru", "zh")
# Latin words a translated help may hold: product, format and program names, the JSON keys
# `ask --json` prints, and the host the app listens on.
NAMES = {"Analyst", "analyst", "python", "Streamlit", "streamlit", "Excel", "Parquet", "JSON",
         "STREAMLIT", "PDF", "CSV", "TSV", "TXT", "XLSX", "XLSM", "XLSB", "XLS", "ODS", "answer", "steps",
         "artifacts", "localhost"}
# What the user types or reads as a name: `commands`, env variables, file names, options.
TYPED = re.compile(r"`[^`]*`|\bANALYST_\w+|[\w./-]*\.(?:toml|json|pdf|xlsx)\b|--?[\w.][\w.-]*")
# The sentences argparse says in every language: (msgid, a word its translation holds).
SAID = {"uk": ("використання:", "позиційні аргументи:", "параметри:", "показати цю довідку"),
        "ru": ("использование:", "позиционные аргументы:", "параметры:", "показать эту справку"),
        "zh": ("用法：", "位置参数:", "选项:", "显示此帮助信息")}


def parser_names(language: str = "en") -> set[str]:
    """Every option string, metavar, choice and command name of the parsers: what a help
    in any language shows as the user types it."""
    parser, _modules = build_parser(language)
    names: set[str] = set()
    parsers = [parser]
    while parsers:
        current = parsers.pop()
        for action in current._actions:
            names |= set(action.option_strings)
            names |= {str(c) for c in action.choices or ()}
            metavar = action.metavar or (action.dest.upper() if action.option_strings
                                         else action.dest)
            names |= set(re.findall(r"\w+", str(metavar)))
            if isinstance(action, argparse._SubParsersAction):
                parsers += list(action.choices.values())
    return names


NAMES_TYPED = parser_names()


def english_left(text: str) -> list[str]:
    """The Latin words of 3+ letters in `text` that are neither typed names nor names."""
    text = re.sub(r"-\n\s*", "-", text)  # argparse may wrap "--no-offline" after its hyphen
    text = TYPED.sub(" ", text)
    known = NAMES | NAMES_TYPED
    return [w for token in re.findall(r"\w+", text) if token not in known
            for w in re.findall(r"[A-Za-z]{3,}", token) if w not in known]


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


# ---- Real subprocesses: every help in every language -------------------------------------


@pytest.mark.slow  # a real process of our command line
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_help_is_in_the_language_asked_for(command: str, language: str) -> None:
    # Each command asks its own way (the ways rotate over the commands and languages).
    every = ways(language, command)
    argv, env = every[(COMMANDS.index(command) + LANGUAGES.index(language)) % len(every)]
    run = analyst(*([command] if command else []), "--help", *argv, **env)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    if language == "en":
        assert run.stdout == (EXPECTED / f"{command or 'main'}.txt").read_text(encoding="utf-8")
        return
    assert english_left(run.stdout) == [], (language, command, run.stdout)
    usage, positionals, options, help_line = SAID[language]
    for said in (usage, options, help_line) + ((positionals,) if command != "web" else ()):
        assert said in run.stdout, (language, command, said)
    english = (EXPECTED / f"{command or 'main'}.txt").read_text(encoding="utf-8")
    options = re.compile(r"(?<!\w)--?[a-z][\w.-]*")  # nothing left out: every option is explained
    assert set(options.findall(english)) <= set(options.findall(re.sub(r"-\n\s*", "-",
                                                                        run.stdout)))


@pytest.mark.slow  # a real process of our command line
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_missing_required_argument_is_refused_in_the_language(language: str) -> None:
    for argv, env in ways(language, "report")[::3]:  # ANALYST_LANG; --lang=X
        run = analyst("report", *argv, **env)
        assert run.returncode == 2 and run.stdout == "", run
        assert "Traceback" not in run.stderr
        required = {"en": "the following arguments are required: FILE, -o/--output",
                    "uk": "помилка: потрібні такі аргументи: ФАЙЛ, -o/--output",
                    "ru": "ошибка: требуются следующие аргументы: ФАЙЛ, -o/--output",
                    "zh": "错误：缺少以下必需参数：文件, -o/--output"}[language]
        assert required in run.stderr, run.stderr
        if language != "en":
            assert english_left(run.stderr) == [], run.stderr


@pytest.mark.slow  # a real process of our command line
def test_the_words_of_a_refusal_are_ukrainian_whatever_argparse_refuses() -> None:
    refusals = {("ingest", "x.csv", "--decimal", ";"): "неприпустиме значення: ';'",
                ("ingest", "x.csv", "--header-row", "two"): "неприпустиме значення (int): 'two'",
                ("ask", "x.csv", "q", "--bogus"): "невідомі аргументи: --bogus",
                ("report", "x.csv", "-o"): "аргумент -o/--output: очікується одне значення",
                ("ask", "x.csv", "q", "--backend", "cloud"): "(можливі: 'auto', 'docker', 'local')",
                ("frobnicate",): "аргумент {ingest,ask,report,web}: неприпустиме значення"}
    for argv, said in refusals.items():
        run = analyst(*argv, ANALYST_LANG="uk")
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
        assert said in run.stderr and "помилка:" in run.stderr, run.stderr
        assert run.stderr.startswith("використання: python -m analyst"), run.stderr
        # The user's own value ('two') is quoted as typed; "int" is the option's type name.
        assert english_left(re.sub(r"'[^']*'|\(int\)", " ", run.stderr)) == [], run.stderr


# ---- In-process: many variants -------------------------------------------------------------


@contextlib.contextmanager
def _argv0(program: str) -> Iterator[None]:
    saved = sys.argv
    sys.argv = [program, *saved[1:]]
    try:
        yield
    finally:
        sys.argv = saved


def help_of(argv: list[str]) -> tuple[int, str, str]:
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


@pytest.mark.parametrize("language", OTHERS)
def test_every_help_in_every_way_of_asking_in_process(language: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for command in COMMANDS:
        for argv, env in ways(language, command):
            with monkeypatch.context() as patch:
                for name, value in env.items():
                    patch.setenv(name, value)
                head = [command] if command else []
                for args in (head + ["--help", *argv], head + [*argv, "-h"]):
                    code, out, err = help_of(args)
                    assert code == 0 and err == "", (args, env, err)
                    assert english_left(out) == [], (args, env, out)
                    assert SAID[language][0] in out and SAID[language][3] in out, out
    # The English words stay English, and argparse's own are back when main() returns.
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]
    assert help_of(["report", "--help"])[1] == (EXPECTED / "report.txt").read_text("utf-8")


@pytest.mark.parametrize("offline", ["on", "off"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_offline_default_is_said_in_the_language(offline: str, language: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANALYST_OFFLINE", offline)
    now = {"en": {"on": "(now: on)", "off": "(now: off)"},
           "uk": {"on": "(зараз: увімкнено)", "off": "(зараз: вимкнено)"},
           "ru": {"on": "(сейчас: включено)", "off": "(сейчас: выключено)"},
           "zh": {"on": "（当前：开启）", "off": "（当前：关闭）"}}[language][offline]
    for command in ("ask", "report"):
        code, out, _err = help_of([command, "--help", "--lang", language])
        assert code == 0 and now in re.sub(r"\s+", " ", out).replace("（ ", "（"), out


def test_the_language_is_read_from_argv_before_the_parser() -> None:
    spelled = {"uk": ["uk", "UK", "uk-UA", "uk_UA"], "ru": ["ru", "ru-RU", "RU"],
               "zh": ["zh", "zh_CN", "zh-TW"], "en": ["en", "en-GB", "EN"]}
    for language, spellings in spelled.items():
        for spelling in spellings:
            for env in ({}, {"ANALYST_LANG": "ru" if language != "ru" else "zh"},
                        {"LANG": "uk_UA.UTF-8"}):
                for argv in (["report", "--lang", spelling], [f"--lang={spelling}", "ask"],
                             ["ask", "f.csv", "q", "--json", "--lang", spelling],
                             ["--lang", "zh", "ingest", "--lang", spelling]):
                    assert argv_language(argv, env) == language, (argv, env)
    # No --lang (or one that names no language, or one after `--`): the environment decides.
    for argv in ([], ["report", "--lang"], ["ask", "--lang", "klingon"], ["--", "--lang", "uk"],
                 ["ask", "--language", "uk"]):
        assert argv_language(argv, {"ANALYST_LANG": "zh"}) == "zh", argv
        assert argv_language(argv, {"LANG": "ru_RU.UTF-8"}) == "ru", argv
        assert argv_language(argv, {}) == "en", argv


# ---- The catalogue's argparse words --------------------------------------------------------

ARGPARSE_SOURCE = Path(argparse.__file__).read_text(encoding="utf-8")
USER_FACING = ("usage: ", "positional arguments", "options", "show this help message and exit",
               "argument %(argument_name)s: %(message)s", "unrecognized arguments: %s",
               "the following arguments are required: %s", "invalid choice: %(value)r "
               "(choose from %(choices)s)", "invalid %(type)s value: %(value)r",
               "expected one argument", "expected at least one argument",
               "%(prog)s: error: %(message)s\n", "expected %s argument")


def _argparse_messages(language: str) -> dict[str, tuple[str, ...]]:
    with po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    out = {}
    for message in catalog:
        if message.context == "argparse":
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            out[str(key)] = tuple(forms)
    return out


def test_argparse_words_are_argparse_msgids_translated_with_their_placeholders() -> None:
    english = _argparse_messages("en")
    assert set(USER_FACING) <= set(english)
    for msgid in english:
        # Each is a msgid of this Python's argparse: a new Python renaming one shows here.
        assert repr(msgid)[1:-1] in ARGPARSE_SOURCE.replace('"', "'"), msgid
    for language in LANGUAGES:
        catalogue = _argparse_messages(language)
        assert set(catalogue) == set(english), language
        for msgid, forms in catalogue.items():
            for form in forms:
                # The same %-placeholders (argparse fills them in with `%`): never a crash.
                assert sorted(re.findall(r"%(?:\(\w+\))?[sr]", form)) == sorted(
                    re.findall(r"%(?:\(\w+\))?[sr]", msgid)), (language, msgid, form)
                assert form.endswith("\n") == msgid.endswith("\n"), (language, msgid)
                if language != "en":
                    assert form != msgid and english_left(re.sub(r"%\(\w+\)[sr]", "", form)) == [], (
                        language, msgid, form)


def test_argparse_speaks_only_inside_the_block_and_is_restored_after_an_exit() -> None:
    before = argparse._  # type: ignore[attr-defined]
    for language in OTHERS:
        with pytest.raises(SystemExit), argparse_speaks(language):
            assert argparse._("options") == {"uk": "параметри", "ru": "параметры",  # type: ignore[attr-defined]
                                              "zh": "选项"}[language]
            assert argparse.ngettext("expected %s argument", "expected %s arguments", 5) in {  # type: ignore[attr-defined]
                "очікується %s значень", "ожидается %s значений", "需要 %s 个值"}
            raise SystemExit(2)
        assert argparse._ is before  # type: ignore[attr-defined]
