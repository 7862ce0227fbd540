"""A monthly trend chart's month names never run into each other, in any language.

Seen in the finance pack: twelve months along the x-axis of the uk/ru trend chart read
"лют. 2025бер. 2025..." because the labels were drawn flat, side by side.
"""

from __future__ import annotations

import itertools
import math

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from analyst.recipes.charts import draw_chart
from analyst.recipes.result import ChartSeries, ChartSpec
from tests.grids import grid

LANGUAGES = ("en", "uk", "ru", "zh")
MONTHS = (3, 6, 7, 9, 12, 13, 18, 24, 36)


def _spec(months: int, language: str, start: str) -> ChartSpec:
    dates = pd.date_range(start, periods=months, freq="MS")
    labels = tuple(d.strftime("%Y-%m") for d in dates)
    series = (ChartSeries("Revenue", tuple(1000.0 + 37 * i for i in range(months))),
              ChartSeries("Gross profit", tuple(400.0 + 11 * i for i in range(months))))
    return ChartSpec(kind="line", title="Trend", labels=labels, series=series, unit="money",
                     dates=tuple(d.date().isoformat() for d in dates), language=language)


# Each case draws a chart: every pair of month count, language and start in the fast tier,
# every combination in the full run.
@pytest.mark.parametrize(("months", "language", "start"),
                         grid(MONTHS, LANGUAGES, ("2025-01-01", "2024-11-01"), pairwise=True))
def test_month_labels_do_not_overlap(months: int, language: str, start: str) -> None:
    figure = draw_chart(_spec(months, language, start))
    FigureCanvasAgg(figure).draw()
    renderer = figure.canvas.get_renderer()
    ax = figure.axes[0]
    shown = [t for t in ax.get_xticklabels() if t.get_visible() and t.get_text()]
    texts = [t.get_text() for t in shown]
    assert len(shown) >= min(months, 3), texts
    xs = sorted(ax.transData.transform((t.get_position()[0], 0))[0] for t in shown)
    gap = min((b - a for a, b in itertools.pairwise(xs)), default=float("inf"))
    sizes = []
    for t in shown:  # each label's own width and height, as if drawn flat
        angle = t.get_rotation()
        t.set_rotation(0)
        box = t.get_window_extent(renderer)
        t.set_rotation(angle)
        sizes.append((box.width, box.height, angle))
    for width, height, angle in sizes:
        # Flat labels need the gap between ticks to hold their width; slanted ones only
        # their height across the slant.
        need = width if angle % 180 == 0 else height / math.sin(math.radians(angle % 180))
        assert gap >= need + 1, (months, language, texts, gap, need)
    for t in shown:
        box = t.get_window_extent(renderer)
        assert box.x0 >= -1 and box.x1 <= figure.bbox.width + 1, texts  # not cut off
