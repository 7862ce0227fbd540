"""Seattle's daily weather 2012-2015 (vega_datasets): dates written "2012/01/01", one row a
day; snow falls in a few months only, so "per month" counts have zeros."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from tests.sweep.question import (
    dates,
    extreme,
    growth,
    keyed,
    per_month,
    questions,
    scalar,
    share,
)

T = "seattle-weather.csv"


def _year(df: pd.DataFrame) -> pd.Series:
    return dates(df, "date").dt.to_period("Y")


def _month(df: pd.DataFrame) -> pd.Series:
    return dates(df, "date").dt.to_period("M")


def _by_day(column: str) -> Callable[[pd.DataFrame], pd.Series]:
    return lambda df: df.set_index(dates(df, "date"))[column]


def _slashed(day: pd.Timestamp) -> tuple[str]:
    return (day.strftime("%Y/%m/%d"),)  # as the file writes it


def _year_mean(column: str, a: int, b: int) -> Callable[[pd.DataFrame], tuple[float, float]]:
    def compute(df: pd.DataFrame) -> tuple[float, float]:
        year = dates(df, "date").dt.year
        return df[year == a][column].mean(), df[year == b][column].mean()
    return compute


def _year_sum(column: str, a: int, b: int) -> Callable[[pd.DataFrame], tuple[float, float]]:
    def compute(df: pd.DataFrame) -> tuple[float, float]:
        year = dates(df, "date").dt.year
        return df[year == a][column].sum(), df[year == b][column].sum()
    return compute


QUESTIONS = [
    *questions(T, "mean", scalar(lambda df: df["temp_max"].mean()),
               "What is the average temp_max?", "mean of temp_max",
               "average maximum temperature"),
    *questions(T, "median", scalar(lambda df: df["precipitation"].median()),
               "median precipitation", "what's the median daily precipitation?"),
    *questions(T, "max", scalar(lambda df: df["wind"].max()),
               "highest wind", "what was the maximum wind speed?"),
    *questions(T, "min", scalar(lambda df: df["temp_min"].min()),
               "lowest temp_min", "minimum of temp_min"),
    *questions(T, "std", scalar(lambda df: df["wind"].std()),
               "standard deviation of wind", "std of wind"),
    *questions(T, "var", scalar(lambda df: df["precipitation"].var()),
               "variance of precipitation"),
    *questions(T, "percentile", scalar(lambda df: df["precipitation"].quantile(0.9)),
               "90th percentile of precipitation", "precipitation p90"),
    *questions(T, "count", scalar(lambda df: (df["weather"] == "snow").sum()),
               "how many days had snow", "number of days where weather is snow"),
    *questions(T, "count", scalar(lambda df: (df["precipitation"] > 10).sum()),
               "how many days with precipitation over 10"),
    *questions(T, "count", scalar(lambda df: df["temp_max"].between(20, 25).sum()),
               "how many days had temp_max between 20 and 25"),
    *questions(T, "count", scalar(lambda df: (df["weather"] != "sun").sum()),
               "how many days where weather is not sun"),
    *questions(T, "count", scalar(lambda df: df["weather"].isin(["rain", "drizzle"]).sum()),
               "how many days were rain or drizzle"),
    *questions(T, "nunique", scalar(lambda df: df["weather"].nunique()),
               "how many different weather types are there?",
               "number of distinct weather values"),
    *questions(T, "share", keyed(lambda df: share(df.groupby("weather")["precipitation"].sum())),
               "share of precipitation by weather"),
    *questions(T, "share", scalar(lambda df: (df["weather"] == "rain").mean() * 100),
               "what percentage of days were rain?"),
    *questions(T, "missing", scalar(lambda df: df["precipitation"].isna().sum()),
               "how many missing values in precipitation"),
    *questions(T, "pearson", scalar(lambda df: df["temp_max"].corr(df["temp_min"])),
               "correlation between temp_max and temp_min",
               "pearson correlation of temp_max and temp_min"),
    *questions(T, "spearman", scalar(lambda df: df["precipitation"].corr(df["wind"],
                                                                          method="spearman")),
               "spearman correlation between precipitation and wind"),
    *questions(T, "extreme", extreme(lambda df: df.groupby(_month(df))["precipitation"].sum(),
                                     "highest"),
               "which month had the highest total precipitation?",
               "the wettest month"),
    *questions(T, "extreme", extreme(_by_day("temp_max"), "highest", _slashed),
               "which day had the highest temp_max", "what was the hottest day?"),
    *questions(T, "extreme", extreme(_by_day("temp_min"), "lowest", _slashed),
               "which day had the lowest temp_min"),
    *questions(T, "extreme", extreme(lambda df: df[df["weather"] == "rain"].groupby(
        _year(df))["date"].size(), "highest"),
               "which year had the most rainy days?"),
    *questions(T, "growth", growth(_year_sum("precipitation", 2014, 2015)),
               "change in total precipitation between 2014 and 2015"),
    *questions(T, "growth", growth(_year_mean("temp_max", 2012, 2015)),
               "how did the average temp_max change from 2012 to 2015?"),
    *questions(T, "mean", keyed(lambda df: df.groupby("weather")["temp_max"].mean()),
               "average temp_max by weather", "mean temp_max per weather type"),
    *questions(T, "mean", keyed(lambda df: df.groupby(_year(df))["temp_max"].mean()),
               "average temp_max per year"),
    *questions(T, "sum", keyed(lambda df: df.groupby(_month(df))["precipitation"].sum()),
               "total precipitation by month"),
    *questions(T, "count", keyed(lambda df: per_month(dates(df, "date"), df["weather"] == "rain")),
               "how many rainy days per month"),
    *questions(T, "count", keyed(lambda df: per_month(dates(df, "date"), df["weather"] == "snow")),
               "how many days with snow per month", "number of snow days by month"),
    *questions(T, "mean", keyed(lambda df: df.groupby([_year(df), "weather"])["wind"].mean()),
               "average wind by year and weather"),
    *questions(T, "median", scalar(lambda df: df[(df["weather"] == "sun") & (df["wind"] > 4)][
        "temp_max"].median()),
               "median temp_max where weather is sun and wind is over 4"),
    *questions(T, "mean", scalar(lambda df: df[df["precipitation"] > df["precipitation"].mean()][
        "wind"].mean()),
               "average wind on days with more precipitation than the average"),
    *questions(T, "mean", scalar(lambda df: df[df["weather"].isin(["rain", "snow"])][
        "wind"].mean()),
               "average wind on days with rain or snow"),
    # Other languages.
    *questions(T, "mean", scalar(lambda df: df["temp_max"].mean()),
               "середня temp_max", language="uk"),
    *questions(T, "count", scalar(lambda df: (df["weather"] == "snow").sum()),
               "скільки днів зі snow", language="uk"),
    *questions(T, "count", keyed(lambda df: per_month(dates(df, "date"), df["weather"] == "rain")),
               "скільки днів з rain по місяцях", language="uk"),
    *questions(T, "mean", keyed(lambda df: df.groupby("weather")["temp_max"].mean()),
               "среднее temp_max по weather", language="ru"),
    *questions(T, "median", scalar(lambda df: df["wind"].median()),
               "медиана wind", language="ru"),
    *questions(T, "pearson", scalar(lambda df: df["temp_max"].corr(df["temp_min"])),
               "корреляция между temp_max и temp_min", language="ru"),
    *questions(T, "mean", scalar(lambda df: df["temp_max"].mean()),
               "temp_max的平均值", language="zh"),
    *questions(T, "extreme", extreme(lambda df: df.groupby(_month(df))["precipitation"].sum(),
                                     "highest"),
               "哪个月的precipitation总和最高", language="zh"),
]
