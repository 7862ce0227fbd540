"""Wide tables: periods as columns are detected, the card says so, and a tidy long table
(keys…, Period, [Measure,] Value) is written beside it in input/, figures equal to pandas.

Every shape is generated: real Excel dates and month names in en/uk/ru/de/zh and ISO/slash
spellings, a total column in several languages (or none), title rows, merged period headers
over measures (two and three rows), CSV quarters over months, stray tokens, negatives.
"""

from __future__ import annotations

import random

import pandas as pd
import pytest

from analyst.ingest import ingest_file
from analyst.ingest.pipeline import ingest_file as read_in_process
from analyst.ingest.wide import detect_wide, period_of
from tests.ingest.conftest import cents
from tests.ingest.finance_books import MONTH_SPELLINGS, TOTAL_WORDS, merged_measures, months_wide


def english(notes):
    """The assumptions in English, as the prompts and these checks read them."""
    return [n.english for n in notes]


def _cards(workspace, path, *, bounded: bool = True):
    """The wide card, its long card and the long table. `bounded=False` reads in this process
    (the reading the bounded child runs, `analyst.ingest.pipeline`): a grid of workbooks pays
    no process per file; the child's bounds are tested on their own (tests/ingest, security)."""
    cards = (ingest_file if bounded else read_in_process)(path, workspace)
    wide = next(c for c in cards if c.layout == "wide")
    long = next(c for c in cards if c.wide_table == wide.table)
    frame = pd.read_parquet(workspace.root / long.parquet_path)
    return wide, long, frame


# Each case writes and reads a workbook: the row of months as the header
# (test_period_headers) is checked on the same workbook's wide table, not on a second one.
# Read in this process (a second a case less than through the bounded child, issue 28); the
# other wide shapes below still go through the child.
@pytest.mark.parametrize("spelling", ["excel", *MONTH_SPELLINGS])
@pytest.mark.parametrize(("months", "titles", "total"),
                         [(12, 2, "FY"), (6, 0, None), (3, 4, "Total"), (4, 1, "Итого"), (5, 0, "合计")])
def test_months_as_columns_make_a_wide_card_and_a_tidy_long_table(workspace, tmp_path, spelling, months,
                                                                   titles, total):
    path, info = months_wide(tmp_path / f"{spelling}.xlsx", spelling=spelling, months=months,
                             titles=titles, total=total, seed=months)
    wide, long, frame = _cards(workspace, path, bounded=False)
    _assert_months_are_the_header(workspace, wide, info, total)
    assert wide.period_columns == tuple(info["names"])
    assert wide.total_columns == ((info["total"],) if total else ())
    assert wide.long_table == long.table and long.layout == "long"
    assert long.parquet_path.startswith("input/")
    said = next(a for a in english(wide.assumptions) if a.startswith("Layout wide:"))
    assert f"{months} monthly columns" in said
    if total == "FY":
        assert said.endswith("and an FY 2025 total.")
    # One row per region and month; the total column is not a period, so nothing doubles.
    assert len(frame) == len(info["values"]) * months == long.rows
    assert list(frame.columns) == ["Region", "Period", "Value"]
    assert str(frame["Period"].dtype).startswith("datetime64")
    assert frame["Period"].min() == pd.Timestamp(2025, 1, 1)
    assert frame["Period"].max() == pd.Timestamp(2025, months, 1)
    expected = pd.DataFrame(info["values"], index=pd.date_range("2025-01-01", periods=months, freq="MS"))
    got = frame.pivot(index="Period", columns="Region", values="Value")
    for region in info["values"]:
        for when, value in expected[region].items():
            assert round(got.loc[when, region], 2) == round(value, 2)
    assert round(long.column("Value").sum, 2) == round(sum(map(sum, info["values"].values())), 2)
    assert long.date_range == ("2025-01-01", f"2025-{months:02d}-01")


@pytest.mark.parametrize("word", TOTAL_WORDS)
def test_a_total_column_in_any_language_is_a_total(ingest, word):
    card, _ = ingest("t.csv", f"Account,Jan 2026,Feb 2026,{word}\nAds,1,2,3\nEmail,10,20,30\n")
    assert card.layout == "wide"
    assert card.period_columns == ("Jan 2026", "Feb 2026") and card.total_columns == (word,)
    assert any("is a total: it equals the sum of 2 period columns" in a for a in english(card.assumptions))


