"""Generated tables shaped like well-known public datasets, with their column names and
habits (dates as text in several styles, a year and a month column, missing values), none
of them seen by the analyst's own tests: cars, daily weather, stock prices (open/close/
volume), electricity generation, crop yields and employment. Seeded: failures reproduce."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd


def cars(seed: int = 11) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = 406
    frame = pd.DataFrame({
        "Name": [f"{rng.choice(['ford', 'chevrolet', 'toyota', 'vw', 'fiat'])} {i}"
                 for i in range(n)],
        "Miles_per_Gallon": rng.uniform(9, 46.6, n).round(1),
        "Cylinders": rng.choice([3, 4, 5, 6, 8], n),
        "Displacement": rng.uniform(68, 455, n).round(0),
        "Horsepower": rng.integers(46, 230, n).astype(float),
        "Weight_in_lbs": rng.integers(1613, 5140, n),
        "Acceleration": rng.uniform(8, 24.8, n).round(1),
        "Year": [f"{y}-01-01" for y in rng.choice(np.arange(1970, 1983), n)],
        "Origin": rng.choice(["USA", "Europe", "Japan"], n, p=[0.62, 0.17, 0.21]),
    })
    frame.loc[rng.choice(n, 8, replace=False), "Miles_per_Gallon"] = np.nan
    frame.loc[rng.choice(n, 6, replace=False), "Horsepower"] = np.nan
    return frame


def seattle_weather(seed: int = 12) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    dates = pd.date_range("2012-01-01", "2015-12-31", freq="D")
    n = len(dates)
    return pd.DataFrame({
        "date": dates.strftime("%Y-%m-%d"),
        "precipitation": np.where(rng.random(n) < 0.45, rng.gamma(1.2, 5, n), 0).round(1),
        "temp_max": (14 + 9 * np.sin((dates.day_of_year - 110) / 58) + rng.normal(0, 3, n)).round(1),
        "temp_min": (6 + 5 * np.sin((dates.day_of_year - 110) / 58) + rng.normal(0, 2, n)).round(1),
        "wind": rng.uniform(0.4, 9.5, n).round(1),
        "weather": rng.choice(["drizzle", "rain", "sun", "snow", "fog"], n,
                              p=[0.04, 0.44, 0.44, 0.02, 0.06]),
    })


def stock_prices(seed: int = 13) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    days = pd.bdate_range("2021-01-04", "2022-12-30")
    frames = []
    for k, symbol in enumerate(("AAPL", "MSFT", "AMZN", "GOOG")):
        close = 120 + 60 * k + rng.normal(0, 1.8, len(days)).cumsum()
        frames.append(pd.DataFrame({
            "Date": days.strftime("%Y-%m-%d"), "Symbol": symbol,
            "Open": (close + rng.normal(0, 1, len(days))).round(2),
            "High": (close + rng.uniform(0.5, 3, len(days))).round(2),
            "Low": (close - rng.uniform(0.5, 3, len(days))).round(2),
            "Close": close.round(2),
            "Volume": rng.integers(5_000_000, 90_000_000, len(days)),
        }))
    return pd.concat(frames, ignore_index=True)


def electricity(seed: int = 14) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = [(y, s) for y in range(2001, 2021)
            for s in ("Coal", "Natural Gas", "Nuclear", "Hydro", "Wind", "Solar")]
    frame = pd.DataFrame(rows, columns=["year", "source"])
    frame["net_generation"] = rng.uniform(1_000, 2_000_000, len(frame)).round(0)
    frame["capacity_mw"] = rng.uniform(500, 300_000, len(frame)).round(1)
    return frame


def crop_yields(seed: int = 15) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = [(c, crop, y) for c in ("Kenya", "India", "Brazil", "France", "Ukraine")
            for crop in ("wheat", "maize", "rice", "barley") for y in range(1995, 2021)]
    frame = pd.DataFrame(rows, columns=["country", "crop", "year"])
    frame["yield_t_ha"] = rng.uniform(0.8, 9.5, len(frame)).round(3)
    frame["area_ha"] = rng.integers(10_000, 9_000_000, len(frame))
    frame.loc[rng.choice(len(frame), 15, replace=False), "yield_t_ha"] = np.nan
    return frame


def employment(seed: int = 16) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = [(y, m) for y in range(2006, 2016) for m in range(1, 13)]
    frame = pd.DataFrame(rows, columns=["year", "month"])
    n = len(frame)
    frame["nonfarm"] = (130_000 + np.arange(n) * 95 + rng.normal(0, 400, n)).round(0)
    frame["construction"] = (7_000 + rng.normal(0, 300, n)).round(0)
    frame["manufacturing"] = (12_500 + rng.normal(0, 250, n)).round(0)
    frame["unemployment_rate"] = rng.uniform(4, 10, n).round(1)
    return frame


DATASETS = {
    "cars": cars, "seattle_weather": seattle_weather, "stock_prices": stock_prices,
    "electricity": electricity, "crop_yields": crop_yields, "employment": employment,
}


def write(name: str, folder: Path) -> Path:
    path = folder / f"{name}.csv"
    DATASETS[name]().to_csv(path, index=False)
    return path
