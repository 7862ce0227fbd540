"""Clues in a question's words that are not column names: numbers, periods, comparisons.

Each finder returns what it found and the indexes of the words it used, so the parser can
tell which words are left unexplained (and say so rather than ignore them)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from analyst.brain.understand.columns import Hit
from analyst.brain.understand.naming import additive
from analyst.brain.understand.query import FilterOp, PeriodUnit
from analyst.brain.understand.text import (
    find_phrase,
    is_cjk,
    number_of,
    same_word,
    singular,
    stem_match,
    words,
)
from analyst.brain.understand.vocab import (
    ADVERB_PERIODS,
    AT_LEAST,
    AT_MOST,
    BETWEEN,
    BY,
    CJK_FILLERS,
    FILLERS,
    GENERIC,
    GREATER,
    LESS,
    MONTHS,
    NAME_TAILS,
    PERIODS,
    QUARTER_WORDS,
    STOP,
    WHICH,
)

_YEAR = re.compile(r"(19|20)\d\d")
_QUARTER = re.compile(r"q([1-4])")
_CAPITALS = re.compile(r"^[A-Z]{2,}?(?=[A-Z]?[a-z]{4,}$)")  # the "US" of "UScereal", "USArrests"


@dataclass(frozen=True)
class Comparison:
    op: FilterOp
    value: float
    span: tuple[int, ...]


def first(phrases: tuple[str, ...], toks: list[str], used: set[int]) -> list[int] | None:
    for phrase in phrases:
        span = find_phrase(phrase, toks, used)
        if span is not None:
            return span
    return None


def years(toks: list[str], used: set[int]) -> list[tuple[int, int]]:
    """(index, year) of the four-digit years 1900-2099 the question names."""
    return [(i, int(t)) for i, t in enumerate(toks)
            if i not in used and _YEAR.fullmatch(t)]


def quarter(toks: list[str], used: set[int]) -> tuple[int, tuple[int, ...]] | None:
    """"Q1", "first quarter", "1 квартал", "第一季度" -> (1, words used)."""
    found = _quarter(toks, used)
    if found is None:
        return None
    n, span = found
    # "第一季度": the 第 before the number and the 度 after 季 belong to it.
    extra = [j for j in (min(span) - 1, max(span) + 1)
             if 0 <= j < len(toks) and j not in used and toks[j] in ("第", "度")]
    return n, tuple(sorted((*span, *extra)))


def _quarter(toks: list[str], used: set[int]) -> tuple[int, tuple[int, ...]] | None:
    for i, tok in enumerate(toks):
        if i in used:
            continue
        if m := _QUARTER.fullmatch(tok):
            return int(m.group(1)), (i,)
    for i, tok in enumerate(toks):
        if i in used or not any(stem_match(s, tok) for s in PERIODS["quarter"][:3]):
            if not (tok == "季" and i + 1 < len(toks) and toks[i + 1] == "度"):
                continue
        for j in (i - 1, i - 2):
            if j < 0 or j in used:
                continue
            if toks[j] in ("1", "2", "3", "4"):
                return int(toks[j]), (j, i)
            for word, n in QUARTER_WORDS.items():
                if stem_match(word, toks[j]):
                    return n, (j, i)
    return None


def month(toks: list[str], used: set[int]) -> tuple[int, tuple[int, ...]] | None:
    """A month named in the question ("in March", "у березні", "3月") -> (3, words used)."""
    for i, tok in enumerate(toks):
        if i in used:
            continue
        if tok == "月" and i > 0 and toks[i - 1].isdigit() and 1 <= int(toks[i - 1]) <= 12:
            return int(toks[i - 1]), (i - 1, i)
        for number, names in MONTHS.items():
            for name in names:
                span = find_phrase(name, toks[i:], set())
                if span is not None and span[0] == 0:
                    if name in ("may", "mar", "jun", "jul", "sep", "oct", "dec") and not (
                            i > 0 and toks[i - 1] in ("in", "of", "during", "for")):
                        continue  # "may" is a verb far more often than a month
                    return number, tuple(i + j for j in span)
    return None


def period_group(toks: list[str], used: set[int]) -> tuple[PeriodUnit, tuple[int, ...]] | None:
    """A calendar grouping: "by month", "per week", "monthly", "по місяцях", "按月"."""
    for unit, stems in ADVERB_PERIODS.items():
        span = first(stems, toks, used)
        if span is not None:
            return unit, tuple(span)
    for marker in BY:
        if find_phrase(marker, toks, used) is None:
            continue  # "by month" needs its "by": the marker's stems are not tried without it
        for unit, stems in PERIODS.items():
            for stem in stems:
                span = find_phrase(f"{marker} {stem}", toks, used)
                if span is not None:
                    return unit, tuple(span)
    return None


def comparisons(toks: list[str], used: set[int]) -> list[Comparison]:
    """"more than 100", "under 5.5", "більше 20", "大于 3" -> op and number."""
    found: list[Comparison] = []
    taken = set(used)
    for low, high, words_used in ranges(toks, taken):
        if _YEAR.fullmatch(toks[words_used[1]]) and _YEAR.fullmatch(toks[words_used[3]]):
            continue  # "between 2014 and 2016" is a span of years: `years` reads it
        found += [Comparison("ge", low, words_used[:2]), Comparison("le", high, words_used[2:])]
        taken.update(words_used)
    kinds: tuple[tuple[FilterOp, tuple[str, ...]], ...] = (
        ("ge", AT_LEAST), ("le", AT_MOST), ("gt", GREATER), ("lt", LESS))
    for op, phrases in kinds:
        for phrase in phrases:
            while (span := find_phrase(phrase, toks, taken)) is not None:
                after = span[-1] + 1
                if after < len(toks) and _is_number(toks[after]) and after not in taken:
                    number = _number(toks, after)
                    found.append(Comparison(op, number[0], (*span, *number[1])))
                    taken.update(found[-1].span)
                else:
                    taken.update(span)  # "more" without a number is a superlative clue
                    break
    return found


def ranges(toks: list[str], used: set[int]) -> list[tuple[float, float, tuple[int, ...]]]:
    """"between 100 and 200", "від 5 до 10", "介于 1 和 3": (low, high, the four words)."""
    found: list[tuple[float, float, tuple[int, ...]]] = []
    for i in range(len(toks) - 3):
        span: tuple[int, ...] = (i, i + 1, i + 2, i + 3)
        if any(j in used for j in span):
            continue
        for start, ends in BETWEEN:
            if (stem_match(start, toks[i]) and toks[i + 2] in ends
                    and _is_number(toks[i + 1]) and _is_number(toks[i + 3])):
                a, b = _number(toks, i + 1)[0], _number(toks, i + 3)[0]
                found.append((min(a, b), max(a, b), span))
                break
    return found


def number_after(toks: list[str], at: int, used: set[int]) -> tuple[int, int] | None:
    """A small whole number (a top-N count) at or right after `at`."""
    for j in (at, at + 1):
        if 0 <= j < len(toks) and j not in used and toks[j].isdigit() and 0 < int(toks[j]) <= 1000:
            if not _YEAR.fullmatch(toks[j]):
                return int(toks[j]), j
    return None


def _is_number(tok: str) -> bool:
    return number_of(tok) is not None


def _number(toks: list[str], at: int) -> tuple[float, tuple[int, ...]]:
    return float(number_of(toks[at]) or 0.0), (at,)


_CONTRACTED = frozenset(("s", "t", "m", "d"))
"""What is left of "what's", "isn't", "I'm", "I'd" once the apostrophe cuts the word."""


def leftover(toks: list[str], used: set[int], card: Any) -> list[str]:
    """Words of the question no part of the reading explains (said in the answer)."""
    own = table_nouns(card)
    fillers = (*STOP, *GENERIC, *BY, *WHICH, *FILLERS)
    used = set(used)
    for phrase in fillers:
        if " " in phrase:  # "в разрезе", "for each": a phrase says nothing on its own either
            while (span := find_phrase(phrase, toks, used)) is not None:
                used.update(span)
    columns = [words(str(c.name)) for c in card.columns]
    for i, tok in enumerate(toks):
        # "weather type", "closing price": a word that only says what kind of thing the
        # column next to it is ("type", "price" after "close") adds no condition.
        if (i not in used and i - 1 in used and any(stem_match(t, tok) for t in NAME_TAILS)
                and _ends_name(toks, i - 1, columns)):
            used.add(i)
    # A column named again ("fare above the average fare … the median fare") is the same
    # column the reading already uses.
    said = {toks[i] for i in used} & {w for name in columns for w in name}
    out = []
    for i, tok in enumerate(toks):
        if tok in said or tok in _CONTRACTED or (
                row_noun(toks, i) and not _kin_of_column(tok, columns)):
            continue  # (the "s" of "what's", "AAPL's"; any other letter may be a value)
        if i in used or tok in own or singular(tok) in own or any(
                stem_match(f, tok) for f in fillers if " " not in f):
            continue  # (a number left over is a condition not honoured: it stays)
        if _names_a_year(toks, i, used):
            continue  # "в 2007 году", "у 2007 році", "in the year 2007": read with the year
        if is_cjk(tok) and (tok in CJK_FILLERS or (
                tok in "年月日" and i > 0 and i - 1 in used and toks[i - 1].isdigit())):
            continue  # (the 年 of "2014年" was read with its year)
        out.append(tok)
    return list(dict.fromkeys(out))

def _names_a_year(toks: list[str], at: int, used: set[int]) -> bool:
    """Is the word at `at` the word "year" said beside a year the reading used?"""
    if not (toks[at] in ("р", "г") or any(stem_match(s, toks[at]) for s in (
            "year", "році", "году", *PERIODS["year"]))):
        return False
    return any(0 <= j < len(toks) and j in used and _YEAR.fullmatch(toks[j]) is not None
               for j in (at - 1, at + 1))


def _kin_of_column(tok: str, columns: list[list[str]]) -> bool:
    """Is `tok` another form of a column's word ("survivors" of "survived")? Then it says
    something of that column (a condition), not what the rows are; the name's own word
    ("samples" of "Sample Number") still names the rows it numbers."""
    for name in columns:
        for w in name:
            stem = len(os.path.commonprefix([w, tok]))
            if stem >= 5 and not same_word(w, tok):
                return True
    # "скільки замовлень" beside an "Order ID": the orders are that column's, not the rows
    # (two rows of one order are one order); the English name's word said in another tongue.
    named = {w for name in columns for w in name}
    return any(tok.startswith(stem) and english in named for stem, english in _THINGS)


_THINGS = (("замовлен", "order"), ("заказ", "order"), ("订单", "order"), ("рахун", "invoice"),
           ("счет", "invoice"), ("счёт", "invoice"), ("клієнт", "customer"), ("клиент", "customer"),
           ("покупц", "customer"), ("покупател", "customer"), ("客户", "customer"),
           ("товар", "product"), ("продукт", "product"), ("产品", "product"), ("угод", "deal"),
           ("сделк", "deal"), ("транзакц", "transaction"), ("交易", "transaction"))
"""Things a table counts, in uk/ru/zh, and the English word of a column that holds them."""


def table_nouns(card: Any) -> set[str]:
    """The words naming the table itself ("UScereal": cereal), and their singulars ("cars",
    "car"; "houses", "house"): what one row is ("which car has the highest Horsepower")."""
    stem = str(card.source_file or "").rsplit(".", 1)[0]
    own = set(words(card.table)) | set(words(stem)) | set(words(_CAPITALS.sub("", stem)))
    own |= {w.rstrip("0123456789") for w in own if w[:1].isalpha()}  # "Cars93": cars
    own |= {tail for w in own for tail in _abbreviated_plural(w)}
    return own | {singular(w) for w in own} | {w[:-1] for w in own if w.endswith("ses")}


# "Who" asks for a person: those who buy, or those who sell, as the verb says.
_BUYING = ("spent", "spend", "spends", "paid", "pay", "pays", "bought", "buy", "buys", "ordered",
           "purchased")
_SELLING = ("sold", "sell", "sells", "selling", "closed")
_BUYERS = ("customer", "client", "buyer", "purchaser", "guest", "patient")
_SELLERS = ("manager", "salesperson", "salesman", "rep", "seller", "agent", "employee",
            "staff", "cashier", "owner")
_PEOPLE = (*_BUYERS, *_SELLERS, "name", "person", "user", "member", "player", "student")


def people(card: Any, toks: list[str]) -> list[str]:
    """The columns that can answer "who" in `toks`: text columns named for people, buyers
    when the question's verb buys ("who spent the most"), sellers when it sells."""
    kinds = (_BUYERS if any(t in _BUYING for t in toks) else
             _SELLERS if any(t in _SELLING for t in toks) else _PEOPLE)
    return [c.name for c in card.columns
            if c.role in ("category", "id", "text") and any(
                singular(w) in kinds for w in words(str(c.name)))]


