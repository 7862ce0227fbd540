"""The workbook carries each charted section as a native Excel chart over its own cells.

Spec over many generated result tables: the section's sheet holds one chart; its series
and categories reference the section's table on that sheet, and the cells referenced hold
exactly the values and labels the chart draws. A chart of column totals (the P&L bridge)
cannot reference cells and keeps the picture.
"""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from openpyxl.utils.cell import range_boundaries

from analyst.charting.build import chart_for, heading
from analyst.report import Report, Section, render_xlsx
from analyst.reporting.charts import DROPPED_COLUMNS, chart_cells
from tests.charting.tables import results

SEEDS = range(8)


def _section(recipe: str, args: dict, raw, language: str) -> Section:
    chart = chart_for(recipe, args, raw, title=f"{recipe} 图表", language=language)
    assert chart is not None
    # The section's table as the report shows it: renamed headers, the period start left out.
    shown = raw.drop(columns=[c for c in DROPPED_COLUMNS if c in raw.columns])
    shown.columns = [heading(str(c), language) for c in shown.columns]
    return Section(title=recipe, table=shown, chart=chart,
                   chart_cells=chart_cells(chart, raw, shown), currency=args.get("currency"))


def _cells(book, ref: str) -> list:
    sheet, area = ref.rsplit("!", 1)
    ws = book[sheet.strip("'").replace("''", "'")]
    min_col, min_row, max_col, max_row = range_boundaries(area.replace("$", ""))
    return [ws.cell(row=r, column=c).value for r in range(min_row, max_row + 1)
            for c in range(min_col, max_col + 1)]


@pytest.mark.parametrize("seed", SEEDS)
def test_each_charted_section_has_a_native_chart_over_its_cells(seed: int) -> None:
    language = ("en", "uk", "ru", "zh")[seed % 4]
    sections = [_section(r, a, t, language) for r, a, t in results(seed)]
    book = load_workbook(io.BytesIO(render_xlsx(Report(title="T", sections=tuple(sections),
                                                       language_hint=language))))
    for number, section in enumerate(sections, start=1):
        ws = next(w for w in book.worksheets if w.title.startswith(f"{number}. "))
        if section.chart_cells is None:
            assert section.chart is not None and section.chart.kind == "waterfall"
            assert ws._charts == []
            continue
        (native,) = ws._charts
        (series,) = native.series
        values_ref = series.val.numRef.f
        labels_ref = (series.cat.strRef or series.cat.numRef).f
        assert values_ref.split("!")[0].strip("'") == ws.title  # the section's own sheet
        drawn = {m.row: m.value for m in section.chart.marks}
        values = _cells(book, values_ref)
        labels = [str(v) for v in _cells(book, labels_ref)]
        assert sorted(labels) == sorted(drawn), section.title
        assert [drawn[label] for label in labels] == pytest.approx(values, rel=1e-12)
        assert _cells(book, series.tx.strRef.f) == [heading(section.chart.series[0], language)]
