"""The command line's help formatter: Chinese help wrapped by what a terminal shows.

argparse wraps help with `textwrap`, which breaks lines only at spaces and counts characters.
Chinese has no spaces between words, and each of its characters takes two columns of a
terminal, so a Chinese help line ran past the terminal's edge, or `textwrap` cut a long
"word" (a whole Chinese sentence with ANALYST_OFFLINE in it) in the middle of a Latin name.

`CliHelpFormatter` wraps a text holding East Asian wide characters (`east_asian_width` W or
F) by display width: a line may end at a space or beside a wide character, never inside a
Latin word ("ANALYST_OFFLINE", "--no-offline"), closing punctuation ("，", "）") never starts a
line and opening punctuation ("（") never ends one. A text without wide characters is wrapped
by argparse itself, exactly as before (the English help is byte for byte argparse's).

argparse also measures metavars and the "usage: " prefix with `len()` to align the columns:
for a wide one, the formatter gives argparse the string with a placeholder after each wide
character (so `len()` is its width) and takes the placeholders out of the finished help.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from collections.abc import Callable, Iterable

PAD = "\ufdd0"
"""A Unicode noncharacter (for a program's internal use, never in text): it follows each
wide character while argparse measures, and is removed from the help it returns."""
CLOSING = set("，。、；：！？）」』】》〉”’％…,.;:!?)]}")
"""Punctuation that belongs to what comes before it: never the first on a line."""
OPENING = set("（「『【《〈“‘([{")
"""Punctuation that belongs to what follows it: never the last on a line."""
_UNITS = re.compile(r"\s+|[^\s]")


def is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def char_width(char: str) -> int:
    if char == PAD or unicodedata.combining(char):
        return 0
    return 2 if is_wide(char) else 1


def display_width(text: str) -> int:
    """The columns `text` takes on a terminal (East Asian wide characters take two)."""
    return sum(char_width(c) for c in text)


def has_wide(text: str) -> bool:
    return any(is_wide(c) for c in text)


def padded(text: str) -> str:
    """`text` with PAD after each wide character: its `len()` is its display width."""
    return "".join(c + PAD if is_wide(c) else c for c in text) if has_wide(text) else text


def _chunks(text: str) -> list[str]:
    """`text` (whitespace already single spaces) as the pieces a line may break between:
    " " for a space, each wide character (with the closing punctuation after it and the
    opening punctuation before it), each run of other characters (a Latin word, with its
    own punctuation)."""
    chunks: list[str] = []
    glue_next = False  # the last chunk ends with opening punctuation
    for char in text:
        if char == " ":
            chunks.append(" ")
            glue_next = False
            continue
        wide = is_wide(char)
        last = chunks[-1] if chunks else " "
        joins = last != " " and (glue_next or char in CLOSING
                                 or (not wide and not is_wide(last[-1])))
        if joins:
            chunks[-1] += char
        else:
            chunks.append(char)
        glue_next = char in OPENING
    return chunks


def wrap_wide(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces and beside wide
    characters, Latin words kept whole (one longer than a line is cut, as textwrap cuts)."""
    width = max(width, 2)
    lines: list[str] = []
    line, used = "", 0
    for chunk in _chunks(" ".join(text.split())):
        size = display_width(chunk)
        if chunk == " ":
            if line:
                line, used = line + " ", used + 1
            continue
        if used + size > width and line.strip():
            lines.append(line.rstrip())
            line, used = "", 0
        while size > width:  # a word wider than a whole line: cut it, nothing lost
            cut, taken = "", 0
            for char in chunk:
                if taken + char_width(char) > width - used and cut:
                    break
                cut, taken = cut + char, taken + char_width(char)
            lines.append((line + cut).rstrip())
            line, used = "", 0
            chunk = chunk[len(cut):]
            size = display_width(chunk)
        line, used = line + chunk, used + size
    if line.strip():
        lines.append(line.rstrip())
    return lines


class CliHelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, measuring and wrapping by display width when the text holds
    East Asian wide characters (see the module's docstring)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not has_wide(text):
            return super()._split_lines(text, width)
        return wrap_wide(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if not has_wide(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrap_wide(text, width - len(indent)))

    def _metavar_formatter(self, action: argparse.Action, default_metavar: str
                           ) -> Callable[[int], tuple[str, ...]]:
        inner = super()._metavar_formatter(action, default_metavar)

        def format(tuple_size: int) -> tuple[str, ...]:
            return tuple(padded(str(part)) for part in inner(tuple_size))

        return format

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        if prefix is None:
            # argparse's own "usage: " in the language argparse speaks now (language.py).
            prefix = getattr(argparse, "_")("usage: ")  # noqa: B009 - argparse's `_`, see language.argparse_speaks
        super().add_usage(usage, actions, groups, padded(prefix))

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup],
                      prefix: str | None) -> str:
        text = super()._format_usage(usage, actions, groups, prefix)
        if all(display_width(line) <= self._width for line in text.splitlines()):
            return text
        # argparse puts the parts under the program's name when "usage: prog" takes less
        # than 3/4 of the line, however long a longer prefix ("використання: ") leaves the
        # parts, and never wraps a usage given as text (web's): when a line is too wide, the
        # program's name gets a line of its own and the parts go under it.
        prefix = prefix if prefix is not None else padded(getattr(argparse, "_")("usage: "))  # noqa: B009
        rest = " ".join(text[len(prefix):].split())
        if not rest.startswith(self._prog):
            return text
        parts = re.findall(r"\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+", rest[len(self._prog):])
        indent = " " * len(prefix)
        lines, line = [prefix + self._prog], indent
        for part in parts:
            if line.strip() and display_width(line) + 1 + display_width(part) > self._width:
                lines.append(line)
                line = indent
            line += ("" if not line.strip() else " ") + part
        lines.append(line)
        return "\n".join(lines) + "\n\n"

    def format_help(self) -> str:
        return super().format_help().replace(PAD, "")
