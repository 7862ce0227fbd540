"""Figures said in words the way the report prints them: money, percents, counts, periods.

Shared by the answers' writers (`narrative`, `finpack`, `finwords`) and the report's tiles,
so a figure in a sentence reads exactly as in its table.
"""

from __future__ import annotations

import math
import re
from typing import Any

from analyst.brain.code.codegen import StepFigures
from analyst.brain.understand.phrases import say
from analyst.recipes.labels import month_label
from analyst.words.number_formats import format_int, format_money, format_number, format_percent


def money(value: float, currency: str | None = None, language: str = "en") -> str:
    """1234567.891, "$" -> "$1,234,567.89" ("грн", "uk" -> "1 234 567,89 грн"): the
    report's own format, so words match tables."""
    return format_money(value, currency, language)


def percent(value: float | None, language: str = "en") -> str:
    """A 0-100 value: 12.345 -> "12.3%" (the recipes' figures are 0-100, the report's 0-1)."""
    return format_percent(None if value is None else value / 100.0, language=language)


def count(value: float, language: str = "en") -> str:
    return format_int(value, language)


_ISO_MONTH = re.compile(r"(?<![\d-])\d{4}-\d{2}(?![\d-])")


def period_label(label: object, language: str = "en") -> str:
    """A period as the charts say it: a month "2025-07" -> "Jul 2025" ("лип. 2025");
    weeks (a date) and quarters ("2025 Q3") as they are."""
    return month_label(str(label), language) or str(label)


_PACK_QUARTER = re.compile(r"Q([1-4]) (\d{4})")
_PACK_YEAR = re.compile(r"FY (\d{4})")


def pack_label(label: object, language: str = "en") -> str:
    """A finance pack's period as a reader says it: "2025-07" -> "Jul 2025" ("лип. 2025"),
    "Q3 2025" -> "3 кв. 2025", the year's total row "FY 2025" -> "2025 рік"."""
    text = str(label)
    if quarter := _PACK_QUARTER.fullmatch(text):
        return say(language, "pack_quarter", q=quarter[1], year=quarter[2])
    if year := _PACK_YEAR.fullmatch(text):
        return say(language, "pack_year", year=year[1])
    return period_label(text, language)


def months_in(text: str, language: str = "en") -> str:
    """Every month label "2025-07" in a sentence said as "Jul 2025"; dates stay dates."""
    return _ISO_MONTH.sub(lambda m: period_label(m.group(0), language), text)


def number(value: float, lang: str) -> str:
    """18.0 -> "18" (units are whole numbers most of the time); 2.5 -> "2.50"."""
    if float(value).is_integer():
        return format_int(value, lang)
    return format_number(value, language=lang)


def as_float(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def missing(value: float | None) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def stated(value: float | None, reason: str, lang: str) -> str:
    """A 0-100 figure as a percent, or the words saying it is not stated (sanity check)."""
    return say(lang, reason) if missing(value) else percent(value, lang)


def all_rows(f: StepFigures) -> list[dict[str, Any]] | None:
    """Every row of the table when head and tail together cover it, else None."""
    if f.rows <= len(f.head):
        return list(f.head)
    return None
