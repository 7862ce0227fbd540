"""Which rows of a result's table a selection on its chart stands for.

The app draws the chart with a point selection over each mark's `row` (`charting.vega`);
Streamlit hands back what was clicked as plain JSON. It is read here strictly (anything but
a list of {"row": text} picks nothing) and matched to the table shown under the chart by
the same keys the check uses, so a highlighted row is exactly the row the bar draws.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from analyst.charting.check import row_keys
from analyst.charting.vega import SELECTION
from analyst.record.chart import Chart


def picked_rows(selection: object) -> frozenset[str]:
    """The row keys a chart selection holds (`event.selection` of `st.altair_chart`)."""
    points = selection.get(SELECTION) if isinstance(selection, Mapping) else None
    if not isinstance(points, list):
        return frozenset()
    return frozenset(p["row"] for p in points
                     if isinstance(p, Mapping) and isinstance(p.get("row"), str))


def highlighted(chart: Chart, table: pd.DataFrame, picked: frozenset[str]) -> tuple[int, ...]:
    """Positions of `table`'s rows that the picked marks of `chart` draw."""
    if not picked or chart.x not in table.columns:
        return ()
    drawn = {m.row for m in chart.marks} & picked
    keys = row_keys(table, chart.x)
    return tuple(i for i, key in enumerate(keys) if key in drawn)
