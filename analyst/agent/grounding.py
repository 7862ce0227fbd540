"""Grounding check: every figure in the final answer should come from something the
analysis actually produced (step outputs, the data card, the question).

A figure that appears nowhere is reported, never silently passed on. The comparison is
forgiving about presentation (thousand separators, decimal commas, percents written as
fractions, "1.2 million", rounding to the precision shown) and ignores numbers that carry
no claim (years, small counts like "top 5", dates).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
_DATES = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?\b"
    r"|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b"
    r"|\b\d{4}[-/]\d{1,2}\b"
    r"|\b\d{1,2}:\d{2}(?::\d{2})?\b"
)
_NUMBER = re.compile(
    r"(?<![\w.,])"  # not glued to a word (Q1, FY, x2) nor the tail of another number
    r"(?P<num>\d{1,3}(?P<sep>[,.\u00a0\u202f' ])\d{3}(?:(?P=sep)\d{3})*(?:[.,]\d+)?"
    r"|\d+(?:[.,]\d+)?)"
    r"(?![\d])(?:[eE](?P<exp>[-+]?\d+))?"
    r"(?P<suffix>\s?(?:%|percent\b|per cent\b|pp\b|k\b|m\b|mn\b|mln\b|bn\b|b\b|thousand\b"
    r"|million\b|billion\b|тис\.?|млн|млрд|万|亿))?",
    re.IGNORECASE,
)
_SCALES = {
    "k": 1e3, "thousand": 1e3, "тис": 1e3, "тис.": 1e3, "万": 1e4,
    "m": 1e6, "mn": 1e6, "mln": 1e6, "million": 1e6, "млн": 1e6, "亿": 1e8,
    "b": 1e9, "bn": 1e9, "billion": 1e9, "млрд": 1e9,
}
_PERCENT = {"%", "percent", "per cent", "pp"}


@dataclass(frozen=True)
class Figure:
    """One number as written, with every value it could mean."""

    text: str
    readings: tuple[tuple[float, int], ...]
    """(absolute value, decimals shown) for each plausible reading of the separators."""
    scale: float = 1.0
    percent: bool = False

    @property
    def trivial(self) -> bool:
        """Numbers that carry no claim worth checking: small counts, years, 100%."""
        if len(self.readings) != 1 or self.scale != 1.0:
            return False
        value, decimals = self.readings[0]
        if decimals:
            return False
        if self.percent:
            return value in (0, 100)
        return value <= 12 or (1900 <= value <= 2100 and self.text.isdigit())


def find_figures(text: str) -> list[Figure]:
    """The numbers a reader would see in `text` (code and dates left out)."""
    text = _DATES.sub(" ", _CODE.sub(" ", text))
    figures = []
    for match in _NUMBER.finditer(text):
        suffix = (match.group("suffix") or "").strip().lower()
        readings = _readings(match.group("num"))
        if match.group("exp"):
            exp = int(match.group("exp"))
            readings = tuple((v * 10**exp, max(d - exp, 0)) for v, d in readings)
        figures.append(
            Figure(
                text=match.group(0).strip(),
                readings=readings,
                scale=_SCALES.get(suffix, 1.0),
                percent=suffix in _PERCENT,
            )
        )
    return figures


def source_values(texts: Iterable[str], numbers: Iterable[float] = ()) -> list[float]:
    """Every absolute value found in what the model was shown or what the steps printed."""
    values = {abs(float(n)) for n in numbers if _finite(n)}
    for text in texts:
        # Dates are not removed here: a source "2025-03" legitimately contains 2025 and 3.
        for match in _NUMBER.finditer(_CODE.sub(lambda m: m.group(0).strip("`"), text)):
            readings = _readings(match.group("num"))
            exp = int(match.group("exp")) if match.group("exp") else 0
            values.update(v * 10**exp for v, _ in readings)
    return sorted(values)


def ungrounded(answer: str, sources: list[float], also_fine: Iterable[str] = ()) -> list[str]:
    """The figures of `answer` that match no source value, as written in the answer."""
    fine = {f.text for text in also_fine for f in find_figures(text)}
    missing: list[str] = []
    for figure in find_figures(answer):
        if figure.trivial or figure.text in fine or figure.text in missing:
            continue
        if not any(_matches(figure, v) for v in sources):
            missing.append(figure.text)
    return missing


def warning_text(figures: list[str], language: str | None = "en") -> str:
    """The warning for figures found in no source, in `language` (figures as written)."""
    from analyst.agent.words import joined, said

    shown = joined(language, figures[:8])
    if len(figures) > 8:
        shown = said(language, "and_others", figures=shown)
    return said(language, "ungrounded", figures=shown)


def _readings(raw: str) -> tuple[tuple[float, int], ...]:
    """Interpret separators: "1,234" is 1234 or 1.234; "1.234,5" is 1234.5; "12,5" is 12.5."""
    plain = re.sub(r"[\u00a0\u202f' ]", "", raw)
    has_comma, has_dot = "," in plain, "." in plain
    if has_comma and has_dot:
        decimal = "," if plain.rfind(",") > plain.rfind(".") else "."
        group = "." if decimal == "," else ","
        return (_reading(plain.replace(group, ""), decimal),)
    sep = "," if has_comma else "." if has_dot else None
    if sep is None:
        return ((float(plain), 0),)
    parts = plain.split(sep)
    if len(parts) > 2:
        return ((float(plain.replace(sep, "")), 0),)
    if len(parts[1]) == 3 and parts[0] != "0":
        # Ambiguous: a thousands group or three decimals. Keep both; either may match.
        return ((float("".join(parts)), 0), _reading(plain, sep))
    return (_reading(plain, sep),)


def _reading(number: str, decimal: str) -> tuple[float, int]:
    whole, _, frac = number.partition(decimal)
    return (float(f"{whole or 0}.{frac or 0}"), len(frac))


def _matches(figure: Figure, source: float) -> bool:
    for value, decimals in figure.readings:
        tolerance = 0.5 * 10.0**-decimals
        if not decimals and value >= 1000:
            # "1,200" may be 1,234 rounded; allow rounding to two significant digits at most.
            digits = len(str(int(value)))
            zeros = len(str(int(value))) - len(str(int(value)).rstrip("0"))
            tolerance = 0.5 * 10.0 ** min(zeros, digits - 2)
        candidates = [(value, tolerance), (value * figure.scale, tolerance * figure.scale)]
        if figure.percent:
            candidates.append((value / 100, tolerance / 100))  # 12.3% shown from 0.123
        for target, tol in candidates:
            if abs(source - target) <= tol * (1 + 1e-9) + 1e-12:
                return True
    return False


def _finite(n: object) -> bool:
    return isinstance(n, int | float) and not isinstance(n, bool) and math.isfinite(n)
