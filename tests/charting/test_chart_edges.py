"""A drawn chart keeps everything inside its picture (`analyst/recipes/charts.py`).

Charts are laid out once at their saved size, with no crop to the drawing afterwards (that
crop cost two more passes over every label). So nothing may reach the picture's edge: long
category names, wide money ticks, value labels past the longest bar, a pareto's right axis,
a caption of several lines in any language. Each chart here (16 generated) is checked for a white margin
all round and for its caption's ink below the axes.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from analyst.recipes.charts import DPI, MARGIN_IN, render_chart
from analyst.recipes.result import ChartSeries, ChartSpec

NAMES = {
    "en": ["Consulting services for enterprise clients", "Rent", "Cost of goods sold",
           "Wages and salaries of the sales department", "Other"],
    "uk": ["Собівартість реалізованих товарів", "Оренда офісу", "Витрати на збут і маркетинг",
           "Адміністративні витрати", "Інше"],
    "zh": ["主营业务收入", "其他业务成本", "销售费用与市场推广费用合计", "管理费用", "其他"],
}
CAPTIONS = {
    "en": "Top categories by revenue; the other 47 categories together hold $1,234,567.89 "
          "of the year's revenue, and 3 rows without a category are left out of the chart.",
    "uk": "Найбільші категорії за виручкою; решта 47 категорій разом мають 1 234 567,89 грн "
          "виручки за рік, а 3 рядки без категорії не показано на діаграмі.",
    "zh": "按收入排列的主要类别；其余四十七个类别合计收入一百二十三万四千五百六十七元，"
          "另有三行没有类别，未在图中显示。这是一条很长的说明文字，用来检查换行是否正确。",
}


def _spec(seed: int) -> ChartSpec:
    rng = random.Random(seed)
    language = rng.choice(list(NAMES))
    kind = rng.choice(["bar", "barh", "line", "pareto", "funnel"])
    count = rng.choice([1, 3, 8, 14, 30])
    scale = rng.choice([1, 1_000, 1_000_000, 2_500_000_000])
    negative = rng.random() < 0.3 and kind not in ("pareto", "funnel")
    values = tuple(round(rng.uniform(-0.4 if negative else 0.05, 1) * scale, 2)
                   for _ in range(count))
    if kind in ("bar", "line"):
        labels = tuple(f"{2020 + i // 12}-{i % 12 + 1:02d}" for i in range(count))
        dates = tuple(f"{label}-01" for label in labels) if kind == "line" else None
    else:
        names = NAMES[language]
        labels = tuple(f"{names[i % len(names)]} {i}" for i in range(count))
        dates = None
    cumulative = None
    if kind == "pareto":
        values = tuple(sorted(values, reverse=True))
        running = np.cumsum(values) / sum(values) * 100
        cumulative = tuple(float(v) for v in running)
    note = rng.choice(["", "Short note.", CAPTIONS[language], CAPTIONS[language] * 2])
    return ChartSpec(kind=kind, title=f"Chart {seed}: {labels[0]}", labels=labels,
                     series=(ChartSeries("Revenue", values),), value_label="Revenue",
                     unit="money", currency=rng.choice(["$", "UAH", None]), dates=dates,
                     cumulative_pct=cumulative, guides_pct=(80.0, 95.0) if cumulative else (),
                     sort=kind == "barh", note=note, language=language)


# Each seed mixes kind, language, bar count, scale, sign, currency and caption length.
@pytest.mark.parametrize("seed", range(16))
def test_nothing_drawn_reaches_the_edge(seed: int, tmp_path: Path) -> None:
    spec = _spec(seed)
    pixels = np.asarray(Image.open(render_chart(spec, tmp_path / "c.png")).convert("L"))
    border = int(MARGIN_IN * DPI * 0.5)  # half the margin: anti-aliasing may spill a little
    edges = {"top": pixels[:border], "bottom": pixels[-border:],
             "left": pixels[:, :border], "right": pixels[:, -border:]}
    inked = {side: int((strip < 250).sum()) for side, strip in edges.items()}
    assert not any(inked.values()), f"{spec.kind} {spec.language}: drawn up to the edge {inked}"


@pytest.mark.parametrize("language", sorted(CAPTIONS))
def test_a_long_caption_is_drawn_whole_below_the_plot(language: str, tmp_path: Path) -> None:
    """Two captions' worth of text wraps onto more lines and the picture keeps them all: the
    lowest rows hold ink (the caption), and more of them than a one-line caption needs."""
    def ink_rows(note: str) -> int:
        spec = ChartSpec(kind="bar", title="Revenue", labels=("2025-01", "2025-02"),
                         series=(ChartSeries("Revenue", (1.0, 2.0)),), note=note,
                         language=language)
        pixels = np.asarray(Image.open(render_chart(spec, tmp_path / "c.png")).convert("L"))
        # Below the x axis (the lowest row drawn in the grid's grey across most of the
        # width): tick labels and the caption.
        grey = (pixels > 220) & (pixels < 240)
        axis = max(np.flatnonzero(grey.sum(axis=1) > pixels.shape[1] // 2))
        return int(((pixels[axis + 1:] < 200).any(axis=1)).sum())

    bare = ink_rows("")
    one_line, long = ink_rows("Short note.") - bare, ink_rows(CAPTIONS[language] * 3) - bare
    assert one_line > 0
    assert long >= 3 * one_line, (one_line, long)
