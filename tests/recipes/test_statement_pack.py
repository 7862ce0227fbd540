"""The finance pack's recipes against pandas, over generated statements: costs positive or
stored as negatives, with and without lines below the operating line, two years, a
loss-making month, a revenue that is not positive (its margins are never stated)."""

from __future__ import annotations

import math
import random

import pandas as pd
import pytest

from analyst import recipes

SECTIONS = {"Revenue": ("Product sales", "Services"), "Cost of sales": ("Materials", "Freight"),
            "Operating expenses": ("Salaries", "Rent", "Consulting")}
BELOW = ("Interest expense", "Income tax")


def statement(seed: int, *, negative: bool, below: bool, months: int = 12,
              start: str = "2025-01-01") -> pd.DataFrame:
    rng = random.Random(seed)
    rows = []
    for period in pd.date_range(start, periods=months, freq="MS"):
        for section, lines in SECTIONS.items():
            for line in lines:
                value = round(rng.uniform(1000, 9000) * (6 if section == "Revenue" else 1), 2)
                cost = section != "Revenue"
                rows.append((line, section, period, -value if cost and negative else value))
        if below:
            for line in BELOW:
                value = round(rng.uniform(100, 900), 2)
                rows.append((line, "", period, -value if negative else value))
    return pd.DataFrame(rows, columns=["Line item", "Section", "Period", "Value"])


def expected(frame: pd.DataFrame) -> pd.DataFrame:
    """revenue, cogs, opex, below per month by hand (costs positive)."""
    kind = frame["Section"].map({"Revenue": "revenue", "Cost of sales": "cogs",
                                 "Operating expenses": "opex"}).fillna("below")
    value = frame["Value"].abs().where(kind != "revenue", frame["Value"])
    return (pd.DataFrame({"month": frame["Period"].dt.to_period("M"), "kind": kind, "v": value})
            .pivot_table(index="month", columns="kind", values="v", aggfunc="sum")
            .reindex(columns=["revenue", "cogs", "opex", "below"]).fillna(0.0))


VARIANTS = [(seed, negative, below) for seed in (1, 2, 3) for negative in (False, True)
            for below in (False, True)]


@pytest.mark.parametrize(("seed", "negative", "below"), VARIANTS)
def test_the_pnl_by_month_and_quarter_add_up_to_the_cent(seed: int, negative: bool, below: bool) -> None:
    frame = statement(seed, negative=negative, below=below)
    want = expected(frame)
    year = want.sum()
    gross, operating = year["revenue"] - year["cogs"], year["revenue"] - year["cogs"] - year["opex"]
    net = operating - year["below"]
    for freq, periods in (("M", 12), ("Q", 4)):
        result = recipes.pnl_statement(frame, "Period", "Line item", "Value", "Section", freq=freq)
        f = result.figures
        assert round(f["revenue"], 2) == round(year["revenue"], 2)
        assert round(f["gross_profit"], 2) == round(gross, 2)
        assert round(f["operating_profit"], 2) == round(operating, 2)
        assert f["gross_margin_pct"] == pytest.approx(gross / year["revenue"] * 100)
        if below:
            assert round(f["net_profit"], 2) == round(net, 2)
            assert f["net_margin_pct"] == pytest.approx(net / year["revenue"] * 100)
        else:
            # No interest or tax lines: the statement has no net profit (issue 26), and its
            # operating profit is not stated under that name.
            assert math.isnan(f["net_profit"]) and math.isnan(f["net_margin_pct"])
        table = result.table
        assert len(table) == periods + 1 and table.iloc[-1, 0] == "FY 2025"
        assert round(table["revenue"].iloc[:-1].sum(), 2) == round(table["revenue"].iloc[-1], 2)
        assert ("net_profit" in table.columns) == below
        assert any("negative numbers" in n for n in result.texts()) == negative
    months = recipes.pnl_statement(frame, "Period", "Line item", "Value", "Section").table
    for i, (_, row) in enumerate(want.iterrows()):
        assert round(months["revenue"].iloc[i], 2) == round(row["revenue"], 2)
        assert round(months["operating_profit"].iloc[i], 2) == round(
            row["revenue"] - row["cogs"] - row["opex"], 2)


