"""Words of a question and of column names, made comparable across cases, plurals and scripts.

A question and a column name are both cut into tokens the same way: runs of letters or
digits (Latin, Cyrillic...), camelCase and snake_case split, and each Chinese character a
token of its own (Chinese has no spaces, so a column "销售额" is three tokens in a row).
Two words match when they are equal, equal once an English plural is dropped ("days" /
"day", "categories" / "category"), when a Cyrillic word differs only by its ending
("регіон" / "регіонах"), or when a name's short word begins a longer one ("temp" /
"temperature").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TOKEN = re.compile(rf"\d+(?:[.,]\d+)+|[{_CJK}]|[^\W_{_CJK}]+")
# Cyrillic names are written in camelCase too ("СумаЗамовлення"); suggestions say them as
# "Сума Замовлення", which must read back as the column.
# An acronym's plural stays one word: "IDs", "SKUs" (not "I Ds").
_CAMEL = re.compile(r"(?<=[a-zа-яёіїєґ])(?=[A-ZА-ЯЁІЇЄҐ])"
                    r"|(?<=[A-ZА-ЯЁІЇЄҐ])(?=[A-ZА-ЯЁІЇЄҐ][a-zа-яёіїєґ])(?![A-Z]s\b)")
_CYRILLIC = re.compile("[\u0400-\u04ff]")


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    """Character offset in the text it came from (for reading numbers next to it)."""


def tokens(text: str) -> list[Token]:
    """The tokens of `text`, lower-cased (camelCase split first)."""
    split = _CAMEL.sub(" ", str(text))
    return [Token(m.group(0).lower(), m.start()) for m in _TOKEN.finditer(split)]


def as_written(text: str) -> list[str]:
    """The tokens of `text` as written (their case kept), in the order `words` gives them."""
    return [m.group(0) for m in _TOKEN.finditer(_CAMEL.sub(" ", str(text)))]


def number_of(word: str) -> float | None:
    """"5.5", "5,5", "1,000", "12" -> the number; anything else -> None."""
    if not re.fullmatch(r"\d+(?:[.,]\d+)*", word):
        return None
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+", word):
        return float(word.replace(",", ""))
    if word.count(",") == 1 and "." not in word:
        word = word.replace(",", ".")
    try:
        return float(word)
    except ValueError:
        return None


_SYMBOLS = (("!=", " not "), ("≠", " not "), ("<>", " not "), (">=", " at least "),
            ("≥", " at least "), ("=>", " at least "), ("<=", " at most "), ("≤", " at most "),
            ("=<", " at most "), (">", " over "), ("<", " under "), ("==", " is "), ("=", " is "))


def symbols_said(text: str) -> str:
    """Comparison signs as the words they stand for ("cyl != 8" -> "cyl not 8"): the
    tokens keep letters and digits only, and a sign dropped silently would turn
    "hp < 110" into "hp 110", the rows equal to 110."""
    for sign, said in _SYMBOLS:
        text = text.replace(sign, said)
    return text


def words(text: str) -> list[str]:
    return [t.text for t in tokens(text)]


def is_cjk(word: str) -> bool:
    return bool(re.fullmatch(f"[{_CJK}]", word))


def singular(word: str) -> str:
    """An English plural made singular ("categories" -> "category"); other words as given."""
    if not word.isascii() or len(word) <= 3:
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def same_word(name_word: str, question_word: str) -> bool:
    """Does `question_word` say the column-name word `name_word`?"""
    a, b = name_word, question_word
    if a == b or (a.isdigit() or b.isdigit()):
        return a == b
    if singular(a) == singular(b) or (a.isascii() and b == a + "s"):  # "ids", "skus"
        return True
    if _CYRILLIC.search(a) and _CYRILLIC.search(b):
        # Case endings: "регіон" / "регіонах", "категорія" / "категоріях".
        common = _common_prefix(a, b)
        return common >= 4 and common >= min(len(a), len(b)) - 2
    if a.isascii() and a.endswith("e") and b in (a[:-1] + "ing", a + "d"):
        return True  # "close" / "closing", "price" / "priced"
    if b in _SHORT_NAMES.get(a, ()) or skeleton(a, b):
        return True
    if a.isascii() and len(a) >= 5 and a[0] == "n" and singular(a[1:]) == singular(b):
        return True  # "ncases", "ncontrols" (R's esoph): the cases, the controls counted
    # An abbreviation in a name: "temp" is "temperature"; three letters cut from a word say
    # too many ("exp": expenses, expectancy, experience) unless listed or said beside the
    # name's other words (`columns._short_for`).
    # A whole word made longer says another thing: "mileage" is not "mile" (Rev.per.mile),
    # "rating" not "rate", "dealer" not "deal".
    return len(a) >= 4 and b.startswith(a) and a.isascii() and b[len(a):] not in _DERIVED


def skeleton(short: str, word: str) -> bool:
    """A name written as its word's consonants: "hwy" highway, "yrs" years, "pct" percent.
    Listed, not guessed: "pct" is in "pocket" and "project" too."""
    return word in _CONSONANTS.get(short, ())


_DERIVED = ("age", "ages", "er", "ers", "ing", "ings", "ed", "ly", "ness", "ment", "ments",
            "ful", "less", "al", "als", "ship", "able")


_SHORT_NAMES = {
    "pop": ("population", "populations"), "qty": ("quantity", "quantities"),
    "amt": ("amount", "amounts"), "num": ("number", "numbers"), "dept": ("department",),
    "qtr": ("quarter", "quarters"), "yr": ("year", "years"), "cyl": ("cylinder", "cylinders"),
    "txn": ("transaction", "transactions"), "bal": ("balance", "balances"), "mgr": ("manager", "managers"),
    "emp": ("employee", "employees"), "cust": ("customer", "customers"),
}
"""Short forms a column's name uses for one word only (a spreadsheet's "Qty", "Amt",
gapminder's "pop")."""

