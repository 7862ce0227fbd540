"""The last step of reading a question on one table: the queries its parts make, or the
refusal that says which part cannot be honoured (no measure, a third column, a statistic
of a column left out). Every column named is stated or the question is declined."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from analyst.brain.understand import conditions
from analyst.brain.understand.clues import table_nouns
from analyst.brain.understand.columns import Hit
from analyst.brain.understand.query import CORRELATIONS, Aggregation, Filter, Order, Period, Query
from analyst.brain.understand.text import find_phrase, singular, stem_match, words
from analyst.brain.understand.vocab import ROW_WORDS, SPLIT, WHOLE_WORDS, WITHIN

IMPLIED: tuple[Aggregation, ...] = ("sum", "mean", "median", "min", "max")
"""Asked of rows named by a value ("average rent"), these are of the table's amount."""


def implied_measure(card: Any, filters: Sequence[Filter]) -> str | None:
    """The measure meant where the question names rows by a value and no column: "total
    revenue", "how much rent" on a ledger whose Account holds "Revenue" and "Rent" ask for
    its one money column over those rows. With two money columns (debit, credit) which one
    is not said: None."""
    if not any(f.op in ("eq", "in") for f in filters):
        return None
    money = [c.name for c in card.columns if c.role == "money"]
    return money[0] if len(money) == 1 else None


def long_value(card: Any) -> str | None:
    """The one figure column of a wide table's tidy twin (periods as rows): what every
    question of it without a column asks of ("total by year", "Food and Tobacco in 1950").
    None on any other table, or with several measures beside the periods."""
    if not card.wide_table:
        return None
    numbers = [c.name for c in card.columns if c.role in ("money", "quantity", "number")]
    return numbers[0] if len(numbers) == 1 else None


_SOLD = frozenset(("sold", "sell", "sells", "selling", "продано", "продали", "продав", "продала",
                   "продал", "售出", "卖出"))


def sold(unused: list[str], readings: Sequence[Query], columns: dict[str, Any]) -> list[str]:
    """"units sold by region", "how many units did Ann sell": the verb says what the units
    (or the revenue) are, when every reading adds up or compares such a column; left over
    (declined by name) otherwise: "which rep sold the most" counting rows is no sale."""
    if not any(w in _SOLD for w in unused) or not readings or not all(
            q.measures and q.aggregation in (*IMPLIED, "share")
            and all(columns[m].role in ("quantity", "money") for m in q.measures)
            for q in readings):
        return unused
    return [w for w in unused if w not in _SOLD]


def no_measure(filters: Sequence[Filter]) -> Refusal:
    """No column to add up; `named` when the question named rows by a value ("total
    revenue" with "Revenue" a value of a column): a sum of the whole table would drop the
    condition the word is, so nobody answers it (not a recipe either)."""
    return Refusal("no_measure", {"named": any(f.op in ("eq", "in") for f in filters)})


# Superlatives that rank by how many rows there are ("the most penguins", "the fewest",
# "top 5"): said with no measure, they count. Any other ("heaviest", "lightest", "largest",
# "best") names a quantity: with no column for it, a count of rows answers another question
# ("which species is heaviest" had named the species with the most penguins).
COUNTING = ("most", "fewest", "least", "top", "bottom", "топ", "前", "最多", "最少", "найбільше",
            "найменше", "больше", "меньше", "наибольшее", "наименьшее")


_SAID_OF = (
    (("hottest", "warmest", "coldest"), ("temp", "температур", "温")),
    (("wettest", "driest"), ("precip", "rain", "опад", "осадк", "降", "雨")),
    (("heaviest", "lightest", "найважч", "найлегш", "тяжел", "легк", "最重", "最轻"),
     ("weight", "mass", "wt", "kg", "lb", "ваг", "масс", "вес", "重")),
    (("longest", "shortest", "найдовш", "найкоротш", "длинн", "коротк", "最长", "最短"),
     ("length", "len", "duration", "time", "minute", "hour", "довжин", "длин", "тривал",
      "продолжительн", "长", "时")),
    (("tallest",), ("height", "висот", "высот", "高")),
)
"""Superlatives that name a quantity, and how a column of that quantity is named."""


