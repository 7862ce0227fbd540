"""The results a statement's row states by its label: gross, operating or net profit.

Accountants name the same result many ways: "Gross profit", "Gross margin" (the amount),
"Contribution", "Rohertrag", "Валовий прибуток", "毛利"; "Operating profit", "EBIT",
"Operating result", "Прибыль от продаж", "Betriebsergebnis"; "Net profit", "Net income",
"Profit for the year", "Jahresüberschuss", "净利润". One list serves the reading of a
statement's rows (`ingest.statement`), the check of a reading against them
(`ingest.reconcile`) and the kind of the lines a gross result adds up (`pnl.line_kind`),
so a row read as a result is always checked, and a row that is checked is never a line.
"""

from __future__ import annotations

import re

# Most specific first: "Net operating income" is operating, "Gross profit" never net. A
# margin followed by "%" is a ratio row, not the amount.
_RESULTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (what, re.compile(pattern, re.IGNORECASE)) for what, pattern in (
        ("gross_profit", r"gross\s+(?:profit|loss|income|result)|gross\s+margin(?![\s,]*(?:%|\(%|ratio|pct|perc))|"
                         r"^\W*contribution(?:\s+margin)?\W*$|deckungsbeitrag|rohertrag|bruttogewinn|"
                         r"bruttoergebnis|валов\w*\s+прибут\w*|валов\w*\s+прибыл\w*|毛利(?!率)"),
        ("operating_profit", r"operating\s+(?:profit|loss|income|result)|\bebit\b|"
                             r"операційн\w*\s+прибут\w*|операционн\w*\s+прибыл\w*|"
                             r"прибут\w*\s+від\s+(?:продаж|реалізац)\w*|прибыл\w*\s+(?:\(убыт\w*\)\s+)?от\s+продаж|"
                             r"результат\w*\s+від\s+операційн|betriebsergebnis|营业利润|经营利润"),
        ("net_profit", r"net\s+(?:profit|loss|income|result)|profit\s+(?:for\s+the\s+(?:year|period)|after\s+tax)|"
                       r"чист\w*\s+прибут\w*|чист\w*\s+прибыл\w*|чист\w*\s+(?:фінансов\w*\s+)?результат|"
                       r"jahresüberschuss|jahresfehlbetrag|净利润|净利(?![润率])"),
    ))


def result_of(label: str) -> str | None:
    """"gross_profit", "operating_profit" or "net_profit" when `label` names that result."""
    return next((what for what, pattern in _RESULTS if pattern.search(label)), None)
