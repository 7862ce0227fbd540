"""Text from a step or a model, made safe for Streamlit's markdown: it can never fetch a URL.

The sandbox has no network, but the browser has: a markdown image in an error message, a
notice or a file name would make the reader's browser fetch an attacker's URL (carrying data
in it), and a link could pose as "Sign in again". Step text is therefore shown literally
(`literal`: every markdown character escaped), and a model's answer keeps its layout (bold,
lists, tables) with everything that could reach the network taken apart (`model_markdown`):
links, images, autolinks, e-mail links, raw HTML and LaTeX (KaTeX's `\\includegraphics`).
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e"
                      r"\u2060-\u2069\ufeff]")
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")  # every ASCII punctuation mark
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]{0,30}):(?=//)")  # "https://" -> "https:<ZWSP>//"
_WWW = re.compile(r"(?i)\b(www)\.")
_ZWSP = "\u200b"


def without_controls(text: str) -> str:
    """`text` without control characters (ANSI escapes, bidi overrides); keeps \\n and \\t."""
    return _CONTROL.sub("", text or "")


def literal(text: str) -> str:
    """Markdown that renders exactly `text`: nothing in it is a link, image, tag or format.

    Line breaks stay line breaks (hard breaks), so a multi-line notice keeps its lines.
    """
    escaped = _PUNCTUATION.sub(r"\\\1", _unlinked(without_controls(str(text or ""))))
    return "  \n".join(escaped.splitlines())


def defused(markdown: str) -> str:
    """`markdown` with every way to reach the network taken apart; other formatting kept.

    Backslashes first, so an escape written in the text cannot undo one added here; then
    brackets (links, images, Streamlit's `:color[...]`), `<` (autolinks, HTML), `$` (maths),
    `@` (e-mail autolinks), scheme colons and `www.` (GFM's bare-URL autolinks).
    """
    text = without_controls(markdown or "").replace("\\", "\\\\")
    return no_autolinks(re.sub(r"([\[\]<$])", r"\\\1", text))


def no_autolinks(markdown: str) -> str:
    """Take apart what would become a link by itself: `https://...`, `www.`, `a@b.c`."""
    return _unlinked(markdown.replace("@", "\\@"))


def _unlinked(text: str) -> str:
    """A zero-width space after "https:" and "www" and before "@": Streamlit turns bare URLs
    into links after markdown's escapes are undone, so only a changed text stops it. The
    reader sees the same characters."""
    text = _SCHEME.sub("\\1:" + _ZWSP, text)
    text = _WWW.sub("\\1" + _ZWSP + ".", text)
    return re.sub(r"(\\?@)", _ZWSP + r"\1", text)


# Punctuation that starts no markup inside a line: left as typed, so a name reads the same
# in the page's source ("sales-2026.csv", not "sales\-2026\.csv").
_INERT_ESCAPES = re.compile(r"\\([.,;'\"/%?=\-])")
_LINE_START = re.compile(r"^(\s*)(\d+)\.|^(\s*)([-=])")  # "1." and "-" start a list there


def name_text(text: str) -> str:
    """A name the user or a file chose (a file, sheet, column or report title) to put into a
    sentence of markdown: `literal`, on one line, no link, image, tag or format in it."""
    shown = _INERT_ESCAPES.sub(r"\1", literal(" ".join(str(text or "").splitlines())))
    return _LINE_START.sub(lambda m: (f"{m[1]}{m[2]}\\." if m[2] is not None
                                      else f"{m[3]}\\{m[4]}"), shown)