def unmeasured(toks: Sequence[str], ranked: Sequence[int] | None,
               measures: Sequence[str]) -> Refusal | None:
    """"hottest day" on a table with a Day column and no temperature: the superlative names
    a quantity the measure is not ("maximum of day: 31" had been stated); declined by it."""
    if ranked is None or not measures:
        return None
    word = " ".join(toks[i] for i in ranked)
    for superlatives, names in _SAID_OF:
        if any(s in word for s in superlatives):
            said = [w for m in measures for w in words(m)]
            if not any(w.startswith(n) or n in w for w in said for n in names):
                return unexplained(word)
    return None


def row_beside(toks: Sequence[str], hits: Sequence[Hit], measures: Sequence[str],
               ranked: Sequence[int] | None) -> Hit | None:
    """"day with the highest temp": a measure said by a row word before the superlative is
    the row asked for, not a measure ("maximum of Day: 31" beside the temperature's)."""
    if ranked is None or len(measures) < 2:
        return None
    return next((h for h in hits if h.column in measures and h.span[-1] < ranked[0]
                 and any(stem_match(w, toks[h.span[-1]]) for w in ROW_WORDS)), None)


_ROW_JOINS = ("with", "having", "has", "had", "that", "where", "when", "which", "of")


def row_with(toks: Sequence[str], hits: Sequence[Hit], ranked: Sequence[int] | None,
             group_by: Sequence[str], measures: Sequence[str],
             columns: dict[str, Any]) -> tuple[list[str], int] | None:
    """"the day with the highest temp", "date with the most precipitation", "the row having
    the largest wind": a row word joined to the superlative asks for the row holding the
    extreme, not the extreme alone (it had stated 35.6 and no day) nor every date ranked.
    The grouping kept (a date column the row word itself names is the row, not a group;
    a column of labels it names, tips' "day" of Thur…Sun, is the group) and where the row
    word is; None when the words are not there, no measure is named ("the day with the
    most orders" counts each day's rows) or another grouping is asked ("per year")."""
    k = _joined(toks, ranked)
    if k is None or not measures or not any(stem_match(w, toks[k]) for w in ROW_WORDS):
        return None
    named = {h.column for h in hits if k in h.span}
    if any(columns[c].role != "date" for c in named & set(group_by)):
        return None
    kept = [g for g in group_by if g not in named]
    return None if kept else (kept, k)


def group_with(toks: Sequence[str], hits: Sequence[Hit], ranked: Sequence[int] | None,
               measures: Sequence[str]) -> str | None:
    """"the year with the highest mortality", "region having the most sales": the column
    of the group holding the extreme (one, all tied), not every group ranked, and never a
    measure when another is ranked by ("Year" had been a second maximum)."""
    k = _joined(toks, ranked)
    return next((h.column for h in hits if k is not None and k in h.span
                 and (h.column not in measures or len(measures) > 1)), None)


def _joined(toks: Sequence[str], ranked: Sequence[int] | None) -> int | None:
    """The word joined to the superlative by "with", "having", "that had"…, or None."""
    if ranked is None:
        return None
    joined = k = next((i for i in range(ranked[0] - 1, -2, -1)
                       if i < 0 or toks[i] not in ("the", "a", "an")), -1)
    while k >= 0 and toks[k] in _ROW_JOINS:
        k -= 1
    return None if k == joined or k < 0 else k


def uncounted(toks: Sequence[str], ranked: Sequence[int] | None) -> Refusal | None:
    """The refusal of a superlative that names a quantity where no measure was found."""
    if ranked is None or toks[ranked[0]] in COUNTING:
        return None
    word = " ".join(toks[i] for i in ranked)
    return unexplained(word)


