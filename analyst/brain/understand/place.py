"""The table a question is about, said the way the user knows it: "Revenue by month (P&L)".

A suggested question shown beside other tables ends with its place in brackets: the file
(when other files are open) and the sheet (when the file has tables on other sheets). Asked
again as text (the history's "Run again"), the same words pick that table and are read as
nothing else: a sheet called "Jan" or "2025" is not a month or a year filter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_JOIN = ", "


def with_place(question: str, parts: Sequence[str]) -> str:
    """`question` naming its place ("Revenue by month (sales.xlsx, Q1)"); as it is without."""
    return f"{question} ({_JOIN.join(parts)})" if parts else question


def without_place(question: str, card: Any) -> tuple[str, bool]:
    """`question` without a trailing place that names `card`'s file, sheet or (in questions
    of older versions) table; and whether it had one. A name may hold brackets or commas."""
    text = question.rstrip()
    if not text.endswith(")"):
        return question, False
    names = {str(n).casefold() for n in (card.source_file, card.sheet, card.table) if n}
    for at in (i for i in range(len(text) - 2, -1, -1) if text[i] == "("):
        if _named(text[at + 1:-1].strip().casefold(), names):
            return text[:at].rstrip(), True
    return question, False


def _named(inner: str, names: set[str]) -> bool:
    """Is `inner` one of `names`, or several joined as `with_place` joins them?"""
    return inner in names or any(
        inner.startswith(name + _JOIN) and _named(inner[len(name) + len(_JOIN):], names)
        for name in names)
