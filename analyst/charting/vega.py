"""A `Chart` compiled to Vega-Lite with Altair: what the app draws with `st.altair_chart`.

The data travels inline in the spec (`values`), never as a URL, so the browser loads
nothing: labels from the user's data are data values, drawn as text, never expressions.
Tooltips show each value as the answer writes it (the `text` field, formatted here by
`value_text`), the axes number in the reader's style (`config.locale`), bars are sorted
as the chart says, and titles are the question's language.
"""

from __future__ import annotations

from typing import Any

import altair as alt

from analyst.charting.chart_text import number_locale, value_text
from analyst.record.chart import Chart, Mark

COLOURS = {"favourable": "#2E7D32", "unfavourable": "#B03A2E", "neutral": "#1F4E79"}
"""Green for good news, red for bad, the house blue when a bar means neither."""
HEIGHT_PER_BAR = 22
SELECTION = "pick"
"""The chart's point selection: clicking a bar (a point, a slice) selects the table rows it
draws (its `row` field), which the app highlights in the table under the chart."""
PERIOD_AXES = ("month", "week", "quarter", "year", "day", "period")


def rows(chart: Chart) -> list[dict[str, Any]]:
    """The chart's data as drawn: one row per mark, in drawing order, with its formatted
    text; a waterfall's bars carry where they start and end."""
    out, level = [], 0.0
    for order, mark in enumerate(chart.ordered()):
        row = {"label": mark.label, "series": chart.series_title(mark.series),
               "value": mark.value, "text": value_text(chart, mark.value), "tone": mark.tone,
               "order": order, "row": mark.row}
        if chart.kind == "waterfall":
            start = 0.0 if mark.total else level
            end = mark.value if mark.total else level + mark.value
            row |= {"start": start, "end": end}
            level = end
        out.append(row)
    return out


def vega_lite(chart: Chart) -> alt.Chart:
    """The Altair chart of `chart` (its `to_dict()` is the Vega-Lite spec)."""
    data = alt.Data(values=rows(chart))
    labels = list(chart.labels())
    tooltip = [alt.Tooltip("label:N", title=chart.x_title or " "),
               alt.Tooltip("text:N", title=_value_title(chart, chart.marks[0]))]
    axis = alt.Axis(format=",.0f")
    colour = alt.Color("tone:N", scale=alt.Scale(domain=list(COLOURS),
                                                range=list(COLOURS.values())), legend=None)
    base = alt.Chart(data, title=chart.title)
    drawn: alt.Chart
    if chart.kind == "pie":
        drawn = base.mark_arc().encode(theta=alt.Theta("value:Q"),
                                       color=alt.Color("label:N", sort=labels, title=chart.x_title),
                                       tooltip=tooltip)
    elif chart.kind == "waterfall":
        drawn = base.mark_bar().encode(
            x=alt.X("label:N", sort=labels, title=None, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("start:Q", title=chart.y_title or None, axis=axis), y2="end:Q",
            color=colour, tooltip=tooltip)
    elif chart.kind == "line":
        drawn = base.mark_line(point=True).encode(
            x=alt.X("label:N", sort=labels, title=chart.x_title),
            y=alt.Y("value:Q", title=chart.y_title or None, axis=axis),
            color=alt.Color("series:N", legend=None if len(chart.series) == 1 else alt.Legend()),
            tooltip=[*tooltip[:1], alt.Tooltip("series:N", title=" "), tooltip[1]]
            if len(chart.series) > 1 else tooltip)
    elif chart.kind == "stacked_bar":
        drawn = base.mark_bar().encode(
            x=alt.X("label:N", sort=labels, title=chart.x_title),
            y=alt.Y("value:Q", stack="zero", title=chart.y_title or None, axis=axis),
            color=alt.Color("series:N", title=None),
            tooltip=[*tooltip[:1], alt.Tooltip("series:N", title=" "), tooltip[1]])
    elif chart.x in PERIOD_AXES:  # periods read left to right, in time order
        drawn = base.mark_bar().encode(
            x=alt.X("label:N", sort=labels, title=chart.x_title,
                    axis=alt.Axis(labelAngle=0 if len(labels) <= 8 else -40)),
            y=alt.Y("value:Q", title=chart.y_title or None, axis=axis),
            color=colour, tooltip=tooltip)
    else:  # categories: horizontal bars, read top down in the chart's order
        drawn = base.mark_bar().encode(
            y=alt.Y("label:N", sort=labels, title=chart.x_title),
            x=alt.X("value:Q", title=chart.y_title or None, axis=axis),
            color=colour, tooltip=tooltip).properties(height=HEIGHT_PER_BAR * len(labels))
    if selectable(chart):
        pick = alt.selection_point(name=SELECTION, fields=["row"])
        drawn = drawn.add_params(pick).encode(
            opacity=alt.condition(pick, alt.value(1.0), alt.value(0.45)))
    return drawn.configure(locale={"number": number_locale(chart.language)})


def selectable(chart: Chart) -> bool:
    """True when every value drawn stands for one table row (a bridge of column totals
    has no row to select)."""
    return bool(chart.marks) and all(m.row is not None for m in chart.marks)


def _value_title(chart: Chart, mark: Mark) -> str:
    if len(chart.series) == 1 or chart.kind == "waterfall":
        return chart.y_title or chart.series_title(mark.series)
    return " "
