"""The cardinal plural category of en/uk/ru/zh (CLDR), written out here independently of the
catalogues, so a test can tell which form a message should have taken."""

from __future__ import annotations


def category(language: str, n: int) -> str:
    """"one" / "few" / "many" (uk, ru), "one" / "other" (en), "other" (zh)."""
    if language == "en":
        return "one" if n == 1 else "other"
    if language == "zh":
        return "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"
