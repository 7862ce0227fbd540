"""Text of a file, a question, a model or a template inside a `#` comment of generated code.

A comment ends at the end of its line, so text that can end a line (a newline, a carriage
return; NUL stops Python reading the source at all) would turn the rest of a value into a
statement of its own. Such text is written as its escape (`\\n`), so a comment stays one line
whatever a column or a value is called; bidi overrides are escaped too, so the code the
reader sees in "Show code" is the code that runs. Values themselves never enter code through
here: they are literals made by `repr`.
"""

from __future__ import annotations

MAX_CHARS = 80
"""A comment names a column or a value for the reader; a longer one is cut with "…"."""


def inert(text: object) -> str:
    """`text` as one line of printable characters, safe after `#` (every other character
    as its Python escape: `\\n`, `\\r`, `\\x00`, `\\u2028`, `\\u202e`)."""
    shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in str(text))
    return shown if len(shown) <= MAX_CHARS else shown[:MAX_CHARS - 1] + "…"
