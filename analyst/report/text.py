"""Making user and model text safe for reportlab and Excel.

reportlab's Paragraph parses a small XML dialect: unescaped text silently loses
``x<y>z`` -> ``xz`` or raises on ``</para>``. Everything from a user, a file or a model
goes through `para_text` (or `escape`) before it reaches a Paragraph.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from xml.sax.saxutils import escape as _xml_escape

ELLIPSIS = "\u2026"

# C0 controls (but tab and newline) and the non-characters XML and Excel refuse.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_CJK = re.compile(
    "[\u3040-\u30ff"  # hiragana, katakana
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs
    "\uac00-\ud7af\u1100-\u11ff"  # hangul
    "\u3000-\u303f\uff00-\uffef]"  # CJK punctuation, full-width forms
)


def clean(text: object) -> str:
    """str(text) without control characters or lone surrogates (they break PDF and XLSX)."""
    value = "" if text is None else str(text)
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    return _SURROGATE.sub("\ufffd", _CONTROL.sub("", value))


def truncate(text: str, limit: int) -> str:
    """Cut to at most `limit` characters, ending with an ellipsis when something was cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)] + ELLIPSIS


def escape(text: object) -> str:
    """Plain text -> reportlab Paragraph markup that shows exactly that text."""
    return _xml_escape(clean(text), {'"': "&quot;"})


def para_text(text: object, limit: int | None = None) -> str:
    """Plain text -> Paragraph markup; newlines kept as line breaks, optionally truncated."""
    value = clean(text)
    if limit is not None:
        value = truncate(value, limit)
    return _xml_escape(value, {'"': "&quot;"}).replace("\n", "<br/>")


def paragraphs(text: object) -> list[str]:
    """Split a narrative into paragraphs on blank lines (single newlines stay line breaks)."""
    blocks = re.split(r"\n\s*\n", clean(text).strip())
    return [block.strip() for block in blocks if block.strip()]


def contains_cjk(texts: Iterable[object]) -> bool:
    """True when any text holds Chinese, Japanese or Korean characters."""
    return any(_CJK.search(str(text)) for text in texts if text is not None)


_SEPARATORS = re.compile(r"\s*[:;/\\|：；｜]+\s*")
_ODD = re.compile(r"[^\w\s\-.,()&+']+")


def download_name(title: str, extension: str, fallback: str = "report") -> str:
    """A file name a reader recognises, from the report's title: "Sales report: sales_export"
    -> "Sales report - sales_export.pdf". Letters of every script are kept; separators
    become " - ", characters a file system refuses are dropped, never turned into "_"."""
    text = unicodedata.normalize("NFC", clean(title))
    text = _SEPARATORS.sub(" - ", text)
    text = _ODD.sub(" ", text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"(?:\s*-\s*){2,}", " - ", text).strip(" .-'") or fallback
    return f"{text[:120].rstrip(' .-')}.{extension}"
