"""Conditions said in words around a column: numbers as its values ("8 cylinders",
"Cylinders is 8"), a value negated ("not USA"), a column said blank ("no Horsepower"), and
yes/no columns. Each finder returns what it found and the words it used (`parse` accounts
for every word)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from analyst.brain.understand import clues
from analyst.brain.understand import measures as stat_clues
from analyst.brain.understand.columns import Hit
from analyst.brain.understand.query import Filter, is_numeric
from analyst.brain.understand.text import find_phrase, number_of, same_word, words
from analyst.brain.understand.vocab import BY, NOT, STOP

AND = ("and", "і", "й", "та", "и", "和", "与", "及")
OR = ("or", "або", "чи", "или", "либо", "或", "或者")


_LACKING = ("without any", "without a", "without", "with no", "no", "без", "没 有", "缺 少", "没",
            "缺", "无")


def lacking(toks: list[str], hits: list[Hit], used: set[int],
             flags: Mapping[str, str]) -> list[int]:
    """The words saying a named column is blank: "have no Horsepower", "without an Ozone
    reading", "без Ozone", "没有Ozone" (a yes/no column's "no" is its no rows, not blanks)."""
    for hit in hits:
        if hit.column in flags:
            continue
        for phrase in _LACKING:
            n = len(phrase.split())
            for gap in (0, 1):  # "no Ozone", "no recorded Ozone", "without an Ozone"
                start = hit.span[0] - n - gap
                if start < 0 or any(j in used for j in range(start, hit.span[0])):
                    continue
                between = toks[start + n:hit.span[0]]
                if find_phrase(phrase, toks[start:start + n], set()) == list(range(n)) and all(
                        t in ("a", "an", "any", "recorded") for t in between):
                    return list(range(start, hit.span[0]))
    return []




def negation(toks: list[str], at: int, used: set[int]) -> list[int] | None:
    """The words before `at` that negate it: "not USA", "is not in Europe", "other than
    the West", "крім Європи" (small words such as "in", "the" may stand between)."""
    end = at - 1
    while end >= 0 and end not in used:
        for phrase in NOT:
            n = len(words(phrase))  # "不是" is two words, as the question's are cut
            start = end - n + 1
            if start >= 0 and not any(j in used for j in range(start, end + 1)) and find_phrase(
                    phrase, toks[start:end + 1], set()) == list(range(n)):
                return list(range(start, at))
        if toks[end] not in STOP:
            return None
        end -= 1
    return None


def value_filters(toks: list[str], picked: Sequence[Hit], named: Sequence[Hit],
                  used: set[int]) -> tuple[list[Filter], set[str], list[str]]:
    """The filters of the category values found ("for AAPL", "Europe or Asia", "not USA",
    "except island Torgersen"), the columns whose values are said as either ("rain or
    drizzle": one figure over both), and the words that stand between two values of one
    column without making a list of them (`_apart`). `used` collects the words explained."""
    filters: list[Filter] = []
    by_column: dict[str, list[Hit]] = {}
    negated: dict[str, Hit] = {}
    for hit in sorted(picked, key=lambda h: h.span[0]):  # a list is read in its order
        said = negation(toks, _named_before(hit, named), used)
        if said is None and hit.column in negated and _joined(toks, negated[hit.column], hit):
            # "not setosa or versicolor": the "not" holds for every value of its list
            said = list(range(negated[hit.column].span[-1] + 1, hit.span[0]))
        if said is not None:
            # "not USA", "except Europe": the rows without it, never the rows with it.
            used.update(said)
            filters.append(Filter(hit.column, "ne", hit.value or "", span=hit.span))
            negated[hit.column] = hit
            continue
        by_column.setdefault(hit.column, []).append(hit)
    either: set[str] = set()
    apart: list[str] = []
    for column, hits in by_column.items():
        apart += _apart(toks, hits)
        values = [h.value or "" for h in hits]
        span = tuple(i for h in hits for i in h.span)
        filters.append(Filter(column, "eq", values[0], span=span) if len(values) == 1
                       else Filter(column, "in", tuple(values), span=span))
        places = sorted(h.span for h in hits)
        for a, b in zip(places, places[1:], strict=False):
            between = range(a[-1] + 1, b[0])
            if any(toks[i] in OR for i in between) and all(
                    toks[i] in (*OR, *AND, ",") for i in between):
                # "rain or drizzle": the rows of either, one figure (not side by side)
                used.update(between)
                either.add(column)
        used.update(i for a, b in zip(places, places[1:], strict=False)  # "men vs women"
                    for i in range(a[-1] + 1, b[0]) if toks[i] in _VERSUS)
        end = places[-1][-1] + 1
        if len(values) > 1 and end < len(toks) and toks[end] in _AS_ONE:
            used.add(end)  # "North and South combined": one figure over both
            either.add(column)
    return filters, either, apart


