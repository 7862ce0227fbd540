"""Number formatting, in one place for the PDF, the Excel export, the answers and the UI.

English (the default, also used for Chinese and Japanese): comma thousands, a dot for
decimals, "$1,234.50", "¥1,234,567.89". Ukrainian and Russian: a non-breaking space for
thousands and a decimal comma, the currency after the number: "2 009 930,98 грн",
"12,3%". The space is U+00A0 so a figure never breaks across lines and every embedded font
draws it (the narrow U+202F is missing from the CJK font).

Negatives have a leading ASCII minus (never parentheses, so a copied English figure pastes
into Excel as a number); percent values are fractions (0.123 -> "12.3%"); missing values
are an em dash. Rounding is Python's own (`format(x, ",.2f")`), so a figure computed
independently with the same format string matches the report character for character.

A currency may be given as an ISO code ("UAH"), a symbol ("₴") or the word the data used
("грн"): `currency_code` reads all three, so one column shows one way in a whole report.
"""

from __future__ import annotations

import math
from numbers import Real

from analyst.catalogue import message
from analyst.currency import currency_code
from analyst.recipes.numbers import NBSP, fixed, language_code, local_style, year_text

MISSING = "\u2014"  # em dash: the figure could not be computed

# Symbols every embedded font draws; other currencies are shown by their ISO code.
CURRENCY_SYMBOLS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3", "JPY": "\u00a5", "CNY": "\u00a5"}
# Currencies whose minor unit is not used in business reporting.
ZERO_DECIMAL_CURRENCIES = frozenset({"JPY", "KRW", "VND", "CLP", "ISK", "HUF"})
# What a Ukrainian or Russian reader writes after the number ("руб." rather than "₽": the
# CJK font and many spreadsheets lack the rouble sign).
LOCAL_UNITS = {"UAH": "грн", "RUB": "руб."}

FORMATS = ("money", "int", "number", "percent", "year", "code")


def currency_unit(currency: str | None, language: str | None = "en") -> str | None:
    """The mark a reader of `language` expects: "UAH" -> "грн" (uk, ru) or "UAH" (en)."""
    code = currency_code(currency)
    if code is None:
        return None
    if local_style(language) and code in LOCAL_UNITS:
        return LOCAL_UNITS[code]
    return CURRENCY_SYMBOLS.get(code, code)


def _is_missing(value: object) -> bool:
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return True
    try:
        return math.isnan(value)  # type: ignore[arg-type]
    except TypeError:
        return False


def format_number(value: float | None, decimals: int = 2, language: str | None = "en") -> str:
    """1234.567 -> "1,234.57" (uk/ru: "1 234,57"); -5 -> "-5.00"; None/NaN -> "—"."""
    if _is_missing(value):
        return MISSING
    return fixed(float(value), decimals, language)  # type: ignore[arg-type]


def format_int(value: float | None, language: str | None = "en") -> str:
    """1234.6 -> "1,235" (uk/ru: "1 235"; rounded half to even, like Python's format)."""
    return format_number(value, 0, language)


def format_percent(value: float | None, decimals: int = 1, language: str | None = "en") -> str:
    """A fraction as a percentage: 0.1234 -> "12.3%" (uk/ru: "12,3%"); -0.05 -> "-5.0%"."""
    if _is_missing(value):
        return MISSING
    return fixed(float(value) * 100, decimals, language) + "%"  # type: ignore[arg-type]


def currency_decimals(currency: str | None) -> int:
    return 0 if (currency_code(currency) or "") in ZERO_DECIMAL_CURRENCIES else 2


def _currency_affixes(currency: str | None, language: str | None = "en") -> tuple[str, str]:
    """(prefix, suffix): ("$", ""), ("", " UAH"); uk/ru: ("", " грн"), ("", " $")."""
    code = currency_code(currency)
    if code is None:
        return "", ""
    if local_style(language):
        return "", NBSP + (currency_unit(code, language) or code)
    if code in CURRENCY_SYMBOLS:
        return CURRENCY_SYMBOLS[code], ""
    if code.isascii() and code.isalpha():
        return "", " " + code
    return code, ""  # a symbol such as "₴" or "¥" as the data wrote it


