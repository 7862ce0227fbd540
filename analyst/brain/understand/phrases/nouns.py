"""Column names said as words in an English sentence: "Top 10 products", "of 18 customers".

A column name is a heading ("Product", "Customer", "Revenue"); inside a sentence English
writes it in lower case, and counted it takes its plural. `Noun` carries the name and says
it the way a template asks through the format spec:

- `{by}`: the name as it is (every language but English uses only this);
- `{by:word}`: lower case, singular ("product"; "order ID" keeps its acronym);
- `{by:words}`: lower case, plural ("products", "categories", "SKUs");
- `{by:count}`: singular when the `Noun` was made with a count of 1, else plural.

Only words written like ordinary words (all lower case, or a capital followed by lower
case, with a vowel) are lowered; acronyms, abbreviations and mixed-case names ("SKU",
"Qty", "eBay") stay as they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PLAIN_WORD = re.compile(r"[A-Z]?[a-z]*[aeiou][a-z]*")  # "Qty", "Nr": abbreviations, kept
_ABBREVIATIONS = {"amt", "no", "vat", "pcs", "avg", "est", "ytd", "mtd"}
_LAST_WORD = re.compile(r"([A-Za-z]+)(\W*)$")
_IRREGULAR = {"person": "people", "child": "children", "man": "men", "woman": "women",
              "criterion": "criteria", "datum": "data", "analysis": "analyses"}
_UNCOUNTED = {"sales", "revenue", "data", "staff", "inventory", "stock", "equipment",
              "series", "news", "species", "info", "information"}


def lowered(name: str) -> str:
    """"Product Name" -> "product name"; "Order ID" -> "order ID"; "SKU" -> "SKU"."""
    def word(match: re.Match[str]) -> str:
        text = match.group(0)
        plain = _PLAIN_WORD.fullmatch(text) and text.lower() not in _ABBREVIATIONS
        return text.lower() if plain else text

    return re.sub(r"[A-Za-z]+", word, name)


def plural(name: str) -> str:
    """The plural of a (lowered) noun phrase: its last word takes the plural ending."""
    head, paren, note = name.partition(" (")
    if paren and note.endswith(")"):
        return plural(head) + paren + note  # "net sale (USD)": the unit is not counted
    match = _LAST_WORD.search(name)
    if match is None:
        return name
    word, tail = match.group(1), match.group(2)
    lower = word.lower()
    if not (_PLAIN_WORD.fullmatch(lower) or word.isupper()) or lower in _ABBREVIATIONS:
        return name  # "Qty": an abbreviation has no plural ending of its own
    if lower in _UNCOUNTED or (lower.endswith("s") and not lower.endswith(("ss", "us", "is"))):
        return name  # "sales", "products": already plural or never counted
    if lower in _IRREGULAR:
        many = _IRREGULAR[lower]
        many = many if word.islower() else many.capitalize() if word[0].isupper() else many
    elif word.isupper():
        many = word + "s"  # "SKU" -> "SKUs"
    elif re.search(r"[^aeiou]y$", lower):
        many = word[:-1] + "ies"
    elif re.search(r"(s|x|z|ch|sh)$", lower):
        many = word + "es"
    else:
        many = word + "s"
    return name[:match.start()] + many + tail


@dataclass(frozen=True)
class Noun:
    """A column name that a template may lower or pluralise (see the module's doc): a value
    for `str.format`, whose spec says how ("{g:word}", "{g:words}", "{g:count}")."""

    name: str
    quantity: float | None = None
    """How many it names, for "{g:count}"."""

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        name = self.name
        if spec == "word":
            return lowered(name)
        if spec == "words":
            return plural(lowered(name))
        if spec == "count":
            return lowered(name) if self.quantity == 1 else plural(lowered(name))
        return format(name, spec)
