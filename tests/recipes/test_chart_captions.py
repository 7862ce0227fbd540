"""A recipe's chart caption is a message id with its counts, drawn in the reader's language.

breakdown, margin_by and abc_analysis run in-process on generated tables (several seeds,
group counts from a few dozen to a few thousand, labels in other scripts); each caption is a
`NoteId`, says no English word in uk/ru/zh (the ABC classes A/B/C and the data's own
labels aside), writes its counts as `format_value` does in that language, is the text the
drawn figure carries, and crosses `ChartSpec.to_dict()` as data the host says the same way.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pandas as pd
import pytest

from analyst import recipes
from analyst.recipes.charts import caption, draw_chart
from analyst.recipes.labels import format_value
from analyst.recipes.notes import NoteId
from analyst.words.note import RecipeNote

SEEDS = range(6)
LANGUAGES = ("en", "uk", "ru", "zh")
CLASSES = {"A", "B", "C"}
STEMS = ["Айва", "Бук", "Ξύλο", "樱桃", "Граб"]


def _table(seed: int) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.choice([31, 57, 240, 1001, 1448, rng.randint(30, 3000)])
    names = [f"{rng.choice(STEMS)}-{i}" for i in range(n)]
    revenue = [round(rng.uniform(10, 9000), 2) for _ in range(n)]
    return pd.DataFrame({"товар": names, "виручка": revenue,
                         "собівартість": [round(r * rng.uniform(0.2, 0.9), 2) for r in revenue]})


def _charts(seed: int) -> list[recipes.ChartSpec]:
    df = _table(seed)
    results = [recipes.breakdown(df, ["товар"], "виручка"),
               recipes.margin_by(df, "товар", "виручка", "собівартість"),
               recipes.abc_analysis(df, "товар", "виручка")]
    return [r.chart for r in results if r.chart is not None]


def _english_left(text: str) -> list[str]:
    text = re.sub(r"«[^»]*»|“[^”]*”", "", text)  # the data's own column name, quoted
    return [w for w in re.findall(r"[A-Za-z]+", text) if w not in CLASSES]


@pytest.mark.parametrize("seed", SEEDS)
def test_captions_are_ids_said_in_the_reader_s_language(seed: int) -> None:
    charts = _charts(seed)
    assert len(charts) == 3 and all(c.note for c in charts)  # every table here is long
    for chart in charts:
        assert isinstance(chart.note, NoteId), chart.note  # never an English sentence
        counts = [v for v in chart.note.values.values() if isinstance(v, int)]
        seen = {}
        for language in LANGUAGES:
            text = caption(replace(chart, language=language))
            seen[language] = text
            assert "{" not in text and text.strip(), text
            if language != "en":
                assert not _english_left(text), (language, text)
            for count in counts:  # 1 448 in uk/ru, 1,448 in en/zh, as the chart's numbers
                assert format_value(count, language=language) in text, (language, count, text)
            if language in ("uk", "ru"):
                assert not re.search(r"\d,\d{3}", text), text
        assert len(set(seen.values())) == 4, seen  # each language its own words


@pytest.mark.parametrize("seed", SEEDS)
def test_the_caption_crosses_the_boundary_as_data(seed: int) -> None:
    for chart in _charts(seed):
        data = json.loads(json.dumps(chart.to_dict()))
        assert data["note"] == str(chart.note)  # the English text, as before
        said = RecipeNote.from_dict(data["note_data"])
        for language in LANGUAGES:
            assert said.render(language) == caption(replace(chart, language=language))


@pytest.mark.parametrize("language", ["uk", "zh"])
def test_the_drawn_chart_carries_the_caption_in_the_reader_s_language(language: str) -> None:
    for chart in _charts(3 if language == "uk" else 4):
        spec = replace(chart, language=language)
        texts = [t.get_text() for t in draw_chart(spec).texts]
        assert caption(spec) in texts
        assert str(chart.note) not in texts  # the English caption is not drawn
