"""Clues of the statistics a question asks for beyond totals and averages: percentiles,
filters against a computed value, the period holding an extreme, measures declined by name.
Like `clues`, each finder returns what it found and the indexes of the words it used."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from analyst.brain.understand import clues
from analyst.brain.understand.columns import Hit
from analyst.brain.understand.query import (
    CORRELATIONS,
    STATISTICS,
    Aggregation,
    FilterOp,
    Order,
    PeriodUnit,
)
from analyst.brain.understand.text import find_phrase, is_cjk, stem_match
from analyst.brain.understand.vocab import (
    AGGREGATIONS,
    AT_LEAST,
    AT_MOST,
    GREATER,
    HIGHEST,
    LESS,
    LOWEST,
    PERCENTILE_WORDS,
    PERIODS,
    QUARTILE_WORDS,
    RANKED,
    SORTED,
    STATISTIC_WORDS,
    STOP,
    UNSUPPORTED_MEASURES,
    WHICH,
)

_P_NAME = re.compile(r"p(\d{1,2}(?:\.\d+)?)")
""""p95", "p99.9": a percentile said the way dashboards say it."""
_ORDINAL = re.compile(r"(\d{1,2}(?:\.\d+)?)(?:st|nd|rd|th)?")
_ORDINAL_FILLERS = ("й", "го", "ий", "ї", "第", "the", "th", "а", "ая", "ій")
_AND = ("and", "і", "й", "та", "и", "和", "与", "及", "or")
_WHICH_QUARTILE = {"first": 25.0, "1st": 25.0, "lower": 25.0, "bottom": 25.0, "second": 50.0,
                   "2nd": 50.0, "third": 75.0, "3rd": 75.0, "upper": 75.0, "top": 75.0,
                   "перший": 25.0, "першого": 25.0, "нижній": 25.0, "нижнього": 25.0,
                   "другий": 50.0, "третій": 75.0, "третього": 75.0, "верхній": 75.0,
                   "верхнього": 75.0, "первый": 25.0, "первого": 25.0, "нижний": 25.0,
                   "нижнего": 25.0, "второй": 50.0, "третий": 75.0, "третьего": 75.0,
                   "верхний": 75.0, "верхнего": 75.0}
_THRESHOLDS: tuple[Aggregation, ...] = ("mean", "median")


def unsupported(toks: list[str], used: set[int]) -> str | None:
    """The name of a measure asked for that no query computes ("mode", "skewness")."""
    span = clues.first(UNSUPPORTED_MEASURES, toks, used)
    if span is None:
        return None
    said = [toks[i] for i in span]
    return "".join(said) if all(is_cjk(w) for w in said) else " ".join(said)


def says_which_quartile(word: str, following: str) -> bool:
    """Is `word` the ordinal of a quartile named next ("first quartile", "третій квартиль")?"""
    return word in _WHICH_QUARTILE and any(stem_match(q, following) for q in QUARTILE_WORDS)


def percentiles(toks: list[str], used: set[int]) -> tuple[tuple[float, ...], list[int]] | None:
    """"90th percentile", "p95", "квартилі", "第90百分位数" -> the percentiles and words used."""
    span = clues.first(QUARTILE_WORDS, toks, used)
    if span is not None:
        before = span[0] - 1
        # (read as a superlative already: "lower", "top" are also "lowest", "highest")
        if before >= 0 and toks[before] in _WHICH_QUARTILE:
            # "the first quartile", "upper quartile": that one, not all three
            return (_WHICH_QUARTILE[toks[before]],), [before, *span]
        return (25.0, 50.0, 75.0), span
    named = [(i, float(m.group(1))) for i, t in enumerate(toks)
             if i not in used and (m := _P_NAME.fullmatch(t))]
    span = clues.first(PERCENTILE_WORDS, toks, used)
    if span is None:
        if not named:
            return None
        return tuple(p for _, p in named), [i for i, _ in named]
    taken, found = list(span), list[float]()
    j, pending = span[0] - 1, list[int]()
    while j >= 0 and j not in used:  # "the 10th and 90th percentiles", "90-й перцентиль"
        m = _ORDINAL.fullmatch(toks[j])
        if m:
            found.insert(0, float(m.group(1)))
            taken += [*pending, j]
            pending = []
        elif toks[j] in _ORDINAL_FILLERS:
            taken.append(j)
        elif toks[j] in _AND:
            pending.append(j)  # "median and 90th": the "and" joins other statistics
        else:
            break
        j -= 1
    if not found:  # "percentile 90", "перцентиль 95"
        k = span[-1] + 1
        while k < len(toks) and k not in used and (m := _ORDINAL.fullmatch(toks[k])):
            found.append(float(m.group(1)))
            taken.append(k)
            k += 1
            if k < len(toks) and toks[k] in _AND:
                k += 1
    found += [p for _, p in named]
    taken += [i for i, _ in named]
    if not found:
        return None
    return tuple(dict.fromkeys(p for p in found if 0 < p < 100)), sorted(taken)


@dataclass(frozen=True)
class Threshold:
    """"more than the average fare": compare `column` with its `against` statistic."""

    column: str
    op: FilterOp
    against: Aggregation
    span: tuple[int, ...]
    hit: Hit | None
    """The column's own mention consumed by the comparison (not a measure), if any."""


