"""A report of pinned results always opens with the key figures of the main table."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from analyst.brain import key_figures_step
from analyst.report.build import Pin
from analyst.session.analysis import Analysis
from benchmarks.sales_data import write_sales_csv


@pytest.fixture(scope="module")
def sales_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sales_csv(tmp_path_factory.mktemp("data") / "q1_sales.csv")


def test_pinning_only_revenue_by_month_still_gives_total_revenue_tiles(
        sales_csv: Path, tmp_path: Path) -> None:
    expected = pd.read_csv(sales_csv)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(sales_csv)
        for _ in analysis.ask("revenue by month", brain="offline"):
            pass
        report = analysis.report(pins=[Pin(len(analysis.history) - 1, 1)])

    assert report.kpis[0].label == "Total revenue"  # the total leads the summary
    tiles = {k.label: k for k in report.kpis}
    assert tiles["Total revenue"].value == pytest.approx(expected["Revenue"].sum(), abs=1e-6)
    assert tiles["Orders"].value == expected["Order ID"].nunique()
    assert len(report.sections) == 1  # the pinned result only; the figures live in the summary
    # Traceable: the code that computed the tiles is in the appendix.
    # The appendix numbers the steps; the title does not say "Step 1" again ("2. Step 1:").
    assert report.steps_code[0].title == "Revenue by month"
    assert "kpi_summary" in report.steps_code[-1].code


def test_key_figures_step_prefers_the_pinned_table(sales_csv: Path, tmp_path: Path) -> None:
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        [card] = analysis.add_file(sales_csv)
        step = key_figures_step(analysis.cards, card.parquet_path, "uk")
    assert step is not None and step.recipe == "kpi_summary"
    assert step.parquet_path == card.parquet_path and step.language == "uk"
    assert key_figures_step((), None) is None
