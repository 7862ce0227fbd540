"""Every cell of the data report reads as a finance user writes it: a date is a date (never
its epoch milliseconds). Built in-process with the local backend on generated tables:
dates stored as text, as first-of-January dates and in a workbook."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from pypdf import PdfReader

from analyst.report import render_pdf
from analyst.session.analysis import Analysis

EPOCH = re.compile(r"(?<!\d)\d{11,13}(?!\d)")  # 378691200000: 1982-01-01 in milliseconds


def pdf_text(frame: pd.DataFrame, folder: Path, language: str, suffix: str = ".csv") -> str:
    path = folder / f"table{suffix}"
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_excel(path, index=False)
    analysis = Analysis.open(folder / "ws", backend="local")
    analysis.add_file(path)
    events = list(analysis.standard_report(language=language))
    assert not [e.message for e in events if e.kind == "error"]
    out = folder / "report.pdf"
    out.write_bytes(render_pdf(analysis.report(language=language)))
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    # The appendix lists the code, whose literals are not the report's figures.
    return " ".join(text.split("Analysis steps")[0].split())


@pytest.mark.parametrize("stored", ["text", "datetime", "excel"])
def test_dates_print_as_dates(stored, tmp_path):
    """The cars shape: a model year stored as a date (1 January), read per year."""
    rng = np.random.default_rng(len(stored))
    n = 120
    years = rng.choice(np.arange(1970, 1983), n)
    when = pd.to_datetime([f"{y}-01-01" for y in years])
    frame = pd.DataFrame({"Name": [f"car {i}" for i in range(n)],
                          "Miles_per_Gallon": rng.uniform(9, 46, n).round(1),
                          "Weight_in_lbs": rng.integers(1613, 5140, n),
                          "Origin": rng.choice(["USA", "Europe", "Japan"], n)})
    frame["Year"] = when.strftime("%Y-%m-%d") if stored == "text" else when
    text = pdf_text(frame, tmp_path, "en", ".xlsx" if stored == "excel" else ".csv")
    assert not EPOCH.findall(text)
    assert f"{years.min()}-01-01" in text and f"{years.max()}-01-01" in text
    assert re.search(rf"(?<![\d-]){years.min()}: ", text)  # the year of each row, per year