def thresholds(toks: list[str], used: set[int], hits: Sequence[Hit],
               numeric: set[str]) -> list[Threshold]:
    """Comparisons with a statistic of a column instead of a number."""
    found: list[Threshold] = []
    taken = set(used)
    kinds: tuple[tuple[FilterOp, tuple[str, ...]], ...] = (
        ("ge", AT_LEAST), ("le", AT_MOST), ("gt", GREATER), ("lt", LESS))
    for op, phrases in kinds:
        for phrase in phrases:
            span = find_phrase(phrase, toks, taken)
            if span is None:
                continue
            k = span[-1] + 1
            while k < len(toks) and toks[k] in STOP and k not in taken:
                k += 1
            against, stat = None, None
            for a in _THRESHOLDS:
                stat = find_phrase_at(AGGREGATIONS[a], toks, k, taken)
                if stat is not None:
                    against = a
                    break
            if against is None or stat is None:
                continue
            after = stat[-1] + 1
            hit = next((h for h in hits if h.column in numeric and h.span[0] in
                        (after, after + 1)), None)
            again = _named_again(toks, after, [h for h in hits if h.column in numeric], taken)
            if hit is None and again is not None:
                # "median fare ... more than the average fare": the name said a second time
                # (the column's first mention is its hit, the measure).
                column, stat = again[0], [*stat, *again[1]]
            elif hit is None:  # "who paid more than the average": the number named before
                before = [h for h in hits if h.column in numeric and h.span[-1] < span[0]]
                if not before:
                    continue
                column = before[-1].column
                between = toks[before[-1].span[-1] + 1:span[0]]
                if all(t in STOP for t in between):
                    hit = before[-1]  # "fare above the average": named for the comparison
            else:
                column = hit.column
            said = [h for h in hits if h.column in numeric and h.span[-1] < span[0]
                    and all(t in STOP for t in toks[h.span[-1] + 1:span[0]])]
            if said and said[-1].column != column:
                continue  # "fare above the median age": two columns, not one
            words_used = (*span, *range(span[-1] + 1, k), *stat, *(hit.span if hit else ()))
            taken.update(words_used)
            found.append(Threshold(column, op, against, tuple(sorted(words_used)), hit))
    found += _adjective_thresholds(toks, taken, hits, numeric)
    found += _around_thresholds(toks, taken, hits, numeric)
    return found


_MORE = {"more": "gt", "less": "lt", "fewer": "lt", "higher": "gt", "lower": "lt",
         "greater": "gt", "bigger": "gt", "smaller": "lt", "larger": "gt"}
_THAN = ("than", "ніж", "чем")


def uncompared(toks: list[str], used: set[int]) -> list[str]:
    """"how many more Adelie than Gentoo": a comparative and a "than" after it that no
    condition read ask for a difference, which no reading gives; as fillers they had let the
    count of both stand as the answer. They are words left over."""
    for i, tok in enumerate(toks):
        if i not in used and tok in (*_MORE, "більше", "менше", "больше", "меньше"):
            than = next((j for j in range(i + 1, len(toks)) if toks[j] in _THAN
                         and j not in used), None)
            if than is not None:
                return [tok, toks[than]]
    return []


_ADJECTIVES: tuple[tuple[FilterOp, str], ...] = (
    ("gt", "heavier than"), ("lt", "lighter than"), ("gt", "more expensive than"),
    ("lt", "cheaper than"), ("gt", "warmer than"), ("lt", "colder than"),
    ("gt", "hotter than"), ("gt", "faster than"), ("lt", "slower than"))


def _statistic_at(toks: list[str], k: int, taken: set[int]) -> tuple[Aggregation, list[int]] | None:
    while k < len(toks) and toks[k] in STOP and k not in taken:
        k += 1
    for a in _THRESHOLDS:
        stat = find_phrase_at(AGGREGATIONS[a], toks, k, taken)
        if stat is not None:
            return a, stat
    return None


