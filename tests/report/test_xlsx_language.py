"""The Excel export's first tab is named in the report's language."""

from __future__ import annotations

import io
from datetime import datetime

import openpyxl
import pytest

from analyst.report import KPI, Report, render_xlsx


@pytest.mark.parametrize("language, name", [
    ("en", "Summary"), ("uk", "Підсумок"), ("ru", "Сводка"), ("zh", "摘要"),
])
def test_the_summary_sheet_speaks_the_report_language(language, name):
    report = Report("Report", "sales.csv", datetime(2026, 11, 29), language_hint=language,
                    kpis=(KPI("Revenue", 2009930.98, "money", "UAH"),), sections=(),
                    sources=(), definitions=(), steps_code=())
    book = openpyxl.load_workbook(io.BytesIO(render_xlsx(report)))
    assert book.sheetnames[0] == name
    assert book[name]["B6"].value == 2009930.98  # still a number, not text
