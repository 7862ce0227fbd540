"""Period dynamics: calendar buckets, gaps shown as 0, MoM and YoY, undated rows counted."""

import math

import pandas as pd
import pytest

from analyst.recipes import RecipeError, period_dynamics


def sales(dates, amounts):
    return pd.DataFrame({"date": dates, "revenue": amounts})


def test_monthly_sums_changes_and_a_missing_month_shown_as_zero():
    df = sales(["2026-01-05", "2026-01-31", "2026-03-01", "2026-03-31", None],
               [100.0, 50.0, 200.0, 100.0, 7.0])
    result = period_dynamics(df, "date", "revenue")
    t = result.table
    assert t["month"].tolist() == ["2026-01", "2026-02", "2026-03"]
    assert t["revenue"].tolist() == [150.0, 0.0, 300.0]
    assert t["rows"].tolist() == [2, 0, 2]
    assert t["change"].tolist()[1:] == [-150.0, 300.0]
    assert t["change_pct"].iloc[1] == -100.0
    assert math.isnan(t["change_pct"].iloc[2])  # previous month is 0: no percentage
    assert "yoy_pct" not in t  # the data does not reach back a year
    assert result.figures["total"] == 450.0
    assert result.figures["last_change"] == 300.0
    assert "No rows in 2026-02: shown as 0, not skipped." in result.texts()
    assert any("1 row has no readable 'date'" in n and "7.00" in n for n in result.texts())
    assert result.chart.labels == ("2026-01", "2026-02", "2026-03")


def test_one_month_only_has_no_change_and_says_so():
    result = period_dynamics(sales(["2026-01-01", "2026-01-31"], [10.0, 5.0]), "date", "revenue")
    assert result.table["revenue"].tolist() == [15.0]
    assert math.isnan(result.table["change"].iloc[0])
    assert any("Only one month" in n for n in result.texts())


def test_negative_months_change_pct_is_relative_to_the_size_of_the_previous_month():
    df = sales(["2026-01-10", "2026-02-10", "2026-02-11", "2026-03-10"], [100.0, 20.0, -70.0, 25.0])
    t = period_dynamics(df, "date", "revenue").table
    assert t["revenue"].tolist() == [100.0, -50.0, 25.0]
    assert t["change"].tolist()[1:] == [-150.0, 75.0]
    assert t["change_pct"].tolist()[1:] == [-150.0, 150.0]  # 75 / |-50|


def test_year_over_year_when_the_data_reaches_back_a_year():
    months = pd.date_range("2025-01-01", periods=13, freq="MS") + pd.Timedelta(days=14)
    result = period_dynamics(sales(months, [float(i) for i in range(1, 14)]), "date", "revenue")
    t = result.table
    assert t["month"].iloc[-1] == "2026-01"
    assert t["yoy_change"].iloc[-1] == 12.0  # 13 - 1
    assert t["yoy_pct"].iloc[-1] == 1200.0
    assert t["yoy_pct"].iloc[:12].isna().all()
    assert result.figures["last_yoy_pct"] == 1200.0


def test_weeks_run_monday_to_sunday_and_are_labelled_by_their_monday():
    df = sales(["2026-01-04", "2026-01-05", "2026-01-11", "2026-01-12"], [1.0, 2.0, 3.0, 4.0])
    t = period_dynamics(df, "date", "revenue", freq="W").table
    assert t["week"].tolist() == ["2025-12-29", "2026-01-05", "2026-01-12"]
    assert t["revenue"].tolist() == [1.0, 5.0, 4.0]


def test_quarters_and_partial_last_period_note():
    df = sales(["2025-10-01", "2025-12-31", "2026-02-15"], [10.0, 20.0, 5.0])
    result = period_dynamics(df, "date", "revenue", freq="Q")
    assert result.table["quarter"].tolist() == ["2025 Q4", "2026 Q1"]
    assert result.table["revenue"].tolist() == [30.0, 5.0]
    assert any("last quarter (2026 Q1) only has data up to 2026-02-15" in n for n in result.texts())


def test_text_amounts_and_text_dates_are_read_with_notes():
    df = sales(["31.01.2026", "01.02.2026"], ["1 000,50", "2 000"])
    result = period_dynamics(df, "date", "revenue")
    assert result.table["revenue"].tolist() == [1000.5, 2000.0]
    assert any("read as dates (day first)" in n for n in result.texts())


def test_unknown_frequency_and_no_dates_at_all_are_plain_errors():
    df = sales(["2026-01-01"], [1.0])
    with pytest.raises(RecipeError, match="M \\(month\\), W \\(week\\), Q \\(quarter\\)"):
        period_dynamics(df, "date", "revenue", freq="D")
    with pytest.raises(RecipeError, match="could be read as a date"):
        period_dynamics(sales(["someday"], [1.0]), "date", "revenue")
