"""Reading the columns a recipe is given: check they exist, read numbers and dates.

The ingester normally hands over clean numeric and datetime columns. When it did not (a
frame built by hand, a column it left as text) a recipe must still never produce a silently
wrong number: text amounts such as "1 234,50", "$1,234.00" or "(56.00)" are read here, and
every value that cannot be read is counted and reported in a note.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from .notes import NoteId, Word, english, note

REFUSALS = "recipe_error"
"""The catalogue context of a recipe's refusals."""


class RecipeError(ValueError):
    """The recipe cannot run on this input: message `key` of context "recipe_error" with its
    `values` (plain JSON: str, int, float, a list of str), never an English sentence to
    parse back. `str(exc)` is its English, from the catalogue's compiled copy beside the
    recipes (what the language model and a traceback read). The planner's step code
    prints `to_dict()` on the refusal marker line before it re-raises; the host says the
    refusal in the reader's language (`analyst.record.refusal`). `count` picks a plural
    form."""

    key: str
    values: dict[str, Any]
    plural: int | None

    def __init__(self, key: str, count: int | None = None, /, **values: Any) -> None:
        shown = {k: ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else v
                 for k, v in values.items()}
        super().__init__(english(key, count, shown, REFUSALS))
        # Pickled, it is rebuilt from its English (an id the catalogue lacks, said as it is)
        # and these attributes are put back from its `__dict__`: no method of its own.
        self.key, self.values, self.plural = key, dict(values), count

    def to_dict(self) -> dict[str, Any]:
        """What the refusal marker line carries: {"error": key, "values": ..., "count"}."""
        data: dict[str, Any] = {"error": self.key, "values": {
            k: list(map(str, v)) if isinstance(v, (list, tuple)) else v
            for k, v in self.values.items()}}
        if self.plural is not None:
            data["count"] = self.plural
        return data


BLANK_LABEL = "(blank)"

# Currency marks we strip from text amounts; anything else that is not a digit, a
# separator, a sign or a parenthesis makes the value unreadable (and counted as such).
_CURRENCY = re.compile(
    r"(?i)(usd|eur|uah|rub|gbp|cny|rmb|pln|грн\.?|руб\.?|р\.|zł)|[$€£¥₴₽₸元]"
)
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009']")
_NUMBER = re.compile(r"^(?P<neg1>[-+])?(?P<paren>\()?(?P<neg2>[-+])?(?P<body>[\d.,]*\d[\d.,]*)\)?(?P<neg3>-)?$")
_THOUSANDS_COMMA = re.compile(r"^\d{1,3}(,\d{3})+$")
_THOUSANDS_DOT = re.compile(r"^\d{1,3}(\.\d{3}){2,}$")


def require(df: pd.DataFrame, *columns: str | None) -> None:
    """Raise a `RecipeError` naming the closest existing column when one is missing."""
    if not isinstance(df, pd.DataFrame):
        raise RecipeError("needs_table")
    present = [str(c) for c in df.columns]
    for column in columns:
        if column is None or column in df.columns:
            continue
        close = difflib.get_close_matches(str(column), present, n=1)
        if close:
            raise RecipeError("column_missing_close", column=str(column), close=close[0],
                              columns=present)
        raise RecipeError("column_missing", column=str(column), columns=present)
    if df.empty:
        raise RecipeError("no_rows")


def to_number(series: pd.Series, name: str) -> tuple[pd.Series, list[NoteId]]:
    """Return the column as float64 plus notes about anything that was read or lost."""
    if pd.api.types.is_bool_dtype(series):
        return series.astype("float64"), []
    if pd.api.types.is_numeric_dtype(series):
        values = series.astype("float64")
        return values, _missing_note(values, name)
    text = series.astype("string").str.strip()
    cleaned = text.str.replace(_CURRENCY, "", regex=True).str.replace(_SPACES, "", regex=True)
    decimal, how = _decimal_mark(cleaned.dropna().unique().tolist())
    parsed = {v: _parse(v, decimal) for v in cleaned.dropna().unique()}
    values = cleaned.map(parsed, na_action="ignore").astype("float64")
    was_blank = text.isna() | (text == "")
    lost = values.isna() & ~was_blank
    notes: list[NoteId] = [note("note_text_numbers", column=name, how=Word(how))]
    if lost.any():
        examples = ", ".join(repr(v) for v in text[lost].unique()[:3])
        rows = int(lost.sum())
        notes.append(note("note_unreadable_numbers", rows, rows=rows, column=name,
                          examples=examples))
    notes.extend(_missing_note(values.where(~lost, 0.0), name))
    return values, notes


