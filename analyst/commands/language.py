"""The command line's words: every sentence it prints is a message of context "cli".

Which language: `--lang`, else ANALYST_LANG, else the environment's locale (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG, as gettext reads them), else the language of what the user
wrote when the command has such a text (`ask`'s question), else English. A failure's sentence is
said in that language too: an error raised with a `Note` (the ingester's, `CliNote` here)
renders in any language.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from analyst.recipes.numbers import language_code
from analyst.report.formats import format_int
from analyst.words import LANGUAGES, normalise, say
from analyst.words.catalog import translations
from analyst.words.note import Note, Value

CONTEXT = "cli"
HELP = "cli_help"
"""The context of the parsers' own texts: each option's help, the commands' summaries, usage
and epilog."""
ARGPARSE = "argparse"
"""The context of argparse's fixed words; each msgid is argparse's English text itself."""


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
    from analyst.settings import load_settings

    return load_settings(env, secrets={}).language or locale_language(env)


def default_language(env: Mapping[str, str] | None = None) -> str:
    """ANALYST_LANG, else the locale's language, else "en"."""
    return stated_language(env) or "en"


def help_words(language: str, key: str, **values: Value) -> str:
    """The help text `key` (context "cli_help") in `language`. argparse later expands
    `%(default)s` in it; `{placeholders}` are filled here, and only when `values` are given
    (a text like "{answer, steps, ...}" is shown as written)."""
    return say(language, HELP, key, None, **values)


def metavar(language: str, key: str) -> str:
    """The name --help gives a value the user types ("FILE", "QUESTION"), in `language`:
    message `metavar_<key>` of context "cli_help". argparse's refusals name it too."""
    return help_words(language, f"metavar_{key}")


def argv_language(argv: Sequence[str], env: Mapping[str, str] | None = None) -> str:
    """The language of the command line, read before any parser is built (the parsers' help
    is written in it): the last `--lang X` / `--lang=X` before a bare `--`, when it names a
    product language ("uk-UA" counts as uk), else `default_language`. A `--lang` argparse
    will refuse still picks the words of its refusal."""
    given: str | None = None
    items = list(argv)
    for index, item in enumerate(items):
        if item == "--":
            break
        if item == "--lang" and index + 1 < len(items):
            given = items[index + 1]
        elif item.startswith("--lang="):
            given = item.split("=", 1)[1]
    if given is not None and language_code(given) in LANGUAGES:
        return normalise(given)
    return default_language(env)


def argparse_words(language: str, text: str) -> str:
    """argparse's English `text` (one of its own msgids) in `language`: the catalogue's
    context "argparse", English when it has none."""
    if not isinstance(text, str):  # argparse passes `_(None)` for a missing description
        return text
    return translations(normalise(language)).pgettext(ARGPARSE, text)


@contextmanager
def argparse_speaks(language: str) -> Iterator[None]:
    """argparse's own words ("usage: ", "options", "show this help message and exit",
    "the following arguments are required: %s", ...) in `language` while the block builds
    and runs the parsers.

    Why this way: argparse translates through the module globals `_` and `ngettext` it
    imported from `gettext` (`from gettext import gettext as _, ngettext`), looked up at call
    time in the domain "messages" of the system's locale directories. The alternatives are
    worse: `gettext.bindtextdomain`/`textdomain` would need .mo files on disk and would change
    the process-wide default domain for every library; subclassing ArgumentParser and
    HelpFormatter would copy argparse's code for each sentence and still miss the errors
    raised deep inside it. So for the duration of the block (and only for argparse) its two
    names point at our catalogue, and are put back afterwards, also when argparse exits
    (`--help`, an error). The command line is one parse per process; the app (Streamlit)
    never runs inside this block."""
    catalogue = translations(normalise(language))

    def gettext(text: str) -> str:
        return argparse_words(language, text)

    def ngettext(singular: str, plural: str, count: int) -> str:
        return catalogue.npgettext(ARGPARSE, singular, plural, count)

    saved = {name: getattr(argparse, name) for name in ("_", "ngettext")}
    setattr(argparse, "_", gettext)  # noqa: B010 - the name `_` is argparse's, not an attribute we own
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(argparse, name, value)


def add_language_argument(parser: argparse.ArgumentParser, help_text: str = "",
                          language: str = "en") -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=help_text or help_words(language, "lang"))


def chosen(args: argparse.Namespace, written: str | None = None) -> str:
    """The language of the words a command prints: `--lang`, else the language the
    environment states (ANALYST_LANG, the locale), else the language of `written` (a text
    the user wrote: `ask`'s question), else English."""
    from analyst.planner.phrases import language_of

    return (getattr(args, "lang", None) or stated_language()
            or (language_of(written) if written else None) or "en")

