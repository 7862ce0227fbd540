"""Cars of 1970-1982 (vega_datasets): missing values in Miles_per_Gallon and Horsepower, the
model year written as a date ("1970-01-01"), a text column of model names."""

from __future__ import annotations

from typing import Any

import pandas as pd

from tests.sweep.question import dates, extreme, keyed, questions, scalar, share

T = "cars.csv"


def _year(df: pd.DataFrame) -> pd.Series:
    return dates(df, "Year").dt.to_period("Y")


def _as_date(year: Any) -> tuple[str]:
    return (f"{year}-01-01",)  # the column's own spelling of a model year


QUESTIONS = [
    *questions(T, "mean", keyed(lambda df: df.groupby("Origin")["Miles_per_Gallon"].mean()),
               "What is the average Miles_per_Gallon by Origin?",
               "mean Miles_per_Gallon for each Origin"),
    *questions(T, "count", keyed(lambda df: df.groupby("Origin").size()),
               "how many cars per Origin", "number of cars by Origin"),
    *questions(T, "missing", scalar(lambda df: df["Horsepower"].isna().sum()),
               "how many missing values in Horsepower",
               "how many cars have no Horsepower value?"),
    *questions(T, "missing", scalar(lambda df: df["Miles_per_Gallon"].isna().sum()),
               "count of missing Miles_per_Gallon"),
    *questions(T, "median", scalar(lambda df: df[(df["Origin"] == "Europe")
                                                  & (df["Cylinders"] == 4)]["Horsepower"].median()),
               "median Horsepower where Origin is Europe and Cylinders is 4",
               "what is the median Horsepower of European cars with 4 Cylinders?"),
    *questions(T, "mean", keyed(lambda df: df[df["Origin"].isin(["USA", "Japan"])].groupby(
        ["Cylinders", "Origin"])["Horsepower"].mean()),
               "average Horsepower per Cylinders for USA and Japan"),
    *questions(T, "extreme", extreme(lambda df: df.set_index("Name")["Horsepower"], "highest"),
               "which car has the highest Horsepower?", "the most powerful car"),
    *questions(T, "extreme", extreme(lambda df: df.set_index("Name")["Weight_in_lbs"], "lowest"),
               "which car has the lowest Weight_in_lbs"),
    *questions(T, "extreme", extreme(lambda df: df.groupby(dates(df, "Year").dt.year)[
        "Miles_per_Gallon"].mean(), "highest", _as_date),
               "which Year had the highest average Miles_per_Gallon?"),
    *questions(T, "pearson", scalar(lambda df: df["Horsepower"].corr(df["Weight_in_lbs"])),
               "correlation between Horsepower and Weight_in_lbs",
               "how strongly are Horsepower and Weight_in_lbs correlated?"),
    *questions(T, "spearman", scalar(lambda df: df["Miles_per_Gallon"].corr(
        df["Weight_in_lbs"], method="spearman")),
               "spearman rank correlation of Miles_per_Gallon and Weight_in_lbs"),
    *questions(T, "nunique", scalar(lambda df: df["Name"].nunique()),
               "how many distinct Names are there?", "number of unique car names"),
    *questions(T, "mean", scalar(lambda df: df[df["Horsepower"] > df["Horsepower"].mean()][
        "Acceleration"].mean()),
               "average Acceleration of cars with more Horsepower than the average"),
    *questions(T, "sum", keyed(lambda df: df.groupby("Origin")["Weight_in_lbs"].sum()),
               "total Weight_in_lbs by Origin"),
    *questions(T, "count", scalar(lambda df: df["Cylinders"].isin([6, 8]).sum()),
               "how many cars have 6 or 8 Cylinders?"),
    *questions(T, "count", scalar(lambda df: (df["Origin"] != "USA").sum()),
               "how many cars are not from USA", "number of cars where Origin is not USA"),
    *questions(T, "mean", scalar(lambda df: df[df["Horsepower"].between(100, 150)][
        "Miles_per_Gallon"].mean()),
               "average Miles_per_Gallon for cars with Horsepower between 100 and 150"),
    *questions(T, "std", scalar(lambda df: df["Acceleration"].std()),
               "standard deviation of Acceleration"),
    *questions(T, "var", scalar(lambda df: df["Weight_in_lbs"].var()),
               "variance of Weight_in_lbs"),
    *questions(T, "percentile", scalar(lambda df: df["Horsepower"].quantile(0.25)),
               "25th percentile of Horsepower", "first quartile of Horsepower"),
    *questions(T, "min", scalar(lambda df: df["Displacement"].min()),
               "smallest Displacement"),
    *questions(T, "share", keyed(lambda df: share(df.groupby("Origin").size())),
               "share of cars by Origin", "what percentage of cars come from each Origin?"),
    *questions(T, "mean", keyed(lambda df: df.groupby(_year(df))["Weight_in_lbs"].mean()),
               "average Weight_in_lbs per Year"),
    *questions(T, "count", keyed(lambda df: df.groupby(["Origin", "Cylinders"]).size()),
               "how many cars per Origin and Cylinders"),
    *questions(T, "mean", scalar(lambda df: df["Miles_per_Gallon"].mean()),
               "середній Miles_per_Gallon", language="uk"),
    *questions(T, "mean", keyed(lambda df: df.groupby("Origin")["Miles_per_Gallon"].mean()),
               "Середнє Miles_per_Gallon за Origin", language="uk"),
    *questions(T, "count", keyed(lambda df: df.groupby("Origin").size()),
               "сколько машин по Origin", language="ru"),
    *questions(T, "max", scalar(lambda df: df["Horsepower"].max()),
               "максимальный Horsepower", language="ru"),
    *questions(T, "mean", keyed(lambda df: df.groupby("Origin")["Miles_per_Gallon"].mean()),
               "按Origin的平均Miles_per_Gallon", language="zh"),
    *questions(T, "missing", scalar(lambda df: df["Horsepower"].isna().sum()),
               "Horsepower有多少缺失值", language="zh"),
]
