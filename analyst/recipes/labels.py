"""Words and numbers on a chart in the reader's language (English by default).

Kept apart from the drawing so the number style can be tested and reused without matplotlib.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from pathlib import Path

import pandas as pd

from .numbers import fixed, language_code, local_style

DOMAIN = "analyst"  # the catalogue's gettext domain (analyst.catalogue.DOMAIN)

CURRENCY_SYMBOLS = set("$€£¥₴₽₸₹元")


def chart_word(key: str, language: str = "en", count: int | None = None,
               **values: object) -> str:
    """One of the chart's fixed words in `language` (English when unknown); with `count`,
    the plural form for that many, `{count}` in the language's number style."""
    words = _catalogue(language_code(language))
    if count is None:
        text = words.pgettext("chart", key)
    else:
        text = words.npgettext("chart", key, key, count)
        values.setdefault("count", format_value(count, language=language))
    return text.format(**values) if values else text


def fixed_name(name: str, language: str = "en") -> str:
    """A recipe's English series or axis name ("Gross profit") in `language`; any other
    name (a column of the user's data) unchanged."""
    return _catalogue(language_code(language)).pgettext("chart-name", name)


@cache
def _catalogue(language: str) -> gettext.NullTranslations:
    """The product's message catalogue (`analyst.words`). In the sandbox, where only this
    package is installed, its compiled copy beside it (`locale/`, written by the host with
    the package); on the host, the catalogue itself."""
    here = Path(__file__).with_name("locale")
    if here.is_dir():
        code = language if (here / language).is_dir() else "en"
        found = gettext.translation(DOMAIN, here, languages=[code])
        if code != "en":
            found.add_fallback(gettext.translation(DOMAIN, here, languages=["en"]))
        return found
    try:  # on the host this package is `analyst.recipes`, beside the catalogue's package
        from ..catalogue import translations
    except ImportError:  # a bare copy without its locale/: the message ids, never a crash
        return gettext.NullTranslations()
    return translations(language)


def format_value(value: float, unit: str = "number", currency: str | None = None,
                 decimals: int | None = None, language: str = "en") -> str:
    """1234567.8 -> "1,234,568"; money with "$" -> "$1,234,568"; with "UAH" -> "1,234,568 UAH";
    in "uk"/"ru": 2009930.98, "грн" -> "2 009 930,98 грн" (non-breaking spaces, any currency
    mark after the number), 12.5 percent -> "12,5%"."""
    if value is None or pd.isna(value):
        return ""
    comma = local_style(language)
    if unit == "percent":
        return fixed(value, 1 if decimals is None else decimals, language) + "%"
    # Charts are read at a glance: whole units from 100 up, cents only on small figures.
    places = decimals if decimals is not None else (0 if abs(value) >= 100 or value == int(value) else 2)
    text = fixed(abs(value), places, language)
    sign = "-" if value < 0 and text.strip("0.,\u00a0") else ""
    if unit == "money" and currency:
        if not comma and (currency in CURRENCY_SYMBOLS or len(currency) == 1):
            return f"{sign}{currency}{text}"
        return f"{sign}{text}\u00a0{currency}" if comma else f"{sign}{text} {currency}"
    return f"{sign}{text}"


# Short month names as a reader writes them under a chart ("Mar 2026", "бер. 2026").
_MONTHS: dict[str, tuple[str, ...]] = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "uk": ("січ.", "лют.", "бер.", "квіт.", "трав.", "черв.", "лип.", "серп.", "вер.", "жовт.",
           "лист.", "груд."),
    "ru": ("янв.", "февр.", "мар.", "апр.", "май", "июнь", "июль", "авг.", "сент.", "окт.",
           "нояб.", "дек."),
}
_MONTH = re.compile(r"(\d{4})-(\d{2})")


def month_label(label: str, language: str = "en") -> str | None:
    """A monthly period label "2026-03" as "Mar 2026" / "бер. 2026" / "мар. 2026" /
    "2026年3月"; None when `label` is not a month."""
    match = _MONTH.fullmatch(str(label))
    if match is None or not 1 <= int(match.group(2)) <= 12:
        return None
    year, month = match.group(1), int(match.group(2))
    lang = language_code(language)
    if lang in ("zh", "ja"):
        return f"{year}年{month}月"
    return f"{_MONTHS.get(lang, _MONTHS['en'])[month - 1]} {year}"


# A whole number written with English thousands commas ("1,204"): never a decimal, never
# part of a longer figure ("12,5" or "3.1,204").
_ENGLISH_COUNT = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,]|\.\d)")


def localise_counts(text: str, language: str = "en") -> str:
    """Counts a recipe wrote English-style in a caption ("1,204 items") in the reader's
    style ("1 204" with U+00A0 in uk/ru). Only thousands-comma integers are touched; our
    formatters never write a decimal comma followed by exactly three digits."""
    if not local_style(language):
        return text
    return _ENGLISH_COUNT.sub(lambda m: m.group(0).replace(",", "\u00a0"), text)
