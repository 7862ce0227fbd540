"""The standard report states no gross profit or margin the file does not confirm (issue 26).

A statement with no gross result row and lines that neither their name nor a heading places
("Less: Freight in", "Commissions") has no known cost of sales: a question about its gross
margin is declined by name (`finance/gross_unplaced`), and so the standard report's P&L,
margin and change sections leave gross profit and margin out, with a note naming the lines.
Built through the real path: a local session, the standard report, `Analysis.report` and
the PDF's text. A statement whose own gross row confirms the reading keeps its margin.
"""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from analyst.report.pdf import render_pdf
from analyst.session.analysis import Analysis
from tests.finance.blind_books import Blind, statement
from tests.grids import FULL_RUN_ONLY

UNPLACED = {"en-less": ("Less: Freight in",), "en-contribution": ("Commissions",)}
GROSS_COLUMNS = re.compile(r"gross|毛利|валов", re.IGNORECASE)


def _report(folder: Path, layout: Blind):
    path, info = statement(folder / "pnl", layout, sum(map(ord, layout.name)))
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        for _ in analysis.standard_report():
            pass
        report = analysis.report()
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(render_pdf(report))).pages)
    return report, info, text


def _percent(value: float) -> str:
    return f"{value:.1f}%"


@pytest.mark.parametrize("layout", [
    Blind("en-less", "negative", "grouped", False, True, None, False, True, gross_row=False),
    pytest.param(Blind("en-contribution", "positive", "number", True, False, "FY", False, False,
                       gross_row=False), marks=FULL_RUN_ONLY),
    pytest.param(Blind("en-less", "parentheses", "currency", True, False, "Total", False, False,
                       gross_row=False), marks=FULL_RUN_ONLY),
], ids=lambda layout: layout.name)
def test_a_report_states_no_gross_margin_the_file_does_not_confirm(tmp_path: Path, layout: Blind) -> None:
    report, info, text = _report(tmp_path, layout)
    for kpi in report.kpis:
        if kpi.key in ("gross_profit", "gross_margin"):
            assert kpi.value is None or math.isnan(kpi.value), kpi
    sections = [s for s in report.sections if s.table is not None]
    assert sections
    for section in sections:
        for column in section.table.columns:
            if GROSS_COLUMNS.search(str(column)):
                assert section.table[column].isna().all(), (section.title, column)
    # The reading that took the unplaced lines as operating expenses, and the truth: neither
    # margin is stated, and the note names the lines that leave it open.
    truth = float(info["truth"]["gross_margin"])
    assert _percent(truth) not in text
    narratives = " ".join(s.narrative for s in report.sections)
    for line in UNPLACED[layout.words]:
        assert line in narratives, narratives[:600]
    assert "%" in narratives  # the operating margin is still stated
    assert not re.search(r"(?:gross|毛利)[^.;。；]{0,30}\d%", narratives, re.IGNORECASE), narratives[:600]


@pytest.mark.parametrize("layout", [
    # (The full run only: each report is seconds; the fast tier keeps the refusal above.)
    pytest.param(Blind("en-less", "positive", "number", True, True, "FY", False, True),
                 marks=FULL_RUN_ONLY),
    # No gross row, but every cost line names its kind (主营业务成本, 其他业务成本).
    pytest.param(Blind("zh", "parentheses", "grouped", False, False, None, False, True, gross_row=False),
                 marks=FULL_RUN_ONLY),
], ids=lambda layout: layout.name)
def test_a_report_keeps_the_gross_margin_the_file_confirms(tmp_path: Path, layout: Blind) -> None:
    report, info, text = _report(tmp_path, layout)
    truth = float(info["truth"]["gross_margin"])
    margins = [k.value for k in report.kpis if k.key == "gross_margin"]
    assert margins and abs(float(margins[0]) * 100 - truth) < 1e-6
    assert _percent(truth) in text.replace(" ", "").replace("\u00a0", "")
