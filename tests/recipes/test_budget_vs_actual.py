"""Budget vs actual: variance in money and %, favourable the right way for revenue and for
costs, lines without actuals left out of the totals; figures against pandas to the cent."""

from __future__ import annotations

import math
import random

import pandas as pd
import pytest

from analyst.recipes import budget_vs_actual

REVENUE = ("Revenue", "Product sales", "Service income")
COSTS = ("Salaries", "Rent", "Marketing", "IT", "Travel")


def _table(seed: int, missing: int) -> pd.DataFrame:
    rng = random.Random(seed)
    lines = list(REVENUE[: 1 + seed % 3]) + list(COSTS[: 2 + seed % 4])
    budget = [round(rng.uniform(1000, 90000), 2) for _ in lines]
    actual = [round(b * rng.uniform(0.7, 1.3), 2) for b in budget]
    for k in range(missing):
        actual[-1 - k] = None  # actuals not in yet
    return pd.DataFrame({"Line": lines, "Budget": budget, "Actual": actual})


@pytest.mark.parametrize("missing", [0, 1, 2])
@pytest.mark.parametrize("seed", range(6))
def test_variance_and_its_sign_per_line(seed: int, missing: int) -> None:
    df = _table(seed, missing)
    result = budget_vs_actual(df, "Line", "Budget", "Actual")
    known = df.dropna(subset=["Actual"])
    table = result.table.set_index("Line")
    assert list(table.index) == list(known["Line"])
    for row in known.itertuples():
        got = table.loc[row.Line]
        variance = row.Actual - row.Budget
        assert round(got["variance"], 2) == round(variance, 2)
        assert got["variance_pct"] == pytest.approx(variance / abs(row.Budget) * 100)
        revenue = row.Line in REVENUE
        assert got["kind"] == ("revenue" if revenue else "cost")
        good = variance > 0 if revenue else variance < 0
        assert got["assessment"] == ("favourable" if good else "unfavourable")
    assert round(result.figures["actual"], 2) == round(known["Actual"].sum(), 2)
    assert round(result.figures["budget"], 2) == round(known["Budget"].sum(), 2)
    revenue_var = sum(r.Actual - r.Budget for r in known.itertuples() if r.Line in REVENUE)
    cost_var = sum(r.Actual - r.Budget for r in known.itertuples() if r.Line not in REVENUE)
    assert round(result.figures["net_variance"], 2) == round(revenue_var - cost_var, 2)
    assert (result.figures["favourable_lines"] + result.figures["unfavourable_lines"]
            == len(known) - (table["assessment"] == "on budget").sum())
    said = [n for n in result.notes if getattr(n, "key", None) == "note_no_actual_lines"]
    assert bool(said) == bool(missing)
    for n in said:  # a message id with its count and values, said in any language
        assert n.count == missing and n.values["column"] == "Actual"
        assert f"{missing} line{'s have' if missing > 1 else ' has'} no 'Actual' yet" in str(n)


def test_a_zero_budget_has_no_variance_percent() -> None:
    df = pd.DataFrame({"Line": ["Rent", "New project"], "Budget": [100.0, 0.0], "Actual": [90.0, 50.0]})
    table = budget_vs_actual(df, "Line", "Budget", "Actual").table.set_index("Line")
    assert math.isnan(table.loc["New project", "variance_pct"])
    assert table.loc["New project", "assessment"] == "unfavourable"
    assert table.loc["Rent", "assessment"] == "favourable"


def _signed(df: pd.DataFrame, style: str) -> pd.DataFrame:
    """The same budget with its cost lines as a ledger keeps them: negative numbers, or
    accounting text "(1,234.50)"."""
    out = df.copy()
    cost = ~out["Line"].isin(REVENUE)
    for column in ("Budget", "Actual"):
        values = out[column].astype(object)
        if style == "negative":
            values = values.where(~cost, -out[column])
        elif style == "parentheses":
            values = [f"({v:,.2f})" if c and not pd.isna(v) else (None if pd.isna(v) else f"{v:,.2f}")
                      for v, c in zip(out[column], cost, strict=True)]
        out[column] = values
    return out


@pytest.mark.parametrize("style", ["negative", "parentheses"])
@pytest.mark.parametrize("seed", range(6))
def test_costs_stored_as_negatives_read_the_same_way(seed: int, style: str) -> None:
    """An overspent cost stored as -47,300 against -45,000 is unfavourable, as when positive."""
    plain = _table(seed, seed % 2)
    want = budget_vs_actual(plain, "Line", "Budget", "Actual")
    got = budget_vs_actual(_signed(plain, style), "Line", "Budget", "Actual")
    assert got.table[["Line", "kind", "assessment"]].equals(want.table[["Line", "kind", "assessment"]])
    for column in ("Budget", "Actual", "variance", "variance_pct"):
        assert [round(float(v), 2) for v in got.table[column]] == [round(float(v), 2) for v in want.table[column]]
    for key in ("budget", "actual", "variance", "net_variance", "favourable_lines"):
        assert round(got.figures[key], 2) == round(want.figures[key], 2), key
    assert any("stored as negative numbers" in n for n in got.texts())
    assert not any("stored as negative numbers" in n for n in want.texts())