def format_money(value: float | None, currency: str | None = None,
                 language: str | None = "en") -> str:
    """1234.5, "USD" -> "$1,234.50"; -3, "EUR" -> "-€3.00"; 10, "UAH" -> "10.00 UAH";
    in uk/ru: 2009930.98, "грн" -> "2 009 930,98 грн" (non-breaking spaces)."""
    if _is_missing(value):
        return MISSING
    prefix, suffix = _currency_affixes(currency, language)
    text = fixed(float(value), currency_decimals(currency), language)  # type: ignore[arg-type]
    sign = ""
    if text.startswith("-"):
        sign, text = "-", text[1:]
    return f"{sign}{prefix}{text}{suffix}"


def format_delta(delta: float | None, language: str | None = "en",
                 unit: str = "relative") -> str:
    """A change with an explicit sign. `unit` "relative": 0.12 -> "+12.0%", -0.04 ->
    "-4.0%"; "points", the change of a ratio (a margin of 40.0% now 41.2%): 0.012 ->
    "+1.2 pp" (uk "+1,2 в. п."), since "+3.0%" of a margin reads as a relative change."""
    if _is_missing(delta):
        return MISSING
    if unit == "points":
        code = language_code(language)
        text = fixed(float(delta) * 100, 1, language)  # type: ignore[arg-type]
        text += NBSP + message(code, "report", "points")
    else:
        text = format_percent(delta, language=language)
    zero = not any(ch in "123456789" for ch in text)
    return text if text.startswith("-") or zero else "+" + text


def excel_delta_format(unit: str = "relative", language: str | None = "en") -> str:
    """The Excel number format of a change as `format_delta` writes it; a change in points
    is stored as points (1.2), the cell's format adds the unit."""
    if unit != "points":
        return "+0.0%;-0.0%;0.0%"
    code = language_code(language)
    word = message(code, "report", "points").replace('"', "")
    return ";".join(f'{sign}0.0" {word}"' for sign in ("+", "-", ""))


def format_value(value: object, fmt: str = "number", currency: str | None = None,
                 language: str | None = "en") -> str:
    """Format one figure by name: "money", "int", "number", "percent", "year" (a calendar
    year: 1995 -> "1995" in every language), "code" (an id or a zip code: 84091, never
    "84,091") (else plain text)."""
    if _is_missing(value):
        return MISSING
    if isinstance(value, Real) and not isinstance(value, bool):
        if fmt in ("year", "code"):  # 1995, a zip code 02134 read as 2134, an id 84091
            return year_text(float(value)) if float(value).is_integer() else str(value)
        if fmt == "money":
            return format_money(float(value), currency, language)
        if fmt == "int":
            return format_int(float(value), language)
        if fmt == "percent":
            return format_percent(float(value), language=language)
        if fmt == "number":
            return format_number(float(value), language=language)
    return str(value)


def excel_number_format(fmt: str, currency: str | None = None,
                        language: str | None = "en") -> str:
    """The Excel number format matching `format_value` for the same name.

    Cells stay numbers: Excel draws "," and "." in the reader's own locale, so only the
    currency mark and its place depend on `language` ('#,##0.00" грн"' for uk/ru).
    """
    if fmt == "int":
        return "#,##0"
    if fmt in ("year", "code"):
        return "0"
    if fmt == "percent":
        return "0.0%"
    if fmt == "money":
        body = "#,##0" if currency_decimals(currency) == 0 else "#,##0.00"
        prefix, suffix = _currency_affixes(currency, language)
        quote = '"'
        return (f"{quote}{prefix}{quote}" if prefix else "") + body + (
            f"{quote}{suffix}{quote}" if suffix else ""
        )
    if fmt == "number":
        return "#,##0.00"
    return "General"
