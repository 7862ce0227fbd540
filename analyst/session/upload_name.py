"""The name a file is known by from the moment it arrives: text, never a path or markup.

A browser sends whatever name the file had, and a crafted request any name at all: a path
("../../etc/passwd", "C:\\fakepath\\sales.csv"), control characters (ESC sequences a
terminal acts on, a newline that starts a line of its own in a log), bidi overrides that
show "sales‮vsc.exe" as something else, zero-width characters that make two names look
the same, or 5,000 characters. The name is stored, listed, put into sentences, the PDF and
the CLI's output, so it is made plain once, here, and every later use sees the plain one.
(Showing it stays each screen's job: markdown characters are kept and escaped where shown.)
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME_CHARS = 120
"""Longer names are cut in the middle of the stem ("…"), the extension kept."""
MAX_SUFFIX_CHARS = 10
"""An extension longer than this is not one a reader looks at ("xlsx", "parquet")."""
FALLBACK = "upload"

# Cc control, Cf format (bidi, zero-width, BOM), Cs surrogates, Co private use, Cn unassigned,
# Zl/Zp line and paragraph separators: none is a character a reader can see.
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_SPACES = re.compile(r"\s+")
_SUFFIX = re.compile(rf"\.[^\W_]{{1,{MAX_SUFFIX_CHARS}}}$")


def arrived_name(raw: str) -> str:
    """`raw` as the file's name: its last path part, without invisible characters, spaces
    collapsed, at most `MAX_NAME_CHARS` characters with its extension kept. Idempotent."""
    last = re.split(r"[\\/]", str(raw))[-1]
    visible = "".join(" " if unicodedata.category(ch) == "Zs" or ch in "\t\n\r" else ch
                      for ch in unicodedata.normalize("NFC", last)
                      if ch in "\t\n\r" or unicodedata.category(ch) not in _DROPPED)
    name = _SPACES.sub(" ", visible).strip(" ")
    found = _SUFFIX.search(name)
    suffix = found.group(0) if found else ""
    stem = name[:len(name) - len(suffix)].strip(" .")  # "..", " . " are no names
    if not stem:
        return FALLBACK + suffix
    if len(stem) + len(suffix) > MAX_NAME_CHARS:
        stem = stem[:MAX_NAME_CHARS - len(suffix) - 1].rstrip(" .") + "…"
    return stem + suffix
