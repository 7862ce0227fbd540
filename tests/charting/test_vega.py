"""Every chart kind compiles to a valid Vega-Lite spec that carries its data inline.

Spec over generated charts of every recipe (bars, periods, the P&L waterfall, an ABC pie)
in four languages: Altair validates the spec against the Vega-Lite schema; nothing in it
is a URL or a data loader; each drawn row's tooltip text is the value as the answer writes
it; labels from the user's data are data values, never part of an expression.
"""

from __future__ import annotations

import json

import pytest

from analyst.brain.code.charts import chart_for, shares_chart
from analyst.charting.chart_text import value_text
from analyst.charting.vega import rows, vega_lite
from tests.charting.tables import results

LANGUAGES = ("en", "uk", "ru", "zh")


def _charts(seed: int):
    language = LANGUAGES[seed % 4]
    for recipe, args, table in results(seed):
        chart = chart_for(recipe, args, table, title=f"{recipe} «x<y>» {language}", language=language)
        assert chart is not None
        yield chart
        if recipe == "breakdown":
            positive = table[table["Revenue"] > 0]
            pie = shares_chart(positive, "Region", "Revenue", title="t", language=language)
            if pie is not None:
                yield pie


@pytest.mark.parametrize("seed", range(8))
def test_each_kind_is_a_valid_spec_with_inline_data_and_formatted_tooltips(seed: int) -> None:
    kinds = set()
    for chart in _charts(seed):
        spec = vega_lite(chart).to_dict()  # validates against the Vega-Lite schema
        kinds.add(chart.kind)
        text = json.dumps(spec)
        assert '"url"' not in text and "loader" not in text
        values = spec["data"]["values"]
        assert values == rows(chart)
        assert [v["text"] for v in values] == [value_text(chart, m.value) for m in chart.ordered()]
        assert spec["title"] == chart.title
        for label in chart.labels():
            # A label is only ever a data value or a sort entry, never inside an expression.
            assert all(label not in str(v) for k, v in _expressions(spec))
        if chart.kind == "waterfall":
            ends = [v["end"] for v in values]
            assert ends[-1] == pytest.approx(chart.marks[-1].value)
    assert {"bar", "waterfall"} <= kinds


def _expressions(spec: object, key: str = ""):
    if isinstance(spec, dict):
        for k, v in spec.items():
            if k in ("expr", "labelExpr", "calculate", "filter", "test"):
                yield k, v
            yield from _expressions(v, k)
    elif isinstance(spec, list):
        for item in spec:
            yield from _expressions(item, key)
