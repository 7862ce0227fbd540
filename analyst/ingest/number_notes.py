"""What was done to numbers stored as text, in short sentences, one fact each.

Both paths (pandas for small files, Arrow for large ones) record the same `NumberFacts` per
column and render them here, so the card says the same words whichever path read the file.
The sentences quote no cell values: they stay in the prompt in privacy mode.
"""

from __future__ import annotations

from dataclasses import dataclass

from analyst.currency import currency_code as shared_currency_code
from analyst.words.note import Name, Names, Note, Word

_SEPARATORS = {",": "marks_commas", ".": "marks_dots", " ": "marks_spaces"}
_DECIMALS = {".": "decimal_dot", ",": "decimal_comma"}


@dataclass(frozen=True)
class NumberFacts:
    decimal: str
    """"." or ","."""
    currency: str | None = None
    thousands: tuple[str, ...] = ()
    parenthesized: int = 0
    percent: bool = False
    ambiguous: bool = False
    """Only "1,234"-like cells: the card has a sentence of its own for that column."""
    scientific: bool = False
    """Some cells were written in scientific notation ("3.2e+21")."""
    final_dot: bool = False
    """Some cells were written with a final dot ("3504.")."""


def currency_code(sign: str) -> str | None:
    """The ISO code of a sign the cells carried, for the card's sentence; None if not a currency."""
    code = shared_currency_code(sign)
    if code in ("¥", "￥"):
        return "JPY or CNY (¥)"  # the card says plainly that the sign is ambiguous
    return code if code and code.isascii() and code.isalpha() and len(code) == 3 else None


def number_sentences(facts: dict[str, NumberFacts]) -> list[Note]:
    """Currency signs, thousands separators, negatives in parentheses, percents, scientific
    notation, final dots: in that order."""
    sentences: list[Note] = []
    for sign, names in _grouped(facts, lambda f: f.currency).items():
        code = currency_code(sign)
        said = Note("amounts_in", code=Word(code) if " or " in code else code) if code else ""
        sentences.append(Note("currency", sign=sign, names=Names(names), code=said))
    by_separator = _grouped(facts, lambda f: [] if f.ambiguous else [(sep, f.decimal) for sep in f.thousands])
    for (sep, decimal), names in by_separator.items():
        sentences.append(Note("thousands", marks=Word(_SEPARATORS[sep]), names=Names(names),
                              decimal=Word(_DECIMALS[decimal])))
    for name, fact in facts.items():
        if fact.parenthesized:
            example = "56.00" if fact.decimal == "." else "56,00"
            sentences.append(Note("parentheses", fact.parenthesized, ex=example, n=fact.parenthesized,
                                  name=Name(name)))
    for names in _grouped(facts, lambda f: "%" if f.percent else None).values():
        sentences.append(Note("percent", names=Names(names)))
    # A figure the file shows as "3.246502e+21" is on the card as 3246502000000000000000:
    # said, so the user can match the two.
    for names in _grouped(facts, lambda f: True if f.scientific else None).values():
        sentences.append(Note("scientific", names=Names(names)))
    for names in _grouped(facts, lambda f: True if f.final_dot else None).values():
        sentences.append(Note("final_dot", names=Names(names)))
    return sentences


def _grouped(facts: dict[str, NumberFacts], key) -> dict:
    """Key -> the columns sharing it, in column order (dicts keep insertion order)."""
    groups: dict = {}
    for name, fact in facts.items():
        keys = key(fact)
        for k in keys if isinstance(keys, list) else [keys]:
            if k is not None:
                groups.setdefault(k, []).append(name)
    return groups


