"""Generated tables for the measures people ask for: passengers (a class, a sex, ages with
blanks, fares), daily sales with months that sold nothing, and days of weather with months
without rain. Seeded, so failures reproduce."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

CLASSES = ("First", "Second", "Third")
SEXES = ("male", "female")
PORTS = ("Southampton", "Cherbourg", "Queenstown")


def passengers(n: int = 240, seed: int = 11) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "pclass": rng.choice(CLASSES, n),
        "sex": rng.choice(SEXES, n),
        "age": rng.uniform(1, 80, n).round(1),
        "fare": rng.gamma(2.0, 18.0, n).round(2),
        "siblings": rng.integers(0, 5, n),
        "embarked": rng.choice(PORTS, n).astype(object),
    })
    frame.loc[rng.choice(n, 23, replace=False), "age"] = np.nan
    frame.loc[rng.choice(n, 4, replace=False), "embarked"] = None
    return frame


def shop(seed: int = 12) -> pd.DataFrame:
    """Sales on some days of 2023-2024; no sale at all in March, August and November 2023."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2023-01-01", "2024-06-30", freq="D")
    days = days[~days.month.isin([3, 8, 11]) | (days.year != 2023)]
    days = days[rng.random(len(days)) < 0.3]
    return pd.DataFrame({"order_date": days.strftime("%Y-%m-%d"),
                         "revenue": rng.uniform(10, 900, len(days)).round(2),
                         "units": rng.integers(1, 20, len(days))})


def rain(seed: int = 13) -> pd.DataFrame:
    """A year of days; no rain at all in June and July."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2022-01-01", "2022-12-31", freq="D")
    kind = rng.choice(["rain", "sun", "fog"], len(days), p=[0.3, 0.5, 0.2]).astype(object)
    kind[(days.month == 6) | (days.month == 7)] = "sun"
    return pd.DataFrame({"day": days.strftime("%Y-%m-%d"), "sky": kind,
                         "rainfall_mm": np.where(kind == "rain", rng.uniform(0.5, 30, len(days)),
                                                 0.0).round(1)})


TABLES = {"passengers": passengers, "shop": shop, "rain": rain}


def write(name: str, folder: Path) -> Path:
    path = folder / f"{name}.csv"
    TABLES[name]().to_csv(path, index=False)
    return path