@pytest.mark.parametrize("seed", range(3))
def test_quarters_over_months_in_a_csv_are_totals_and_a_wrong_total_is_reported(workspace, tmp_path,
                                                                                seed):
    rng = random.Random(seed)
    accounts = [f"Account {k}" for k in range(8)]
    values = {a: [round(rng.uniform(-500, 3000), 2) for _ in range(4)] for a in accounts}
    values[accounts[3]][1] = None  # "TBD" in February
    lines = ["Account,Jan 2026,Feb 2026,Mar 2026,Q1 2026,Apr 2026,Q2 2026"]
    for k, (account, (jan, feb, mar, apr)) in enumerate(values.items()):
        q1 = round(jan + (feb or 0) + mar, 2)
        q2 = apr + (1 if k == 5 else 0)  # one stated Q2 total is wrong
        cells = [_accounting(v) if v is not None else "TBD" for v in (jan, feb, mar)]
        lines.append(",".join([account, *cells, _accounting(q1), _accounting(apr), _accounting(q2)]))
    (tmp_path / "q.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    wide, long, frame = _cards(workspace, tmp_path / "q.csv")
    assert wide.period_columns == ("Jan 2026", "Feb 2026", "Mar 2026", "Apr 2026")
    assert wide.total_columns == ("Q1 2026", "Q2 2026")
    assert any("'Q1 2026' is a total" in a for a in english(wide.assumptions)), wide.assumptions
    assert any("'Q2 2026' differs from the sum of 1 period column in 1 row" in a
               for a in english(wide.assumptions))
    assert len(frame) == 8 * 4
    for account, row in values.items():
        got = frame[frame["Account"] == account].set_index("Period")["Value"]
        for m, value in enumerate(row):
            if value is None:
                assert pd.isna(got[pd.Timestamp(2026, m + 1, 1)])  # missing, the row is kept
            else:
                assert round(got[pd.Timestamp(2026, m + 1, 1)], 2) == value
    expected = sum(v for row in values.values() for v in row if v is not None)
    assert round(frame["Value"].sum(), 2) == round(expected, 2)


def _assert_months_are_the_header(workspace, wide, info, total) -> None:
    """The row of months is the header: the wide table keeps the key, every month and the
    total column, one row per key, each month's sum that of the workbook."""
    table = pd.read_parquet(workspace.root / wide.parquet_path)
    expected = ["Region", *info["names"]] + ([info["total"]] if total else [])
    assert list(table.columns) == expected
    assert wide.header_row == info["header_row"]
    assert wide.rows == len(info["values"])
    for j, name in enumerate(info["names"]):
        assert cents(wide.column(name).sum) == round(sum(v[j] for v in info["values"].values()), 2)
    assert any("periods as columns" in a for a in english(wide.assumptions))


def _accounting(value: float) -> str:
    """1234.5 -> "\"1,234.50\"", -200.25 -> "(200.25)"."""
    text = f"{abs(value):,.2f}"
    return f"({text})" if value < 0 else f'"{text}"'


@pytest.mark.parametrize("measures", [("Units", "Revenue"), ("Revenue", "Cost", "Margin")])
@pytest.mark.parametrize("rows", [2, 3])
def test_merged_periods_over_measures_give_a_measure_column(workspace, tmp_path, rows, measures):
    path, info = merged_measures(tmp_path / "m.xlsx", rows=rows, measures=measures)
    wide, long, frame = _cards(workspace, path)
    assert list(frame.columns) == ["Product", "Period", "Measure", "Value"]
    assert set(frame["Measure"]) == set(measures)
    assert len(frame) == 4 * 3 * len(measures)
    said = next(a for a in english(wide.assumptions) if a.startswith("Layout wide:"))
    assert f"of {len(measures)} measures ({', '.join(measures)})" in said
    for product, values in info["values"].items():
        for m in range(3):
            for k, measure in enumerate(measures):
                got = frame[(frame["Product"] == product) & (frame["Measure"] == measure)
                            & (frame["Period"] == pd.Timestamp(2026, m + 1, 1))]["Value"]
                assert round(float(got.iloc[0]), 2) == round(values[m * len(measures) + k], 2)


def test_a_long_table_stays_long(ingest):
    card, _ = ingest("l.csv", "Date,Region,Revenue\n2026-01-05,North,10\n2026-02-01,South,20\n")
    assert card.layout == "long" and card.period_columns == () and card.long_table is None


@pytest.mark.parametrize(("names", "numeric", "periods", "totals"), [
    (["Region", "Jan", "Feb", "Mar"], [False, True, True, True], ["Jan", "Feb", "Mar"], []),
    (["Line", "Q1 2025", "Q2 2025", "FY 2025"], [False, True, True, True], ["Q1 2025", "Q2 2025"], ["FY 2025"]),
    (["Store", "2026-01-05", "2026-01-12", "Total"], [False, True, True, True],
     ["2026-01-05", "2026-01-12"], ["Total"]),
    (["Product", "Revenue Jan 2026", "Revenue Feb 2026"], [False, True, True],
     ["Revenue Jan 2026", "Revenue Feb 2026"], []),
    (["Year", "2024", "2025"], [True, True, True], ["2024", "2025"], []),
])
def test_the_layout_is_read_from_the_names(names, numeric, periods, totals):
    layout = detect_wide(names, numeric)
    assert layout is not None
    assert list(layout.period_columns) == periods and list(layout.total_columns) == totals


@pytest.mark.parametrize(("names", "numeric"), [
    (["Date", "Region", "Revenue"], [False, False, True]),
    (["Region", "Jan 2026"], [False, True]),  # one period is not a calendar
    (["Region", "Jan 2026", "Feb 2026"], [False, False, False]),  # text, not figures
    (["Region", "Jan 2026", "Feb 2026"], [False, True, False]),  # one numeric period
])
def test_not_wide(names, numeric):
    assert detect_wide(names, numeric) is None


def test_a_joined_header_gives_its_measure():
    period, measure = period_of("Jan 2026 Revenue")
    assert period.label == "Jan 2026" and measure == "Revenue"
    assert period_of("Revenue") is None
