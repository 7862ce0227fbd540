"""One language normaliser and one number style: the report's formatters, the chart labels
the recipes draw inside the sandbox and the catalogue agree on every figure and language."""

from __future__ import annotations

import random

import pytest

from analyst.recipes import labels
from analyst.recipes.numbers import fixed, language_code, marks
from analyst.words import normalise, number_formats

SPELLINGS = ["uk", "UK", "uk-UA", "uk_UA", " ru-RU", "zh_CN", "zh-Hans-CN", "en-GB", "EN", "de",
             None, ""]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_every_spelling_of_a_language_reads_as_one_code(spelling):
    code = language_code(spelling)
    assert code == (spelling or "en").strip().lower()[:2] or code == "en"
    assert normalise(spelling) == (code if code in {"en", "uk", "ru", "zh"} else "en")
    assert marks(spelling) == marks(code)


def _figures(seed: int) -> list[float]:
    rng = random.Random(seed)
    out = [0.0, -0.0, -0.001, 0.005, 999.995, -1234.5, 1e9 + 0.125]
    out += [rng.uniform(-1e8, 1e8) for _ in range(40)]
    out += [round(rng.uniform(-5000, 5000), rng.choice([0, 1, 2, 3])) for _ in range(40)]
    return out


@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh", "uk-UA"])
@pytest.mark.parametrize("seed", range(5))
def test_the_report_and_the_charts_write_a_figure_the_same_way(language, seed):
    thousands, decimal = marks(language)
    for value in _figures(seed):
        for places in (0, 1, 2):
            english = format(value, f",.{places}f")
            expected = english.replace(",", "\0").replace(".", decimal).replace("\0", thousands)
            if expected.lstrip("-").strip("0.,\u00a0") == "":
                expected = expected.lstrip("-")  # a zero has no sign
            assert number_formats.format_number(value, places, language) == expected
            assert fixed(value, places, language) == expected
            chart = labels.format_value(value, decimals=places, language=language)
            assert chart == expected, (value, places)
        assert labels.format_value(value, "percent", language=language) == (
            number_formats.format_percent(value / 100, language=language))
