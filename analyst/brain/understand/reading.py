"""A query said back in plain words ("average of Miles_per_Gallon by Origin, where Origin is
Europe"), and the choice of table and reading for a question over several tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analyst.brain.understand.parse import Refusal, TableReading, read_table
from analyst.brain.understand.phrases.query import qsay
from analyst.brain.understand.place import without_place
from analyst.brain.understand.query import CORRELATIONS, STATISTICS, Query, percentile_name
from analyst.brain.understand.said import said
from analyst.brain.understand.spelling import respelled
from analyst.brain.understand.suggest import suggest
from analyst.brain.understand.text import as_written, find_phrase, words
from analyst.brain.understand.vocab import AGGREGATIONS, MONEY_WORDS, NEEDS_MODEL


def reading_text(query: Query, language: str = "en") -> str:
    """The query in words, in `language`."""
    m = ", ".join(query.measures)
    if query.aggregation == "rows":
        key = ("row_" if query.limit == 1 else "rows_") + (query.order or "desc")
        text = qsay(language, key, m=m)
    elif query.aggregation in CORRELATIONS:
        text = qsay(language, query.aggregation, m=query.measures[0], c=query.measures[-1])
    elif query.aggregation == "share" and not query.measures:
        text = qsay(language, "share_rows")
    elif query.aggregation == "missing":
        text = qsay(language, "blanks", m=m)
    elif query.aggregation in STATISTICS:
        text = qsay(language, "and").join(
            _statistic(a, query, language) for a in (query.aggregation, *query.also))
    else:
        text = qsay(language, query.aggregation, m=m)
    conditions = [_condition(f, language) for f in query.filters
                  if f.op not in ("year", "quarter", "month")]
    # A grouped share of the rows meeting conditions says of which whole (`finish.shares`).
    whole = ("within" if query.within else "split") if (
        query.aggregation == "share" and conditions and query.keys) else None
    if query.period is not None:
        unit = qsay(language, f"{query.period.unit}_u" if query.period.unit not in (
            "day", "week") else query.period.unit)
        text += qsay(language, "period", unit=unit)
    if query.group_by:
        text += qsay(language, "by", g=qsay(language, "and").join(query.group_by))
    if conditions:
        text += qsay(language, "where") + ", ".join(conditions)
    if whole:
        text += qsay(language, whole)
    if query.whole:
        text += qsay(language, "of_whole", c=", ".join(_condition(f, language)
                                                        for f in query.whole))
    for f in query.filters:
        if f.op in ("year", "quarter", "month"):
            text += ("，" if language == "zh" else ", ") + _condition(f, language)
    if query.compare is not None:
        text += qsay(language, "compare", a=query.compare.start, b=query.compare.end)
    if query.aggregation != "rows":
        if query.limit:
            text += qsay(language, "top" if query.order != "asc" else "bottom", n=query.limit)
        elif query.order:
            text += qsay(language, "first" if query.order == "desc" else "last")
    return text


def _statistic(aggregation: str, query: Query, language: str) -> str:
    m = ", ".join(query.measures)
    if aggregation == "percentile":
        return qsay(language, "percentile", m=m,
                    p=", ".join(percentile_name(p)[1:] for p in query.percentiles))
    return qsay(language, aggregation, m=m)


def statistic_label(name: str, query: Query, language: str = "en") -> str:
    """A column of several statistics ("std", "p90") said in words, with its measure."""
    m = ", ".join(query.measures)
    if name not in STATISTICS and name.startswith("p"):
        return qsay(language, "percentile", m=m, p=name[1:])
    return qsay(language, name, m=m)


# Whole names: "у місяці лип" said an abbreviation. Chinese says the number ("7月").
_MONTH_NAMES = {
    "en": ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"),
    "uk": ("січень", "лютий", "березень", "квітень", "травень", "червень", "липень", "серпень",
           "вересень", "жовтень", "листопад", "грудень"),
    "ru": ("январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь",
           "октябрь", "ноябрь", "декабрь"),
}


def _condition(f: Any, language: str) -> str:
    if f.against is not None:  # "fare > average of fare"
        return qsay(language, f.op, c=f.column, v=qsay(language, f.against, m=f.column))
    value = f.value
    if f.op == "month" and language in _MONTH_NAMES:  # "in July" (it said "in 7")
        value = tuple(_MONTH_NAMES[language][int(v) - 1] for v in (
            value if isinstance(value, tuple) else (value,)) if 1 <= int(v) <= 12) or value
    if isinstance(value, tuple):
        value = ", ".join(str(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return qsay(language, f.op, c=f.column, v=value)


@dataclass(frozen=True)
class Choice:
    """What the offline analyst makes of a question over all its tables."""

    query: Query | None = None
    """The one reading to answer (with its table's card in `card`)."""
    card: Any = None
    options: tuple[tuple[Query, Any], ...] = ()
    """Two or more plausible readings (query, card): ask which one is meant."""
    refusal: Refusal | None = None
    refusal_card: Any = None
    needs_model: bool = False


def choose(question: str, cards: Sequence[Any],
           values: Mapping[str, Mapping[str, Sequence[Any]]] | None = None) -> Choice:
    """Read `question` against every table; pick by the columns it names, ask on a tie.
    A question no table reads is read again with its misspelled column names put right.

    `values`: table -> column -> its category values (for "for AAPL", "in Europe").
    """
    choice = _choose(question, cards, values)
    if choice.query is None and not choice.options and not choice.needs_model and (
            fixed := respelled(question, cards)) != question:
        again = _choose(fixed, cards, values)
        return again if again.query is not None or again.options else choice
    return choice


def _choose(question: str, cards: Sequence[Any],
            values: Mapping[str, Mapping[str, Sequence[Any]]] | None = None) -> Choice:
    toks = words(question)
    if any(find_phrase(p, toks, set()) is not None for p in NEEDS_MODEL):
        return Choice(needs_model=True)  # a forecast, a regression: a model's work
    readings = [read_table(question, card, (values or {}).get(card.table)) for card in cards]
    if not readings:
        return Choice(refusal=Refusal("nothing_found"))

    def fit(r: TableReading) -> int:
        # Words a table's reading leaves unexplained ("rainy" on a table without weather)
        # count against it.
        return r.score - (len(r.queries[0].notes) if r.queries else 0)

    answerable = [r for r in readings if r.queries]
    refused = [r for r in readings if r.refusal is not None]
    named = [r for r in answerable if r.score > 0]
    # A table that leaves words of the question unexplained is the weakest candidate: a
    # table explaining them all answers, whatever the first one's columns score.
    refused_best = max((r.score for r in refused if r.refusal is not None
                        and r.refusal.key != "unexplained"), default=0)
    if (named and max(r.score for r in named) >= refused_best) or (
            answerable and not named and refused_best == 0):
        pool = named or answerable
        best = max(fit(r) for r in pool)
        top = [r for r in pool if fit(r) == best]
        # A wide table and its tidy twin read alike: the twin is the one questions read
        # (its suggested questions name no table, so asked again they must land on it).
        twins = {r.card.table for r in top}
        top = [r for r in top if r.card.long_table not in twins] or top
        if len(top) > 1:
            return Choice(options=tuple((r.queries[0], r.card) for r in top[:3]))
        chosen: TableReading = top[0]
        if (elsewhere := _said_elsewhere(question, toks, chosen.card, cards, values or {})):
            return Choice(refusal=elsewhere, refusal_card=chosen.card)
        if len(chosen.queries) > 1:
            return Choice(options=tuple((q, chosen.card) for q in chosen.queries[:3]))
        return Choice(query=chosen.queries[0], card=chosen.card)
    top = sorted(refused or readings, key=lambda r: -r.score)
    return Choice(refusal=top[0].refusal or Refusal("nothing_found"), refusal_card=top[0].card)


def _said_elsewhere(question: str, toks: list[str], card: Any, cards: Sequence[Any],
                    values: Mapping[str, Mapping[str, Sequence[Any]]]) -> Refusal | None:
    """A value of another table's column, written as a name ("US", "Germany", "SMB") and
    explained by nothing of the table chosen: "total revenue for US customers" on orders
    beside a customers table that holds the country had stated the revenue of every order.
    Offline, tables are not joined: declined by name."""
    question, _ = without_place(question, card)  # "(book.xlsx, North (draft))" names a sheet
    toks, written = words(question), as_written(question)
    here = said(question, toks, card, values.get(card.table, {}), {}).used
    for other in cards:
        if other.table == card.table:
            continue
        for hit in said(question, toks, other, values.get(other.table, {}), {}).picked:
            if (hit.span[0] > 0 and written[hit.span[0]][:1].isupper()
                    and not here.intersection(hit.span)
                    and not all(w in _QUESTION_WORDS for w in words(str(hit.value)))):
                return Refusal("value_elsewhere", {"value": str(hit.value), "column": hit.column,
                                                   "table": other.table, "here": card.table})
    return None


_QUESTION_WORDS = frozenset((*(w for group in AGGREGATIONS.values() for w in group),
                             *MONEY_WORDS))
"""Words of any question ("Total", "Average", "Revenue"): a value spelled so is not a name."""


def suggestions(card: Any, language: str = "en", n: int = 3,
                values: Mapping[str, Sequence[Any]] | None = None) -> list[str]:
    """Questions the offline analyst answers on this table, built from its own columns."""
    return suggest(card, language, values, n)
