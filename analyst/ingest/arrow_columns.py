"""Whole-column cleaning in Arrow's C++ kernels: one pass of a few kernels per column.

Each function returns the clean column and how many present cells it could not read; the
caller decides what an unreadable cell means (the fast path hands such files to the
general path, which reports them cell by cell).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from analyst.ingest.number_notes import NumberFacts
from analyst.ingest.numbers import CURRENCY, _main_currency

_SPACE = "\\s\u00a0\u202f"
_MINUS = "\u2212"  # a real character: RE2 does not read \u escapes
# The shape of a number cell as the sample decided it: signs and currency around digits
# and separators. Anything else ("N/A2", "12 boxes") is unreadable, never half-read.
_NUMBER_CELL = (
    rf"^[(+\-{_MINUS}{_SPACE}]*(?:{CURRENCY})?[{_SPACE}]*[(+\-{_MINUS}]*"
    rf"[0-9][0-9.,'{_SPACE}]*(?:[eE][+\-]?[0-9]{{1,3}})?[{_SPACE}]*%?[{_SPACE}]*(?:{CURRENCY})?[{_SPACE}]*[)\-]*$"
)
_NEGATIVE = rf"^[^0-9]*[(\-{_MINUS}]|[)\-][^0-9]*$"
_EXPONENT = r"[eE][+\-]?[0-9]{1,3}"
# The general path's rules (`numbers._SCIENTIFIC`), on the cleaned digits: a mantissa with at
# most the decimal separator, and a fraction or a signed exponent ("1E5" is a code).
_SCIENTIFIC_DIGITS = r"^([0-9]+\.[0-9]*|\.[0-9]+)[eE][+\-]?[0-9]+$|^[0-9]+[eE][+\-][0-9]+$"
_PLAIN_DIGITS = {".": r"^[0-9]+(\.[0-9]+)?$|^[0-9]+\.$", ",": r"^[0-9]+(\.[0-9]+)?$"}


def clean_numbers(col: pa.ChunkedArray, decimal: str, percent: bool, whole: bool = False):
    """"$1,234.56", "(56.00)", "1 234,5", "12,5%", "3.2e+21", "3504." -> numbers; returns
    (column, unreadable)."""
    if col.type != pa.string():
        return col, 0
    shape_ok = pc.match_substring_regex(col, _NUMBER_CELL)
    negative = pc.match_substring_regex(col, _NEGATIVE)
    scientific = pc.match_substring_regex(col, _EXPONENT)
    exponent = pc.fill_null(pc.struct_field(pc.extract_regex(col, f"(?P<e>{_EXPONENT})"), "e"), "")
    mantissa = pc.replace_substring_regex(col, _EXPONENT, "")
    digits = pc.replace_substring_regex(mantissa, rf"[^0-9{re.escape(decimal)}]", "")
    if decimal == ",":
        digits = pc.replace_substring(digits, ",", ".")
    digits = pc.binary_join_element_wise(digits, exponent, "")
    # A mantissa holds digits and at most the decimal separator: "1,5E+03" in a dot column is
    # not 15000, nor "3.2e+21" in a comma column 3.2e+27.
    point = re.escape(decimal)
    bare = pc.match_substring_regex(mantissa, rf"^[^0-9.,]*([0-9]+{point}?[0-9]*|{point}[0-9]+)[^0-9.,]*$")
    form_ok = pc.if_else(scientific, pc.and_(bare, pc.match_substring_regex(digits, _SCIENTIFIC_DIGITS)),
                         pc.match_substring_regex(digits, _PLAIN_DIGITS[decimal]))
    valid = pc.and_(shape_ok, form_ok)
    if whole:  # the general path keeps a column with scientific notation float
        valid = pc.and_(valid, pc.invert(scientific))
    numbers = pc.cast(pc.if_else(valid, digits, pa.scalar(None, pa.string())), pa.float64())
    huge = pc.fill_null(pc.is_inf(numbers), False)  # "1e999" is no float: unreadable, as in the general path
    numbers = pc.if_else(huge, pa.scalar(None, pa.float64()), numbers)
    valid = pc.and_(valid, pc.invert(huge))
    unreadable = len(col) - col.null_count - int(pc.sum(valid.cast(pa.int64())).as_py() or 0)
    numbers = pc.if_else(negative, pc.negate(numbers), numbers)
    if percent:
        numbers = pc.divide(numbers, 100.0)
    elif whole:
        numbers = pc.cast(numbers, pa.int64())
    return numbers, unreadable


def clean_dates(col: pa.ChunkedArray, fmt: str):
    """Text dates in the one format the sample decided; returns (column, unreadable)."""
    if col.type != pa.string():
        return col, 0
    dates = pc.strptime(pc.utf8_trim_whitespace(col), format=fmt, unit="s", error_is_null=True)
    return dates, dates.null_count - col.null_count


def drop_empty(col: pa.ChunkedArray) -> pa.ChunkedArray | None:
    """None when the column has no value anywhere (its sample was empty too)."""
    if col.null_count == len(col):
        return None
    if col.type == pa.string():
        trimmed = pc.utf8_trim_whitespace(col)
        blank = pc.equal(trimmed, "")
        if bool(pc.all(pc.fill_null(blank, True)).as_py()):
            return None
    return col


def whole_column_facts(col: pa.ChunkedArray, sampled: NumberFacts) -> NumberFacts:
    """The sample's facts, recounted on every cell (the card quotes counts from the whole file)."""
    if col.type != pa.string():
        return sampled

    def count(pattern: str) -> int:
        return int(pc.sum(pc.match_substring_regex(col, pattern).cast(pa.int64())).as_py() or 0)

    other = "," if sampled.decimal == "." else "."
    thousands = sampled.thousands
    if not sampled.ambiguous:
        thousands = tuple(sep for sep, pattern in ((other, re.escape(other)), (" ", rf"[0-9][{_SPACE}'][0-9]"))
                          if count(pattern))
    currency = sampled.currency
    if currency is None and count(CURRENCY):
        found = col.filter(pc.match_substring_regex(col, CURRENCY))
        currency = _main_currency(pd.Series(found.slice(0, 1000).to_pylist(), dtype="str"))
    parenthesized = int(pc.sum(pc.and_(pc.match_substring_regex(col, r"^[^0-9]*\("),
                                       pc.match_substring_regex(col, r"\)[^0-9]*$")).cast(pa.int64())).as_py() or 0)
    scientific = bool(count(f"[0-9]{_EXPONENT}"))
    final_dot = sampled.decimal == "." and bool(count(r"^[^0-9]*[0-9]+\.[^0-9eE]*$"))
    return replace(sampled, currency=currency, thousands=thousands, parenthesized=parenthesized,
                   scientific=scientific, final_dot=final_dot)
