"""A click on a chart selects the table rows its marks draw: the Vega-Lite spec carries a
point selection over each mark's row key, what Streamlit hands back is read strictly, and
the rows highlighted are exactly the rows whose cells the clicked marks draw.

Spec over the real recipes' charts on many generated tables."""

from __future__ import annotations

import numpy as np
import pytest

from analyst.brain.code.charts import chart_for
from analyst.charting.check import row_keys
from analyst.charting.selection import highlighted, picked_rows
from analyst.charting.vega import SELECTION, rows, selectable, vega_lite
from tests.charting.tables import results

SEEDS = range(8)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_rows_highlighted_are_the_rows_the_clicked_marks_draw(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for recipe, args, table in results(seed):
        chart = chart_for(recipe, args, table, title="t")
        assert chart is not None
        spec = vega_lite(chart).to_dict()
        if not selectable(chart):  # a bridge of column totals: no row to select
            assert chart.kind == "waterfall" and "params" not in spec
            continue
        assert spec["params"] == [{"name": SELECTION, "select": {"type": "point",
                                                                 "fields": ["row"]}}]
        drawn = [r["row"] for r in rows(chart)]
        assert sorted(drawn) == sorted(m.row for m in chart.marks)
        keys = row_keys(table, chart.x)
        for _ in range(5):
            picked = set(rng.choice(drawn, int(rng.integers(1, len(drawn) + 1))))
            selection = {SELECTION: [{"row": r} for r in picked]}
            marked = highlighted(chart, table, picked_rows(selection))
            assert [keys[i] for i in marked] == [k for k in keys if k in picked], recipe
            assert len(marked) == len(picked)
        # A row the chart does not draw is never highlighted, even if named.
        undrawn = [k for k in keys if k not in set(drawn)]
        if undrawn:
            assert highlighted(chart, table, frozenset(undrawn)) == ()


@pytest.mark.parametrize("garbage", [
    None, [], "North", {SELECTION: "North"}, {SELECTION: [{"label": "North"}]},
    {SELECTION: [{"row": 3}]}, {SELECTION: [["North"]]}, {"other": [{"row": "North"}]},
    {SELECTION: {"row": "North"}},
])
def test_a_selection_of_another_shape_selects_nothing(garbage: object) -> None:
    assert picked_rows(garbage) == frozenset()


def test_a_selection_reads_every_row_it_names() -> None:
    selection = {SELECTION: [{"row": "North"}, {"row": "x<y>z"}, {"row": 1}, {"row": "Ω-7"}]}
    assert picked_rows(selection) == {"North", "x<y>z", "Ω-7"}
