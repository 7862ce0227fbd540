"""From a plain question to `Query` readings of one table, without a language model.

The words are explained in a fixed order: column names (whole), category values from the
data, telling words inside names, then numbers, periods, comparisons, top/bottom N, and
last the aggregation words among the words left. What cannot be honoured (a year on a
table without dates, "by X" where no column is X) makes a `Refusal` that says so; it is
never dropped. Two equally good readings are both returned, for the caller to ask.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyst.brain.understand import calendar, clues, conditions, finish, money, shorthand
from analyst.brain.understand import measures as stat_clues
from analyst.brain.understand.bounds import trailing
from analyst.brain.understand.columns import (
    Hit,
    extreme_named,
)
from analyst.brain.understand.counting import (
    counted_as,
    grouped_numbers,
    id_before_measure,
    thing_named,
)
from analyst.brain.understand.each import one_or_each
from analyst.brain.understand.finish import Refusal
from analyst.brain.understand.naming import additive, one_row_per_date
from analyst.brain.understand.place import without_place
from analyst.brain.understand.query import Aggregation, Filter, Period, Query, is_numeric
from analyst.brain.understand.row_asked import row_asked
from analyst.brain.understand.said import said
from analyst.brain.understand.text import same_word, symbols_said, words
from analyst.brain.understand.vocab import BUSIEST, BY, WHICH

_AND, _OR = conditions.AND, conditions.OR
_DATE_NOUNS = ("date", "day", "time", "дата", "дату", "дати", "день", "日期")
"""A date column's own nouns ("the date with the largest sales"), never a verb of its name."""


@dataclass(frozen=True)
class TableReading:
    """What one table makes of a question: readings (best first), or a refusal."""

    card: Any
    queries: tuple[Query, ...] = ()
    refusal: Refusal | None = None
    score: int = 0
    """How many of the question's words this table's columns and values explain."""


def read_table(question: str, card: Any,
               values: Mapping[str, Sequence[Any]] | None = None) -> TableReading:
    """The readings of `question` on the table of `card` (`values`: its category values)."""
    question, placed = without_place(question, card)
    question = symbols_said(shorthand.said_in_full(question))
    flags = conditions.yes_columns(values or {})
    toks = words(question)
    columns = {c.name: c for c in card.columns}
    words_said = said(question, toks, card, values or {}, flags)
    named, picked, partial, clashes, used = (words_said.named, words_said.picked,
                                             words_said.partial, words_said.clashes,
                                             words_said.used)
    hits = sorted(named + partial, key=lambda h: h.span[0])
    # Whole names and values say more than a telling word inside a name.
    score = (2 * sum(len(h.span) for h in (*named, *picked)) + sum(len(h.span) for h in partial)
             + len(clashes))
    own = words(card.table)
    if placed or own and all(any(same_word(w, t) for t in toks) for w in own):
        score += 1  # the question names the table ("... (weather)", "... (Sheet1)")
    if words_said.shared is not None:  # "revenue for IT": of the Country or the Dept IT?
        value, holders = words_said.shared
        return TableReading(card, refusal=Refusal("value_of_columns", {
            "value": value, "columns": ", ".join(holders)}), score=score)
    while clashes and (resolved := extreme_named(toks, clashes[0], used) or thing_named(
            clashes[0], columns)) is not None:
        # "maximum temperature" of temp_max and temp_min: the one whose name says maximum.
        hits = sorted([*hits, resolved], key=lambda h: h.span[0])
        used |= set(resolved.span)
        clashes = clashes[1:]
    if clashes:
        # "temperature" names temp_max and temp_min: one reading per column, to ask.
        readings: list[Query] = []
        for column in clashes[0].columns[:3]:
            hit = Hit(column, clashes[0].span, False)
            got = _build(toks, card, columns, sorted([*hits, hit], key=lambda h: h.span[0]),
                         picked, set(used), values or {})
            if isinstance(got, Refusal):
                return TableReading(card, refusal=got, score=score)
            readings.append(got[0])
        return TableReading(card, tuple(readings), score=score)
    got = _build(toks, card, columns, hits, picked, used, values or {})
    if (adverbs := [h for h in picked if clues.period_group([toks[i] for i in h.span], set())
                    and h.column not in {n.column for n in hits}]  # not "Plan is Monthly"
            ) and not isinstance(got, Refusal) and any(c.role == "date" for c in card.columns):
        # "monthly total" beside a value "Monthly": each month's, or the rows "Monthly"? Ask.
        other = _build(toks, card, columns, hits, [h for h in picked if h not in adverbs],
                       used - {i for h in adverbs for i in h.span}, values or {})
        got = got[:1] + other[:1] if not isinstance(other, Refusal) else got
    return (TableReading(card, refusal=got, score=score) if isinstance(got, Refusal)
            else TableReading(card, tuple(got), score=score))


