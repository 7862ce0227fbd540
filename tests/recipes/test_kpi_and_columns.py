"""KPI summary, and how every recipe reads amounts that arrive as text."""

import math

import pandas as pd
import pytest

from analyst.recipes import RecipeError, kpi_summary, top_n
from analyst.recipes.columns import to_dates, to_number

ORDERS = pd.DataFrame({
    "order": [1, 1, 2, 3, 3],
    "date": pd.to_datetime(["2026-01-05", "2026-01-05", "2026-01-20", "2026-02-03", "2026-02-03"]),
    "amount": [100.0, 50.0, 200.0, -30.0, 80.0],
    "cost": [60.0, 30.0, 150.0, -20.0, 40.0],
    "qty": [1, 1, 2, -1, 1],
})


def test_kpi_summary_totals_orders_average_order_value_and_gross_margin():
    result = kpi_summary(ORDERS, "amount", date="date", order_id="order", cost="cost", quantity="qty")
    f = result.figures
    assert f["total"] == 400.0
    assert f["rows"] == 5 and f["orders"] == 3
    assert f["average_order_value"] == pytest.approx(400 / 3)
    assert f["returns"] == -30.0 and f["return_rows"] == 1
    assert f["cost"] == 260.0 and f["gross_profit"] == 140.0 and f["gross_margin_pct"] == 35.0
    assert f["quantity"] == 4.0
    assert f["days"] == 30.0  # 5 Jan .. 3 Feb inclusive
    assert dict(zip(result.table["metric"], result.table["value"], strict=True))["Gross margin %"] == 35.0
    assert any("returns" in n for n in result.texts())
    assert any("2026-01-05 to 2026-02-03" in n for n in result.texts())


def test_kpi_summary_without_order_id_counts_rows_as_orders_and_has_no_margin():
    result = kpi_summary(ORDERS, "amount")
    assert result.figures["orders"] == 5
    assert result.figures["average_order_value"] == 80.0
    assert "gross_margin_pct" not in result.figures


def test_an_amount_column_stored_as_text_is_read_with_a_note_and_lost_values_counted():
    df = pd.DataFrame({"amount": ["1 234,50", "(100,00)", "n/a", "65,5", None]})
    result = kpi_summary(df, "amount")
    assert result.figures["total"] == 1200.0  # 1234.5 - 100 + 65.5
    assert any("stored as text" in n and "decimal comma" in n for n in result.texts())
    assert any("1 value in" in n and "'n/a'" in n for n in result.texts())


@pytest.mark.parametrize(("texts", "expected"), [
    (["$1,234.00", "(56.00)", "$10"], [1234.0, -56.0, 10.0]),       # US bookkeeping export
    (["1 234,50", "-7,25", "12"], [1234.5, -7.25, 12.0]),            # Ukrainian export
    (["1.234.567,8", "2,5"], [1234567.8, 2.5]),                      # dots as thousands
    (["1\u00a0000 грн", "250 UAH", "3-"], [1000.0, 250.0, -3.0]),    # NBSP, currency, minus after
    (["1,234", "2,000"], [1234.0, 2000.0]),                          # all groups of three: thousands
])
def test_text_numbers_are_read_the_way_the_column_writes_them(texts, expected):
    values, notes = to_number(pd.Series(texts), "x")
    assert values.tolist() == expected
    assert "stored as text" in str(notes[0])


def test_text_dates_day_first_and_unreadable_dates_are_counted():
    dates, notes = to_dates(pd.Series(["31.01.2026", "01.02.2026", "soon"]), "d")
    assert dates.tolist()[:2] == [pd.Timestamp("2026-01-31"), pd.Timestamp("2026-02-01")]
    assert pd.isna(dates.iloc[2])
    assert any("1 value in 'd' could not be read as a date" in str(n) for n in notes)


def test_a_misspelt_column_is_a_plain_error_that_suggests_the_right_one():
    with pytest.raises(RecipeError, match="Column 'amout' is not in the table. Did you mean 'amount'"):
        kpi_summary(ORDERS, "amout")


def test_an_empty_table_is_a_plain_error():
    with pytest.raises(RecipeError, match="no rows"):
        top_n(ORDERS.iloc[0:0], "order", "amount")


def test_nan_average_order_value_when_there_are_no_orders():
    df = pd.DataFrame({"amount": [1.0], "order": [None]})
    result = kpi_summary(df, "amount", order_id="order")
    assert result.figures["orders"] == 0 and math.isnan(result.figures["average_order_value"])
    assert any("no 'order'" in n for n in result.texts())
