"""A reproducible sales export: the 45,000-row Q1 file the tests and the benchmark use.

Shaped like a real accounting export: ISO dates, an order id shared by a few lines,
200 products in 8 categories with skewed popularity (so ABC classes are meaningful), four
regions, three channels, and a few returns (negative revenue).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

REGIONS = ("North", "South", "East", "West")
CHANNELS = ("Online", "Retail", "Wholesale")


def sales_frame(rows: int = 45_000, seed: int = 20260101) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    products = [f"Product {i:03d}" for i in range(200)]
    weights = 1.0 / np.arange(1, 201) ** 0.9  # a long tail: a few products sell most
    product = rng.choice(len(products), size=rows, p=weights / weights.sum())
    days = rng.integers(0, 90, size=rows)  # 2026-01-01 .. 2026-03-31
    quantity = rng.integers(1, 12, size=rows)
    unit_price = 20.0 + (product % 37) * 7.5
    revenue = np.round(quantity * unit_price * rng.uniform(0.9, 1.1, size=rows), 2)
    returns = rng.random(rows) < 0.01
    revenue[returns] = -revenue[returns]
    cost = np.round(np.abs(revenue) * rng.uniform(0.45, 0.8, size=rows), 2)
    return pd.DataFrame({
        "Date": (pd.Timestamp("2026-01-01") + pd.to_timedelta(days, unit="D")).strftime("%Y-%m-%d"),
        "Order ID": [f"SO-{i // 3:06d}" for i in range(rows)],
        "Product": [products[i] for i in product],
        "Category": [f"Category {chr(65 + i % 8)}" for i in product],
        "Region": rng.choice(REGIONS, size=rows),
        "Channel": rng.choice(CHANNELS, size=rows),
        "Quantity": quantity,
        "Revenue": revenue,
        "Cost": cost,
    })


def write_sales_csv(path: Path, rows: int = 45_000, seed: int = 20260101) -> Path:
    sales_frame(rows, seed).to_csv(path, index=False)
    return path
