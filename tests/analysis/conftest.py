"""One real analysis of the generated Q1 sales file, shared by the tests of this folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.session.analysis import Analysis
from benchmarks.sales_data import write_sales_csv


@pytest.fixture(scope="module")
def sales_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sales_csv(tmp_path_factory.mktemp("data") / "q1_sales.csv")


@pytest.fixture(scope="module")
def expected(sales_csv: Path) -> pd.DataFrame:
    """The raw file as plain pandas reads it: the independent side of every comparison."""
    return pd.read_csv(sales_csv, parse_dates=["Date"])


@pytest.fixture(scope="module", params=["local", pytest.param("docker", marks=pytest.mark.docker)])
def analysis(request: pytest.FixtureRequest, sales_csv: Path,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    if request.param == "docker":
        request.getfixturevalue("docker_image")  # skips when no engine or image
    with Analysis.open(tmp_path_factory.mktemp("ws"), backend=request.param) as analysis:
        analysis.add_file(sales_csv)
        yield analysis

