"""The reading of a question with a month says the month's name ("average of temp_max, in
July"), in the reader's language; it said "in 7" (the month label was looked up with a
whole date where a "YYYY-MM" period is expected, and found nothing)."""

from __future__ import annotations

import pytest

from analyst.brain.understand.query import Filter, Query
from analyst.brain.understand.reading import reading_text

NAMES = {"en": ["January", "July", "December"], "uk": ["січень", "липень", "грудень"],
         "ru": ["январь", "июль", "декабрь"], "zh": ["1月", "7月", "12月"]}


@pytest.mark.parametrize("language", sorted(NAMES))
@pytest.mark.parametrize(("index", "month"), [(0, 1), (1, 7), (2, 12)])
def test_a_month_is_said_by_its_name(language: str, index: int, month: int) -> None:
    query = Query("weather", "mean", ("temp_max",), filters=(Filter("date", "month", month),))
    text = reading_text(query, language)
    assert NAMES[language][index] in text, text
    assert f" {month}" not in text.replace(NAMES[language][index], ""), text