def _around_thresholds(toks: list[str], taken: set[int], hits: Sequence[Hit],
                       numeric: set[str]) -> list[Threshold]:
    """"more precipitation than the average", "less Horsepower than the median"."""
    found: list[Threshold] = []
    # The column may be said twice ("average wind on days with less wind than the median"):
    # each place its words stand is tried, the measure's own mention included.
    places = [(h, h.span) for h in hits] + [
        (h, tuple(range(i, i + len(h.span)))) for h in hits for i in range(len(toks))
        if i != h.span[0] and toks[i:i + len(h.span)] == [toks[j] for j in h.span]
        and not taken & set(range(i, i + len(h.span)))]
    for hit, span in places:
        before, after = span[0] - 1, span[-1] + 1
        if (hit.column not in numeric or before < 0 or after >= len(toks)
                or toks[before] not in _MORE or toks[after] != "than"
                or taken & {before, after}):
            continue
        got = _statistic_at(toks, after + 1, taken)
        if got is None:
            continue
        against, stat = got
        again = _named_again(toks, stat[-1] + 1, [hit], taken)  # "… than the average precipitation"
        words_used = (before, *span, *range(after, stat[0]), *stat, *(again[1] if again else ()))
        taken.update(words_used)
        found.append(Threshold(hit.column, _MORE[toks[before]], against,  # type: ignore[arg-type]
                               tuple(sorted(words_used)), hit if span == hit.span else None))
    return found


def _adjective_thresholds(toks: list[str], taken: set[int], hits: Sequence[Hit],
                          numeric: set[str]) -> list[Threshold]:
    """"heavier than the average body_mass_g": only with the column named after the
    statistic (an adjective alone does not say which column it compares)."""
    found: list[Threshold] = []
    for op, phrase in _ADJECTIVES:
        span = find_phrase(phrase, toks, taken)
        if span is None:
            continue
        got = _statistic_at(toks, span[-1] + 1, taken)
        if got is None:
            continue
        against, stat = got
        after = stat[-1] + 1
        hit = next((h for h in hits if h.column in numeric and h.span[0] in (after, after + 1)),
                   None)
        if hit is None:
            continue
        words_used = (*range(span[0], stat[0]), *stat, *range(after, hit.span[-1] + 1))
        taken.update(words_used)
        found.append(Threshold(hit.column, op, against, tuple(sorted(words_used)), hit))
    return found


def _named_again(toks: list[str], at: int, hits: Sequence[Hit],
                 used: set[int]) -> tuple[str, list[int]] | None:
    for hit in hits:
        name = [toks[i] for i in hit.span]
        for start in (at, at + 1):
            span = list(range(start, start + len(name)))
            if toks[start:start + len(name)] == name and not used & set(span):
                return hit.column, span
    return None


def find_phrase_at(phrases: tuple[str, ...], toks: list[str], at: int,
                   used: set[int]) -> list[int] | None:
    """The first of `phrases` starting exactly at word `at`."""
    spans = (find_phrase(p, toks[at:], {i - at for i in used if i >= at}) for p in phrases)
    return next(([at + i for i in span] for span in spans if span and span[0] == 0), None)


def which_period(toks: list[str], used: set[int]) -> tuple[PeriodUnit, list[int]] | None:
    """"which month had the highest ...", "в якому місяці", "哪个月", "the month with the
    highest ...", "revenue最高的月份": the period asked for."""
    which = clues.first(WHICH, toks, used)
    units: tuple[PeriodUnit, ...] = ("month", "quarter", "year", "week")
    if which is not None:
        for unit in units:
            span = find_phrase_at(PERIODS[unit], toks, which[-1] + 1, used)
            if span is not None:
                return unit, span  # "which" stays for the parser: the one period asked
    for unit in (*units, "day"):
        for k in range(len(toks)):
            span = find_phrase_at(PERIODS[unit], toks, k, used)
            if span is None or (unit == "day" and toks[k] not in _ONE_DAY):
                continue  # ("how many days with wind over 5": the days are counted)
            after, before = toks[span[-1] + 1] if span[-1] + 1 < len(toks) else "", toks[k - 1:k]
            if after in _PERIOD_ASKED or before and before[0] in _RANKING_BEFORE or (
                    before == ["的"] and span[-1] >= len(toks) - 2):  # ("the busiest month")
                return unit, span + ([span[-1] + 1] if after == "份" else [])
    return None


_RANKING_BEFORE = ("busiest", "best", "worst", "biggest", "strongest", "weakest", "slowest",
                   "highest", "lowest", "peak")  # "the best day for sales": its total ranked
