"""--help laid out for the terminal in every language (issue 10, point 4).

- Metavars (FILE, QUESTION, OUT.pdf, ...) come from the catalogue (context "cli_help"): no
  English one is left in the uk/ru/zh help, and argparse's refusals name the translated one.
- Chinese help wraps by display width (a wide character takes two columns) at character
  boundaries, Latin words kept whole: every line of every zh/uk/ru help fits COLUMNS=60/80/100,
  and no character of a help text is lost (its lines joined again are the text).

Real subprocesses for each command and language (the width rotating); every command x
language x width in-process through `main`, and the wrapping itself on generated texts.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re

import pytest

from analyst.__main__ import build_parser, main
from analyst.commands.help_format import CLOSING, OPENING, display_width, wrap_wide
from analyst.commands.language import argparse_speaks
from tests.cli.machine import no_language_from_the_machine
from tests.cli.test_cli_help import analyst

COMMANDS = ("", "ingest", "ask", "report", "web")
OTHERS = ("uk", "ru", "zh")
WIDTHS = (60, 80, 100)
LATIN = re.compile(r"[A-Za-z0-9_][\w./=-]*[\w]|[A-Za-z]")


def actions(language: str) -> list[tuple[argparse.ArgumentParser, argparse.Action]]:
    """Every (parser, action) of the command line built in `language`."""
    with argparse_speaks(language):
        parser, _modules = build_parser(language)
    found = []
    parsers = [parser]
    while parsers:
        current = parsers.pop()
        for action in current._actions:
            found.append((current, action))
            if isinstance(action, argparse._SubParsersAction):
                parsers += list(action.choices.values())
    return found


def help_texts(language: str, command: str) -> list[str]:
    """The help texts `command --help` shows, as argparse expands them (%(default)s...)."""
    with argparse_speaks(language):
        parser, _modules = build_parser(language)
        if command:
            [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
            parser = sub.choices[command]
        formatter = parser._get_formatter()
        texts = [formatter._expand_help(a) for a in parser._actions
                 if a.help and a.help is not argparse.SUPPRESS]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                texts += [formatter._expand_help(a) for a in action._choices_actions]
        if parser.epilog:
            texts.append(parser.epilog)
    return texts


def english_metavars() -> set[str]:
    """The words of the English metavars (FILE, QUESTION, OUT, T, OLD, ...), not the
    choices a metavar lists nor a file type it ends with."""
    names: set[str] = set()
    for _parser, action in actions("en"):
        if action.metavar and not action.choices and isinstance(action.metavar, str):
            names |= set(re.findall(r"[A-Za-z_]+", re.sub(r"\.(pdf|xlsx|json)\b", "",
                                                          action.metavar)))
    return names


def assert_laid_out(language: str, command: str, columns: int, text: str) -> None:
    lines = text.splitlines()
    too_wide = [line for line in lines if display_width(line) > columns]
    assert too_wide == [], (language, command, columns, too_wide)
    flat = re.sub(r"\s+", "", text)
    for message in help_texts(language, command):
        # Nothing lost or reordered: the text's characters follow each other in the help.
        assert re.sub(r"\s+", "", message) in flat, (language, command, columns, message)
        # Latin words kept whole on one line (an option, ANALYST_OFFLINE, a file name).
        on_lines = {w for line in lines for w in LATIN.findall(line)}
        whole = {w for w in LATIN.findall(message) if display_width(w) <= columns - 30}
        if language == "zh":
            assert whole <= on_lines, (command, columns, whole - on_lines, text)
    # No English metavar left (FILE, QUESTION, OUT.pdf's OUT, T.json's T, ...).
    left = set(re.findall(r"[A-Za-z_]+", text)) & english_metavars()
    assert left == set(), (language, command, left, text)


# ---- Real subprocesses -----------------------------------------------------------------------


@pytest.mark.slow  # a real process of our command line
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("language", OTHERS)
def test_every_help_fits_the_terminal_and_keeps_every_character(language: str,
                                                                command: str) -> None:
    columns = WIDTHS[(COMMANDS.index(command) + OTHERS.index(language)) % len(WIDTHS)]
    run = analyst(*([command] if command else []), "--help", ANALYST_LANG=language,
                  COLUMNS=str(columns))
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert_laid_out(language, command, columns, run.stdout)


@pytest.mark.slow  # a real process of our command line
def test_a_refusal_names_the_translated_metavar() -> None:
    said = {"uk": ("ФАЙЛ", "файл"), "ru": ("ФАЙЛ", "файл"), "zh": ("文件", "文件")}
    for language, (report_file, ingest_file) in said.items():
        report = analyst("report", "-o", "r.pdf", ANALYST_LANG=language)
        ingest = analyst("ingest", ANALYST_LANG=language)
        assert report.returncode == ingest.returncode == 2
        assert re.search(rf"[:：] ?{report_file}\n", report.stderr), report.stderr
        assert re.search(rf"[:：] ?{ingest_file}\n", ingest.stderr), ingest.stderr
        assert "FILE" not in report.stderr + ingest.stderr


# ---- In-process: every command, language and width --------------------------------------------


def help_of(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(argv)
    return out.getvalue()


@pytest.fixture(autouse=True)
def _no_language_from_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    no_language_from_the_machine(monkeypatch, model=False)


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("language", OTHERS)
def test_every_help_at_every_width_in_process(language: str, columns: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("ANALYST_LANG", language)
    for command in COMMANDS:
        assert_laid_out(language, command, columns,
                        help_of([*([command] if command else []), "--help"]))


def test_every_metavar_is_translated() -> None:
    english = {(p.prog.split()[-1], a.dest): a.metavar for p, a in actions("en")
               if a.metavar and not a.choices}
    assert len(english) >= 12
    for language in OTHERS:
        found = {(p.prog.split()[-1], a.dest): a.metavar for p, a in actions(language)
                 if a.metavar and not a.choices}
        assert found.keys() == english.keys()
        for key, metavar in found.items():
            assert metavar != english[key], (language, key, metavar)
            assert re.sub(r"\.(pdf|xlsx|json)\b", "", metavar).isascii() is False, metavar


# ---- The wrapping itself --------------------------------------------------------------------

HAN = "报告文字和消息的语言默认否则使用数据标题列名工作表区域设置生成代码在哪里运行隔离可用时"
PUNCT = "，。、；：（）"
WORDS = ["ANALYST_OFFLINE", "--no-offline", "docker", "PDF", "a", "T.json", "{answer,",
         "steps", ".streamlit/config.toml", "8502", "ANALYST_SANDBOX_BACKEND", "on", "x=1"]


def generated(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randrange(1, 40)):
        kind = rng.random()
        if kind < 0.5:
            parts.append("".join(rng.choice(HAN) for _ in range(rng.randrange(1, 12))))
        elif kind < 0.7:
            parts.append(rng.choice(PUNCT))
        else:
            word = rng.choice(WORDS)
            parts.append(rng.choice([word, f" {word} ", f" {word}", f"{word} "]))
    return "".join(parts)


GLUED = re.escape("".join(CLOSING | OPENING))


def cuts(text: str, lines: list[str]) -> list[bool] | None:
    """For `lines` that are `text` (spaces made single) cut at spaces or between characters,
    each space at a cut dropped and nothing else changed: whether each cut was at a space.
    None when the lines are not that."""
    rest = " ".join(text.split())
    at_space = []
    for line in lines:
        if not rest.startswith(line):
            return None
        rest = rest[len(line):]
        at_space.append(rest.startswith(" "))
        rest = rest[1:] if rest.startswith(" ") else rest
    return at_space[:-1] if rest == "" else None


@pytest.mark.parametrize("seed", range(8))
def test_wrap_by_width_keeps_every_character_and_latin_words(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        text, width = generated(rng), rng.randrange(8, 101)
        lines = wrap_wide(text, width)
        assert all(display_width(line) <= width for line in lines), (width, lines)
        at_space = cuts(text, lines)
        assert at_space is not None, (text, width, lines)
        # Punctuation stays with its word where no space parts them, unless what it holds
        # together is wider than a line and had to be cut (then the line is full).
        for before, after, space in zip(lines[:-1], lines[1:], at_space, strict=True):
            assert space or display_width(before) >= width - 1 or (
                after[0] not in CLOSING and before[-1] not in OPENING), (before, after)
        # A Latin word that fits a line is never cut (one wider than the line has to be),
        # with the punctuation held to it (and the character a closing mark follows).
        flat = " ".join(text.split())
        for word in WORDS:
            alone = rf"(?<![\w./=,{{-]){re.escape(word)}(?![\w./=,{{-])"
            for unit in re.finditer(rf"\S?[{GLUED}]*{alone}[{GLUED}]*", flat):
                if display_width(unit.group()) <= width - 2:
                    assert any(re.search(alone, line) for line in lines), (word, width, lines)