_AS_ONE = frozenset(("combined", "together", "altogether", "разом", "вместе", "合计", "一起"))


_LISTING = frozenset((*OR, *AND, ",", "vs", "v", "versus", "against", "with", "to", "from",
                      "between", "the", "a", "an", "від", "до", "проти", "против", "з", "с",
                      "对比", "比", "跟"))
"""Words between two values of one column that make them a list or a comparison."""


_VERSUS = frozenset(("vs", "v", "versus", "against", "проти", "против", "对比", "比"))


def versus(toks: Sequence[str], filters: Sequence[Filter]) -> list[str]:
    """The columns whose values are set against each other ("men vs women"): side by side,
    one figure each, never one figure over both."""
    return [f.column for f in filters if f.op == "in" and f.span and any(
        toks[i] in _VERSUS for i in range(min(f.span), max(f.span)))]


def _apart(toks: list[str], hits: Sequence[Hit]) -> list[str]:
    """"what share of deaths were homicides" (Death and Homicide, two values of `type`): the
    words between two values of one column that are no list ("were"), for the reading to
    decline by name; read as "type is Death or Homicide" it stated the share of both."""
    places = sorted(h.span for h in hits)
    return [toks[i] for a, b in zip(places, places[1:], strict=False)
            for i in range(a[-1] + 1, b[0]) if toks[i] not in _LISTING]


def _named_before(hit: Hit, named: Sequence[Hit]) -> int:
    """Where a value's words begin, with its own column's name said right before it
    ("island Torgersen"): a "not" may stand before the name."""
    start = hit.span[0]
    for other in named:
        if other.column == hit.column and other.value is None and other.span[-1] == start - 1:
            return other.span[0]
    return start


def _joined(toks: list[str], first: Hit, then: Hit) -> bool:
    """Are two values of a list joined only by "or", "and" or commas ("setosa or virginica")?"""
    between = toks[first.span[-1] + 1:then.span[0]]
    return bool(between) and all(t in (*OR, *AND, ",") for t in between)


NumberCondition = tuple[str, tuple[Any, ...], tuple[int, ...], bool]
"""Column, its values, the words used, and whether they were negated ("cyl isn't 8")."""


def number_conditions(toks: list[str], hits: list[Hit], columns: dict[str, Any],
                       used: set[int]) -> list[NumberCondition]:
    """Numbers said as a number column's value: before its name ("8 cylinders", "4 and 8
    cylinders", "4-cylinder") or after it ("Cylinders is 8", "cylinders = 8", "cyl is not
    8", "cyl != 8")."""
    found: list[NumberCondition] = []
    taken = set(used)
    numeric = [h for h in hits if is_numeric(columns[h.column])]
    # Before the name first, and only for a column of few whole values (cylinders, stars,
    # bedrooms), where "8 cylinders" cannot mean a top 8 or a threshold.
    for hit in numeric:
        before = _number_list(toks, hit.span[0] - 1, taken, forward=False)
        if before and (columns[hit.column].unique or 0) <= 50:
            found.append((hit.column, *before, False))
            taken.update(before[1])
    for hit in numeric:
        if any(f[0] == hit.column for f in found):
            continue
        # After the name: at most two linking words ("is", "equal to"), then the numbers.
        j = hit.span[-1] + 1
        linking: list[int] = []
        negated = False
        while j < len(toks) and len(linking) < 3 and j not in taken:
            if toks[j] in _IS_WORDS:
                linking.append(j)
                j += 1
            elif not negated and (n := _negated_at(toks, j)):
                negated = True
                linking.extend(range(j, j + n))
                j += n
            else:
                break
        after = _number_list(toks, j, taken, forward=True)
        if after and (linking or (columns[hit.column].unique or 0) <= 50):
            values, span = after
            found.append((hit.column, values, (*linking, *span), negated))
            taken.update(found[-1][2])
    return found


