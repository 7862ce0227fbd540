"""A figure that fails a sanity check is never stated, and the sign convention of costs does
not change a single figure.

Every variant is generated: costs stored as positive numbers, as negative numbers, and as
accounting text "(1,234.56)"; the figures must equal plain pandas on the positive form to
the cent, and an impossible margin or share becomes NaN with a sentence saying why.
"""

from __future__ import annotations

import math
import random

import pandas as pd
import pytest

from analyst.recipes import breakdown, kpi_summary, margin_by, pnl_summary, top_n
from analyst.recipes.result import RecipeResult
from analyst.recipes.sanity import check_figures, checked_margin, checked_share

SIGNS = ("positive", "negative", "parentheses")


def _ledger(seed: int, rows: int) -> pd.DataFrame:
    """Revenue and a cost below it (a real business: margins between 5% and 70%)."""
    rng = random.Random(seed)
    revenue = [round(rng.uniform(50, 5000), 2) for _ in range(rows)]
    cost = [round(r * rng.uniform(0.3, 0.95), 2) for r in revenue]
    return pd.DataFrame({
        "Date": pd.to_datetime([f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                                for _ in range(rows)]),
        "Region": [rng.choice(["North", "South", "East", "West"]) for _ in range(rows)],
        "Revenue": revenue,
        "Cost": cost,
    })


def _signed(df: pd.DataFrame, sign: str) -> pd.DataFrame:
    out = df.copy()
    if sign == "negative":
        out["Cost"] = -out["Cost"]
    elif sign == "parentheses":
        out["Cost"] = [f"({v:,.2f})" for v in out["Cost"]]
    return out


def _cents(value: float) -> int:
    return round(value * 100)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("sign", SIGNS)
def test_cost_sign_convention_gives_the_same_gross_profit_and_margin(seed: int, sign: str) -> None:
    base = _ledger(seed, 20 + seed * 15)
    df = _signed(base, sign)
    revenue, cost = base["Revenue"].sum(), base["Cost"].sum()
    expected_margin = (revenue - cost) / revenue * 100

    kpi = kpi_summary(df, "Revenue", date="Date", cost="Cost")
    assert _cents(kpi.figures["gross_profit"]) == _cents(revenue - cost)
    assert kpi.figures["gross_margin_pct"] == pytest.approx(expected_margin, abs=1e-9)
    assert 0 < kpi.figures["gross_margin_pct"] < 100

    by_region = margin_by(df, "Region", "Revenue", "Cost")
    assert _cents(by_region.figures["gross_profit"]) == _cents(revenue - cost)
    assert by_region.figures["margin_pct"] == pytest.approx(expected_margin, abs=1e-9)
    expected = base.groupby("Region")[["Revenue", "Cost"]].sum()
    got = by_region.table.set_index("Region")
    for region, row in expected.iterrows():
        assert _cents(got.loc[region, "gross_profit"]) == _cents(row["Revenue"] - row["Cost"])

    pnl = pnl_summary(df, "Date", revenue="Revenue", cogs="Cost")
    assert _cents(pnl.figures["gross_profit"]) == _cents(revenue - cost)
    assert pnl.figures["gross_margin_pct"] == pytest.approx(expected_margin, abs=1e-9)

    said_negative = any("stored as negative numbers" in n for n in (*kpi.texts(), *by_region.texts()))
    assert said_negative == (sign != "positive"), "the card says which convention was found"


