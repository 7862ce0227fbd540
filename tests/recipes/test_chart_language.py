"""Charts in the reader's language: uk/ru ticks and value labels read "2 009 930,98 грн",
the chart's own words ("Cumulative share", "Class A", P&L legends) are translated, and the
default stays English so existing calls draw as before."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import pytest

from analyst.recipes import (
    ChartSeries,
    ChartSpec,
    abc_analysis,
    draw_chart,
    format_value,
    render_chart,
)
from analyst.recipes.charts import chart_word, fixed_name

NBSP = "\u00a0"


@pytest.mark.parametrize("language, money, percent", [
    ("en", "2,009,931 грн", "12.5%"),
    ("uk", f"2{NBSP}009{NBSP}931{NBSP}грн", "12,5%"),
    ("ru", f"2{NBSP}009{NBSP}931{NBSP}грн", "12,5%"),
    ("zh", "2,009,931 грн", "12.5%"),
])
def test_values_in_the_readers_number_style(language, money, percent):
    assert format_value(2009930.98, "money", "грн", language=language) == money
    assert format_value(12.5, "percent", language=language) == percent


def test_small_values_keep_their_decimals_with_a_comma():
    assert format_value(-56.25, "money", "$", language="uk") == f"-56,25{NBSP}$"
    assert format_value(-56.25, "money", "$") == "-$56.25"


def _texts(fig) -> list[str]:
    fig.canvas.draw()
    texts = [t.get_text() for ax in fig.axes for t in ax.get_xticklabels() + ax.get_yticklabels()]
    texts += [t.get_text() for ax in fig.axes for t in ax.texts]
    texts += [ax.get_ylabel() for ax in fig.axes] + [ax.get_xlabel() for ax in fig.axes]
    for ax in fig.axes:
        legend = ax.get_legend()
        if legend is not None:
            texts += [t.get_text() for t in legend.get_texts()]
    return texts


def test_a_ukrainian_column_chart_has_ukrainian_ticks_and_bar_labels():
    spec = ChartSpec("bar", "Виручка", ("2026-01", "2026-02"),
                     (ChartSeries("Revenue", (2009930.98, 1500000.0)),
                      ChartSeries("Gross profit", (600000.0, 450000.0))), unit="money",
                     currency="грн", language="uk")
    texts = _texts(draw_chart(spec))
    assert f"2{NBSP}009{NBSP}931{NBSP}грн" in texts  # the bar's own label
    assert any(t.endswith(f"{NBSP}грн") and NBSP in t[:-4] for t in texts if t.startswith("1"))
    assert not any("," in t and "грн" in t for t in texts)
    # The recipes' English legend (P&L: "Revenue", "Gross profit") in the reader's words.
    assert "Виручка" in texts and "Валовий прибуток" in texts


def test_the_pareto_chart_words_are_translated():
    df = pd.DataFrame({"item": list("abcde"), "amount": [50.0, 30.0, 10.0, 6.0, 4.0]})
    chart = abc_analysis(df, "item", "amount").chart
    texts = _texts(draw_chart(replace(chart, language="uk")))
    assert "Накопичена частка" in texts and "Клас A" in texts
    english = _texts(draw_chart(chart))
    assert "Cumulative share" in english and "Class A" in english


def test_render_chart_takes_the_language_as_an_option(tmp_path):
    spec = ChartSpec("barh", "Top", ("A", "B"), (ChartSeries("Count", (1200.0, 800.5)),),
                     value_label="Count")
    path = render_chart(spec, tmp_path / "c.png", language="ru")
    assert path.stat().st_size > 1000
    assert fixed_name("Count", "ru") == "Количество" and fixed_name("Product", "ru") == "Product"
    assert chart_word("class", "zh", group="B") == "B类"