_NEGATED = (("isn", "t"), ("isnt",), ("not",), ("не",), ("不",))


def _negated_at(toks: list[str], at: int) -> int:
    """How many words at `at` say "not" ("isn't" is two tokens), else 0."""
    for phrase in _NEGATED:
        if tuple(toks[at:at + len(phrase)]) == phrase:
            return len(phrase)
    return 0


_IS_WORDS = {"is", "are", "was", "were", "equals", "equal", "to", "of", "дорівнює", "равно",
             "равен", "равна", "为", "等于", "是"}
_LIST_JOINS = {*AND, "or", "або", "или", "或"}


def _number_list(toks: list[str], at: int, taken: set[int],
                 forward: bool) -> tuple[tuple[Any, ...], tuple[int, ...]] | None:
    """Numbers at `at` joined by "and"/"or" ("4 and 8"), read forward or backward. Read
    forward, a list's commas ("6, 7 or 8": the words keep no comma) join numbers too when
    the list ends with its "and"/"or"."""
    step = 1 if forward else -1
    values: list[Any] = []
    span: list[int] = []
    bare: list[int] = []  # where numbers joined by a comma (gone from the words) are
    j = at
    while 0 <= j < len(toks) and j not in taken:
        value = number_of(toks[j])
        if value is None:
            break
        values.append(int(value) if value.is_integer() else value)
        span.append(j)
        k = j + step
        if 0 <= k < len(toks) and k not in taken and toks[k] in _LIST_JOINS:
            nxt = k + step
            if 0 <= nxt < len(toks) and number_of(toks[nxt]) is not None and nxt not in taken:
                span.append(k)
                j = nxt
                continue
        if forward and k < len(toks) and k not in taken and number_of(toks[k]) is not None:
            bare.append(k)
            j = k
            continue
        break
    if bare and not any(toks[i] in _LIST_JOINS for i in span if i > bare[-1]):
        # numbers side by side with no "and"/"or" ending them are no list: the first only
        values, span = values[:1], span[:1]
    if not values:
        return None
    if not forward:
        values.reverse()
    return tuple(dict.fromkeys(values)), tuple(sorted(span))




_YES = ("yes", "y", "true", "так", "да", "是")
_NO = ("no", "n", "false", "ні", "нет", "否")


def flag_kin(toks: list[str], flags: Mapping[str, str], used: set[int]) -> list[Hit]:
    """Words that are another form of a yes/no column's word ("survivors", "survivor" of
    "survived"; "smokers" is its plural and found as the name itself): they name the rows
    that say yes, as the column's own name does. The word's stem must hold all of the
    name's word but its ending (two letters at most)."""
    found = []
    for i, tok in enumerate(toks):
        if i in used or not tok.isalpha():
            continue
        for column in flags:
            for word in words(column):
                stem = len(os.path.commonprefix([word, tok]))
                if stem >= 5 and stem >= len(word) - 2 and tok != word:
                    found.append(Hit(column, (i,), False))
                    break
            else:
                continue
            break
    return found


def none_said(toks: list[str], named: Sequence[Hit], values: Mapping[str, Sequence[Any]],
              used: set[int]) -> list[Hit]:
    """"no airbags", "without exercise" where the column named holds a value "None" (R's
    Cars93 and survey): the rows of that value, not the blank cells of the column. "no
    driveway", "without a driveway" of a yes/no column (R's Ecdat::Housing): its no rows."""
    found = []
    for hit in named:
        texts = [str(v) for v in values.get(hit.column, ())]
        low = [t.strip().lower() for t in texts]
        none = next((t for t, w in zip(texts, low, strict=True) if w == "none"
                     or (len(texts) == 2 and set(low) & set(_YES) and w in _NO)), None)
        at = hit.span[0] - 1
        if at > 0 and toks[at] in ("a", "an", "any") and at not in used:
            at -= 1  # "without a driveway"
        if none is not None and at >= 0 and at not in used and toks[at] in ("no", "without"):
            found.append(Hit(hit.column, tuple(range(at, hit.span[0])), True, value=none))
    return found


def yes_columns(values: Mapping[str, Sequence[Any]]) -> dict[str, str]:
    """Columns of two values, a yes and a no ("smoker": Yes/No): column -> its yes value."""
    flags = {}
    for column, column_values in values.items():
        texts = [str(v) for v in column_values]
        low = {t.strip().lower() for t in texts}
        if len(texts) == 2 and low & set(_YES) and low & set(_NO):
            flags[column] = next(t for t in texts if t.strip().lower() in _YES)
    return flags