def counted(toks: list[str], hits: list[Hit], after: int) -> Hit | None:
    """The column named right after the counting words (one word between at most, no number,
    not a grouping's: "how many per region" counts rows per region, not the regions; "number
    of returned orders" counts the orders; "top 3 states" ranks the states)."""
    return next((h for h in hits if h.span[0] > after and len(between := toks[
        after + 1:h.span[0]]) <= 2 and len([t for t in between if t not in STOP]) <= 1 and not any(
        stem_match(b, t) or number_of(t) is not None for b in BY for t in between)), None)


def chinese_top(toks: list[str], used: set[int]) -> tuple[int, int] | None:
    """"最高的前5个": the count of a top N follows 前, later on."""
    for i, tok in enumerate(toks[:-1]):
        if tok == "前" and i not in used:
            n = number_after(toks, i + 1, used)
            if n is not None:
                used.add(i)
                return n
    return None


def _abbreviated_plural(word: str) -> list[str]:
    """The plural noun behind a short prefix in a table's name ("mtcars": Motor Trend's cars;
    "Housing": houses). Only a plural ("cars", not the "sleep" of "msleep") after 1-3
    letters: a longer head ("electricity") is a word of its own."""
    if word.isascii() and word.endswith("ing") and len(word) > 6:
        return [word[:-3] + "e", word[:-3] + "es"]
    if not (word.isascii() and word.isalpha() and word.endswith("s") and not word.endswith("ss")):
        return []
    return [word[k:] for k in (1, 2, 3) if len(word) - k >= 4]


