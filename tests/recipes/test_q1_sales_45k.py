"""A generated 45,000-row Q1 sales table (fixed seed): the recipes' total, revenue per month,
top-10 products and ABC class counts equal an independent pandas computation written here,
which does not call the recipes."""

import numpy as np
import pandas as pd
import pytest

from analyst.recipes import abc_analysis, breakdown, kpi_summary, period_dynamics, top_n


@pytest.fixture(scope="module")
def q1() -> pd.DataFrame:
    rng = np.random.default_rng(20260331)
    rows = 45_000
    products = np.array([f"SKU-{i:04d}" for i in range(400)])
    weights = 1.0 / np.arange(1, 401) ** 0.9  # a few products sell much more: a real Pareto
    product_ix = rng.choice(400, size=rows, p=weights / weights.sum())
    prices = rng.uniform(2.0, 400.0, size=400).round(2)
    quantity = rng.integers(1, 12, size=rows)
    quantity[rng.random(rows) < 0.02] *= -1  # 2% returns
    seconds = rng.integers(0, 90 * 86_400, size=rows)
    return pd.DataFrame({
        "order_id": rng.integers(100_000, 130_000, size=rows),
        "date": pd.Timestamp("2026-01-01") + pd.to_timedelta(seconds, unit="s"),
        "product": products[product_ix],
        "region": rng.choice(["Kyiv", "Lviv", "Odesa", "Dnipro", "Kharkiv"], size=rows),
        "quantity": quantity,
        "revenue": (quantity * prices[product_ix]).round(2),
    })


def cents(value: float) -> int:
    return round(value * 100)


def test_the_dataset_is_what_the_acceptance_test_describes(q1):
    assert len(q1) == 45_000
    assert q1["date"].min() >= pd.Timestamp("2026-01-01")
    assert q1["date"].max() < pd.Timestamp("2026-04-01")
    assert (q1["revenue"] < 0).any()


def test_total_revenue(q1):
    result = kpi_summary(q1, "revenue", date="date", order_id="order_id")
    assert cents(result.figures["total"]) == cents(q1["revenue"].sum())
    assert result.figures["orders"] == q1["order_id"].nunique()


def test_revenue_per_month(q1):
    expected = q1.groupby(q1["date"].dt.strftime("%Y-%m"))["revenue"].sum()
    table = period_dynamics(q1, "date", "revenue").table
    assert table["month"].tolist() == ["2026-01", "2026-02", "2026-03"]
    assert [cents(v) for v in table["revenue"]] == [cents(v) for v in expected]


def test_top_10_products(q1):
    per_product = q1.groupby("product")["revenue"].sum().sort_values(ascending=False)
    expected = per_product.head(10)
    table = top_n(q1, "product", "revenue", n=10).table
    assert table["product"].tolist()[:10] == expected.index.tolist()
    assert [cents(v) for v in table["revenue"][:10]] == [cents(v) for v in expected]
    assert table["product"].iloc[10] == "Other"
    assert cents(table["revenue"].iloc[10]) == cents(per_product.iloc[10:].sum())


def test_abc_class_counts(q1):
    per_product = q1.groupby("product")["revenue"].sum()
    assert per_product.round(2).is_unique  # no ties, so the plain rule below is the whole rule
    positive = per_product[per_product > 0].sort_values(ascending=False)
    cumulative = positive.cumsum() / positive.sum()
    a_items = max(1, int((cumulative <= 0.80 + 1e-9).sum()))
    b_items = int((cumulative <= 0.95 + 1e-9).sum()) - a_items
    c_items = len(per_product) - a_items - b_items
    figures = abc_analysis(q1, "product", "revenue").figures
    assert (figures["a_items"], figures["b_items"], figures["c_items"]) == (a_items, b_items, c_items)
    assert a_items > 10 and b_items > 10 and c_items > 10  # the data exercises all three classes


def test_the_same_numbers_when_revenue_arrives_as_text_with_a_decimal_comma(q1):
    as_text = q1.assign(revenue=q1["revenue"].map(lambda v: f"{v:,.2f}".replace(",", " ")
                                                   .replace(".", ",")))
    result = breakdown(as_text, "region", "revenue")
    expected = q1.groupby("region")["revenue"].sum()
    got = dict(zip(result.table["region"], result.table["revenue"], strict=True))
    assert {k: cents(v) for k, v in got.items()} == {k: cents(v) for k, v in expected.items()}
    assert any("stored as text" in n and "decimal comma" in n for n in result.texts())
