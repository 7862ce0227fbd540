"""Which columns and which category values a question names, found in its words.

Names are matched whole first ("Miles_per_Gallon", "miles per gallon", "net generation"),
then by a telling word inside a name ("generation" -> net_generation) when only one column
has it; a word two columns share ("temperature" -> temp_max, temp_min) is a `Clash` the
caller asks about. Category values are matched against the values actually in the table
("AAPL", "Europe", "rainy" -> rain).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analyst.brain.understand.text import is_cjk, same_word, singular, skeleton, value_word, words
from analyst.brain.understand.vocab import BY, EXTREME_WORDS, STOP


@dataclass(frozen=True)
class Hit:
    """A column (or a value of one) the question names, and the words that name it."""

    column: str
    span: tuple[int, ...]
    """Indexes of the question's words used."""
    whole: bool
    """Every word of the name was said (else: a telling word of it)."""
    value: str | None = None
    """For a category value: the value as stored in the table."""


@dataclass(frozen=True)
class Clash:
    """One word of the question that names two or more columns equally well."""

    word: str
    columns: tuple[str, ...]
    span: tuple[int, ...]


def column_hits(toks: list[str], names: Sequence[str], used: set[int]) -> list[Hit]:
    """The columns named whole in `toks`, longest names first, no word used twice."""
    whole: list[Hit] = []
    said = _sayings(tuple(names))
    for name in names:
        spans = [s for parts in said[name] if (s := _whole_span(list(parts), toks)) is not None
                 and not (len(s) == 1 and _per_unit("unit", toks[s[0]], name))]
        spans += _written_apart(said[name][0], toks)
        if spans:
            whole.append(Hit(name, max(spans, key=len), True))
    return _merge(_take(sorted(whole, key=lambda h: (-len(h.span), -len(h.column))), used))


def _written_apart(parts: tuple[str, ...], toks: list[str]) -> list[tuple[int, ...]]:
    """A name of two words written as one, said apart: "lot size" of Ecdat's "lotsize"."""
    if len(parts) != 1 or not (parts[0].isascii() and parts[0].isalpha() and len(parts[0]) > 5):
        return []
    return [(i, i + 1) for i in range(len(toks) - 1) if len(toks[i]) > 2 and len(toks[i + 1]) > 2
            and singular(toks[i] + toks[i + 1]) == singular(parts[0])]


_UNITS = frozenset(("mm", "cm", "km", "g", "kg", "mg", "lb", "lbs", "oz", "ml", "usd", "eur",
                    "gbp", "uah", "rub", "cny", "pct", "sec", "secs", "hrs", "mph", "kwh", "mwh"))
"""A unit that ends a column's name ("body_mass_g", "flipper_length_mm"): a question says
the quantity ("body mass"), seldom its unit."""