def panel_count(card: Any, toks: Sequence[str], readings: Sequence[Query]) -> Refusal | None:
    """"how many stocks are there" on a table of prices by symbol and date: its rows are
    observations (each symbol once per date), not the stocks; counting them answered 560 for
    5 stocks. On such a table a count of rows asked by the table's own noun is declined."""
    if not readings or any(q.measures or q.aggregation not in ("count", "share")
                           or (q.aggregation == "count" and q.group_by) for q in readings):
        return None
    things = any(c.role == "id" and c.unique == card.rows and (c.min, c.max) != (1, card.rows)
                 for c in card.columns)  # an id of each row ("SO-1042"): not observations
    dates = [] if things else [c.unique or 0 for c in card.columns if c.role == "date"]
    kinds = {c.name: c.unique or 0 for c in card.columns if c.role in ("category", "id")}
    observed = [name for name, k in kinds.items()
                if any(d >= 2 and k >= 2 and card.rows >= 0.8 * d * k for d in dates)]
    if not observed:
        return None
    shared = next((g for q in readings if q.aggregation == "share" for g in q.group_by
                   if g in observed), None)
    if shared is not None:
        # "share of each source in 2017" on generation by source and year: each source is
        # one row a year, so the rows' shares are equal (33.3% each), not the generation's.
        numbers = [c.name for c in card.columns if c.role in ("money", "quantity", "number")]
        return Refusal("share_of_observations", {"group": shared,
                                                 "column": numbers[0] if numbers else "—"})
    if any(q.aggregation != "count" for q in readings):
        return None
    said = next((t for t in toks if t in table_nouns(card)), None)
    if said is None:
        return None
    return unexplained(said)


def shares(toks: Sequence[str], readings: list[Query], used: set[int]) -> list[Query]:
    """"share of women by rank", "percentage of survivors by class": of each rank, its women
    (within), or of the women, those in each rank (split)? The same words say both; the
    figures differ (6.8% of professors are women; 46.2% of the women are professors). Said
    ("within each rank", "split by class") it is answered; else both are offered to click.
    The ungrouped share ("what share of days were rainy") is already of all the rows."""
    asked = [q for q in readings if q.aggregation == "share" and q.keys and any(
        f.op not in ("year", "quarter", "month") for f in q.filters)]
    if not asked:
        return readings
    within = [i for w in WITHIN for i in find_phrase(w, list(toks), set()) or ()]
    split = [i for w in SPLIT for i in find_phrase(w, list(toks), set()) or ()]
    used |= {*within, *split}
    used |= {i for m in (*within, *split) for i in range(max(m - 2, 0), min(m + 3, len(toks)))
             if toks[i] in WHOLE_WORDS}
    out: list[Query] = []
    for q in readings:
        if q not in asked:
            out.append(q)
        elif within and not split:
            out.append(replace(q, within=True))
        elif (split and not within) or q.measures:
            out.append(q)  # a column's share ("of revenue"): of the rows kept, as always
        else:
            out += [replace(q, within=True), q]
    return out


def refused(card: Any, toks: Sequence[str], readings: Sequence[Query]) -> Refusal | None:
    """A reading whose shape answers another question: declined (`panel_count`, `per_unit`)."""
    return panel_count(card, toks, readings) or per_unit(card, toks, readings)


def per_unit(card: Any, toks: Sequence[str], readings: Sequence[Query]) -> Refusal | None:
    """"average price per carat" on ggplot2's diamonds is a ratio (price / carat), not the
    average price of each of 273 carat weights, as it was read. "per" before a column of
    fractional numbers with many values is declined by name; "average mpg per cyl" (3 values)
    and "weekly sales per store" (store numbers: whole) still group."""
    numbers = {c.name for c in card.columns if c.role in ("money", "quantity", "number")}
    many = {c.name for c in card.columns if c.role in ("money", "quantity", "number", "percent")
            and (c.unique or 0) > 20 and str(c.dtype).startswith("float")}
    for q in readings:
        # A second measure after "per" ("price per Weekly_Sales") is a ratio too, and so is
        # one of a plural name said singular ("revenue per unit" beside "Units": not by 1..10).
        for g in (*(g for g in q.group_by if g in many), *q.measures[1:],
                  *(g for g in q.group_by if g in numbers)):
            said = set(words(str(g)))
            for i, t in enumerate(toks[:-1]):
                if t == "per" and (toks[i + 1] in said if g not in q.group_by or g in many else (
                        toks[i + 1] not in said and any(singular(w) == toks[i + 1] for w in said))):
                    return unexplained(f"per {toks[i + 1]}")
    return None


