"""Where one sentence of an answer ends and the next begins.

A sentence ends at . ! ? followed by a space and a new sentence, or at a CJK full stop. Not
every dot ends one. A name's ("C. Okafor", "О. Шевченко", "Dr. Lee") and a dotted
abbreviation's ("e.g.", "т.е.", "U.S.") never do: a name follows. A word shortened with a dot
that can also close a sentence (a currency "руб.", a company "Inc.", a year "2025 г.", a
month "окт.") ends one only when the next word starts with a capital: "Acme Inc. had the
most" and "5 000 руб. за месяц" are one sentence, "… 6 679,50 руб. Лучший месяц …" two.
Two sentences shown as one lose nothing; a name or an amount cut in two misreads.
"""

from __future__ import annotations

import re

# A candidate end: . ! ? then spaces and a sentence's first character. Decimal points
# ("6.6%") and no-break spaces inside numbers ("33 912,50") never match, nor an abbreviated
# month before its year ("трав. 2025 (1)", "февр. 2025": a bare year does not begin a
# sentence; "2026-01: 4,624.50" does).
_END = re.compile(r"(?<=[.!?])[ \t\n]+(?=[^\s,;:)\]])(?!\d{4}(?:[^\d-]|$))|(?<=[。！？])")
_LAST_WORD = re.compile(r"(?<![\w.])[^\W\d_]+(?:\.[^\W\d_]+)*\.$")
_INITIALS = re.compile(r"[^\W\d_]|(?:[^\W\d_]{1,3}\.)+[^\W\d_]{1,3}")
"""One letter ("C"), or letters joined by dots ("e.g", "т.е", "J.R.R", "т.зв")."""

# Lower case, without their dot. Before a name: titles, "see", "for example", "street"...
_BEFORE_NAME = frozenset("""
    mr mrs ms dr prof st vs cf approx fig
    напр см им ул тов проф акад вул див
""".split())
# Closing a phrase (money and measure words, company forms, months, "etc."): at a sentence's
# end too. Not "pp": our own changes end sentences with it ("+1.2 pp.").
_CLOSING = frozenset("""
    inc ltd co corp bros llc plc jr sr etc al dept vol
    jan feb mar apr jun jul aug sep sept oct nov dec
    руб коп тыс млн млрд трлн долл гг кв стр шт ед др пр
    янв февр апр авг сент окт нояб дек
    грн тис рр буд обл ін
    січ лют бер квіт трав черв лип серп вер жовт лист груд
""".split())


def sentences(paragraph: str) -> list[str]:
    """`paragraph`'s sentences, each as written (every character kept but the spaces between)."""
    text = paragraph.strip()
    found: list[str] = []
    start = 0
    for end in _END.finditer(text):
        if not _ends(text[start:end.start()], text[end.end():end.end() + 1]):
            continue
        found.append(text[start:end.start()])
        start = end.end()
    found.append(text[start:])
    return [s.strip() for s in found if s.strip()]


def _ends(before: str, first: str) -> bool:
    """Does a sentence end after `before`, with `first` the next character?"""
    word = _LAST_WORD.search(before)
    if word is None:
        # A number before the dot ("6,679.50."), a percent, a bracket, ! or ?: an end.
        return True
    core = word.group()[:-1]
    if _INITIALS.fullmatch(core) and not (len(core) == 1 and core.islower()):
        return False  # "C. Okafor", "e.g. Gizmo", "т.е. выручка"
    lower = core.lower()
    if lower in _BEFORE_NAME:
        return False
    if lower in _CLOSING or len(core) == 1:  # "руб.", "Inc.", "2025 г.", "1990 р."
        return first.isupper()
    return True
