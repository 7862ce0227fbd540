"""`analyst report FILE -o OUT.pdf --offline` builds a multi-page data report for any table
with a number column (cars, daily weather, stock prices, electricity), never the sales
report's order values and returns, with titles in the reader's language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from pypdf import PdfReader

from tests.cli.test_ask_report_cli import analyst
from tests.grids import tiered
from tests.query.tables import write


def report(path: Path, tmp_path: Path, *extra: str) -> tuple[str, int]:
    out = tmp_path / "report.pdf"
    run = analyst("report", str(path), "-o", str(out), "--offline", "--backend", "local",
                  "--workspace", str(tmp_path / "ws"), *extra, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "Problem:" not in run.stderr
    pages = PdfReader(out).pages
    return " ".join(" ".join(p.extract_text() for p in pages).split()), len(pages)


Built = Callable[..., tuple[Path, str, int]]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """`built(name, *extra)`: the table, its report's text and page count. Each report is
    built once per module (seconds each): the tests only read it."""
    done: dict[tuple[str, ...], tuple[Path, str, int]] = {}

    def build(name: str, *extra: str) -> tuple[Path, str, int]:
        if (name, *extra) not in done:
            folder = tmp_path_factory.mktemp(name)
            path = write(name, folder)
            done[(name, *extra)] = (path, *report(path, folder, *extra))
        return done[(name, *extra)]

    return build


# Each table is a whole data report and its PDF (seconds): the fast tier keeps the weather
# table (dates, categories and measures at once), the full run all four.
@pytest.mark.parametrize(("name", "sections"), tiered([
    ("cars", ["Average of Miles_per_Gallon by origin, highest first",
              "Correlations between the number columns of cars"]),
    ("weather", ["Total of precipitation per month", "Average of temp_max per month",
                 "Total of precipitation by weather, highest first",
                 "The rows with the highest precipitation"]),
    ("stocks", ["Average of close per month", "Average of close by symbol, highest first"]),
    ("electricity", ["Total of net_generation per year",
                     "Total of net_generation by fuel_type, highest first"]),
], lambda _, case: case[0] == "weather"))
def test_every_table_with_numbers_gets_a_data_report(name, sections, built):
    path, text, pages = built(name)
    df = pd.read_csv(path)
    assert pages >= 5
    assert f"Data report: {name}" in text
    assert f"Overview of {name}: rows, columns, missing values, ranges" in text
    assert f"{name} has {len(df):,} rows and {len(df.columns)} columns" in text
    assert f"{int(df.isna().sum().sum())} cells are empty" in text
    for title in sections:
        assert title in text
    assert "Distribution of" in text
    for wrong in ("average order value", "returns", "Sales report"):
        assert wrong not in text


# The same report as the electricity case above (built once in the full run).
def test_the_figures_are_those_of_pandas(built):
    path, text, _ = built("electricity")
    df = pd.read_csv(path)
    by_fuel = df.groupby("fuel_type")["net_generation"].sum().sort_values(ascending=False)
    for fuel, total in by_fuel.items():
        assert f"{fuel}: {total:,.2f}" in text
    assert f"median {df['net_generation'].median():,.2f}" in text


def test_titles_in_the_readers_language(built):
    _, text, _ = built("weather", "--lang", "uk")
    assert "Звіт про дані: weather" in text
    assert "Огляд weather: рядки, стовпці, пропуски, діапазони" in text
    assert "Розподіл precipitation" in text and "Кореляції між числовими стовпцями" in text