WEIGHTS = frozenset(("freq", "frequency", "frequencies", "count", "counts", "cnt", "n",
                     "cases", "number", "no", "кількість", "количество", "частота", "频数",
                     "计数", "人数"))
"""How the counts column of a table of counts is named ("Freq", "n", "Number of people")."""
_NUMBERS = ("quantity", "number", "money", "percent")


def weighted(card: Any, readings: list[Query]) -> list[Query]:
    """On a table of counts (each row a combination of categories and how many it holds:
    R's Titanic, UCBAdmissions), "how many passengers", "how many survived by class" add up
    the counts; counting rows answered 32 passengers, and 4 survivors in each class."""
    weight = weight_column(card)
    if weight is None:
        return readings
    return [replace(q, aggregation="sum" if q.aggregation == "count" else q.aggregation,
                    measures=(weight,))
            if q.aggregation in ("count", "share") and not q.measures else q for q in readings]


def ids_counted(card: Any, readings: list[Query]) -> list[Query]:
    """"各地区的订单数" (orders per region) grouped the rows by region and by order number, a
    count of rows per pair: orders are counted by their distinct numbers, per region."""
    roles = {c.name: c.role for c in card.columns}
    out = []
    for q in readings:
        ids = [g for g in q.group_by if roles.get(g) == "id"]
        rest = [g for g in q.group_by if roles.get(g) in ("category", "text")]
        if q.aggregation == "count" and not q.measures and len(ids) == 1 and len(rest) == 1:
            q = replace(q, aggregation="nunique", measures=tuple(ids), group_by=tuple(rest))
        out.append(q)
    return out


def weight_column(card: Any) -> str | None:
    """The counts column of a table of counts: one whole-number column named as a count,
    every other column a category (an index aside), no more rows than combinations. A
    column of unique numbers named only "Number" is an id (an invoice's number)."""
    kinds = [c for c in card.columns if c.role == "category"]
    rest = [c for c in card.columns if c.role != "category"]
    named = [c for c in rest if _count_name(words(c.name))
             and c.dtype.startswith(("int", "uint")) and (c.min or 0) >= 0
             and (c.role in _NUMBERS or c.unique < card.rows
                  or words(c.name) not in (["number"], ["no"]))]
    if len(named) != 1 or not kinds or any(
            c is not named[0] and c.role != "id" for c in rest):
        return None
    combinations = 1
    for c in kinds:
        combinations *= max(1, c.unique or 1)
    return named[0].name if card.rows <= combinations else None


def _count_name(parts: list[str]) -> bool:
    return bool(parts) and (parts[0] in WEIGHTS or "".join(parts) in WEIGHTS)