_ONE_DAY = ("day", "date", "день", "дата")
"""The one day asked ("the day with the most orders"), never the days counted."""
_PERIOD_ASKED = ("with", "that", "when", "where", "з", "із", "с", "когда", "коли", "份")
""""the month with the highest revenue", "місяць з найбільшою", "месяц с самой высокой"."""


_ONE_OF = ("mean", "median", "min", "max", "std", "var", "percentile")


def _joined(toks: list[str], spans: Sequence[Sequence[int]]) -> bool:
    """Are the statistics' words joined by "and" or commas ("mean and standard deviation")?"""
    return all(any(t in (*_AND, ",") for t in toks[a[-1] + 1:b[0]])
               for a, b in zip(spans, spans[1:], strict=False))


def clashing(toks: list[str], found: list[tuple[Aggregation, list[int]]]) -> list[str]:
    """The words of two statistics asked for one figure, not joined as a list ("average
    wind … less wind than the median", the median not read as a threshold): which one is
    meant is not said, so neither may be dropped. [] when there is no such clash."""
    spans = sorted((s for n, s in found if n in _ONE_OF), key=lambda s: s[0])
    if len({n for n, _ in found if n in _ONE_OF}) < 2 or _joined(toks, spans):
        return []
    return [" ".join(toks[i] for i in s) for s in spans]


def aggregations(toks: list[str], found: list[tuple[Aggregation, list[int]]]) -> tuple[
        Aggregation | None, list[int] | None, tuple[Aggregation, ...]]:
    """The aggregation asked (the first found, in the vocabulary's order) and the statistics
    asked beside it ("mean and standard deviation", "median та дисперсія")."""
    if not found:
        return None, None, ()
    name, span = found[0]
    stats = sorted(((n, s) for n, s in found if n in STATISTICS), key=lambda f: f[1][0])
    if name not in STATISTICS or len(stats) < 2:
        return name, span, ()
    if not _joined(toks, [s for _, s in stats]):
        return name, span, ()
    return stats[0][0], stats[0][1], tuple(dict.fromkeys(n for n, _ in stats[1:]))


def ranking(toks: list[str], used: set[int]) -> tuple[Order | None, int | None, list[int] | None]:
    """Top/bottom N and superlatives: the order, the N ("top 5", "最高的前5个") and the
    superlative's words (added to `used`)."""
    # "highest first", "по убыванию": an order asked, no superlative
    asked = [(d, span) for d, said in SORTED if (span := clues.first(said, toks, used))]
    used.update(i for _, span in asked for i in span)
    order: Order | None = asked[0][0] if asked else None
    limit: int | None = None
    ranked: list[int] | None = None  # the superlative's words
    directions: tuple[tuple[Order, tuple[str, ...]], ...] = (("desc", HIGHEST), ("asc", LOWEST))
    for direction, superlatives in directions:
        span = clues.first(superlatives, toks, used)
        if span is not None:
            order, ranked = order or direction, ranked or span
            used.update(span)
            n = clues.number_after(toks, span[-1] + 1, used) or clues.number_after(
                toks, span[0] - 1, used)
            if n is None:
                n = clues.chinese_top(toks, used)  # "最高的前5个": the count follows 前 later on
            if n is not None:
                limit = n[0]
                used.add(n[1])
    # "按销售额排名前5", "rank the regions by sales": the largest first unless "lowest";
    # "rank correlation" is Spearman's.
    if (span := clues.first(RANKED, toks, used)) and "correl" not in " ".join(toks[span[-1]:]):
        used.update(span)
        order = order or "desc"
    return order, limit, ranked


def named(toks: list[str], used: set[int],
          found: list[tuple[Aggregation, list[int]]]) -> tuple[tuple[float, ...], list[int]] | None:
    """The measures the question names, appended to `found` with their words (added to
    `used`); the percentile asked, if one is."""
    asked = percentiles(toks, used)
    if asked is not None:
        used.update(asked[1])
        found.append(("percentile", asked[1]))
    for name, phrases in (*STATISTIC_WORDS.items(), *AGGREGATIONS.items()):
        span = clues.first(phrases, toks, used)
        if span is not None:
            found.append((name, list(span)))
            used.update(span)
            # "Pearson correlation", "average mean": more words of the same measure say
            # it again, nothing more.
            while (again := clues.first(phrases, toks, used)) is not None and (
                    min(again) - max(span) in (1, 2) or max(span) - min(again) in (1, 2)
                    or name in CORRELATIONS):  # ("is tip correlated …? the pearson r")
                used.update(again)  # (a second "average" further on is a threshold's)
                span = [*span, *again]
    return asked
