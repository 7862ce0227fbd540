"""Number formatting, in one place for the PDF, the Excel export and the UI.

Conventions: comma thousand separators, a dot for decimals, a leading ASCII minus for
negatives (never parentheses, so a copied figure pastes into Excel as a number), percent
values are fractions (0.123 -> "12.3%"), missing values are an em dash. Rounding is
Python's own (`format(x, ",.2f")`), so a figure computed independently with the same
format string matches the report character for character.
"""

from __future__ import annotations

import math
from numbers import Real

MISSING = "\u2014"  # em dash: the figure could not be computed

# Symbols every embedded font draws; other currencies are shown by their ISO code.
CURRENCY_SYMBOLS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3", "JPY": "\u00a5", "CNY": "\u00a5"}
# Currencies whose minor unit is not used in business reporting.
ZERO_DECIMAL_CURRENCIES = frozenset({"JPY", "KRW", "VND", "CLP", "ISK", "HUF"})

FORMATS = ("money", "int", "number", "percent")


def _is_missing(value: object) -> bool:
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return True
    try:
        return math.isnan(value)  # type: ignore[arg-type]
    except TypeError:
        return False


def _fixed(value: float, decimals: int) -> str:
    text = format(value, f",.{decimals}f")
    # -0.001 rounds to "-0.00": a sign on a zero figure is noise, not information.
    if text.startswith("-") and not any(ch in "123456789" for ch in text):
        text = text[1:]
    return text


def format_number(value: float | None, decimals: int = 2) -> str:
    """1234.567 -> "1,234.57"; -5 -> "-5.00"; None/NaN -> "—"."""
    if _is_missing(value):
        return MISSING
    return _fixed(float(value), decimals)  # type: ignore[arg-type]


def format_int(value: float | None) -> str:
    """1234.6 -> "1,235" (rounded half to even, like Python's format)."""
    return format_number(value, 0)


def format_percent(value: float | None, decimals: int = 1) -> str:
    """A fraction as a percentage: 0.1234 -> "12.3%"; -0.05 -> "-5.0%"."""
    if _is_missing(value):
        return MISSING
    return _fixed(float(value) * 100, decimals) + "%"  # type: ignore[arg-type]


def currency_decimals(currency: str | None) -> int:
    return 0 if (currency or "").upper() in ZERO_DECIMAL_CURRENCIES else 2


def _currency_affixes(currency: str | None) -> tuple[str, str]:
    """(prefix, suffix) for a currency: ("$", ""), ("", " UAH"), ("", "")."""
    if not currency:
        return "", ""
    code = currency.strip()
    if code.upper() in CURRENCY_SYMBOLS:
        return CURRENCY_SYMBOLS[code.upper()], ""
    if code.isalpha():
        return "", " " + code.upper()
    return code, ""  # already a symbol such as "$" or "₴"


def format_money(value: float | None, currency: str | None = None) -> str:
    """1234.5, "USD" -> "$1,234.50"; -3, "EUR" -> "-€3.00"; 10, "UAH" -> "10.00 UAH"."""
    if _is_missing(value):
        return MISSING
    prefix, suffix = _currency_affixes(currency)
    text = _fixed(float(value), currency_decimals(currency))  # type: ignore[arg-type]
    sign = ""
    if text.startswith("-"):
        sign, text = "-", text[1:]
    return f"{sign}{prefix}{text}{suffix}"


def format_delta(delta: float | None) -> str:
    """A relative change with an explicit sign: 0.12 -> "+12.0%"; -0.04 -> "-4.0%"."""
    if _is_missing(delta):
        return MISSING
    text = format_percent(delta)
    return text if text.startswith("-") or text == "0.0%" else "+" + text


def format_value(value: object, fmt: str = "number", currency: str | None = None) -> str:
    """Format one figure by name: "money", "int", "number", "percent" (else plain text)."""
    if _is_missing(value):
        return MISSING
    if isinstance(value, Real) and not isinstance(value, bool):
        if fmt == "money":
            return format_money(float(value), currency)
        if fmt == "int":
            return format_int(float(value))
        if fmt == "percent":
            return format_percent(float(value))
        if fmt == "number":
            return format_number(float(value))
    return str(value)


def excel_number_format(fmt: str, currency: str | None = None) -> str:
    """The Excel number format matching `format_value` for the same name."""
    if fmt == "int":
        return "#,##0"
    if fmt == "percent":
        return "0.0%"
    if fmt == "money":
        body = "#,##0" if currency_decimals(currency) == 0 else "#,##0.00"
        prefix, suffix = _currency_affixes(currency)
        quote = '"'
        return (f"{quote}{prefix}{quote}" if prefix else "") + body + (
            f"{quote}{suffix}{quote}" if suffix else ""
        )
    if fmt == "number":
        return "#,##0.00"
    return "General"
