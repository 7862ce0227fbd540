"""The product as a user starts it, nothing configured (issue 25, point 2): the command
as the README installs it, a user's environment, and what its PDF shows.

Tests using these start the real command (`analyst ask`, `analyst report`, `analyst web`)
as a subprocess with no `ANALYST_*`, `OPENAI_*` or `AZURE_*` variable set but a private data
folder, so the sandbox backend is the default `auto`: Docker when its engine and image are
there (always under CI=true, where their absence fails), else the local process.
"""

from __future__ import annotations

import csv
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from analyst.report.vector import TITLE_SIZE


def untouched_env(data_dir: Path) -> dict[str, str]:
    """The environment of a user who configured nothing (a private data folder only)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ANALYST_", "OPENAI_", "AZURE_"))}
    env["ANALYST_DATA_DIR"] = str(data_dir)
    return env


def analyst_command() -> list[str]:
    """`analyst` as the README's install makes it (the script beside this interpreter);
    `python -m analyst` in a checkout where the package is not installed (never under CI)."""
    script = Path(sys.executable).with_name("analyst")
    if script.is_file():
        return [str(script)]
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail("CI=true but the `analyst` command is not installed beside "
                    f"{sys.executable}: the README's install makes it")
    return [sys.executable, "-m", "analyst"]


@dataclass(frozen=True)
class ReportPdf:
    body: str
    """The text of the pages before the methodology appendix."""
    body_images: int
    body_vector_charts: int
    """Charts drawn as vector paths from their records: each sets its title, alone in the
    report, in the chart title's size (`analyst.report.vector.TITLE_SIZE`)."""


def read_report(pdf: Path) -> ReportPdf:
    texts, images, vectors = [], 0, 0
    title = f" {TITLE_SIZE:g} Tf".encode()
    for page in PdfReader(pdf).pages:
        text = page.extract_text() or ""
        if "Methodology" in text.splitlines()[3:5] or "Analysis steps" in text:
            break  # the appendix: sources, assumptions and code, no sections
        texts.append(text)
        images += len(page.images)
        contents = page.get_contents()  # (an empty page has none)
        vectors += contents.get_data().count(title) if contents is not None else 0
    return ReportPdf("\n".join(texts), images, vectors)


def _shown(cell: str) -> set[str]:
    """How a cell of a step's CSV can read in the PDF: as written, or a number as the
    report prints it (thousands separators, two decimals or none)."""
    forms = {cell}
    try:
        value = float(cell)
    except ValueError:
        return forms
    return forms | {f"{value:,.2f}", f"{value:,.0f}", f"{value:,.1f}%"}


def assert_every_table_and_chart_is_in(pdf: Path, output: Path) -> None:
    """Each row of each table a step wrote (its CSV) shows in the report's body (one of its
    cells as the report prints it), and the body holds one image per chart a step drew
    (its PNG). The narrative alone names a few figures, never every row."""
    report = read_report(pdf)
    tables = sorted(output.glob("*.csv"))
    charts = sorted(output.glob("*.png"))
    assert len(tables) >= 3 and len(charts) >= 3, (tables, charts)
    words = set(report.body.split()) | set(report.body.splitlines())
    for table in tables:
        with table.open(newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))[1:]
        assert rows, table.name
        for row in rows:
            assert any(_shown(cell) & words for cell in row if cell), (table.name, row,
                                                                      report.body[:3000])
    # Every chart a step drew is in the body: as vector paths from its record (a recipe's),
    # else as its picture; never both, never neither.
    assert report.body_images + report.body_vector_charts == len(charts), (
        report.body_images, report.body_vector_charts, [c.name for c in charts])
