"""Funnel conversion (wide and long layouts, by period) and the P&L summary."""

import math

import pandas as pd
import pytest

from analyst.recipes import RecipeError, classify_account, funnel_conversion, pnl_summary
from analyst.recipes.notes import NoteId

# --- funnel ------------------------------------------------------------------------------

WIDE = pd.DataFrame({
    "date": ["2026-01-03", "2026-01-20", "2026-02-02", None],
    "visits": [100, 100, 50, 10],
    "leads": [20, 30, 10, 0],
    "deals": [5, 5, 1, 0],
})


def test_wide_funnel_stage_and_overall_conversion():
    result = funnel_conversion(WIDE, ["visits", "leads", "deals"])
    t = result.table
    assert t["stage"].tolist() == ["visits", "leads", "deals"]
    assert t["count"].tolist() == [260.0, 60.0, 11.0]
    assert math.isnan(t["stage_conversion_pct"].iloc[0])
    assert t["stage_conversion_pct"].tolist()[1:] == [60 / 260 * 100, 11 / 60 * 100]
    assert t["overall_conversion_pct"].tolist() == [100.0, 60 / 260 * 100, 11 / 260 * 100]
    assert t["drop_off"].tolist()[1:] == [200.0, 49.0]
    assert result.figures["overall_conversion_pct"] == 11 / 260 * 100
    assert result.figures["conversion_pct:visits->leads"] == 60 / 260 * 100


def _notes(result, key: str) -> list[NoteId]:
    """The result's notes of message id `key` (each a `NoteId`, never a bare sentence)."""
    return [n for n in result.notes if isinstance(n, NoteId) and n.key == key]


def test_funnel_by_month_has_one_funnel_per_period_and_no_totals_rows():
    result = funnel_conversion(WIDE, ["visits", "leads", "deals"], period="date")
    t = result.table
    assert t["period"].tolist() == ["2026-01"] * 3 + ["2026-02"] * 3
    assert t["count"].tolist() == [200.0, 50.0, 10.0, 50.0, 10.0, 1.0]
    assert t["stage_conversion_pct"].tolist()[1:3] == [25.0, 20.0]
    assert t["overall_conversion_pct"].tolist()[3:] == [100.0, 20.0, 2.0]
    assert result.figures["first_stage_count"] == 260.0  # overall still includes the undated row
    (undated,) = _notes(result, "note_funnel_undated")
    assert undated.count == 1 and undated.values["column"] == "date"
    assert str(undated).startswith("1 row without a readable 'date' is only in the overall funnel")


def test_long_funnel_counts_rows_per_stage_in_the_given_order():
    df = pd.DataFrame({"stage": ["visit"] * 10 + ["lead"] * 4 + ["deal"] + ["spam"]})
    result = funnel_conversion(df, stage="stage", order=["visit", "lead", "deal", "repeat"])
    assert result.table["count"].tolist() == [10.0, 4.0, 1.0, 0.0]
    assert result.table["stage_conversion_pct"].tolist()[1:3] == [40.0, 25.0]
    assert [n.values["names"] for n in _notes(result, "note_stages_unknown")] == ["spam"]
    (missing,) = _notes(result, "note_stages_missing")
    assert missing.count == 1 and missing.values["names"] == "repeat"
    assert str(missing) == "1 stage has no rows and is counted as 0: repeat."


def test_long_funnel_with_a_count_column_and_no_order_goes_largest_first():
    df = pd.DataFrame({"stage": ["lead", "visit", "deal"], "n": [30, 100, 3]})
    result = funnel_conversion(df, stage="stage", count="n")
    assert result.table["stage"].tolist() == ["visit", "lead", "deal"]
    assert result.figures["overall_conversion_pct"] == 3.0


def test_a_later_stage_larger_than_the_earlier_one_is_reported():
    df = pd.DataFrame({"a": [10], "b": [12]})
    result = funnel_conversion(df, ["a", "b"])
    assert result.table["stage_conversion_pct"].iloc[1] == 120.0
    (above,) = _notes(result, "note_stages_above")
    assert above.count == 1 and above.values["names"] == "b"


def test_a_funnel_needs_stages():
    with pytest.raises(RecipeError, match="at least two stages"):
        funnel_conversion(WIDE, ["visits"])
    with pytest.raises(RecipeError, match="stage columns"):
        funnel_conversion(WIDE)


# --- P&L ---------------------------------------------------------------------------------

LEDGER = pd.DataFrame({
    "date": ["2026-01-31"] * 4 + ["2026-03-31"] * 3,
    "account": ["Sales", "Cost of sales", "Rent", "Income tax", "Виручка", "Собівартість", "Misc"],
    "amount": [1000.0, -600.0, -300.0, -50.0, 500.0, -400.0, -200.0],
})


def test_long_ledger_pnl_per_month_with_a_gap_and_a_loss_month():
    result = pnl_summary(LEDGER, "date", account="account", amount="amount")
    t = result.table
    assert t["month"].tolist() == ["2026-01", "2026-02", "2026-03"]
    assert t["revenue"].tolist() == [1000.0, 0.0, 500.0]
    assert t["cogs"].tolist() == [600.0, 0.0, 400.0]
    assert t["gross_profit"].tolist() == [400.0, 0.0, 100.0]
    assert t["gross_margin_pct"].tolist()[::2] == [40.0, 20.0]
    assert math.isnan(t["gross_margin_pct"].iloc[1])
    assert t["opex"].tolist() == [300.0, 0.0, 200.0]
    assert t["operating_profit"].tolist() == [100.0, 0.0, -100.0]
    assert t["operating_margin_pct"].tolist()[::2] == [10.0, -20.0]
    f = result.figures
    assert (f["revenue"], f["cogs"], f["gross_profit"], f["opex"], f["operating_profit"]) == (
        1500.0, 1000.0, 500.0, 500.0, 0.0)
    assert f["gross_margin_pct"] == 500 / 1500 * 100 and f["loss_periods"] == 1
    said = {n.key: n for n in result.notes if isinstance(n, NoteId)}
    assert said["note_loss_periods"].count == 1
    assert said["note_loss_periods"].values["names"] == "2026-03"
    assert said["note_guessed_opex"].values["names"] == "Misc"
    assert said["note_below_line"].values["names"] == "Income tax"
    assert said["note_empty_periods"].values["periods"] == "2026-02"
    assert "1 period at an operating loss: 2026-03." in result.texts()


def test_an_explicit_mapping_overrides_the_names():
    result = pnl_summary(LEDGER, "date", account="account", amount="amount",
                         mapping={"Misc": "ignore", "Rent": "cogs"})
    assert result.table["cogs"].tolist() == [900.0, 0.0, 400.0]
    assert result.figures["opex"] == 0.0


def test_wide_pnl_with_positive_costs_and_no_date():
    wide = pd.DataFrame({"rev": [100.0, 200.0], "cogs": [60.0, 90.0], "rent": [50.0, 50.0],
                         "ads": [5.0, 0.0]})
    result = pnl_summary(wide, revenue="rev", cogs="cogs", opex=["rent", "ads"])
    assert result.table.iloc[0].tolist() == ["All", 300.0, 150.0, 150.0, 50.0, 105.0, 45.0, 15.0]


@pytest.mark.parametrize(("name", "line"), [
    ("Revenue from sales", "revenue"), ("Cost of sales", "cogs"), ("Собівартість", "cogs"),
    ("Зарплата", "opex"), ("Income tax", "ignore"), ("营业收入", "revenue"), ("Misc", None),
])
def test_account_categories_are_recognised_by_name(name, line):
    assert classify_account(name) == line
