"""The fixed words of a report ("Contents", "Page 1 of 3") in the report's language, from
the product's message catalogue (context "report")."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from analyst.catalogue import CATALOGUES, keys, message
from analyst.recipes.numbers import language_code

CONTEXT = "report"  # the labels' context in the message catalogue (analyst.words)


def detect_language(texts: Iterable[str]) -> str:
    """A best guess from the report's own words (titles, narratives), not from table data."""
    joined = " ".join(texts)
    if re.search("[\u3040-\u30ff]", joined):
        return "ja"
    if re.search("[\u4e00-\u9fff]", joined):
        return "zh"
    if re.search("[іїєґІЇЄҐ]", joined):
        return "uk"
    if re.search("[\u0400-\u04ff]", joined):
        return "ru"
    return "en"


def labels_for(language: str | None) -> dict[str, str]:
    """Labels for "uk", "uk-UA", "zh_CN"...; unknown languages fall back to English. The
    table also names its language ("language": "uk"): figures follow its style."""
    key = language_code(language)
    return dict(_labels(key if key in CATALOGUES else "en"))


@cache
def _labels(code: str) -> tuple[tuple[str, str], ...]:
    return (*((k, message(code, CONTEXT, k)) for k in keys(CONTEXT)), ("language", code))
