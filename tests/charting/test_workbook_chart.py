"""The workbook carries each charted section as a native Excel chart over its own cells.

Spec over many generated result tables: the section's sheet holds one chart; its series
and categories reference the section's table on that sheet, and the cells referenced hold
exactly the values and labels the chart draws. A bridge of column totals (the P&L
waterfall) is written beside the table as formulas over its columns, each step's value
the sum of the cells it stands for.
"""

from __future__ import annotations

import io
import re

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries

from analyst.brain.code.charts import chart_for, heading
from analyst.report import Report, Section, render_xlsx
from analyst.report.section_chart import DROPPED_COLUMNS, chart_cells
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
        assert section.chart_cells is not None, section.title
        (native,) = ws._charts
        if section.chart.kind == "waterfall":
            _check_bridge(book, ws, native, section)
            continue
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


def _check_bridge(book, ws, native, section: Section) -> None:
    """Each bridge step's formula sums the section's column it stands for, with the sign
    the chart draws it with; the chart's bars are the bridge's base and size columns."""
    chart = section.chart
    assert chart is not None
    base, bars = native.series
    labels = _cells(book, bars.cat.strRef.f if bars.cat.strRef else bars.cat.numRef.f)
    assert labels == [m.label for m in chart.marks]
    first_row = int(range_boundaries(bars.val.numRef.f.split("!")[1].replace("$", ""))[1])
    label_col = range_boundaries((bars.cat.strRef or bars.cat.numRef).f.split("!")[1]
                                 .replace("$", ""))[0]
    for i, mark in enumerate(chart.marks):
        formula = ws.cell(row=first_row + i, column=label_col + 1).value
        match = re.fullmatch(r"=(-?)SUM\((\$?[A-Z]+\$?\d+:\$?[A-Z]+\$?\d+)\)", formula)
        assert match, formula
        assert (match.group(1) == "-") == mark.negated
        total = sum(_cells(book, f"'{ws.title}'!{match.group(2)}"))
        assert (-total if mark.negated else total) == pytest.approx(mark.value, rel=1e-9)
        heading_cell = ws.cell(row=4, column=range_boundaries(
            match.group(2).replace("$", ""))[0]).value
        assert heading_cell == heading(mark.series, chart.language)


@pytest.mark.parametrize("seed", range(3))
def test_the_bridge_formulas_compute_the_waterfall_the_chart_draws(seed: int, tmp_path) -> None:
    import formulas  # the project's own formula engine (ingest computes workbooks with it)

    from analyst.charting.vega import rows

    recipe, args, raw = [r for r in results(seed) if r[0] == "pnl_summary"][0]
    section = _section(recipe, args, raw, "en")
    path = tmp_path / "bridge.xlsx"
    path.write_bytes(render_xlsx(Report(title="T", sections=(section,))))
    solved = formulas.ExcelModel().loads(str(path)).finish().calculate()
    (native,) = load_workbook(path).worksheets[1]._charts
    categories = native.series[1].cat.strRef or native.series[1].cat.numRef
    label_col = range_boundaries(categories.f.split("!")[1].replace("$", ""))[0]
    end_col = label_col + 2
    found = {int(m.group(1)): float(v.value.ravel()[0]) for k, v in solved.items()
             if (m := re.search(rf"!{get_column_letter(end_col)}(\d+)$", k)) and "PNL" in k.upper()}
    ends = [found[row] for row in sorted(found)]
    assert ends == pytest.approx([r["end"] for r in rows(section.chart)], rel=1e-9)