def after_marker(toks: list[str], at: int, markers: tuple[str, ...], used: set[int]) -> bool:
    """Is the word at `at` preceded by a grouping marker ("by", "per", "по", "按")?"""
    for back in (1, 2, 3):
        start = at - back
        if start < 0:
            return False
        for marker in markers:
            span = find_phrase(marker, toks[start:at], set())
            if span is not None and (span[-1] == back - 1 or toks[start + span[-1] + 1:at] in (
                    ["number", "of"], ["the", "number", "of"], ["the"])):
                return True  # "for each number of bedrooms", "by the region"
    return False

def unexplained_group(toks: list[str], used: set[int]) -> str | None:
    """A word after "by"/"per" that no column, period or value explains ("by manufacturer")."""
    for i, tok in enumerate(toks[:-1]):
        if tok not in ("by", "per", "按") or i in used:
            continue
        nxt = i + 1
        while nxt < len(toks) and toks[nxt] in STOP and nxt not in used:
            nxt += 1
        if nxt < len(toks) and nxt not in used and number_of(toks[nxt]) is None:
            return toks[nxt]
    return None


def _ends_name(toks: list[str], at: int, columns: list[list[str]]) -> bool:
    """Is the word at `at` (a word of) a column's name?"""
    return any(same_word(w, toks[at]) for name in columns for w in name)


