"""Shorthand people type in a hurry, said in full words before the question is cut into
words: the cutting keeps letters and digits only, so "no. of cars" was "no of cars" (a
blank, not a count), "%" vanished and "90th pct" was a stray word.

Each rewrite says what the sign or abbreviation stands for wherever it is written; one that
could mean two things ("pct" is a percent, "90th pct" a percentile) is told apart by the
words around it, never guessed.
"""

from __future__ import annotations

import re

_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = (
    # A percent sign before a percentile word is the percentile's own: "90%分位数".
    (re.compile(r"(\d{1,2}(?:\.\d+)?)\s*%(?=\s*(?:分位|百分位|percentile|quantile|перцентил|"
                r"процентил|квантил))", re.I), r"\1 "),
    # An ordinal before a percent word names a percentile: "90th pct", "95th %".
    (re.compile(r"(\d{1,2}(?:\.\d+)?(?:st|nd|rd|th))\s*(?:pct|percent|%)(?!\w)", re.I),
     r"\1 percentile"),
    # "pct" and "%" are "percent" (the share of the rows or of the total).
    (re.compile(r"(?<!\w)pct(?!\w)", re.I), " percent "),
    (re.compile(r"%"), " percent "),
    # "no." with its dot, before a word, is "number" ("no. of cars"); "no" alone stays a
    # "no" (a blank: "no Ozone reading").
    (re.compile(r"(?<!\w)no\.(?=\s*[^\W\d_])", re.I), "number "),
    (re.compile(r"№"), " number "),
    # "by (the) number of bedrooms", "which number of stories": the column holding the
    # number groups; read as a count or a second measure, the grouping was dropped.
    (re.compile(r"(?<!\w)(by|per|which|what)\s+(?:the\s+)?number\s+of\s+(?=[^\W\d_])", re.I),
     r"\1 "),
    # What costs most or least is said of its price: "the most expensive diamond", "the
    # cheapest house" (the superlative had named no column and was declined).
    (re.compile(r"(?<!\w)(?:most\s+expensive|priciest|dearest)(?!\w)", re.I), "highest price"),
    (re.compile(r"(?<!\w)(?:least\s+expensive|cheapest)(?!\w)", re.I), "lowest price"),
    # A comparative before a number says its measure: "older than 30" compares the age with
    # 30, "taller than 180" the height (no such column: the word is declined, as any other).
    # Before a column ("lighter than the average body_mass_g") that column is the measure.
    *((re.compile(rf"(?<!\w){said}\s+than(?=\s*[-+$€£]?\d)", re.I), full) for said, full in (
        ("older", "age more than"), ("younger", "age less than"),
        ("taller", "height more than"), ("shorter", "height less than"),
        ("heavier", "weight more than"), ("lighter", "weight less than"),
        (r"more\s+expensive", "price more than"), ("cheaper", "price less than"))),
    # A dash between two years is a span: "1940-1950", "2014–2016" (the cutting into words
    # drops the dash and left the two years alone).
    (re.compile(r"(?<!\d)((?:1[6-9]|20)\d\d)\s*[-\u2013\u2014]\s*((?:1[6-9]|20)\d\d)(?!\d)"),
     r" \1 to \2 "),
    # Ukrainian and Russian abbreviations of "number of": "к-сть", "кол-во".
    (re.compile(r"(?<!\w)к-сть(?!\w)", re.I), "кількість"),
    (re.compile(r"(?<!\w)кол-во(?!\w)", re.I), "количество"),
)


def said_in_full(text: str) -> str:
    """`text` with its shorthand written out ("no. of cars with hp > 150" -> "number of cars
    with hp > 150")."""
    for pattern, full in _REWRITES:
        text = pattern.sub(full, text)
    return text
