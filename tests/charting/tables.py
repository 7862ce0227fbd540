"""Result tables made by the real recipes from generated data, many shapes per seed."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from analyst import recipes

LABELS = ("North", "Південь", "Восток", "华东", "Online & co", "x<y>z", "Ω-7", " spaced ")


def sales(seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = int(rng.integers(20, 400))
    groups = list(LABELS[: int(rng.integers(2, len(LABELS) + 1))])
    return pd.DataFrame({
        "Date": pd.Timestamp("2025-01-01") + pd.to_timedelta(rng.integers(0, 700, rows), unit="D"),
        "Region": rng.choice(groups, rows),
        "Product": [f"P{i:03d}" for i in rng.integers(0, int(rng.integers(3, 80)), rows)],
        "Revenue": rng.gamma(2.0, 800.0, rows).round(2) * rng.choice([1, 1, 1, -1], rows),
        "Cost": rng.gamma(2.0, 400.0, rows).round(2),
        "Opex": rng.gamma(2.0, 300.0, rows).round(2),
    })


def budget(seed: int) -> pd.DataFrame:
    """A budget sheet: revenue lines and cost lines, actuals above and below plan."""
    rng = np.random.default_rng(seed)
    lines = ["Revenue", "Sales income", "Rent", "Salaries", "Marketing", "Travel", "Utilities"]
    chosen = list(rng.choice(lines, int(rng.integers(2, len(lines) + 1)), replace=False))
    planned = rng.integers(1_000, 90_000, len(chosen)).astype(float)
    return pd.DataFrame({"Line": chosen, "Budget": planned,
                         "Actual": (planned * rng.uniform(0.6, 1.4, len(chosen))).round(2)})


RECIPES = {"period_dynamics": recipes.period_dynamics, "top_n": recipes.top_n,
           "breakdown": recipes.breakdown, "abc_analysis": recipes.abc_analysis,
           "margin_by": recipes.margin_by}


def results(seed: int) -> list[tuple[str, dict[str, Any], pd.DataFrame]]:
    """(recipe, its arguments, its result table) for each recipe that draws a chart."""
    df = sales(seed)
    calls: list[tuple[str, dict[str, Any]]] = [
        ("period_dynamics", {"date": "Date", "amount": "Revenue", "freq": "M"}),
        ("top_n", {"by": "Product", "amount": "Revenue", "n": 5, "other": True}),
        ("breakdown", {"by": "Region", "amount": "Revenue"}),
        ("abc_analysis", {"item": "Product", "amount": "Revenue"}),
        ("margin_by", {"by": "Region", "revenue": "Revenue", "cost": "Cost", "currency": "грн"}),
    ]
    out = [(name, args, RECIPES[name](df, **args).table) for name, args in calls]
    pnl = {"date": "Date", "revenue": "Revenue", "cogs": "Cost", "opex": "Opex"}
    out.append(("pnl_summary", pnl, recipes.pnl_summary(df, **pnl).table))
    args = {"line": "Line", "budget": "Budget", "actual": "Actual", "currency": "$"}
    out.append(("budget_vs_actual", args, recipes.budget_vs_actual(budget(seed), **args).table))
    return out