def to_dates(series: pd.Series, name: str) -> tuple[pd.Series, list[NoteId]]:
    """Return the column as datetime64 (no time zone) plus notes about unreadable dates."""
    if pd.api.types.is_datetime64_any_dtype(series):
        values = series.dt.tz_localize(None) if series.dt.tz is not None else series
        return values.astype("datetime64[ns]"), []
    text = series.astype("string").str.strip()
    candidates = [
        ("iso_dates", pd.to_datetime(text, format="ISO8601", errors="coerce")),
        ("day_first", pd.to_datetime(text, format="mixed", dayfirst=True, errors="coerce")),
        ("month_first", pd.to_datetime(text, format="mixed", dayfirst=False, errors="coerce")),
    ]
    # The reading that understands the most values wins; on a tie the earlier (ISO, then
    # day-first, the European habit of our users) is kept.
    how, values = max(candidates, key=lambda c: int(c[1].notna().sum()))
    values = values.astype("datetime64[ns]")
    notes: list[NoteId] = [note("note_text_dates", column=name, how=Word(how))]
    lost = values.isna() & text.notna() & (text != "")
    if lost.any():
        rows = int(lost.sum())
        notes.append(note("note_unreadable_dates", rows, rows=rows, column=name))
    return values, notes


def to_labels(series: pd.Series) -> pd.Series:
    """Group keys as text; a missing key becomes "(blank)" instead of silently vanishing."""
    labels = series.astype("string").str.strip()
    return labels.fillna(BLANK_LABEL).replace("", BLANK_LABEL).astype(object)


def blank_note(labels: pd.Series, name: str) -> list[NoteId]:
    count = int((labels == BLANK_LABEL).sum())
    if not count:
        return []
    return [note("note_blank", count, rows=count, column=name, label=BLANK_LABEL)]


def returns_note(values: pd.Series, name: str) -> list[NoteId]:
    negative = values < 0
    if not negative.any():
        return []
    rows = int(negative.sum())
    return [note("note_negative", rows, rows=rows, column=name,
                 total=float(values[negative].sum()))]


def order_by_amount(table: pd.DataFrame, amount: str, label: str | Sequence[str]) -> pd.DataFrame:
    """Largest amount first; equal amounts in ascending label order, so ties are stable."""
    labels = [label] if isinstance(label, str) else list(label)
    return table.sort_values(
        [amount, *labels], ascending=[False, *([True] * len(labels))], kind="mergesort"
    ).reset_index(drop=True)


def pct(part: float, whole: float) -> float:
    """part / whole in percent; NaN (not infinity) when the whole is zero."""
    if whole == 0 or pd.isna(whole) or pd.isna(part):
        return float("nan")
    return float(part) / float(whole) * 100.0


def _missing_note(values: pd.Series, name: str) -> list[NoteId]:
    missing = int(values.isna().sum())
    if not missing:
        return []
    return [note("note_missing", missing, rows=missing, column=name)]


def _decimal_mark(values: list[str]) -> tuple[str, str]:
    """Decide the column's decimal mark from all its values at once (never value by value)."""
    both = [v for v in values if "," in v and "." in v]
    if both:
        last_comma = sum(v.rfind(",") > v.rfind(".") for v in both)
        if last_comma * 2 > len(both):
            return ",", "decimal_comma_dot_thousands"
        return ".", "decimal_point_comma_thousands"
    commas = [v for v in values if "," in v]
    dots = [v for v in values if "." in v]
    if any(_THOUSANDS_DOT.match(_body(v)) for v in dots):
        return ",", "decimal_comma_dot_thousands"
    if commas and not all(_THOUSANDS_COMMA.match(_body(v)) for v in commas):
        return ",", "decimal_comma"
    if commas and dots:
        return ".", "decimal_point_comma_thousands"
    if commas:
        return ".", "comma_thousands"
    return ".", "decimal_point"


def _body(value: str) -> str:
    match = _NUMBER.match(value)
    return match.group("body") if match else value


def _parse(value: str, decimal: str) -> float:
    match = _NUMBER.match(value)
    if not match:
        return np.nan
    body = match.group("body")
    thousands = "." if decimal == "," else ","
    body = body.replace(thousands, "").replace(decimal, ".")
    if body.count(".") > 1:
        return np.nan
    number = float(body)
    negative = bool(match.group("paren")) or "-" in (
        (match.group("neg1") or "") + (match.group("neg2") or "") + (match.group("neg3") or "")
    )
    return -number if negative else number