@dataclass(frozen=True)
class Refusal:
    """Why the question cannot be answered from this table: a message key and its values."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)


def unexplained(*words: str) -> Refusal:
    """Words of the question no part of any reading honours: declined, naming them."""
    return Refusal("unexplained", {"words": ", ".join(words), "unused": words, "partial": None})


CHANGED: tuple[Aggregation, ...] = ("sum", "mean", "median", "count", "nunique", "min", "max")
"""The figures a change between two periods is computed of."""


def compared(base: Query, level: bool, toks: Sequence[str],
             said: Sequence[int] | None) -> list[Query] | Refusal:
    """A change between two periods of `base`'s figure, its aggregation as said (`said`: its
    words). With none said, an amount's total; a level (`level`: a price, a rate, a count of
    the unemployed month by month) asks whether its average or its total is meant: "how
    did pce change from 1970 to 2010" had added up twelve monthly levels a year. A
    statistic the change is not computed of is declined by its words, never summed."""
    if len(base.measures) > 1:  # one change at a time, never the first alone
        return unexplained(*base.measures[1:])
    if base.aggregation not in CHANGED:
        return unexplained(" ".join(toks[i] for i in said) if said else base.aggregation)
    return [replace(base, aggregation="mean"), base] if level else [base]


def queries(table: str, aggregation: Aggregation, measures: list[str], group_by: list[str],
            period: Period | None, filters: list[Filter], order: Order | None,
            limit: int | None, percentiles: Sequence[float] | None,
            also: tuple[Aggregation, ...], implied: str | None = None,
            toks: Sequence[str] = ()) -> list[Query] | Refusal:
    """The queries of a reading whose parts are all found; `implied` (`implied_measure`)
    is the measure of a question that names no column."""
    if aggregation == "missing" and not measures:
        return Refusal("missing_needs_column", {})  # not the rows, not a guessed column
    if aggregation == "share" and not measures:
        # "share of cars by Origin", "what percentage of days were rain": the rows counted,
        # each group's (or the condition's) count as a part of all the rows. With two
        # conditions and no grouping, which is the part and which the whole is not said.
        said = [f for f in filters if f.op not in ("year", "quarter", "month")]
        if group_by or period or len(said) == 1:
            return [Query(table, "share", (), tuple(group_by), period, tuple(filters),
                          order, limit)]
        if whole := conditions.whole_of(toks, said):  # "what percentage of professors are male"
            return [Query(table, "share", (), (), None, tuple(f for f in filters if f not in whole),
                          order, limit, whole=whole)]
        return Refusal("share_whole_unsaid", {})
    if aggregation not in ("count", "rows") and not measures:
        if implied is None or aggregation not in IMPLIED:
            return no_measure(filters)
        measures = [implied]
    if aggregation == "share" and len(measures) > 1:  # "actual as a percentage of budget":
        return Refusal("ratio_of_columns", {"part": measures[0], "whole": measures[1]})
    if aggregation == "share" and not (group_by or period):
        # "what percentage of revenue comes from hardware": the rows meeting the one
        # condition left after the whole's, their total as a part of the whole's total.
        said = [f for f in filters if f.op not in ("year", "quarter", "month")]
        whole = conditions.whole_of(toks, said) if len(said) > 1 else ()
        if len(measures) != 1 or len(said) - len(whole) != 1:
            return Refusal("share_whole_unsaid" if len(said) > 1 else "share_needs_group", {})
        return [Query(table, "share", tuple(measures), (), None,
                      tuple(f for f in filters if f not in whole), order, limit, whole=whole)]
    if aggregation in CORRELATIONS:
        if len(measures) < 2:
            return Refusal("correlation_needs_two", {})
        if len(measures) > 2:
            # "hp vs qsec" on a table with a column "vs": which two is not said, and a
            # third column named and left out would be a word not honoured.
            return Refusal("correlation_of_two", {"count": len(measures),
                                                  "named": ", ".join(measures)})
        if group_by or period:
            return Refusal("correlation_grouped", {})
        return [Query(table, aggregation, tuple(measures[:2]), (), None, tuple(filters))]
    several = aggregation == "percentile" and len(percentiles or ()) > 1
    kept = measures[:1] if also or several else measures[:3]
    if len(kept) < len(measures):
        # A column named and not stated would be a word not honoured: say so instead.
        return Refusal("statistics_of_one" if also or several else "measures_left_out",
                       {"count": len(measures), "named": ", ".join(measures)})
    return [Query(table, aggregation, tuple(kept), tuple(group_by), period,
                  tuple(filters), order, limit,
                  percentiles=tuple(percentiles) if percentiles and "percentile" in (
                      aggregation, *also) else (), also=also)]