@pytest.mark.parametrize("seed", range(4))
def test_a_margin_outside_plus_minus_100_percent_is_not_stated(seed: int) -> None:
    rng = random.Random(seed)
    # Costs mixed in sign that net to a positive cost below zero profit... i.e. costs far
    # above revenue: the margin would be below -100%.
    revenue = [round(rng.uniform(10, 100), 2) for _ in range(8)]
    df = pd.DataFrame({"Region": ["A", "B"] * 4, "Revenue": revenue,
                       "Cost": [round(r * rng.uniform(2.5, 6), 2) for r in revenue]})
    for result, key in ((kpi_summary(df, "Revenue", cost="Cost"), "gross_margin_pct"),
                        (margin_by(df, "Region", "Revenue", "Cost"), "margin_pct"),
                        (pnl_summary(df, revenue="Revenue", cogs="Cost"), "gross_margin_pct")):
        assert math.isnan(result.figures[key]), result.name
        assert any("is not stated" in n and "sign" in n for n in result.texts()), result.notes
        # The money figures are still stated: only the impossible ratio is withheld.
        assert _cents(result.figures["gross_profit"]) == _cents(sum(df["Revenue"]) - sum(df["Cost"]))


def test_revenue_that_is_not_positive_has_no_margin() -> None:
    value, notes = checked_margin(100.0, -50.0)
    assert math.isnan(value) and "revenue is not positive" in str(notes[0])
    value, notes = checked_margin(0.0, 0.0)
    assert math.isnan(value)


@pytest.mark.parametrize("part,whole,stated", [(30, 100, True), (100, 100, True),
                                               (140, 100, False), (-5, 100, True),
                                               (10, -20, False), (0, 0, False)])
def test_a_share_above_100_percent_or_of_a_negative_total_is_not_stated(part: float, whole: float,
                                                                      stated: bool) -> None:
    value, _ = checked_share(part, whole)
    assert (not math.isnan(value)) == stated
    if stated:
        assert value == pytest.approx(part / whole * 100)


@pytest.mark.parametrize("seed", range(5))
def test_shares_with_negative_groups_never_exceed_100_percent(seed: int) -> None:
    rng = random.Random(seed)
    groups = [f"G{i}" for i in range(6)]
    df = pd.DataFrame({"Group": groups * 3,
                       "Amount": [round(rng.uniform(-900, 400), 2) for _ in range(18)]})
    df.loc[0, "Amount"] = 2000.0  # one large positive group; others net out
    for result in (breakdown(df, "Group", "Amount"), top_n(df, "Group", "Amount", n=3)):
        shares = pd.to_numeric(result.table["share_pct"], errors="coerce").dropna()
        assert (shares <= 100 + 1e-9).all(), result.table
        for key, value in result.figures.items():
            if key.endswith("share_pct") and not math.isnan(value):
                assert value <= 100 + 1e-9
        total = df["Amount"].sum()
        hidden = (df.groupby("Group")["Amount"].sum() / total * 100 > 100).any() or total < 0
        if hidden:
            assert any("not s" in n or "not meaningful" in n for n in result.texts()), result.notes


def test_every_result_passes_the_check_whatever_recipe_made_it() -> None:
    table = pd.DataFrame({"month": ["2025-01", "2025-02"], "net_margin_pct": [12.0, 240.0],
                          "share_pct": [40.0, 160.0]})
    result = RecipeResult(name="custom", title="x", table=table, chart=None, definition="",
                          figures={"net_margin_pct": 153.6, "top_share_pct": 120.0, "total": 5.0})
    assert math.isnan(result.figures["net_margin_pct"]) and math.isnan(result.figures["top_share_pct"])
    assert result.figures["total"] == 5.0
    assert result.table["net_margin_pct"].tolist()[0] == 12.0
    assert math.isnan(result.table["net_margin_pct"].tolist()[1])
    assert math.isnan(result.table["share_pct"].tolist()[1])
    assert any("net margin is not stated" in n for n in result.texts())
    again = RecipeResult(name="custom", title="x", table=result.table, chart=None, definition="",
                         notes=result.notes, figures=result.figures)
    assert again.notes == result.notes, "checking twice adds nothing"
    assert table["net_margin_pct"].tolist()[1] == 240.0, "the caller's table is not changed"


def test_check_figures_keeps_plausible_values() -> None:
    figures = {"gross_margin_pct": 99.9, "operating_margin_pct": -99.0, "largest_share_pct": 100.0}
    checked, notes = check_figures(figures)
    assert checked == figures and notes == []
