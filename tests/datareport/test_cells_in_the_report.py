"""Every cell of the data report reads as a finance user writes it: a calendar year is
"1995" (never "1,995.00", never summed or averaged as a measure), a date is a date (never
its epoch milliseconds), counts have no ".00". Built in-process with the local backend on
generated tables: year columns under many headers and languages, dates stored as text,
as first-of-January dates and as Excel serial numbers, integer counts."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from pypdf import PdfReader

from analyst.recipes.numbers import is_year_name
from analyst.report import render_pdf
from analyst.session.analysis import Analysis
from tests.grids import first_fast

# A year grouped or with decimals: "1,995", "1 995,00" (uk/ru), "2,003.00".
GROUPED_YEAR = re.compile(r"(?<![\d.,\u00a0])(?:19|20)\d\d[.,]00(?!\d)|"
                          r"(?<![\d.,\u00a0])(?:1[,\u00a0]9|2[,\u00a0]0)\d\d(?!\d)")
# 378691200000: 1982-01-01 in milliseconds, standing alone as a cell prints; never a run of
# digits inside a SHA-256 of the appendix ("…f978133804669a…": the workbook's own bytes
# carry the time it was written, so its hash, and such runs, change from run to run).
EPOCH = re.compile(r"(?<![\dA-Za-z])\d{11,13}(?![\dA-Za-z])")
HEADERS = {"en": ("year", "model_year"), "uk": ("Рік",), "ru": ("Год",), "zh": ("年份",)}
""""Year" was a case of its own until issue 28: the same table as "year" (the seed is the
header's length) under a header the year test reads lowercased (`is_year_name`), a whole
report for a capital letter; the capitals are checked on the header below, in milliseconds."""
CASES = [(language, header) for language, headers in HEADERS.items() for header in headers]
# Each case is a whole data report and its PDF (seconds): the fast tier keeps one year column
# (zh) and one date column (from Excel), the full run every case of every test.


def pdf_text(frame: pd.DataFrame, folder: Path, language: str, suffix: str = ".csv") -> str:
    path = folder / f"table{suffix}"
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_excel(path, index=False)
    with Analysis.open(folder / "ws", backend="local") as analysis:  # its kernel ends here
        analysis.add_file(path)
        events = list(analysis.standard_report(language=language))
        assert not [e.message for e in events if e.kind == "error"]
        out = folder / "report.pdf"
        out.write_bytes(render_pdf(analysis.report(language=language)))
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    # The appendix lists the code, whose literals are not the report's figures.
    return " ".join(text.split("Analysis steps")[0].split())


def yearly(header: str, seed: int) -> pd.DataFrame:
    """Counts and a measure per year and region; no total or average of them reaches 1,000,
    so any "1,995"-style figure is a year printed as a number."""
    rng = np.random.default_rng(seed)
    years = np.arange(1990 + seed % 5, 2021)
    rows = [(int(y), r) for y in years for r in ("North", "South", "East")]
    frame = pd.DataFrame(rows, columns=[header, "region"])
    frame["visits"] = rng.integers(1, 60, len(frame))
    frame["score"] = rng.uniform(0, 99, len(frame)).round(2)
    return frame


@pytest.mark.parametrize(("language", "header"), first_fast(CASES[::-1]))
def test_a_year_column_prints_as_a_year(language, header, tmp_path):
    frame = yearly(header, len(header))
    text = pdf_text(frame, tmp_path, language)
    assert not GROUPED_YEAR.findall(text)
    for year in (frame[header].min(), frame[header].max()):
        assert re.search(rf"(?<![\d.,\u00a0]){year}(?![\d.,]\d)", text)
    # The years are the calendar, never a measure of their own.
    for title in ("Total of", "Average of", "Сума", "Середнє", "Сумма", "Среднее", "总和",
                  "平均"):
        assert not re.search(rf"{title}\W+{re.escape(header)}\b", text)
    assert "Distribution of " + header not in text
    assert " nan" not in text


@pytest.mark.parametrize("header", ["Year", "YEAR", "year", "Model_Year", "model year",
                                    "fiscal year", "FY", "Рік", "РІК", "Год", "ГОД", "年份"])
def test_a_year_header_is_read_in_any_case(header):
    assert is_year_name(header) and is_year_name(header.lower()), header
    assert is_year_name(header.upper()), header


# Stored as dates and written to CSV, the column is the same "1970-01-01" text as "text"
# (pandas writes a midnight date as its day): one CSV case and the Excel dates, not two CSVs.
@pytest.mark.parametrize("stored", first_fast(["excel", "text"]))
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
    assert not GROUPED_YEAR.findall(text)
    assert f"{years.min()}-01-01" in text and f"{years.max()}-01-01" in text
    assert re.search(rf"(?<![\d-]){years.min()}: ", text)  # the year of each row, per year
    assert " nan" not in text
    # Each section says its own figures once, not every step's paragraph again.
    assert text.count("The rows with the highest Miles_per_Gallon:") == 1
    # Whole-number columns have no decimals: the overview's range of Weight_in_lbs.
    low, high = frame["Weight_in_lbs"].min(), frame["Weight_in_lbs"].max()
    assert f"{low:,} {high:,}" in text and f"{low:,}.00" not in text


# The last field: the smallest visits (the distribution's first edge, see below), from
# counts of one up to six figures.
IDS = [("en", "store_id", "zip_code", 1), ("en", "OrderNo", "postcode", 250),
       ("uk", "Код", "Індекс", 1), ("ru", "Номер заказа", "Индекс", 1), ("zh", "编号", "邮编", 129_000)]
# The header of the distribution's table of bins, then its first edge: the report's own
# number format in these languages is "1,234.00".
BINS = {"en": "from to Rows", "zh": "from to 行数"}


@pytest.mark.parametrize(("language", "ident", "postal", "low"), first_fast(IDS[::-1], 0))
def test_ids_codes_and_percentages_read_as_written(language, ident, postal, low, tmp_path):
    """An id or a zip code is never grouped ("84,091"); a `_pct` figure is a percentage in
    the words as in the table. The distribution's bins start at the smallest value, not at
    pandas' widened edge below it ("-4.00" for counts from 1)."""
    rng = np.random.default_rng(len(ident))
    n = 150
    frame = pd.DataFrame({ident: rng.permutation(np.arange(10_000, 99_999))[:n],
                          postal: rng.choice([10001, 60601, 94105, 30301], n),
                          "visits": rng.integers(low, low * 3 + 5000, n),
                          "conversion_pct": rng.uniform(1, 35, n).round(1),
                          "segment": rng.choice(["A", "B", "C"], n)})
    text = pdf_text(frame, tmp_path, language)
    for column in (ident, postal):
        values = frame[column]
        assert any(f"{v}" in text for v in values)
        grouped = {f"{v:,}" for v in values} | {f"{v:,}".replace(",", "\u00a0") for v in values}
        assert not [g for g in grouped if g in text], column
    # In the notable rows' words: "(…, conversion_pct 5.1%, …)", "(…, conversion_pct 5,1%)".
    shown = re.findall(r"conversion_pct (-?[\d.,\u00a0]*\d%?)(?=\)|, \D|; )", text)
    assert shown and all(v.endswith("%") for v in shown)
    if language in BINS:
        assert f"{BINS[language]} {frame['visits'].min():,.2f} " in text
