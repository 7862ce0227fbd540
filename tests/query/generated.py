"""Random tables of many shapes for the suggestion and parser tests: measures that add up
and levels that do not, one or two categories, a real date, dates written as text, a year
(and month) column or no calendar at all, missing values, names in four languages.
Seeded, so a failure names the seed that reproduces it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

ADDITIVE = ("sales_amount", "units", "volume", "Revenue", "precipitation", "visits", "Сума",
            "кількість", "销售额", "net generation", "Orders")
LEVELS = ("price", "temperature", "score", "wind speed", "Rating", "ціна", "температура",
          "Цена", "温度", "humidity")
CATEGORIES = ("region", "product type", "Category", "city", "Регіон", "Категорія", "Город",
              "城市", "station", "team")
VALUES = ("North", "South", "East", "West", "Alpha", "Beta", "Київ", "Львів", "Москва",
          "北京", "上海", "Gamma", "Delta")


def table(seed: int, rows: int = 120) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    data: dict[str, object] = {}
    calendar = seed % 4  # 0 date, 1 dates as text, 2 year and month columns, 3 none
    if calendar in (0, 1):
        dates = pd.date_range("2021-01-01", periods=rows, freq="3D")
        data["date" if seed % 3 else "Дата"] = (dates if calendar == 0
                                                else dates.strftime("%d.%m.%Y" if seed % 2
                                                                    else "%Y-%m-%d"))
    elif calendar == 2:
        data["year"] = rng.choice([2019, 2020, 2021, 2022], rows)
        data["month"] = rng.integers(1, 13, rows)
    cats = rng.choice(CATEGORIES, 1 + seed % 2, replace=False)
    for name in cats:
        k = int(rng.integers(2, 9))
        data[str(name)] = rng.choice(rng.choice(VALUES, k, replace=False), rows)
    for name in rng.choice(ADDITIVE, 1 + seed % 2, replace=False):
        data[str(name)] = rng.gamma(2, 50, rows).round(2)
    for name in rng.choice(LEVELS, seed % 3, replace=False):
        data[str(name)] = rng.normal(20, 5, rows).round(1)
    frame = pd.DataFrame(data)
    numeric = [c for c in frame.columns if frame[c].dtype.kind == "f"]
    if numeric:
        frame.loc[rng.choice(rows, 4, replace=False), numeric[0]] = np.nan
    return frame


def write(seed: int, folder: Path) -> Path:
    path = folder / f"generated_{seed}.csv"
    table(seed).to_csv(path, index=False)
    return path
