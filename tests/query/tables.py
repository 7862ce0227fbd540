"""Generated tables of many shapes, none about sales: cars, daily weather (dates written as
text), stock prices (a ticker column), electricity (a year and a month column, two
categorical keys) and numbers with missing values. Seeded, so failures reproduce."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

ORIGINS = ("USA", "Europe", "Japan")
WEATHER = ("rain", "sun", "fog", "drizzle", "snow")
SYMBOLS = ("AAPL", "MSFT", "IBM")
FUELS = ("coal", "gas", "wind", "solar")
STATES = ("TX", "CA", "NY")


def cars(n: int = 150, seed: int = 1) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "Name": [f"model {i}" for i in range(n)],
        "Miles_per_Gallon": rng.uniform(9, 46, n).round(1),
        "Cylinders": rng.choice([4, 6, 8], n),
        "Horsepower": rng.integers(46, 230, n).astype(float),
        "Origin": rng.choice(ORIGINS, n),
        "Year": rng.choice(np.arange(1970, 1983), n),
    })
    frame.loc[rng.choice(n, 9, replace=False), "Miles_per_Gallon"] = np.nan
    frame.loc[rng.choice(n, 5, replace=False), "Horsepower"] = np.nan
    return frame


def weather(days: int = 500, seed: int = 2) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    dates = pd.date_range("2014-01-01", periods=days, freq="D")
    return pd.DataFrame({
        "date": dates.strftime("%Y-%m-%d"),  # text in the CSV, as public datasets have it
        "precipitation": rng.gamma(0.8, 3, days).round(1),
        "temp_max": rng.normal(16, 7, days).round(1),
        "temp_min": rng.normal(7, 5, days).round(1),
        "wind": rng.uniform(0.4, 9.5, days).round(1),
        "weather": rng.choice(WEATHER, days, p=[0.35, 0.35, 0.1, 0.1, 0.1]),
    })


def stocks(days: int = 300, seed: int = 3) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    dates = pd.bdate_range("2019-10-01", periods=days)
    frames = []
    for k, symbol in enumerate(SYMBOLS):
        close = 100 * (k + 1) + rng.normal(0, 2, days).cumsum()
        frames.append(pd.DataFrame({"date": dates.strftime("%m/%d/%Y"), "symbol": symbol,
                                    "close": close.round(2),
                                    "volume": rng.integers(1_000_000, 9_000_000, days)}))
    return pd.concat(frames, ignore_index=True)


def electricity(seed: int = 4) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = [(y, m, s, f) for y in range(2018, 2022) for m in range(1, 13)
            for s in STATES for f in FUELS]
    frame = pd.DataFrame(rows, columns=["year", "month", "state", "fuel_type"])
    frame["net_generation"] = rng.uniform(100, 5000, len(frame)).round(3)
    frame.loc[rng.choice(len(frame), 12, replace=False), "net_generation"] = np.nan
    return frame


SHAPES = {"cars": cars, "weather": weather, "stocks": stocks, "electricity": electricity}


def write(name: str, folder: Path) -> Path:
    path = folder / f"{name}.csv"
    SHAPES[name]().to_csv(path, index=False)
    return path
