"""Profile (describe every column) and outliers with the reason for each."""

import pandas as pd
import pytest

from analyst.recipes import RecipeError, outliers, profile

DATA = pd.DataFrame({
    "amount": [1.0, 2.0, 3.0, 4.0, 100.0, None],
    "city": ["Kyiv", "Lviv", "Kyiv", None, "Lviv", "Odesa"],
    "day": pd.to_datetime(["2026-01-01", "2026-01-03", None, "2026-02-01", "2026-01-02",
                           "2026-01-05"]),
})


def test_profile_describes_numbers_text_and_dates():
    result = profile(DATA)
    rows = result.table.set_index("column")
    amount = rows.loc["amount"]
    assert (amount["filled"], amount["missing"], amount["distinct"]) == (5, 1, 5)
    assert (amount["sum"], amount["min"], amount["median"], amount["mean"], amount["max"]) == (
        110.0, 1.0, 3.0, 22.0, 100.0)
    assert amount["std"] == pytest.approx(pd.Series([1, 2, 3, 4, 100]).std())
    city = rows.loc["city"]
    # Kyiv and Lviv both occur twice: the tie goes to the first alphabetically.
    assert (city["top"], city["top_count"], city["distinct"]) == ("Kyiv", 2, 3)
    day = rows.loc["day"]
    assert (day["first"], day["last"]) == ("2026-01-01", "2026-02-01")
    assert result.figures == {"rows": 6.0, "columns": 3.0, "missing_cells": 3.0}


def test_iqr_outliers_with_bounds_and_reason():
    result = outliers(DATA, "amount")
    f = result.figures
    assert (f["q1"], f["q3"], f["iqr"], f["lower_bound"], f["upper_bound"]) == (2.0, 4.0, 2.0, -1.0, 7.0)
    assert result.table["row"].tolist() == [4]
    assert result.table["outlier_reason"].tolist() == ["above 7.00 (Q3 + 1.5 x IQR)"]
    assert f["outliers"] == 1 and f["outlier_pct"] == 20.0  # of the 5 filled values


def test_low_outliers_and_the_z_score_method():
    df = pd.DataFrame({"x": [-500.0] + [10.0] * 20})
    iqr = outliers(df, "x")
    assert iqr.table["outlier_reason"].iloc[0].startswith("below 10.00")
    z = outliers(df, "x", method="zscore")
    assert z.table["row"].tolist() == [0] and z.figures["below"] == 1
    assert "3 standard deviations" in z.definition


def test_outliers_need_numbers():
    with pytest.raises(RecipeError, match="fewer than two numbers"):
        outliers(pd.DataFrame({"x": ["a", "b"]}), "x")
    with pytest.raises(RecipeError, match="'iqr' or 'zscore'"):
        outliers(DATA, "amount", method="mad")