@lru_cache(maxsize=4096)
def _sayings(names: tuple[str, ...]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """name -> the word sequences that say it whole: its words; without a unit that ends it
    ("body mass"), unless another column says the same then ("weight_kg", "weight_lb");
    with "per" split off a joined word ("gdpPercap": "gdp per cap", and "cap" is "capita");
    its words written as one ("AirBags": "airbags")."""
    said: dict[str, list[tuple[str, ...]]] = {}
    for name in names:
        parts = tuple(words(name))
        ways = [parts]
        if len(parts) > 1 and parts[-1] in _UNITS:
            ways.append(parts[:-1])
        if len(parts) > 1 and all(p.isascii() and p.isalpha() for p in parts):
            ways.append(("".join(parts),))  # "AirBags", "DriveTrain": said "airbags"
        for way in list(ways):
            split = tuple(x for w in way for x in (("per", w[3:]) if _joined_per(w) else (w,)))
            if split != way:
                ways.append(split)
        said[name] = ways
    first = {name: ways[0] for name, ways in said.items()}
    owners: dict[tuple[str, ...], set[str]] = {}
    for name, ways in said.items():
        for way in ways:
            owners.setdefault(way, set()).add(name)
    return {name: tuple(w for w in ways if w == first[name] or len(owners[w]) == 1)
            for name, ways in said.items()}


def _joined_per(word: str) -> bool:
    return word.startswith("per") and len(word) >= 6 and word.isascii() and word.isalpha()


def partial_hits(toks: list[str], names: Sequence[str], used: set[int],
                 named: Sequence[str] = ()) -> tuple[list[Hit], list[Clash]]:
    """Columns named by a telling word inside their name: "generation" -> net_generation,
    when only one column (not already `named`) has it; else a `Clash` to ask about."""
    partial: dict[int, list[str]] = {}
    for name in names:
        if name in named:
            continue
        for i, tok in enumerate(toks):
            if i in used or tok in STOP or len(tok) < 3 or tok.isdigit() or tok in _SAYS_HOW:
                continue
            # One consonant-written word says too little of a longer name alone: "year"
            # is not "yrs_service" ("years of service" is).
            if any(_same(w, tok) for w in words(name) if w not in STOP and len(w) >= 3
                   and not _per_unit(w, tok, name) and not skeleton(w, tok)):
                partial.setdefault(i, []).append(name)
    hits, clashes = [], []
    for i, found in sorted(partial.items()):
        if len(found) == 1:
            hits.append(Hit(found[0], (i,), False))
        else:
            clashes.append(Clash(toks[i], tuple(found), (i,)))
    return _merge(hits), clashes


def _per_unit(word: str, tok: str, name: str) -> bool:
    """"units" beside a "Unit Cost", "Unit Price": the word counts things, the column is the
    price of one ("total units on hand" had added the unit costs up)."""
    return word == "unit" and tok != "unit" and same_word(word, tok) and any(
        w in ("cost", "price", "value", "rate", "margin") for w in words(name))


_KIN = (frozenset(("male", "males", "man", "men", "boy", "boys", "чоловік", "чоловіки",
                   "чоловіків", "мужчина", "мужчины", "мужчин", "男", "男性")),
        frozenset(("female", "females", "woman", "women", "girl", "girls", "жінка", "жінки",
                   "жінок", "женщина", "женщины", "женщин", "女", "女性")),
        frozenset(("child", "children", "kid", "kids", "діти", "дітей", "дети", "детей",
                   "儿童", "孩子")),
        frozenset(("adult", "adults", "дорослі", "дорослих", "взрослые", "взрослых", "成人")))
"""Words for one category value that share no spelling ("men" for "Male", "children" for
"child"): said in a question, they name that value."""

_SAYS_HOW = frozenset(("total", "sum", "average", "mean", "avg", "count", "median", "overall"))
"""Words that say how to aggregate even when a column's name holds them ("the highest total
tip" beside "total_bill": the tips added up, not the bills)."""


def value_hits(toks: list[str], values: Mapping[str, Sequence[Any]],
               used: set[int]) -> list[Hit]:
    """Category values the question names ("for AAPL", "in Europe", "rainy days")."""
    found: list[Hit] = []
    initials = {t[:1] for t in toks}
    for column, column_values in values.items():
        for value in column_values:
            text = str(value)
            parts = list(_value_words(text))
            if len(parts) == 1 and (len(parts[0]) < 2 or parts[0].isdigit()
                                    or parts[0] in _BARE):
                # "f" of drv, "4" of a text column: alone a letter is the "s" of "what's"
                # and a number a limit; right after its column's name it is the value.
                # So is a word every question uses ("have no airbags" is not the "No" of
                # Man.trans.avail; a yes/no column's own words are read by its flag).
                named = _after_name(parts[0], toks, str(column))
                if named is None and (sex := _coded(parts[0], column_values)):
                    named = next((s for k in sorted(sex) if (s := _value_span([k], toks))), None)
                if named is not None and _is_text(column_values):
                    found.append(Hit(column, named, True, value=text))
                continue
            if not parts or all(p.isdigit() for p in parts):
                continue  # numbers are limits, years or comparisons, not category names
            # Every way a question word says a value word of two letters or more keeps its
            # first letter (equal, a plural, an ending, a prefix): a value whose first word's
            # letter begins no word of the question is not said, and most values are not
            # (a table's values are tried for each reading of each question).
            may_say = len(parts[0]) < 2 or parts[0][0] in initials
            span = _value_span(parts, toks) if may_say else None
            kin = next((k for k in _KIN if len(parts) == 1 and parts[0] in k), ())
            for other in sorted(kin):
                if span is not None:
                    break
                span = _value_span([other], toks)  # "men" of the value "Male"
            if span is not None:
                found.append(Hit(column, span, True, value=text))
    found.sort(key=lambda h: (-len(h.span), -len(h.value or "")))
    return _take(found, used)


def _coded(letter: str, column_values: Sequence[Any]) -> frozenset[str]:
    """The words of a sex written as one letter ("women" for the "F" of F/M, "men" for its
    "M"; "median salary for women" had been declined), when the column holds just these."""
    if {str(v).strip().lower() for v in column_values} not in ({"f", "m"}, {"m", "w"}):
        return frozenset()
    return _KIN[1] if letter in ("f", "w") else _KIN[0] if letter == "m" else frozenset()


_BARE = frozenset(("no", "yes", "none", "not", "all", "any", "other", "others", "true", "false",
                   "ні", "так", "нет", "да", "是", "否"))
_LINKS = frozenset(("is", "are", "equals", "equal", "to", "дорівнює", "равно", "равен",
                    "равна", "为", "等于", "是"))


_NOTS = frozenset(("not", "isn", "t", "isnt", "не", "不", "不是"))
"""Said between a column's name and its value they negate it ("drv != f" is "drv not f"):
they stay for `conditions.negation` to read."""
_BEFORE = frozenset(("for", "with", "where", "of", "in", "on", "для", "з", "с", "де", "где"))
"""Before a letter said ahead of its column ("for f drv"): never the "s" of "what's"."""


def _after_name(part: str, toks: list[str], column: str) -> tuple[int, ...] | None:
    """Where `part` is said right after the column's whole name ("drv = f", "drv is f",
    "drv is not f") or right before it after a preposition ("for f drv")."""
    name = words(column)
    for i, tok in enumerate(toks):
        if tok != part or not name:
            continue
        j, negated = i - 1, False
        while j >= 0 and toks[j] in _LINKS | _NOTS:
            negated = negated or toks[j] in _NOTS
            j -= 1
        start = j - len(name) + 1
        if start >= 0 and all(_same(a, b) for a, b in zip(name, toks[start:j + 1], strict=True)):
            # the linking words are the condition's too; a "not" is read by the negation
            return (i,) if negated else tuple(range(j + 1, i + 1))
        ahead = toks[i + 1:i + 1 + len(name)]
        if i > 0 and toks[i - 1] in _BEFORE and len(ahead) == len(name) and all(
                _same(a, b) for a, b in zip(name, ahead, strict=True)):
            return (i,)
    return None


@lru_cache(maxsize=65536)
def _value_words(text: str) -> tuple[str, ...]:
    # A table's values are cut into words once, not once per reading of each question.
    return tuple(words(text))


def _is_text(column_values: Sequence[Any]) -> bool:
    """A column of words, not of numbers ("4" of drv's "4", "f", "r" is a category)."""
    return any(not all(p.isdigit() for p in words(str(v))) for v in column_values)


def _whole_span(parts: list[str], toks: list[str]) -> tuple[int, ...] | None:
    """Where all the name's words stand together in the question (in order)."""
    if not parts:
        return None
    n = len(parts)
    for i in range(len(toks) - n + 1):
        window = toks[i:i + n]
        if all(_same(p, t) for p, t in zip(parts, window, strict=True)):
            return tuple(range(i, i + n))
        if n > 1 and all(_same(p, t) or _short_for(p, t) for p, t in zip(parts, window,
                                                                         strict=True)) \
                and sum(_same(p, t) for p, t in zip(parts, window, strict=True)) >= n - 1:
            return tuple(range(i, i + n))
    if n > 1 and not any(is_cjk(p) for p in parts):
        # Words of a long name said in another order or with a word between them
        # ("generation net", "gallon of miles" are rare; "close price of AAPL" is common).
        spots = []
        for p in parts:
            if p in STOP:
                continue
            at = next((j for j, t in enumerate(toks) if j not in spots and _same(p, t)), None)
            if at is None:
                return None
            spots.append(at)
        between = [toks[j] for j in range(min(spots, default=0), max(spots, default=0))
                   if j not in spots]
        # "sales by channel" is the sales per channel, never a column "Sales Channel".
        if spots and max(spots) - min(spots) <= len(parts) + 1 and not any(
                t in _GROUPING for t in between):
            return tuple(sorted(spots))
    return None


_GROUPING = frozenset(w for w in BY if " " not in w and not w.endswith("*"))


def _value_span(parts: list[str], toks: list[str]) -> tuple[int, ...] | None:
    n = len(parts)
    for i in range(len(toks) - n + 1):
        # A small word of the question never says a value: "how many" is not "man".
        if all((p == t if is_cjk(p) else value_word(p, t) and (t == p or t not in STOP))
               for p, t in zip(parts, toks[i:i + n], strict=True)):
            return tuple(range(i, i + n))
    return None


def _short_for(name_word: str, tok: str) -> bool:
    """A three-letter cut of a word beside the name's other words, said in full: "exp" of
    "lifeExp" in "life expectancy", "cap" of "gdpPercap" in "gdp per capita"."""
    return (len(name_word) == 3 and name_word.isascii() and name_word.isalpha()
            and tok.startswith(name_word) and len(tok) >= 6)


def _same(name_word: str, tok: str) -> bool:
    if is_cjk(name_word) or is_cjk(tok):
        return name_word == tok
    return same_word(name_word, tok)


def _take(hits: list[Hit], used: set[int]) -> list[Hit]:
    taken, kept = set(used), []
    for hit in hits:
        if taken.isdisjoint(hit.span):
            kept.append(hit)
            taken.update(hit.span)
    return kept


def _merge(hits: list[Hit]) -> list[Hit]:
    """One hit per column (the first, by position in the question)."""
    seen: dict[str, Hit] = {}
    for hit in sorted(hits, key=lambda h: h.span[0]):
        seen.setdefault(hit.column, hit)
    return sorted(seen.values(), key=lambda h: h.span[0])


def extreme_named(toks: list[str], clash: Clash, used: set[int]) -> Hit | None:
    """The column of a clash named by the word before it ("maximum temperature" of
    temp_max and temp_min), or None."""
    before = clash.span[0] - 1
    if before < 0 or before in used or toks[before] not in EXTREME_WORDS:
        return None
    said = EXTREME_WORDS[toks[before]]
    fits = [c for c in clash.columns if said in words(str(c))]
    return Hit(fits[0], (before, *clash.span), False) if len(fits) == 1 else None