@pytest.mark.parametrize(("seed", "negative", "below"), VARIANTS[:6])
def test_margins_structure_and_changes_match_pandas(seed: int, negative: bool, below: bool) -> None:
    frame = statement(seed, negative=negative, below=below)
    want = expected(frame)
    margins = recipes.margin_trend(frame, "Period", "Line item", "Value", "Section").table
    gross = (want["revenue"] - want["cogs"]) / want["revenue"] * 100
    assert margins["gross_margin_pct"].to_numpy() == pytest.approx(gross.to_numpy())
    structure = recipes.expense_structure(frame, "Line item", "Value", "Section", date="Period")
    costs = frame[frame["Section"].isin(["Cost of sales", "Operating expenses"])]
    by_line = costs.assign(v=costs["Value"].abs()).groupby("Line item")["v"].sum()
    assert dict(zip(structure.table["Line item"], structure.table["cost"].round(2), strict=True)) == \
        by_line.round(2).to_dict()
    assert structure.table["share_pct"].sum() == pytest.approx(100.0)
    assert list(structure.table["cost"]) == sorted(structure.table["cost"], reverse=True)
    assert not set(BELOW) & set(structure.table["Line item"])  # interest and tax are no expenses
    changes = recipes.notable_changes(frame, "Period", "Line item", "Value", "Section").table
    top = changes.iloc[0]
    per = frame.assign(v=frame["Value"].abs().where(frame["Section"] != "Revenue", frame["Value"]))
    series = per[per["Line item"] == top["Line item"]].groupby("Period")["v"].sum()
    if len(series):  # a line (not a profit): its change is the month's minus the month before
        month = pd.Period(top["month"], "M").to_timestamp()
        assert round(top["change"], 2) == round(series[month] - series[month - pd.offsets.MonthBegin()], 2)
    assert changes["Line item"].is_unique
    assert list(changes["change"].abs()) == sorted(changes["change"].abs(), reverse=True)


def test_two_years_give_a_total_row_each_and_the_latest_years_figures() -> None:
    frame = statement(7, negative=True, below=True, months=18, start="2024-07-01")
    result = recipes.pnl_statement(frame, "Period", "Line item", "Value", "Section")
    labels = list(result.table["month"])
    assert labels.index("FY 2024") == 6 and labels[-1] == "FY 2025" and len(labels) == 20
    latest = frame[frame["Period"].dt.year == 2025]
    assert round(result.figures["revenue"], 2) == round(
        latest.loc[latest["Section"] == "Revenue", "Value"].sum(), 2)
    assert result.figures["year"] == 2025.0
    assert any("latest year" in n for n in result.texts())


def test_a_loss_making_month_is_named_and_margins_that_fail_the_check_are_not_stated() -> None:
    frame = statement(4, negative=False, below=False)
    jan = (frame["Period"] == "2025-03-01") & (frame["Line item"] == "Consulting")
    frame.loc[jan, "Value"] = 250000.0
    result = recipes.pnl_statement(frame, "Period", "Line item", "Value", "Section")
    (losses,) = [n for n in result.notes if getattr(n, "key", None) == "note_loss_periods"]
    assert losses.count == 1 and losses.values["names"] == "2025-03"
    assert str(losses) == "1 period at an operating loss: 2025-03."
    assert result.figures["loss_periods"] == 1.0 and not math.isnan(result.figures["operating_margin_pct"])
    march = result.table[result.table["month"] == "2025-03"].iloc[0]
    assert math.isnan(march["operating_margin_pct"])  # below -100%: not stated
    # Revenue that is not positive: no margin is stated anywhere.
    frame.loc[frame["Section"] == "Revenue", "Value"] = 0.0
    result = recipes.pnl_statement(frame, "Period", "Line item", "Value", "Section")
    assert math.isnan(result.figures["gross_margin_pct"]) and result.table["gross_margin_pct"].isna().all()
    trend = recipes.margin_trend(frame, "Period", "Line item", "Value", "Section")
    assert trend.table["operating_margin_pct"].isna().all()
    assert math.isnan(trend.figures["operating_margin_pct"])
