"""Wide tables: periods as columns ("Region, Jan 2025 … Dec 2025, FY 2025") read as such.

The layout is decided from the clean table's column names and types alone: two or more
numeric columns named by periods of one kind (months, quarters, weeks…) are the periods;
a column of a coarser kind or a total word ("FY 2025" over months, "Q1 2026" over its
months, "Total", "Итого") totals them and is not a period. Merged headers joined as
"Jan 2026 Revenue" give a period and a measure. `long_form` melts the periods into a tidy
table (keys…, Period, [Measure,] Value) written beside the wide one, which the recipes use.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from analyst.ingest.periods import KINDS, Period, parse_period
from analyst.words.note import Labels, Note, Word

PERIOD, MEASURE, VALUE = "Period", "Measure", "Value"


@dataclass(frozen=True)
class PeriodColumn:
    column: str
    period: Period
    measure: str | None = None
    """The measure a joined merged header names beside its period ("Revenue")."""


@dataclass(frozen=True)
class WideLayout:
    periods: tuple[PeriodColumn, ...]
    """The period columns, in the file's order."""
    totals: tuple[PeriodColumn, ...]
    keys: tuple[str, ...]
    """Every other column: what a row is about (Region, Account…)."""
    kind: str
    """The periods' kind: one of `periods.KINDS` but "total"."""

    @property
    def measures(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p.measure for p in self.periods if p.measure))

    @property
    def period_columns(self) -> tuple[str, ...]:
        return tuple(p.column for p in self.periods)

    @property
    def total_columns(self) -> tuple[str, ...]:
        return tuple(p.column for p in self.totals)

    def describe(self) -> Note:
        """"wide: 12 monthly columns Jan 2025–Dec 2025 and an FY 2025 total"."""
        labels = list(dict.fromkeys(p.period.label for p in self.periods))
        count = len(labels)
        span = f"{labels[0]}–{labels[-1]}" if count > 1 else labels[0]
        measures: Note | str = ""
        if self.measures:
            measures = Note("wide_measures", len(self.measures), n=len(self.measures),
                            names=", ".join(self.measures))
        totals = list(dict.fromkeys(p.period.label if p.period.kind != "total" else p.column
                                    for p in self.totals))
        said: Note | str = ""
        if len(totals) == 1:
            # English's article goes by the label's sound ("an FY 2025"): two ids, the same elsewhere.
            article = "an" if totals[0][:1].upper() in "AEFHILMNORSX" else "a"
            said = Note(f"wide_total_{article}", name=totals[0])
        elif totals:
            said = Note("wide_totals", names=Labels(totals)) if len(totals) <= 3 else Note("wide_totals_n",
                                                                                        n=len(totals))
        key = "wide_periods" if self.measures else "wide_columns"
        kind = Word(f"wide_{self.kind}") if self.kind in KINDS else self.kind
        return Note(key, count, n=count, kind=kind, span=span, measures=measures, totals=said)


def period_of(name: str) -> tuple[Period, str | None] | None:
    """The period a column's name gives, and the measure beside it in a joined header."""
    found = _period(name)
    if found is not None:
        return found, None
    words = str(name).split()
    for cut in range(len(words) - 1, 0, -1):  # "Jan 2026 Revenue", "Q1 2026 Units"
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        found = _period(head)
        if found is not None and _period(tail) is None:
            return found, tail
    for cut in range(1, len(words)):  # "Revenue Jan 2026": the longest period first
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        found = _period(tail)
        if found is not None and _period(head) is None:
            return found, head
    return None


def detect_wide(names: Sequence[str], numeric: Sequence[bool]) -> WideLayout | None:
    """The wide layout of a table with these column names (and which are numeric), or None."""
    found = []
    for name in names:
        parsed = period_of(name)
        found.append(PeriodColumn(name, *parsed) if parsed else None)
    # Two numeric period columns make the calendar; a period column read as text (mostly
    # "TBD") still is one: its cells that are not numbers are counted by `text_cells`.
    numbers = {p.column for p, is_number in zip(found, numeric, strict=True) if p and is_number}
    candidates = [p for p in found if p is not None]
    kinds = [p.period.kind for p in candidates if p.period.kind != "total" and p.column in numbers]
    finest = next((k for k in KINDS if kinds.count(k) >= 2), None)
    if finest is None:
        return None
    periods = tuple(p for p in candidates if p.period.kind == finest)
    if len({(p.period, p.measure) for p in periods}) < len(periods):
        return None  # the same period twice: not a calendar across the columns
    if len({p.period for p in periods}) < 2:
        return None  # "2026 Revenue, 2026 Cost": one period over measures, a long table
    totals = tuple(p for p in candidates if p.period.kind != finest
                   and (p.period.kind == "total" or KINDS.index(p.period.kind) > KINDS.index(finest)))
    used = {p.column for p in (*periods, *totals)}
    keys = tuple(n for n in names if n not in used)
    return WideLayout(periods, totals, keys, finest)


