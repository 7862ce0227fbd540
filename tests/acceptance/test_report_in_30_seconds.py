"""Issue 5 acceptance: the CLI builds the full report of a 45,000-row sales file in at most 30 s,
sandbox start included, on this machine.

Timed from outside, as a user waits for it: a fresh `python -m analyst report` process
(imports, ingestion, a new Docker sandbox container, every recipe, charts, PDF). The bound is
the issue's own; the measured time is printed (`pytest -s` shows it).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pandas as pd
import pytest
from pypdf import PdfReader

from benchmarks.sales_data import write_sales_csv
from tests.acceptance.test_reports_in_every_script import analyst

BOUND_S = 30.0


@pytest.mark.slow  # a real process of our command line
def test_the_45000_row_report_through_docker_in_under_30_seconds(docker_image: str, tmp_path: Path) -> None:
    source = write_sales_csv(tmp_path / "q1_sales.csv")
    pdf = tmp_path / "q1.pdf"
    started = time.monotonic()
    run = analyst("report", str(source), "-o", str(pdf), "--backend", "docker", "--quiet", cwd=tmp_path,
                  timeout=120)
    elapsed = time.monotonic() - started
    print(f"\n45,000-row report through Docker: {elapsed:.1f} s (bound {BOUND_S:.0f} s)")
    assert run.returncode == 0, run.stderr
    assert elapsed <= BOUND_S, f"the report took {elapsed:.1f} s; the issue allows {BOUND_S:.0f} s"
    # A fast report must still be the right one: the exact total is in it.
    total = f"{pd.read_csv(source)['Revenue'].sum():,.2f}"
    text = re.sub(r"\s", "", "".join(page.extract_text() for page in PdfReader(pdf).pages))
    assert total in text
