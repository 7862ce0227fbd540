"""What "how many" counts when a column is named after it: the rows, the distinct values of
the column, or its values added up ("how many units"). A code added up is never a count:
"how many firms" on a panel of ten firms had stated 1,100, the sum of their numbers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analyst.brain.understand import clues
from analyst.brain.understand.columns import Clash, Hit
from analyst.brain.understand.query import Aggregation
from analyst.brain.understand.text import singular, words


def restarts(col: Any, card: Any) -> bool:
    """Is a numbering column one that starts again (a "Sample Number" 1 … 152 within each
    of three studies, a "Day" 1 … 31 of each month)? Then each row is a thing counted and its
    number is not its identity: "how many samples", "how many days" count rows, not the
    distinct numbers (nor their sum: 2,418 "days" had been stated). A time unit restarts
    only beside the coarser unit it is counted within (a Day beside a Month, a Month beside
    a Year: "how many months" on daily rows with Month 1 … 6 and no year counts 6); other
    names only when they say numbering ("firm" 1 … 10, a row a year each, names firms)."""
    low, high, unique = col.min, col.max, col.unique or 0
    said = set(words(col.name))
    if low is None or high is None or not unique:
        return False
    if said & set(_WITHIN):
        named = {w for c in card.columns for w in words(c.name)}
        if not any(coarser in named for unit in said & set(_WITHIN) for coarser in _WITHIN[unit]):
            return False
    elif not said & set(_NUMBERINGS):
        return False
    return 0 <= low <= 1 and high <= unique + 1 and card.rows >= 1.5 * unique


_WITHIN = {"day": ("month", "week", "year"), "week": ("year",), "month": ("year",),
           "quarter": ("year",), "hour": ("day", "date"), "minute": ("hour",),
           "second": ("minute",)}
"""A time unit and the coarser ones it is numbered within."""
_NUMBERINGS = ("number", "no", "num", "nr", "index", "idx", "seq", "sequence", "obs",
               "observation", "sample", "trial", "run", "row", "entry", "record", "step", "round",
               "wave", "visit")


def names_things(word: str, column: str, card: Any, filtered: set[str]) -> bool:
    """"how many firms" beside a column "firm" of codes 1…10, each on a row a year: the
    plural of a one-word name asks how many firms there are (10), not their codes added up
    (1,100) nor the rows (200). A time unit or a numbering ("Day" 1…31 of each month,
    "Sample Number") counts rows instead (`restarts`); a row named by its own value ("how
    many gears does the Mazda RX4 have") is that row's number; "how many months" on a table
    of days counts its months (5), unless they are a numbering that restarts (`restarts`);
    "how many days" beside a "Days" 0 … 9 of a study counts the days (10), never adds them
    up (810 had been stated)."""
    col = next(c for c in card.columns if c.name == column)
    name = words(column)
    # A column named by the unit itself ("Days" 0 … 9 of a study) is an index of days only
    # where its values run from 0 or 1 and no row is picked ("how many hours did Ann work"
    # adds her hours up).
    unit = bool(name) and singular(name[0]) in (*_WITHIN, "year") and not filtered and (
        col.min is not None and 0 <= col.min <= 1 and (col.max or 0) <= (col.unique or 0) + 1)
    return (len(name) == 1 and (word != name[0] or unit) and singular(word) == singular(name[0])
            and col.role in ("quantity", "number", "id")
            and 1 < (col.unique or 0) < card.rows
            and not any(c.name in filtered and c.unique == card.rows for c in card.columns))


def counted_as(toks: Sequence[str], hits: list[Hit], after: int, card: Any, filtered: set[str],
               aggregation: Aggregation | None, measures: list[str], group_by: list[str],
               ) -> tuple[Aggregation | None, list[str], list[str]]:
    """What is counted when a column is named right after counting words ("how many", at
    `after`; with `aggregation` None, a counting superlative: "the most", "the fewest").
    An id, a grouped column, the plural of a one-word name: its distinct values ("number of
    orders" is of their ids, "which continent has the most countries"), never its values
    added up; a numbering that restarts: the rows ("how many samples"). "How many units"
    adds a quantity up (the caller's `adds_up`)."""
    # A condition's column ("returned" of "number of returned orders") is not what is counted.
    counted = clues.counted(list(toks), [h for h in hits if h.column not in filtered], after)
    if counted is None:
        return aggregation, measures, group_by
    column = counted.column
    col = next(c for c in card.columns if c.name == column)
    others = [g for g in group_by if g != column]
    if restarts(col, card):  # not grouped by it, not summed: each row is one
        return aggregation or "count", [m for m in measures if m != column], others
    things = names_things(toks[counted.span[-1]], column, card, filtered)
    if column not in filtered and (things or (
            column in group_by and (aggregation is not None or len(group_by) == 2))
            or col.role == "id"):  # "which month had the most invoices": their numbers
        return "nunique", [column], others
    return aggregation, measures, group_by


def id_before_measure(toks: Sequence[str], hit: Hit, hits: list[Hit], columns: dict[str, Any],
                      card: Any, aggregation: str | None = None) -> str:
    """"average invoice amount", "median order value", "total amount of overdue invoices": an
    id's noun said with a measure names whose amount it is, not a grouping (240 invoices had
    been listed, each with its own average or total). Where each row is one ("each row"), or
    the amounts are added up, the figure is over the rows; where one id has several rows (an
    order's lines), its amount is their total, which another figure over the rows is not:
    the words are returned, to be declined. "" when the shape is not this."""
    measured = ("money", "quantity", "number")
    after = next((h for h in hits if h.span[0] == hit.span[-1] + 1), None)
    if after is None or columns[after.column].role not in measured:
        # "amount of overdue invoices": the measure said first, the id's noun after it
        after = next((h for h in hits if h.span[-1] < hit.span[0]
                      and columns[h.column].role in measured), None)
    col = columns[hit.column]
    if after is None or col.role != "id" and (aggregation in (None, "count", "nunique") or not (
            _named_things(toks[hit.span[-1]], col, card))):
        return ""
    return "each row" if col.unique == card.rows or aggregation == "sum" else (
        " ".join(toks[i] for i in sorted((*hit.span, *after.span))))


def _named_things(word: str, col: Any, card: Any) -> bool:
    """Is `word` the plural of a one-word name that labels the rows: codes of things ("firms"
    beside a "firm" 1…10, never "carats" of a measure) or the names of many things
    ("districts" beside 409 district names: not a grouping of 420 rows into 409 groups)?"""
    name = words(col.name)
    if col.role in ("category", "text"):
        return (len(name) == 1 and word != name[0] and singular(word) == singular(name[0])
                and (col.unique or 0) > 30)
    return (str(col.dtype).startswith("int") and (col.unique or 0) <= 100
            and names_things(word, col.name, card, set()))


_EACH_NUMBER = (("each", "number", "of"), ("every", "number", "of"), ("by", "number", "of"),
                ("per", "number", "of"), ("by", "the", "number", "of"), ("per", "the", "number", "of"))


def grouped_numbers(toks: Sequence[str]) -> set[int]:
    """The words "number of" after a grouping word: "the highest price for each number of
    bedrooms" groups by the bedrooms; it had been read as a count of the rows."""
    out: set[int] = set()
    for phrase in _EACH_NUMBER:
        n = len(phrase)
        out |= {i + k for i in range(len(toks) - n) for k in range(1, n)
                if tuple(toks[i:i + n]) == phrase}
    return out


def thing_named(clash: Clash, columns: dict[str, Any]) -> Hit | None:
    """"orders" beside an "Order ID" and an "Order Date": the orders are the things the id
    names, the date is one of their attributes ("how many orders were returned" had been
    asked back between order IDs and order dates)."""
    ids = [c for c in clash.columns if columns[c].role == "id"
           and singular(words(c)[0]) == singular(clash.word) != clash.word]
    return Hit(ids[0], clash.span, False) if len(ids) == 1 else None