_CONSONANTS = {
    "hwy": ("highway", "highways"), "cty": ("city",), "yrs": ("year", "years"),
    "hrs": ("hour", "hours"), "mins": ("minute", "minutes"), "secs": ("second", "seconds"),
    "wks": ("week", "weeks"), "mths": ("month", "months"), "pct": ("percent", "percentage"),
    "txn": ("transaction", "transactions"), "txns": ("transaction", "transactions"),
    "nbr": ("number", "numbers"), "cnt": ("count", "counts"), "acct": ("account", "accounts"),
    "bldg": ("building", "buildings"), "pts": ("point", "points"), "wt": ("weight",),
    "ht": ("height",), "mkt": ("market", "markets"), "prj": ("project", "projects"),
    "sls": ("sale", "sales"), "rcpt": ("receipt", "receipts"), "pmt": ("payment", "payments"),
    "pmts": ("payment", "payments"), "shpt": ("shipment", "shipments"), "std": ("standard",),
    "dist": ("distance",), "mgmt": ("management",), "govt": ("government",),
}
"""Names written as their word's consonants (R's "yrs.service", ggplot2's "hwy" and "cty"):
they say that word, but alone they say too little of a longer name (`columns.partial_hits`:
"year" is not "yrs_service")."""


def value_word(value_word_: str, question_word: str) -> bool:
    """Does `question_word` say the category value word? Adjectives too: "rainy" is "rain"."""
    if same_word(value_word_, question_word):
        return True
    a, b = value_word_, question_word
    if len(a) >= 3 and b in _CALENDAR_NAMES and b.startswith(a):
        return True  # tips' "Sun", "Thur": "Sunday", "Thursday"
    return len(a) >= 3 and b.startswith(a) and len(b) - len(a) <= 2 and a.isalpha()


# Weekdays only: a month's cut is also a name ("Jan" of a sales rep is not January).
_CALENDAR_NAMES = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                             "sunday"))


def stem_match(stem: str, word: str) -> bool:
    """Vocabulary matching: "middle*" is a prefix, anything else must be the whole word."""
    if stem.endswith("*"):
        return word.startswith(stem[:-1])
    return word == stem or (stem.isascii() and singular(word) == stem)


def find_phrase(phrase: str, toks: list[str], used: set[int]) -> list[int] | None:
    """Indexes of the first place `phrase` (words, "*" for prefixes) occurs in `toks`."""
    parts = _phrase_parts(phrase)
    n = len(parts)
    lead = _lead(parts[0]) if parts else ""
    for i in range(len(toks) - n + 1):
        # Plain loops: this runs hundreds of thousands of times per reading of a question.
        if not toks[i].startswith(lead):
            continue  # the cheap test first: most places do not even begin as the phrase
        for k in range(n):
            if i + k in used or not stem_match(parts[k], toks[i + k]):
                break
        else:
            return list(range(i, i + n))
    return None


# The phrases are the vocabulary's (and marker + stem pairs of it): a few thousand at most,
# each looked up hundreds of times per question, so each is cut into words once.
@lru_cache(maxsize=8192)
def _phrase_parts(phrase: str) -> tuple[str, ...]:
    parts: list[str] = []
    for raw in phrase.split():
        if raw.endswith("*"):
            parts.append(raw.lower())
        else:
            parts.extend(t.text for t in tokens(raw))  # "每月" -> "每", "月"; "%" stays out
    return tuple(parts)


@lru_cache(maxsize=8192)
def _lead(stem: str) -> str:
    """The first letter every word `stem_match(stem, word)` accepts begins with ("" for a
    bare "*"): a prefix keeps it, and so does a plural made singular."""
    return (stem[:-1] if stem.endswith("*") else stem)[:1]


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