def _build(toks: list[str], card: Any, columns: dict[str, Any], hits: list[Hit],
           picked: list[Hit], used: set[int],
           values: Mapping[str, Sequence[Any]]) -> list[Query] | Refusal:
    used = set(used)
    got = _shape(toks, card, columns, hits, picked, used, values)
    if isinstance(got, Refusal):
        return got
    got = finish.shares(toks, got, used)
    if (refusal := finish.refused(card, toks, got)) is not None:
        return refusal
    unused = finish.sold([*stat_clues.uncompared(toks, used), *clues.leftover(toks, used, card)],
                         got, columns)
    if unused:
        # A word or number no part of the reading honours means the reading answers
        # another question ("which month had the most rainy days" read as the count of
        # rainy days): decline, naming the words, rather than state that figure.
        # The partial reading and the words travel with the refusal: a sales recipe may
        # answer instead only when it honours exactly those words (`planner.runner`).
        return Refusal("unexplained", {"words": ", ".join(unused), "unused": tuple(unused),
                                       "partial": got[0]})
    return finish.weighted(card, finish.ids_counted(card, got))


def _shape(toks: list[str], card: Any, columns: dict[str, Any], hits: list[Hit],
           picked: list[Hit], used: set[int],
           values: Mapping[str, Sequence[Any]]) -> list[Query] | Refusal:
    """The readings; `used` collects the indexes of the words explained."""
    flags = conditions.yes_columns(values)
    if (unsupported := stat_clues.unsupported(toks, used)) is not None:
        return Refusal("unsupported_measure", {"word": unsupported})  # never a sum instead
    # Category values: "for AAPL", "Europe", "rainy" -> the rows with that value.
    filters, either, apart = conditions.value_filters(toks, picked, hits, used)
    if apart:
        return finish.unexplained(*apart)
    # A column compared with its own statistic: "more than the average fare".
    numbers = {name for name, col in columns.items() if is_numeric(col)}
    for threshold in stat_clues.thresholds(toks, used, hits, numbers):
        used.update(said_at := tuple(threshold.span))
        filters.append(Filter(threshold.column, threshold.op, None, threshold.against, said_at))
        hits = [h for h in hits if h is not threshold.hit]
    # Numbers compared with a column: "more than 100", "under 5.5".
    for comparison in [*clues.comparisons(toks, used), *trailing(toks, used)]:
        used.update(comparison.span)
        compared = conditions.nearest_numeric(hits, columns, comparison.span, toks)
        if compared is None:
            number = float(comparison.value)  # "more than 100", not "100.0"
            return Refusal("no_compared_column", {"value": str(int(number)) if number.is_integer()
                                                  else str(comparison.value)})
        filters.append(Filter(compared, comparison.op, comparison.value, span=comparison.span))
    when = calendar.read(toks, used, card, columns, hits, filters, values)
    if isinstance(when, Refusal):
        return when
    date, compare, period = when.date, when.compare, when.period
    grouping, asked_period = when.grouping, when.asked_period
    # "the busiest day", "the most common drivetrain": most rows, a count (before "most").
    if (busy := clues.first(BUSIEST, toks, used)) is not None:
        used.update(busy)
    order, limit, ranked = stat_clues.ranking(toks, used)  # top/bottom N, superlatives
    which = clues.first(WHICH, toks, used)
    used.update(which or ())
    # "Cylinders is 8", "cylinders = 8", "with 8 cylinders", "for 4 and 8 cylinders".
    conditioned: set[str] = set()
    for column, held, words_used, negated in conditions.number_conditions(
            toks, hits, columns, used):
        used.update(words_used)
        conditioned.add(column)
        # "cyl not 4 or 6": neither of them, a "≠" each (the rows kept are those of all)
        said_at = tuple(words_used)
        filters += ([Filter(column, "ne", v, span=said_at) for v in held] if negated else [
            Filter(column, "eq", held[0], span=said_at) if len(held) == 1
            else Filter(column, "in", held, span=said_at)])
    # "how many cars have no Horsepower value": the blanks of the column, counted.
    lacking = conditions.lacking(toks, hits, used, flags)
    used.update(grouped_numbers(toks))  # "for each number of bedrooms": not a count
    # The aggregation, among the words left.
    found: list[tuple[Aggregation, list[int]]] = [("count", busy)] if busy is not None else []
    order = "desc" if busy is not None and order is None else order
    percentiles = stat_clues.named(toks, used, found)
    if clash := stat_clues.clashing(toks, found):
        return finish.unexplained(*clash)
    aggregation, aggregation_span, also = stat_clues.aggregations(toks, found)
    if lacking and aggregation in (None, "count", "missing") and not also:
        used.update(lacking)
        aggregation, aggregation_span = "missing", None
    if (grouping is not None and grouping is not asked_period and period is not None
            and aggregation not in (None, "sum", "count")
            and len(grouping[1]) == 1 and any(h.span[0] == grouping[1][0] + 1 for h in hits)):
        # "the median daily precipitation": one figure over the days, or the median of each
        # day? Said as an adjective of the measure it is not a grouping: declined by name.
        word = toks[grouping[1][0]]
        return finish.unexplained(word)
    # Roles of the named columns: grouped, the row itself ("which day"), or measured.
    date_columns = {date.column, date.month_column} if date else set()
    group_by: list[str] = [*([when.month_key] if when.month_key else []),  # "by month"
                           *conditions.versus(toks, filters)]  # "men vs women": each
    measures: list[str] = []
    rows_wanted = False
    said_by: set[str] = set()  # grouped because "per"/"by" names them, not by their kind
    filtered = {f.column for f in filters if f.op in ("eq", "in", "ne")}
    previous, who = None, which is not None and which[0] == 0 and toks[0] == "who"
    for hit in hits:
        col = columns[hit.column]
        after_by = clues.after_marker(toks, hit.span[0], BY, used) or (
            previous is not None and previous.column in group_by
            and all(t in _AND for t in toks[previous.span[-1] + 1:hit.span[0]]))
        previous = hit
        after_which = which is not None and hit.span[0] in (which[-1] + 1, which[-1] + 2) and (
            asked_period is None) and not any(  # "which customer spent": customer, not spent
            which[-1] < h.span[0] < hit.span[0] for h in hits) or (  # "哪个月revenue最高",
            busy is not None and hit.span[0] - busy[-1] in (1, 2))  # "the busiest cyl"
        top = limit is not None and ranked is not None and hit.span[0] - ranked[-1] in (1, 2)
        if ((after_by or (after_which and aggregation is not None)) and period is None
                and col.role == "date"
                and any(same_word("year", w) for w in words(str(hit.column)))):
            # "which Year had the highest average MPG", "total per Year" on a date column
            # named Year: the calendar years, not the row with the highest MPG nor each date.
            period = Period(hit.column, "year")
            continue
        if after_which and not who and col.role != "money" and (  # "яка виручка": how much
                col.role in ("date", "id") or col.unique >= card.rows > 20):
            rows_wanted = True  # ("who spent": a person's money, not the row of an amount)
            continue
        if hit.column in date_columns and period is not None:
            continue
        if not after_by and hit.column not in conditioned | {f.column for f in filters} and (
                lines := id_before_measure(toks, hit, hits, columns, card, aggregation)):
            if lines != "each row":  # "average invoice amount" where an invoice has lines
                return finish.unexplained(lines)
            continue
        if date is not None and date.unit == "year" and after_by and hit.column in date_columns:
            # "by year", "by month" on a table with year and month columns: a period.
            period = (Period(date.column, "year") if hit.column == date.column
                      else Period(date.column, "month", hit.column))
            date_columns = {date.column, date.month_column}
            continue
        if hit.column in conditioned or any(
                f.column == hit.column for f in filters
                if f.op not in ("eq", "in", "ne") and f.against is None):
            continue  # named for its condition ("temp_max over 30", "8 cylinders")
        if hit.column in flags and not after_by and hit.column not in filtered:
            # "female smokers", "survivors" of a yes/no column: its rows that say yes.
            filters.append(Filter(hit.column, "eq", flags[hit.column], span=hit.span))
            filtered.add(hit.column)  # not what "number of returned orders" counts
            continue
        across = conditions.across(toks, hit.span[0])
        if len(across) == 1 and is_numeric(col) and toks[across[0]] == "over":  # "over budget"
            return finish.unexplained(f"over {toks[hit.span[0]]}")  # is no "across"
        if across:
            # "the mean of totsc4 across districts": over all of them, one figure.
            used.update(across)
            continue
        if aggregation == "missing" and not after_by:
            if clues.row_noun(toks, hit.span[0]) and (lacking or len({h.column for h in hits}) > 1):
                continue  # "how many days have no (or missing) Ozone": the days are the rows
            if lacking and hit.span[0] != lacking[-1] + 1:
                word = " ".join(toks[i] for i in hit.span)
                return finish.unexplained(word)
            measures.append(hit.column)  # blanks are counted in any column, text too
            continue
        if aggregation == "share" and col.role == "id" and not after_by:
            if col.unique != card.rows:  # "percentage of orders" where an order has lines
                return finish.unexplained(" ".join(toks[i] for i in hit.span))
            continue  # "what percentage of orders were returned": the orders are the rows
        if col.role == "date" and not (after_which or hit.whole) and not any(  # "did Ann close",
                same_word(w, toks[i]) for i in hit.span for w in _DATE_NOUNS):  # "per order"
            return finish.unexplained(" ".join(toks[i] for i in hit.span))  # is no grouping
        numeric = is_numeric(col)
        small = (col.unique or 0) <= 30
        # After "per"/"by" a column is what the figures are grouped by, never the measure
        # ("average per Day" is not the mean of the day numbers).
        # ("top 3 states by net generation" ranks by it: a measure).
        if not numeric or (after_by and col.role != "money" and (
                order is None or busy is None and not conditions.ranked_by(hit, hits, columns,
                                                                            ranked))) or (
                (after_which or top) and small and col.role != "money"):  # "top 3 firms"
            if hit.column not in filtered or after_by:
                group_by.append(hit.column)
                if after_by:
                    said_by.add(hit.column)
        else:
            measures.append(hit.column)
            if after_by:  # "the longest car by hp": ranked by the column named
                said_by.add(hit.column)
    if (kept := finish.row_with(toks, hits, ranked, group_by, measures, columns)) is not None:
        (group_by, at), rows_wanted = kept, True  # "the day with the highest temp": its row
        used.add(at)
    elif which is None and (joined := finish.group_with(toks, hits, ranked, measures)):
        measures = [m for m in measures if m != joined]  # "the year with the most deaths"
        group_by, limit = list(dict.fromkeys([*group_by, joined])), limit or 1
    if (row := finish.row_beside(toks, hits, measures, ranked)) is not None:
        measures.remove(row.column)  # "day with the highest temp": the day is the row asked
        rows_wanted = True
    if (refusal := finish.unmeasured(toks, ranked, [m for m in measures if m not in said_by])):
        return refusal  # "hottest day" on a Day column: not the largest day number
    rows_wanted = rows_wanted or row_asked(toks, card, which, ranked, limit, aggregation,
                                           aggregation_span, group_by, period, measures)
    if toks[:1] == ["when"] and not group_by and period is None:  # "when did AAPL peak": a date
        if order is None or not measures:  # (it stated the peak's price, not when)
            return finish.unexplained("when")
        rows_wanted = True  # the row of the extreme, its date with it
    if who and not group_by and not rows_wanted:
        if len(people := clues.people(card, toks)) != 1:  # "who spent the least": whom?
            return finish.unexplained("who")
        group_by.append(people[0])  # the customers, each one's total; not the smallest row
    if group_by or period:
        # "average age per class for male and female": each of the values named, side by
        # side, not one figure over both.
        for f in filters:
            if (f.op == "in" and f.column not in group_by and len(group_by) < 2
                    and f.column not in either):
                group_by.append(f.column)
    if (unknown := clues.unexplained_group(toks, used)) is not None:
        return Refusal("no_group_column", {"word": unknown})
    if aggregation == "count" and aggregation_span not in (None, busy):
        # "number of orders", "how many customers", "how many samples", "how many firms"
        aggregation, measures, group_by = counted_as(
            toks, hits, aggregation_span[-1], card, filtered, aggregation, measures, group_by)
    elif aggregation is None and ranked is not None and toks[ranked[0]] in finish.COUNTING:
        # "which continent has the most countries", "the month with the fewest days"
        aggregation, measures, group_by = counted_as(
            toks, hits, ranked[-1], card, filtered, aggregation, measures, group_by)
    if aggregation == "nunique":
        # "distinct models per manufacturer": the column "per" names is the grouping,
        # whichever order the words come in; the other is the one counted.
        counted_here = [g for g in group_by if g not in said_by]
        measures = measures or counted_here[-1:] or group_by[-1:]
        group_by = [g for g in group_by if g not in measures]
    if len(group_by) > 2:
        return Refusal("too_many_groups", {"columns": ", ".join(group_by)})
    if compare is not None:
        if not measures and aggregation != "count":
            return finish.no_measure(filters)
        said = aggregation or ("max" if order == "desc" else "min" if order == "asc" else None)
        level = said is None and not additive(columns[measures[0]], one_row_per_date(card))
        return finish.compared(Query(card.table, said or "sum", tuple(measures), tuple(
            group_by), None, tuple(filters), order, limit, compare), level, toks, aggregation_span)
    if rows_wanted:
        if not measures:
            return finish.no_measure(filters)
        return [Query(card.table, "rows", tuple(measures[:1]), (), None, tuple(filters),
                      order or "desc", limit or 1)]
    if (group_by or period) and order is not None and limit is None:
        if isinstance(one := one_or_each(toks, aggregation, measures, order, which,
                                                asked_period is not None), Refusal):
            return one
        aggregation, limit = one
    # "total revenue" of a ledger whose Account holds Revenue; "top 5 products" of sales
    implied = finish.implied_measure(card, filters) or money.ranked_by(toks, ranked, card, group_by)
    if order is not None and not measures and implied and aggregation in (None, *finish.IMPLIED):
        measures = [implied]  # "largest rent", "the month with the highest revenue"
    if not measures and aggregation in (None, *finish.IMPLIED) and (value := finish.long_value(
            card)):  # "Food and Tobacco in 1950" had stated its 1 row, not its 59.6
        measures = [value]
    if aggregation is None and order is not None and not group_by and period is None:
        if measures:  # "the highest close" -> max; "top 5 ..." without a group -> rows
            aggregation = ("max" if order == "desc" else "min") if limit is None else "rows"
    if busy is not None and (measures or not (group_by or period)):  # "busiest day by tip":
        return Refusal("unexplained", {"words": toks[busy[0]], "unused": (toks[busy[0]],)})
    if aggregation == "count":
        if measures and clues.adds_up(toks, aggregation_span, columns[measures[0]]):
            aggregation = "sum"  # "how many units", "收入是多少" (how much): added up
        else:
            measures = []
    if aggregation is None:
        if not measures:
            if (refusal := finish.uncounted(toks, ranked)) is not None:
                return refusal  # "which species is heaviest": no weight, not the most rows
            if group_by or period or filters:
                aggregation = "count"  # "cars by Origin", "rainy days": rows counted
            else:
                return Refusal("nothing_found", {})
        elif all(additive(columns[m], one_row_per_date(card)) for m in measures):  # not prices
            aggregation = "sum"
        else:
            # Is "temp by month" a total or an average? Both are plausible: ask. Ranked
            # ("the highest price by bedrooms"), each group's highest is too.
            base = Query(card.table, "mean", tuple(measures), tuple(group_by), period,
                         tuple(filters), order, limit)
            ranked_each = [replace(base, aggregation="max" if order == "desc" else "min")
                           ] if order is not None and (group_by or period) else []
            return [*ranked_each, base, replace(base, aggregation="sum")]
    return finish.queries(card.table, aggregation, measures, group_by, period, filters, order,
                          limit, percentiles[0] if percentiles else None, also, implied, toks)