_COUNTING = ("how many", "number of", "count of", "share of", "percentage of", "proportion of",
             "скільки", "кількість", "сколько", "количество", "частка", "доля", "多少")


def row_noun(toks: list[str], at: int) -> bool:
    """Is the word at `at` what the rows are, said right after counting words ("how many
    passengers", "share of penguins", "скільки пінгвінів")? It names no column: the rows
    themselves are counted."""
    for phrase in _COUNTING:
        n = len(phrase.split())
        if at - n >= 0 and find_phrase(phrase, toks[at - n:at], set()) == list(range(n)) and (
                at - n == 0 or toks[at - n - 1] not in BY):  # "for each number of rooms"
            # A plural noun ("passengers", "пінгвінів"), not an adjective of what follows
            # ("how many rainy days" names the rain: a condition, never the rows).
            word = toks[at]
            return not word.isdigit() and (not word.isascii() or word.endswith("s"))
    # "有多少乘客": a noun for the rows after the counting word. Only known ones: after
    # "多少" an adjective ("多少下雨天") is a condition, never the rows.
    for noun in _CJK_ROW_NOUNS:
        for k in range(len(noun)):
            start = at - k
            if (start >= 1 and toks[start - 1] in ("少", "几", "个")
                    and "".join(toks[start:start + len(noun)]) == noun):
                return True
    return False


_CJK_ROW_NOUNS = ("乘客", "企鹅", "客户", "顾客", "员工", "学生", "样本", "记录", "汽车", "车辆",
                  "人")


HOW_MUCH = ("多少", "скільки", "сколько")
"""Words that are both "how many" and "how much": said of an amount, its sum."""


def adds_up(toks: list[str], said: list[int] | None, column: Any) -> bool:
    """Is the count asked of `column` its sum? "How many units" adds the units up; "收入是多少"
    ("the revenue is how much"), "скільки виручки", "сколько выручки" ("how much revenue")
    ask how much, not how many rows: each of these words is both."""
    how_much = "".join(toks[i] for i in said or ()) in HOW_MUCH
    return column.role == "quantity" or (how_much and column.role != "id" and additive(column))
