"""Labels from the user's data are text in every drawing: markup, formulas, control
characters, very long or empty labels neither break a rendering nor become code."""

from __future__ import annotations

import io

import pandas as pd
import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from analyst.brain.code.charts import chart_for
from analyst.charting.vega import vega_lite
from analyst.report import Report, Section, render_pdf, render_xlsx
from analyst.report.section_chart import chart_cells

HOSTILE = ["a\x00b", "line\nbreak", "tab\tx", "\u2028sep", "x" * 500, "<b>bold</b>",
           "=HYPERLINK(\"http://127.0.0.1/\")", "🙂 emoji", "مرحبا", "", " ", "{{label}}",
           "datum.label", "'); alert(1); //"]


@pytest.mark.parametrize("language", ["en", "uk", "zh"])
def test_hostile_labels_are_drawn_as_text_everywhere(language: str) -> None:
    table = pd.DataFrame({"Region": HOSTILE, "Revenue": [float(i + 1) for i in range(len(HOSTILE))]})
    chart = chart_for("breakdown", {"by": "Region", "amount": "Revenue"}, table,
                      title="<i>t</i>\x00", language=language)
    assert chart is not None and len(chart.marks) == len(HOSTILE)
    spec = vega_lite(chart).to_dict()
    assert "url" not in _keys(spec)  # the link in a label is data, never a data source
    assert [row["label"] for row in spec["data"]["values"]] == list(chart.labels())
    cells = chart_cells(chart, table, table)
    section = Section(title="s", chart=chart, table=table, chart_cells=cells)
    pdf = render_pdf(Report(title="T", sections=(section,), language_hint=language))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "<b>bold</b>" in text  # the markup is shown, not applied
    book = load_workbook(io.BytesIO(render_xlsx(Report(title="T", sections=(section,)))))
    ws = book.worksheets[1]
    (native,) = ws._charts
    assert native.series[0].val.numRef.f.endswith(f"$B$5:$B${4 + len(HOSTILE)}")
    formula_cells = [c.value for row in ws.iter_rows() for c in row if c.data_type == "f"]
    assert formula_cells == []  # a label that looks like a formula stays text


def _keys(spec: object) -> set[str]:
    if isinstance(spec, dict):
        return set(spec) | {k for v in spec.values() for k in _keys(v)}
    if isinstance(spec, list):
        return {k for v in spec for k in _keys(v)}
    return set()
