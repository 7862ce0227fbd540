"""The one language normaliser and the one number style, shared by the host and the sandbox.

The recipes run inside the sandbox, whose Python has the standard library only, so this
module imports nothing else; the formatters (`analyst.words.number_formats`), the chart
labels (`recipes.labels`) and the catalogue (`analyst.words.normalise`) build on it, and a
figure therefore reads the same on a chart, in an answer, in the PDF and in the Excel sheet.

English style (also Chinese and Japanese): "1,234,567.89". Ukrainian and Russian: thousands
grouped with U+00A0 (a figure never breaks across lines, and every embedded font has it) and
a decimal comma: "1 234 567,89".
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
LOCAL_STYLE_LANGUAGES = frozenset({"uk", "ru"})
"""Languages written "2 009 930,98 грн"; all others use the English style."""


def language_code(language: str | None) -> str:
    """"uk-UA", "zh_CN", "RU", None -> "uk", "zh", "ru", "en": the primary subtag only."""
    return (language or "en").strip().lower().replace("_", "-").split("-")[0] or "en"


def local_style(language: str | None) -> bool:
    """Whether `language` writes numbers "1 234,5" rather than "1,234.5"."""
    return language_code(language) in LOCAL_STYLE_LANGUAGES


def marks(language: str | None) -> tuple[str, str]:
    """(thousands, decimal) marks of `language`: ("\u00a0", ",") for uk/ru, else (",", ".")."""
    return (NBSP, ",") if local_style(language) else (",", ".")


def styled(english: str, language: str | None) -> str:
    """A figure written with English marks ("2,009,930.98") in `language`'s marks."""
    if not local_style(language):
        return english
    return english.replace(",", NBSP).replace(".", ",")


class Styled:
    """A number in a message's values: its format spec is the English one ("{n:,}",
    "{share:.1f}"), its text written with `language`'s marks ("1\u00a0204", "12,5" in uk/ru).
    A wrapper, not an int or float subclass: a value is a number, its words are the language's."""

    def __init__(self, value: float, language: str | None) -> None:
        self.value, self.language = value, language

    def __format__(self, spec: str) -> str:
        return styled(format(self.value, spec) if spec else str(self.value), self.language)

    def __str__(self) -> str:
        return format(self, "")


def fixed(value: float, decimals: int, language: str | None = "en") -> str:
    """`value` rounded to `decimals` places and grouped: 1234.567, 2 -> "1,234.57"
    (uk/ru "1 234,57"). Rounding is Python's own (`format(x, ",.2f")`), so a figure computed
    independently with the same format string matches character for character; a zero that
    rounds from a negative (-0.001 -> "-0.00") loses its sign, which would be noise."""
    text = format(value, f",.{decimals}f")
    if text.startswith("-") and not any(ch in "123456789" for ch in text):
        text = text[1:]
    return styled(text, language)


YEAR_WORDS = frozenset({"year", "years", "yr", "fy", "рік", "роки", "року", "год", "года",
                        "годы", "年", "年份", "年度"})
"""Header words that name a column of calendar years ("Year", "fiscal_year", "Рік", "年份")."""
FIRST_YEAR, LAST_YEAR = 1800, 2200


def is_year_name(name: object) -> bool:
    """Whether a header names years: a word of it is a year word ("model_year", "Рік
    випуску", "年份"); camel case ("FiscalYear") is split too."""
    text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(name)).lower()
    parts = [p for p in re.split(r"[\W_\d]+", text) if p]
    return any(p in YEAR_WORDS or p.endswith(("年份", "年度")) for p in parts)


def is_year_values(values: object) -> bool:
    """Whether every value (an iterable of numbers; empty cells skipped) is a whole number
    between 1800 and 2200, and there is at least one."""
    seen = False
    for value in values:  # type: ignore[attr-defined]
        if value is None or value != value:  # NaN
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            try:
                value = float(value)
            except (TypeError, ValueError):
                return False
        if not float(value).is_integer() or not FIRST_YEAR <= value <= LAST_YEAR:
            return False
        seen = True
    return seen


def year_text(value: float) -> str:
    """A calendar year as every reader writes it: 1995 -> "1995" (no grouping, no decimals)."""
    return str(int(value))
