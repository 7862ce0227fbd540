"""Numbers stored as text, read with separators decided from the whole column.

"1.234,56", "1,234.56", "1 234,56" (also with non-breaking spaces), currency signs and codes,
percents, "(56.00)" and "56-" negatives, scientific notation ("3.246502e+21", "1,5E+03"),
a final dot ("3504."), and "n/a", "-", "#N/A" or blanks as missing.
Every step is a vectorised string operation: a million cells take well under a second.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from analyst.ingest.tokens import MAX_SHARE, stray_tokens

MISSING = {"", "n/a", "na", "-", "--", "—", "–", "#n/a", "null", "none", "nan", "#value!",
           "#div/0!", "#ref!", "#name?", "#num!"}
# "\\" is the yen sign of Shift-JIS files (byte 0x5C), which Python decodes as a backslash.
CURRENCY = r"(?i:€|\$|£|₴|₽|¥|￥|\\|\bUSD\b|\bEUR\b|\bGBP\b|\bUAH\b|\bRUB\b|\bCNY\b|\bRMB\b|\bJPY\b|грн\.?|руб\.?|元)"
# Patterns stay plain strings without flags: pandas then runs them in Arrow's RE2 engine,
# a compiled pattern or `case=False` silently falls back to a Python loop (100x slower).
_CURRENCY = CURRENCY
_SPACES = r"[\s\u00a0\u202f']"
_VALID = {
    # "3504." (a final dot, as Fortran and old exports write whole floats) is a number too;
    # a final comma is not a form anyone writes.
    ".": r"^(\d{1,3}(,\d{3})+|\d{1,3}( \d{3})+|\d+)?(\.\d+)?$|^\d+\.$",
    ",": r"^(\d{1,3}(\.\d{3})+|\d{1,3}( \d{3})+|\d+)?(,\d+)?$",
}
# "3.246502e+21", "-2.88E+08" (signs are stripped before), "1e-05", "6.02E23", "1,5E+03" (a
# European spreadsheet's export). The mantissa's one separator is the decimal one: no program
# groups thousands in scientific notation. "1E5" (no fraction, no sign in the exponent) is
# what product codes look like and no program writes for a number: it is not read as one.
_SCIENTIFIC = r"^(\d+[.,]\d*|[.,]\d+)[eE][+\-]?\d{1,3}$|^\d+[eE][+\-]\d{1,3}$"
_EXPONENT = r"[eE][+\-]?\d{1,3}$"
_MANTISSA = {".": r"^(\d+(\.\d*)?|\.\d+)$", ",": r"^(\d+(,\d*)?|,\d+)$"}
LEAST_READABLE = 0.99
"""Share of non-missing cells that must read as numbers for the column to be numeric."""


@dataclass(frozen=True)
class NumberColumn:
    values: pd.Series
    decimal: str | None
    """The separator decided for the column; None when no value had one."""
    ambiguous: bool
    """Only values like "1,234" were seen: the separator came from a hint or the default."""
    currency: str | None
    percent: bool
    unreadable: int
    examples: tuple[str, ...]
    """A few cells that could not be read (they are left empty, and reported)."""
    thousands: tuple[str, ...] = ()
    """Thousands separators seen in the read cells: any of ",", "." and " " (spaces, apostrophes)."""
    parenthesized: int = 0
    """Cells written "(56.00)" and read as negatives."""
    scientific: int = 0
    """Cells written in scientific notation ("3.2e+21")."""
    final_dot: int = 0
    """Cells written with a final dot ("3504.")."""


_MISSING_FORMS = sorted(MISSING | {m.upper() for m in MISSING} | {m.title() for m in MISSING})
_WORDS_MISSING = MISSING - {"none"}
"""In a column of words "None" is a value as often as a blank: no airbags (R's Cars93), no
exercise (R's survey). Read as a blank it vanished from every count; kept, it shows as
"None", which the reader can judge. In a number column it is a blank."""
_WORDS_MISSING_FORMS = [m for m in _MISSING_FORMS if m.lower() != "none"]


def padded_cells(text: pd.Series) -> np.ndarray:
    """Cells with spaces at either end, in Arrow's regex engine (pandas' .str costs 10x here)."""
    values = pa.array(text, type=pa.string(), from_pandas=True)
    found = pc.match_substring_regex(values, r"^\s|\s$")
    return np.asarray(found.fill_null(False), dtype=bool)


def _too_few_digits(filled: pd.Series) -> bool:
    """Whether too few filled cells hold a digit for the column to pass the readable test
    below, whatever else they hold: a readable cell has a digit, and at most `MAX_SHARE` of
    the cells can be set aside as stray words. (A digit is any Unicode one, as in Python's
    regular expressions.) One pass in Arrow instead of the dozen that text columns (names,
    regions, notes) paid before they were found to be text: a fifth of a file's reading."""
    if filled.empty:
        return True
    values = pa.array(filled, type=pa.string(), from_pandas=True)
    digits = int(pc.sum(pc.match_substring_regex(values, r"\p{Nd}")).as_py() or 0)
    return digits < (1 - MAX_SHARE) * LEAST_READABLE * len(filled)


def missing_mask(text: pd.Series, words: bool = False) -> pd.Series:
    """The cells that are blanks; `words`: of a column of words (where "None" is a value)."""
    # Exact forms first (one hash lookup); only cells with spaces around need the slow path.
    mask = text.isna() | text.isin(_WORDS_MISSING_FORMS if words else _MISSING_FORMS)
    padded = pd.Series(padded_cells(text), index=text.index)
    if padded.any():
        mask |= padded & text.str.strip().str.lower().isin(_WORDS_MISSING if words else MISSING)
    return mask


def parse_numbers(
    text: pd.Series, decimal_hint: str | None = None, forced: str | None = None
) -> NumberColumn | None:
    """Read a text column as numbers, or None when it is not a number column.

    `decimal_hint` settles only columns that cannot tell; `forced` (the user's choice) wins.
    """
    text = text.astype("str")
    head = text.head(2000)
    if text.size > 2000 and _parse(head, decimal_hint, forced) is None:
        return None  # a text column: do not pay the full price to find out
    return _parse(text, decimal_hint, forced)


def _parse(text: pd.Series, decimal_hint: str | None, forced: str | None) -> NumberColumn | None:
    missing = missing_mask(text)
    if _too_few_digits(text[~missing]):
        return None
    cells = text[~missing].str.replace(r"[\s\u00a0\u202f]+", " ", regex=True).str.strip()
    if cells.empty:
        return None
    # "TBD", "see note": a few words among figures are missing values, reported as unreadable.
    words = stray_tokens(cells)
    stray = cells[words]
    cells = cells[~words]
    currency_found = cells.str.contains(_CURRENCY)
    currency = _main_currency(cells[currency_found]) if currency_found.any() else None
    core = cells.str.replace(_CURRENCY, "", regex=True).str.strip()
    percent = core.str.endswith("%")
    core = core.str.rstrip("%").str.strip()
    parenthesized = core.str.match(r"^\(.*\)$")
    negative = parenthesized | core.str.match(r"^[-\u2212]") | core.str.endswith("-")
    core = core.str.replace(r"^[(\-\u2212+]+|[)\-]+$", "", regex=True).str.strip()
    core = core.str.replace(_SPACES + "+", " ", regex=True)
    scientific = core.str.match(_SCIENTIFIC)
    exponent = core.str.extract(f"({_EXPONENT})")[0].where(scientific, "")
    if scientific.any():
        core = core.where(~scientific, core.str.replace(_EXPONENT, "", regex=True))  # the mantissa
    if not core.str.match(r"^[\d.,' ]*\d[\d.,' ]*$").mean() >= LEAST_READABLE:
        return None
    decimal, ambiguous = _decide_decimal(core, decimal_hint, forced, scientific)
    if decimal is None:
        return None
    valid = core.str.match(_VALID[decimal].replace(" ", _SPACES))
    if scientific.any():
        valid = valid.where(~scientific, core.str.match(_MANTISSA[decimal]))
    # "00123" is a code, not the number 123.
    if core[valid].str.match(r"^0\d").any() and decimal not in "".join(core[valid].head(1000)):
        return None
    if valid.mean() < LEAST_READABLE:
        return None
    other = "," if decimal == "." else "."
    digits = core.where(valid).str.replace(f"[{re.escape(other)} ']", "", regex=True)
    digits = digits.str.replace(",", ".", regex=False) + exponent
    numbers = pd.to_numeric(digits, errors="coerce").astype("float64")
    huge = np.isinf(numbers)  # "1e999": beyond any float, so not read as a number
    if huge.any():
        valid &= ~huge
        numbers = numbers.where(~huge)
        if valid.mean() < LEAST_READABLE:
            return None
    numbers = numbers.where(~negative, -numbers).where(~percent, numbers / 100)
    values: pd.Series = pd.Series(float("nan"), index=text.index, dtype="float64")
    values[numbers.index] = numbers
    whole = (values.dropna() % 1 == 0).all() and decimal not in "".join(core.head(1000))
    # Scientific notation is how programs write floats: the column stays float, as pandas reads it.
    if not percent.any() and not scientific.any() and whole:
        values = values.astype("Int64") if values.isna().any() else values.astype("int64")
    bad = pd.concat([stray, cells[~valid]]).sort_index()
    read = core[valid]
    thousands = tuple(sep for sep, pattern in ((other, re.escape(other)), (" ", r"\d \d"))
                      if read.str.contains(pattern).any())
    final_dot = int((valid & ~scientific & core.str.match(r"^\d+\.$")).sum()) if decimal == "." else 0
    separated = bool(core.str.contains(r"[.,]").any())
    return NumberColumn(values, decimal if separated else None, ambiguous, currency,
                        bool(percent.mean() > 0.5), len(bad), tuple(bad.head(3)), thousands,
                        int((parenthesized & valid).sum()), int((scientific & valid).sum()), final_dot)


def _main_currency(cells: pd.Series) -> str:
    found = cells.head(1000).str.extract(f"({CURRENCY})")[0].dropna()
    sign = str(found.mode().iloc[0]) if not found.empty else ""
    return "¥" if sign == "\\" else sign


def _decide_decimal(core: pd.Series, hint: str | None, forced: str | None,
                    scientific: pd.Series) -> tuple[str | None, bool]:
    """Which of "." and "," is the decimal separator, judged from every cell.

    The last separator of a cell that has both is decimal; a separator seen twice is a
    thousands separator; one followed by other than exactly three digits is decimal.
    Only "1,234"-like cells leave the question open: the hint (the user's choice, or the
    rest of the file) decides, and the card says so. The separator of a mantissa ("1.234"
    of "1.234E+05") is always decimal.
    """
    dots = core.str.count(r"\.")
    commas = core.str.count(",")
    dot_last = core.str.contains(r",[^.]*\.\d*$")
    comma_last = core.str.contains(r"\.[^,]*,\d*$")
    dot_not_group = (dots == 1) & (commas == 0) & ~core.str.contains(r"\.\d{3}$")
    comma_not_group = (commas == 1) & (dots == 0) & ~core.str.contains(r",\d{3}$")
    dot_votes = int((dot_last | dot_not_group | ((commas >= 2) & (dots == 0)) | (scientific & (dots > 0))).sum())
    comma_votes = int((comma_last | comma_not_group | ((dots >= 2) & (commas == 0))
                       | (scientific & (commas > 0))).sum())
    if forced in (".", ","):
        return forced, False
    if dot_votes and comma_votes:
        # Both conventions in one column: reading either way would be wrong somewhere.
        return None, False
    if dot_votes:
        return ".", False
    if comma_votes:
        return ",", False
    ambiguous = bool(((dots == 1) | (commas == 1)).any())
    return (hint or "."), ambiguous
