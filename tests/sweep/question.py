"""One question of the sweep and the truth it must be answered with.

A `Question` is data written by hand: the words a person would type, their language, the
measure of issue 26 point 2 it asks for, and a function that computes the truth with plain
pandas from the raw CSV (`tables.raw`). The truth says what kind of answer is right: one
figure (`Scalar`), a figure per key (`Keyed`), the key holding an extreme (`Label`), a
change between two periods (`Growth`), or nothing at all (`NoFigure`: the question names
no measure, and any figure stated for it is a guess).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, get_args

import pandas as pd

Measure = Literal["count", "nunique", "sum", "mean", "median", "min", "max", "std", "var",
                  "percentile", "share", "missing", "pearson", "spearman", "extreme",
                  "growth", "none"]
"""The measure asked for: those point 2 of issue 26 lists, or "none" (a trap naming no
measure: only a refusal or a question back is right)."""
POINT_2: frozenset[str] = frozenset(get_args(Measure)) - {"none"}

Key = tuple[str, ...]
"""A group's key as text, its parts sorted: ("Europe", "4") and ("4", "Europe") are the
same group whichever order the answer's columns come in."""


@dataclass(frozen=True)
class Scalar:
    value: float


@dataclass(frozen=True)
class Keyed:
    values: dict[Key, float]


@dataclass(frozen=True)
class Label:
    keys: frozenset[Key]
    """Every key that holds the extreme (ties), in each spelling a right answer may use."""
    value: float
    extreme: Literal["highest", "lowest"]


@dataclass(frozen=True)
class Growth:
    start: float
    end: float


@dataclass(frozen=True)
class NoFigure:
    pass


Truth = Scalar | Keyed | Label | Growth | NoFigure


@dataclass(frozen=True)
class Question:
    table: str
    """The CSV's file name (`tables.TABLES`)."""
    text: str
    language: str
    measure: Measure
    truth: Callable[[pd.DataFrame], Truth]

    @property
    def id(self) -> str:
        return f"{self.table}|{self.language}|{self.text}"


def key_text(value: Any) -> str:
    """A key as the answer's table and the truth both spell it: a month "2012-01", a year
    "2012", a whole number without ".0", a date without its midnight."""
    if isinstance(value, pd.Period):
        return str(value)
    if isinstance(value, pd.Timestamp):
        return str(value.date()) if value == value.normalize() else str(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return str(int(value)) if float(value).is_integer() else repr(float(value))
    text = str(value).strip()
    try:
        number = float(text)
    except ValueError:
        return text.removesuffix(" 00:00:00")
    return str(int(number)) if math.isfinite(number) and number.is_integer() else text


def key_of(value: Any) -> Key:
    parts = value if isinstance(value, tuple) else (value,)
    return tuple(sorted(key_text(p) for p in parts))


def questions(table: str, measure: Measure, truth: Callable[[pd.DataFrame], Truth],
              *texts: str, language: str = "en") -> list[Question]:
    """Several phrasings of one question (one truth)."""
    return [Question(table, text, language, measure, truth) for text in texts]


# -- truth builders: each wraps a plain pandas computation -----------------------------------

def scalar(compute: Callable[[pd.DataFrame], Any]) -> Callable[[pd.DataFrame], Truth]:
    return lambda df: Scalar(float(compute(df)))


def keyed(compute: Callable[[pd.DataFrame], pd.Series]) -> Callable[[pd.DataFrame], Truth]:
    return lambda df: Keyed({key_of(k): float(v) for k, v in compute(df).items()})


def extreme(compute: Callable[[pd.DataFrame], pd.Series], which: Literal["highest", "lowest"],
            also: Callable[[Any], Iterable[Any]] = lambda k: ()) -> Callable[[pd.DataFrame], Truth]:
    """The key(s) of `compute`'s series holding its highest or lowest value; `also` gives
    other spellings of a key a right answer may use (a year 1980 as "1980-01-01")."""
    def truth(df: pd.DataFrame) -> Truth:
        series = compute(df).dropna()
        best = series.max() if which == "highest" else series.min()
        winners = series[series == best].index
        keys = {key_of(k) for k in winners} | {key_of(a) for k in winners for a in also(k)}
        return Label(frozenset(keys), float(best), which)
    return truth


def growth(compute: Callable[[pd.DataFrame], tuple[Any, Any]]) -> Callable[[pd.DataFrame], Truth]:
    def truth(df: pd.DataFrame) -> Truth:
        start, end = compute(df)
        return Growth(float(start), float(end))
    return truth


def no_figure(df: pd.DataFrame) -> Truth:
    return NoFigure()


def dates(df: pd.DataFrame, column: str) -> pd.Series:
    return pd.to_datetime(df[column])


def per_month(stamps: pd.Series, keep: pd.Series | None = None) -> pd.Series:
    """Rows per month over every month of the table's range, zeros included."""
    months = stamps.dt.to_period("M")
    every = pd.period_range(months.min(), months.max(), freq="M")
    chosen = months if keep is None else months[keep]
    return chosen.value_counts().reindex(every, fill_value=0)


def share(series: pd.Series) -> pd.Series:
    """Each part as a percentage of the whole (the answer says shares in %)."""
    return series / series.sum() * 100
