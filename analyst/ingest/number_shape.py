"""Does a column of whole numbers identify its rows, or measure something?

Both profile paths (pandas and Arrow) describe a number column by the same `NumberShape` and
ask `numbers_rows` the same question, so a file gets the same roles whichever path read it.

Every value being different is no evidence on its own: 51 yearly readings of net
generation in MWh are all different, and summing them is the point (issue 25). A column of
whole numbers without an id word in its name is an id only when its values have the form of
numbering: nearly every value distinct *and* a run of numbers with few gaps (1, 2, 3 … or
10231, 10232 …). A unit, measure, money or count word in the name, or a name that is
itself a number ("2024", "Q1", "3rd"), says measure, whatever the values. Codes written
with leading zeros are text, or a workbook's zero-padded format: `clean` keeps them as
shown and marks them ids. One width of digits is no evidence: 120 monthly US employment
figures all have six digits, a world population all ten.

A column of calendar years (a year word in the name, years for values) is a label, never
summed: it stays an id when every year is listed once, as it always was; the reports
read years by name.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

MIN_ROWS = 20
"""In fewer values than this, distinct values are mere chance: never an id by its values."""
REPEATS = 0.02
"""An id column may repeat this share of its values (a line exported twice), no more."""
GAPS = 2.0
"""Numbering leaves gaps (deleted rows): the run from lowest to highest is at most this
many times the number of distinct values."""
EARLIEST_YEAR, LATEST_YEAR = 1000, 2200
"""Historic series (wheat prices from 1565) have years below the reports' 1800."""

# Units of measure, and currencies written in a name: "Revenue (USD)", "net_generation_mwh",
# "Load, kW", "Вага, кг", "电量(千瓦时)". Whole words only, so "Kgs" or "hours" match but
# "Shower" does not; a short word in brackets or after a comma at the end of a name
# ("Output, t/h", "Обсяг (м³)") is a unit whatever it says. A unit only ever keeps a
# column from being an id by its values: an id word in the name still decides first.
_UNIT = re.compile(
    r"(?<![^\W\d_])(?:[kmgt]?wh|[kmg]w|kva|btu|therms?|joules?|[kmg]j|"
    r"kgs?|grams?|tons?|tonnes?|lbs?|pounds|oz|ounces?|liters?|litres?|gal|gallons?|bbl|barrels?|"
    r"m3|m2|sq\s?ft|sqm|ft|feet|meters?|metres?|miles?|mi|yards?|"
    r"hours?|hrs?|minutes?|mins?|seconds?|secs?|days|weeks|months|years|"
    r"cents?|usd|eur|gbp|uah|rub|cny|rmb|jpy|chf|pln|cad|aud|thousands?|millions?|mln|bn|"
    r"units?|qty|pcs|pieces|amount|"
    r"квт|мвт|квт·?год|квт·?ч|кг|тонн?|тон|літр\w*|литр\w*|годин\w*|час\w*|хв|мин|днів|дней|"
    r"грн|руб|тис|тыс|млн|коп|шт)(?![^\W\d_])"
    r"|[$€£₴₽¥%]|千瓦时|兆瓦时|度电|吨|公斤|千克|小时|元|万元|件"
    r"|[(\[][^()\[\]]{1,12}[)\]]\s*$|,\s*[^\s,]{1,8}\s*$",
    re.IGNORECASE,
)
# A name that is a number, a period or an ordinal: a column of a wide table ("2024",
# "FY24", "Q1", "H2 2025") or a numbered reading ("1st", "3-й", "第2").
_NUMERIC_NAME = re.compile(
    r"^\W*(?:\d+(?:[.,/-]\d+)*(?:st|nd|rd|th|-?й|-?я|-?е)?|(?:fy|q[1-4]|h[12])\s*'?\d{0,4}|"
    r"(?:q[1-4]|h[12])\s*[-/ ]?\s*(?:fy)?'?\d{2,4}|第\s*\d+\s*\w?)\W*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class NumberShape:
    """What the values of a number column look like, on either profile path."""

    present: int
    """Values that are not missing."""
    unique: int
    """Distinct values among them."""
    whole: bool
    """Every value is a whole number (integers, or floats such as 3.0)."""
    low: float
    """Smallest value (0 when there is none)."""
    high: float
    """Largest value (0 when there is none)."""

    @property
    def largest(self) -> float:
        """The largest magnitude, for the percent test (a share is at most about 1)."""
        return max(abs(self.low), abs(self.high))


def pandas_shape(col: pd.Series, unique: int) -> NumberShape:
    present = col.dropna()
    low, high = (float(present.min()), float(present.max())) if len(present) else (0.0, 0.0)
    whole = bool((present % 1 == 0).all()) if len(present) else True
    return NumberShape(len(present), unique, whole, _finite(low), _finite(high))


def arrow_shape(col: pa.ChunkedArray, unique: int) -> NumberShape:
    whole = pa.types.is_integer(col.type) or pc.all(pc.equal(pc.floor(col), col)).as_py() in (True, None)
    low_high = pc.min_max(col)
    low, high = low_high["min"].as_py(), low_high["max"].as_py()
    return NumberShape(len(col) - col.null_count, unique, whole,
                       _finite(float(low or 0)), _finite(float(high or 0)))


def says_measure(name: str) -> bool:
    """Does the name carry a unit or currency, or is it a number itself ("2024", "Q1")?"""
    return bool(_UNIT.search(name)) or bool(_NUMERIC_NAME.match(name))


def numbers_rows(shape: NumberShape) -> bool:
    """Do the values have the form of numbering (see the module's docstring)?

    The name is not read here: an id word decides before, a measure word after."""
    if not shape.whole or shape.present <= MIN_ROWS or shape.low < 0:
        return False
    if shape.unique < shape.present - math.floor(shape.present * REPEATS):
        return False  # values repeat: a measure, or a key that only its name can tell
    return shape.high - shape.low + 1 <= GAPS * shape.unique


def lists_years(name: str, shape: NumberShape) -> bool:
    """A year word in the name, each calendar year once ("Year": 1565, 1570 … 1821)."""
    if not (shape.whole and shape.present > MIN_ROWS and shape.unique == shape.present
            and EARLIEST_YEAR <= shape.low and shape.high <= LATEST_YEAR):
        return False
    # The reports' own year words; imported here, as the package brings the recipes with it.
    from analyst.recipes.numbers import is_year_name

    return is_year_name(name)


def _finite(value: float) -> float:
    return value if math.isfinite(value) else 0.0
