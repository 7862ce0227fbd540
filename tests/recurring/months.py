"""Monthly sales files for the recurring-report tests, generated (nothing binary checked in).

`sales(months, price, ...)` writes the same shop's sales from January 2026 for `months`
months, every unit price times `price`, with column names in one of four languages. The
tests compute every expected figure with pandas from the frame they wrote.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

COLUMNS = {
    "en": {"date": "Date", "order": "Order ID", "product": "Product", "region": "Region",
           "channel": "Channel", "qty": "Quantity", "revenue": "Revenue", "cost": "Cost"},
    "uk": {"date": "Дата", "order": "Номер замовлення", "product": "Товар", "region": "Регіон",
           "channel": "Канал", "qty": "Кількість", "revenue": "Виручка",
           "cost": "Собівартість"},
    "ru": {"date": "Дата", "order": "Номер заказа", "product": "Товар", "region": "Регион",
           "channel": "Канал", "qty": "Количество", "revenue": "Выручка",
           "cost": "Себестоимость"},
    "zh": {"date": "日期", "order": "订单号", "product": "产品", "region": "地区",
           "channel": "渠道", "qty": "数量", "revenue": "销售额", "cost": "成本"},
}
QUESTIONS = {
    # Two asked questions per language: a recipe (top 5) and a query (an average by region).
    "en": ("top 5 products by revenue", "average revenue by region"),
    "uk": ("топ 5 товарів за виручкою", "середня виручка по регіонах"),
    "ru": ("топ 5 товаров по выручке", "средняя выручка по регионам"),
    "zh": ("按销售额排名前5的产品", "各地区的平均销售额"),
}
REGIONS = ("North", "South", "East", "West")


def sales(months: int, price: float = 1.0, *, seed: int = 1, lang: str = "en",
          rows_per_month: int = 300, cost_price: float | None = None) -> pd.DataFrame:
    """Sales of `months` months from 2026-01-01; the same product list every month.

    Cost is 60% of revenue; with `cost_price` it is the unit cost (60% of the base unit
    price) times `cost_price` instead, so prices and costs can move apart and the gross
    margin changes."""
    rng = np.random.default_rng(seed)
    names = COLUMNS[lang]
    frames = []
    for month in range(months):
        start = pd.Timestamp(2026, 1 + month, 1)
        days = rng.integers(0, start.days_in_month, size=rows_per_month)
        product = rng.integers(0, 40, size=rows_per_month)
        quantity = rng.integers(1, 9, size=rows_per_month)
        unit = (15.0 + (product % 13) * 4.25) * price
        revenue = np.round(quantity * unit, 2)
        cost = (np.round(revenue * 0.6, 2) if cost_price is None
                else np.round(quantity * unit / price * 0.6 * cost_price, 2))
        frames.append(pd.DataFrame({
            names["date"]: (start + pd.to_timedelta(days, unit="D")).strftime("%Y-%m-%d"),
            names["order"]: [f"SO-{month:02d}{i // 2:05d}" for i in range(rows_per_month)],
            names["product"]: [f"P-{p:03d}" for p in product],
            names["region"]: rng.choice(REGIONS, size=rows_per_month),
            names["channel"]: rng.choice(("Online", "Retail"), size=rows_per_month),
            names["qty"]: quantity,
            names["revenue"]: revenue,
            names["cost"]: cost,
        }))
    return pd.concat(frames, ignore_index=True)
