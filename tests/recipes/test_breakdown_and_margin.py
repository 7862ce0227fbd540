"""Breakdowns with share %, and gross margin per group."""

import math

import pandas as pd

from analyst.recipes import breakdown, margin_by

SALES = pd.DataFrame({
    "region": ["North", "South", "North", None, "East"],
    "channel": ["web", "shop", "shop", "web", "web"],
    "revenue": [10.0, 20.0, 30.0, 40.0, -5.0],
    "cost": [5.0, 25.0, 10.0, 1.0, -2.0],
    "units": [1, 2, 3, 4, -1],
    "order": [1, 2, 2, 3, 4],
})


def test_breakdown_by_one_column_with_share_measures_and_orders():
    result = breakdown(SALES, "region", "revenue", quantity="units", order_id="order")
    t = result.table
    assert t.columns.tolist() == ["region", "revenue", "share_pct", "units", "rows", "orders"]
    # (blank) and North tie at 40: alphabetical order decides.
    assert t["region"].tolist() == ["(blank)", "North", "South", "East"]
    assert t["revenue"].tolist() == [40.0, 40.0, 20.0, -5.0]
    assert t["share_pct"].tolist() == [v / 95.0 * 100.0 for v in (40.0, 40.0, 20.0, -5.0)]
    assert t["units"].tolist() == [4.0, 4.0, 2.0, -1.0]
    assert t["orders"].tolist() == [1, 2, 1, 1]
    assert result.figures == {"total": 95.0, "groups": 4.0, "largest": 40.0,
                              "largest_share_pct": 40.0 / 95.0 * 100.0}
    assert any("no 'region'" in n for n in result.texts())


def test_breakdown_by_two_columns_labels_bars_with_both():
    result = breakdown(SALES, ["region", "channel"], "revenue")
    t = result.table
    assert list(zip(t["region"], t["channel"], t["revenue"], strict=True)) == [
        ("(blank)", "web", 40.0), ("North", "shop", 30.0), ("South", "shop", 20.0),
        ("North", "web", 10.0), ("East", "web", -5.0)]
    assert result.chart.labels[0] == "(blank) / web"


def test_margin_by_group_with_a_loss_making_group():
    result = margin_by(SALES, "region", "revenue", "cost", currency="€")
    t = result.table
    assert t["region"].tolist() == ["(blank)", "North", "East", "South"]
    assert t["gross_profit"].tolist() == [39.0, 25.0, -3.0, -5.0]
    assert t["margin_pct"].tolist()[:2] == [97.5, 62.5]
    assert t["margin_pct"].iloc[2] == 60.0  # -3 / -5: margin on net returns
    assert t["margin_pct"].iloc[3] == -25.0
    f = result.figures
    assert (f["revenue"], f["cost"], f["gross_profit"]) == (95.0, 39.0, 56.0)
    assert f["margin_pct"] == 56.0 / 95.0 * 100.0  # total / total, not a mean of margins
    assert f["loss_groups"] == 2
    assert any("2 region lose money" in n and "East, South" in n for n in result.texts())


def test_margin_with_zero_revenue_is_empty_not_infinite():
    df = pd.DataFrame({"g": ["a"], "rev": [0.0], "cost": [3.0]})
    result = margin_by(df, "g", "rev", "cost")
    assert math.isnan(result.table["margin_pct"].iloc[0])
    assert math.isnan(result.figures["margin_pct"])
