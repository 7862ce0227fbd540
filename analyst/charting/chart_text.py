"""A chart's numbers written as the answer and the table write them."""

from __future__ import annotations

from analyst.recipes.numbers import NBSP, local_style
from analyst.record.chart import Chart
from analyst.words.number_formats import format_value


def value_text(chart: Chart, value: float) -> str:
    """"1,234.57", "1 234,57 грн", "12.3%": the reader's style, the answer's decimals."""
    if chart.number_format == "percent":
        return format_value(value / 100.0, "percent", language=chart.language)  # recipes: 0-100
    if chart.number_format == "currency":
        return format_value(value, "money", chart.currency, language=chart.language)
    return format_value(value, "number", language=chart.language)


def number_locale(language: str) -> dict[str, object]:
    """The d3 number locale of the axes (Vega-Lite `config.locale.number`): "1 234" in
    uk/ru, "1,234" elsewhere, as `value_text` writes them."""
    local = local_style(language)
    return {"decimal": "," if local else ".", "thousands": NBSP if local else ",",
            "grouping": [3], "currency": ["", ""]}
