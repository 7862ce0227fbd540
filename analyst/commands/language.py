"""The command line's words: every sentence it prints is a message of context "cli".

Its help (`--help`, the usage and argparse's own refusals) is English, as command-line
tools' help is: the options' texts are written where the options are defined.

Which language: `--lang`, else ANALYST_LANG, else the environment's locale (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG, as gettext reads them), else the language of what the user
wrote when the command has such a text (`ask`'s question), else English. A failure's sentence is
said in that language too: an error raised with a `Note` (the ingester's, `CliNote` here)
renders in any language.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from typing import Any

from analyst.brain.understand.phrases import question_language
from analyst.recipes.numbers import language_code
from analyst.settings import load_settings
from analyst.words import LANGUAGES
from analyst.words.note import Note, Value
from analyst.words.number_formats import format_int

CONTEXT = "cli"


class CliNote(Note):
    """A message of context "cli" with its values, said in the reader's language."""

    context = CONTEXT


def words(language: str, key: str, count: int | None = None, /, **values: Value) -> str:
    """Message `key` of context "cli" in `language`; `count` picks the plural form, and the
    count `n` is written with the language's digit grouping ("1 000" in uk/ru), as the app
    writes it."""
    if isinstance(values.get("n"), int):
        values["n"] = format_int(int(values["n"]), language)  # type: ignore[arg-type]
    return CliNote(key, count, **values).render(language)


def locale_language(env: Mapping[str, str] | None = None) -> str | None:
    """The product language the environment's locale names ("uk_UA.UTF-8" -> "uk"), or None
    (unset, "C", "POSIX", or a language the product does not speak)."""
    environ = os.environ if env is None else env
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        raw = (environ.get(name) or "").strip()
        if not raw:
            continue
        # LANGUAGE may list several ("uk:ru:en"); the first the product speaks wins.
        for part in raw.split(":"):
            code = language_code(part.split(".")[0])
            if code in LANGUAGES:
                return code
        return None  # the first locale variable set decides, as gettext does
    return None


def stated_language(env: Mapping[str, str] | None = None) -> str | None:
    """The language the environment states: ANALYST_LANG, else the locale's product
    language, else None (a locale such as C.UTF-8 names none). The environment only: the
    command line does not read secrets.toml."""
    return load_settings(env, secrets={}).language or locale_language(env)


def default_language(env: Mapping[str, str] | None = None) -> str:
    """ANALYST_LANG, else the locale's language, else "en"."""
    return stated_language(env) or "en"


def add_language_argument(parser: argparse.ArgumentParser, help_text: str = "") -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=help_text or "language of the messages (default: ANALYST_LANG, "
                                          "else the locale's language, else en)")


def chosen(args: argparse.Namespace, written: str | None = None, cards: Sequence[Any] = ()) -> str:
    """The language of the words a command prints: `--lang`, else the language the
    environment states (ANALYST_LANG, the locale), else the language of `written` (a text
    the user wrote: `ask`'s question, without the names and values of `cards` it quotes),
    else English."""
    return (getattr(args, "lang", None) or stated_language()
            or (question_language(written, cards) if written else None) or "en")

