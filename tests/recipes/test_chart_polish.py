"""Charts a CFO can read at a glance: the ABC legend never hides a bar, counts and months
are written the way the reader writes them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyst.recipes import abc_analysis, draw_chart, period_dynamics
from analyst.recipes.labels import localise_counts, month_label

NBSP = "\u00a0"


def _abc_chart(items: int, language: str):
    from dataclasses import replace

    rng = np.random.default_rng(7)
    df = pd.DataFrame({"Product": [f"Product {i}" for i in range(items)],
                       "Revenue": rng.pareto(1.5, items) * 1000 + 1})
    return replace(abc_analysis(df, "Product", "Revenue").chart, language=language)


@pytest.mark.parametrize("items", [25, 300])
def test_abc_legend_stays_clear_of_the_bars_and_the_plot(items: int) -> None:
    fig = draw_chart(_abc_chart(items, "en"))
    fig.canvas.draw()
    bars_ax, _cumulative_ax = fig.axes
    [legend] = [a.get_legend() for a in fig.axes if a.get_legend() is not None]
    box = legend.get_window_extent()
    last_bar = (bars_ax.patches[-1] if bars_ax.patches else bars_ax.collections[-1])
    assert not box.overlaps(last_bar.get_window_extent())
    assert box.y0 >= bars_ax.get_window_extent().y1 - 1  # above the plot area, not on it
    assert [t.get_text() for t in legend.get_texts()] == ["Class A", "Class B", "Class C"]


def test_a_long_abc_title_is_not_covered_by_the_legend() -> None:
    from dataclasses import replace

    spec = replace(_abc_chart(40, "uk"), title="ABC-аналіз: Товар за показником «Сума, грн»")
    fig = draw_chart(spec)
    fig.canvas.draw()
    [legend] = [a.get_legend() for a in fig.axes if a.get_legend() is not None]
    # The house style puts titles on the left.
    [title] = [t for a in fig.axes for t in (a.title, a._left_title, a._right_title) if t.get_text()]
    assert title.get_text() == spec.title
    assert not legend.get_window_extent().overlaps(title.get_window_extent())


@pytest.mark.parametrize("language, count", [
    ("en", "1,204"), ("uk", f"1{NBSP}204"), ("ru", f"1{NBSP}204"), ("zh", "1,204")])
def test_abc_caption_counts_in_the_charts_number_style(language: str, count: str) -> None:
    fig = draw_chart(_abc_chart(1204, language))
    texts = [t.get_text() for t in fig.texts]
    # The count first, in the chart's number style; the column's own name inside the
    # caption's words, which are the reader's (tests/recipes/test_chart_captions.py).
    assert any(t.startswith(f"{count} ") and "Product" in t and ": A " in t.replace("：A ", ": A ")
               for t in texts), texts


def test_only_english_thousands_counts_are_rewritten() -> None:
    assert localise_counts("Top 30 of 1,204 items; 12.5% share", "uk") == \
        f"Top 30 of 1{NBSP}204 items; 12.5% share"
    assert localise_counts("1,204.50 and 12,5", "ru") == "1,204.50 and 12,5"  # not counts
    assert localise_counts("1,204 items", "en") == "1,204 items"


@pytest.mark.parametrize("language, march", [
    ("en", "Mar 2026"), ("uk", "бер. 2026"), ("ru", "мар. 2026"), ("zh", "2026年3月")])
def test_monthly_ticks_use_short_month_names(language: str, march: str) -> None:
    from dataclasses import replace

    days = pd.date_range("2026-01-01", "2026-03-31", freq="D")
    chart = period_dynamics(pd.DataFrame({"Date": days, "Revenue": 1.0}), "Date", "Revenue").chart
    assert chart.labels == ("2026-01", "2026-02", "2026-03")  # the data keeps ISO periods
    fig = draw_chart(replace(chart, language=language))
    ticks = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert ticks[-1] == march and len(ticks) == 3


def test_long_monthly_line_ticks_are_month_names_too() -> None:
    from dataclasses import replace

    days = pd.date_range("2022-01-01", "2026-03-31", freq="D")
    chart = period_dynamics(pd.DataFrame({"Date": days, "Revenue": 1.0}), "Date", "Revenue").chart
    assert chart.kind == "line"
    fig = draw_chart(replace(chart, language="uk"))
    fig.canvas.draw()
    ticks = [t.get_text() for t in fig.axes[0].get_xticklabels() if t.get_text()]
    assert ticks and all(t.split(" ")[0] in ("січ.", "лип.") for t in ticks), ticks


def test_non_months_keep_their_labels() -> None:
    assert month_label("2026-W09") is None and month_label("2026-13") is None
    assert month_label("2026-12", "uk") == "груд. 2026"