def nearest_numeric(hits: list[Hit], columns: dict[str, Any], span: Sequence[int],
                    toks: Sequence[str]) -> str | None:
    """The number column named nearest before (else after) the comparison's words at `span`:
    what "more than 100" compares; the one named right after its number first: "price
    with more than 3 bedrooms", "price between 2 and 3 carats" compare the bedrooms and the
    carats, never the price with 3 (nor the price with 2 and the carats with 3)."""
    if not (numeric := [h for h in hits if is_numeric(columns[h.column])]):
        return None
    at, end = span[0], span[-1]
    if toks:
        units = [end + 1] + ([end + 3] if end + 2 < len(toks) and toks[end + 1] in _RANGE_JOINS
                             and number_of(toks[end + 2]) is not None else [])
        if unit := next((h for h in numeric if h.span[0] in units), None):
            return unit.column
    return min(numeric, key=lambda h: (abs(h.span[0] - at), h.span[0] > at)).column


_RANGE_JOINS = frozenset(("and", "to", "і", "та", "до", "и", "和", "到", "至"))


def named_not_asked(toks: list[str], hit: Hit, card: Any) -> bool:
    """Is a category value found in the question a thing counted or grouped, not a condition?

    "average number of reviews per hotel" on a table whose values include "Hotel": the word
    follows "per" and also names a column ("hotel_name"), so it is the grouping, never a
    filter on the rows whose value happens to be that word. "first quartile" on a table
    with a value "First": the quartile's ordinal."""
    after = hit.span[-1] + 1
    if after < len(toks) and stat_clues.says_which_quartile(toks[hit.span[0]], toks[after]):
        return True
    if not clues.after_marker(toks, hit.span[0], BY, set()):
        return False
    return len(hit.span) == 1 and any(
        same_word(w, toks[hit.span[0]]) for c in card.columns for w in words(str(c.name)))


def across(toks: list[str], at: int) -> list[int]:
    """"across (all) districts" before the column at `at`: the words, else []."""
    for back in (1, 2, 3):
        start = at - back
        if start >= 0 and toks[start] in ("across", "over") and all(
                t in ("all", "the", "every") for t in toks[start + 1:at]):
            return list(range(start, at))
    return []


_AMONG = ("among", "amongst", "серед", "среди")
_BEING = ("are", "is", "were", "was", "have", "has", "had", "came", "come", "comes", "є",
          "являются")


def whole_of(toks: Sequence[str], said: Sequence[Filter]) -> tuple[Filter, ...]:
    """The conditions naming the whole of a share of the rows, when the words say which:
    "what percentage of professors are male", "share of women among professors". Said
    together ("percentage of male professors"), which is the whole is not said: ()."""
    toks = list(toks)
    among = next((i for i, t in enumerate(toks) if t in _AMONG), None)
    if among is not None:
        whole = [f for f in said if f.span and min(f.span) > among]
    else:
        of = next((i for i, t in enumerate(toks) if t == "of"), None)
        being = next((i for i, t in enumerate(toks) if t in _BEING and of is not None and i > of),
                     None)
        if being is None and toks and toks[-1].endswith("ed") and any(
                f.span and max(f.span) == len(toks) - 1 for f in said):
            being = len(toks) - 1  # "what percentage of women survived": the verb is the part
        if of is None or being is None:
            return ()
        whole = [f for f in said if f.span and of < min(f.span) and max(f.span) < being]
        if not all(f in whole or (f.span and min(f.span) >= being) for f in said):
            return ()
    if not whole or len(whole) == len(said) or not all(f.span for f in said):
        return ()
    return tuple(whole)


def ranked_by(hit: Hit, hits: Sequence[Hit], columns: Mapping[str, Any],
              ranked: Sequence[int] | None) -> bool:
    """Is the number column after "by" what a superlative ranks by ("the longest car by hp",
    "top 5 districts by percap"), not the grouping? Not when the superlative is said of
    another number column ("the highest price by bedrooms", "按bedrooms的最高price"), nor
    when the order is a sort said beside one ("Maximum of price by bedrooms, highest first")."""
    return not any(h.column != hit.column and is_numeric(columns[h.column])
                   and (not ranked or h.span[0] - 1 in ranked) for h in hits)
