"""The ways data names a currency, read to one ISO code: one table for the whole analyst.

Ingestion (the data card's sentences), the planner (which currency a column is in) and the
report (how amounts are printed) all read "₴", "грн" and "UAH" the same way through this.
"""

from __future__ import annotations

import re

_CODES = (
    ("UAH", r"₴|грн\.?|гривн\w*|uah"),
    ("RUB", r"₽|руб\.?|рубл\w*|rub|rur"),
    ("USD", r"\$|usd|us\$"),
    ("EUR", r"€|eur|euro"),
    ("GBP", r"£|gbp"),
    ("CNY", r"元|rmb|cny|人民币"),
    ("JPY", r"円|jpy"),
)
_CODE_PATTERNS = tuple((code, re.compile(rf"(?:{pattern})", re.IGNORECASE)) for code, pattern in _CODES)


def currency_code(currency: str | None) -> str | None:
    """"грн", "₴", "uah" -> "UAH"; "руб." -> "RUB"; "$" -> "USD"; "¥" stays "¥"; None -> None.

    "¥" is kept as a symbol because it is the sign of both the yen and the yuan.
    """
    if not currency or not currency.strip():
        return None
    text = currency.strip()
    for code, pattern in _CODE_PATTERNS:
        if pattern.fullmatch(text):
            return code
    return text.upper() if text.isascii() and text.isalpha() else text