def long_form(frame: pd.DataFrame, layout: WideLayout) -> pd.DataFrame:
    """keys…, Period (the period's first day, or its label without a year), [Measure,] Value.

    One row per row of the wide table and period (and measure); a missing cell stays a
    row with no value, so nothing is silently dropped and sums are the same.
    """
    keys = list(layout.keys)
    names = _free_names(keys)
    dated = all(p.period.start is not None for p in layout.periods)
    parts = []
    for column in layout.periods:
        part = frame[keys].copy()
        part.columns = [str(k) for k in keys]
        start = column.period.start
        part[names[PERIOD]] = (pd.Timestamp(start) if dated and start is not None
                               else column.period.label)
        if layout.measures:
            part[names[MEASURE]] = column.measure or ""
        part[names[VALUE]] = pd.to_numeric(frame[column.column], errors="coerce").to_numpy()
        parts.append(part)
    long = pd.concat(parts, ignore_index=True)
    if dated:
        long[names[PERIOD]] = pd.to_datetime(long[names[PERIOD]]).astype("datetime64[s]")
    return long


def text_cells(frame: pd.DataFrame, layout: WideLayout) -> list[Note]:
    """A sentence on period cells that are not numbers (they are missing in the long table)."""
    lost, examples = 0, []
    for column in layout.period_columns:
        values = frame[column]
        bad = values.notna() & pd.to_numeric(values, errors="coerce").isna()
        lost += int(bad.sum())
        examples += [str(v) for v in values[bad].head(3)]
    if not lost:
        return []
    shown = ", ".join(f"'{v}'" for v in list(dict.fromkeys(examples))[:3])
    return [Note("period_text_cells", lost, n=lost, shown=shown)]


def total_checks(frame: pd.DataFrame, layout: WideLayout) -> list[Note]:
    """Sentences on each total column: equal to the sum of the periods it covers, or not."""
    notes = []
    for total in layout.totals:
        covered = [p.column for p in layout.periods if _within(p.period, total.period)
                   and p.measure == total.measure]
        if not covered:
            continue
        expected = frame[covered].apply(pd.to_numeric, errors="coerce").sum(axis=1, min_count=1)
        stated = pd.to_numeric(frame[total.column], errors="coerce")
        both = expected.notna() & stated.notna()
        off = both & ((expected - stated).abs() > 0.005 + 1e-9 * expected.abs())
        k = len(covered)
        if off.any():
            rows = int(off.sum())
            notes.append(Note("total_differs", rows, column=str(total.column), n=rows, rows=int(both.sum()),
                              what=Note("periods_sum_from", k, n=k)))
        elif both.any():
            notes.append(Note("total_equal", column=str(total.column), what=Note("periods_sum_equal", k, n=k)))
    return notes


def _within(period: Period, total: Period) -> bool:
    if total.kind == "total" or total.year is None:
        return True
    start = period.start
    if start is None or total.start is None:
        return False
    end_month = total.start.month - 1 + total.months
    end = dt.date(total.start.year + end_month // 12, end_month % 12 + 1, 1)
    return total.start <= start < end


def _period(text: str) -> Period | None:
    text = str(text).strip()
    try:
        day = dt.date.fromisoformat(text)  # a weekly header kept as "2026-01-05"
    except ValueError:
        return parse_period(text)
    return Period("day", day.year, day.month, day.day)


def _free_names(keys: Sequence[str]) -> dict[str, str]:
    """Period/Measure/Value, or "Period (2)" when a key column already has that name."""
    taken = {str(k) for k in keys}
    names = {}
    for name in (PERIOD, MEASURE, VALUE):
        chosen, n = name, 2
        while chosen in taken:
            chosen, n = f"{name} ({n})", n + 1
        taken.add(chosen)
        names[name] = chosen
    return names
