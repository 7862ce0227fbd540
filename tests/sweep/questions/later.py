"""Questions written after the reader learned shares of rows, blanks said as "no X", "or"
between values, the row of a table named by its noun, a statistic compared with the
column's own ("more precipitation than the average"), ordinal quartiles, one figure per
column named and words for values ("men" of "Male"). Written in other words than the
questions those changes were made for, on the same public tables, to see the traits hold
and not the phrasings."""

from __future__ import annotations

import pandas as pd

from tests.sweep.question import dates, extreme, keyed, no_figure, questions, scalar, share

W, C, P, TIPS, TI, AQ, G = ("seattle-weather.csv", "cars.csv", "penguins.csv", "tips.csv",
                            "titanic.csv", "airquality.csv", "gapminder.csv")


def _pct(mask: pd.Series) -> float:
    return float(mask.mean() * 100)


QUESTIONS = [
    # Shares of rows, per group and of one condition.
    *questions(P, "share", keyed(lambda df: share(df.groupby("island").size())),
               "what share of the penguins live on each island",
               "percentage of penguins per island"),
    *questions(TI, "share", keyed(lambda df: share(df.groupby("sex").size())),
               "proportion of passengers by sex"),
    *questions(W, "share", scalar(lambda df: _pct(df["weather"] == "sun")),
               "what percent of days were sun", "share of days with sun"),
    *questions(TIPS, "share", scalar(lambda df: _pct(df["smoker"] == "Yes")),
               "what percentage of rows have smoker Yes"),
    # Blanks said as "no X" / "without X".
    *questions(AQ, "missing", scalar(lambda df: df["Solar.R"].isna().sum()),
               "how many rows have no Solar.R", "number of days without a Solar.R reading"),
    *questions(C, "missing", scalar(lambda df: df["Miles_per_Gallon"].isna().sum()),
               "how many cars are without Miles_per_Gallon"),
    *questions(P, "missing", keyed(lambda df: df["bill_length_mm"].isna().groupby(
        df["species"]).sum()), "how many penguins have no bill_length_mm per species"),
    # Either of two values.
    *questions(P, "count", scalar(lambda df: df["species"].isin(["Adelie", "Gentoo"]).sum()),
               "how many penguins are Adelie or Gentoo"),
    *questions(W, "mean", scalar(lambda df: df[df["weather"].isin(["fog", "drizzle"])][
        "temp_max"].mean()), "average temp_max on days with fog or drizzle"),
    *questions(G, "sum", scalar(lambda df: df[df["continent"].isin(["Europe", "Oceania"])
                                              & (df["year"] == 2007)]["pop"].sum()),
               "total pop of Europe or Oceania in 2007"),
    # The row of a table named by its noun.
    *questions(C, "extreme", extreme(lambda df: df.set_index("Name")["Acceleration"], "lowest"),
               "which car has the lowest Acceleration"),
    *questions(C, "extreme", extreme(lambda df: df.set_index("Name")["Miles_per_Gallon"],
                                     "highest"), "which car had the highest Miles_per_Gallon?"),
    # A column compared with its own statistic, the column said before "than".
    *questions(W, "count", scalar(lambda df: (df["wind"] > df["wind"].mean()).sum()),
               "how many days had more wind than the average"),
    *questions(C, "mean", scalar(lambda df: df[df["Weight_in_lbs"] < df["Weight_in_lbs"].median()][
        "Miles_per_Gallon"].mean()),
               "average Miles_per_Gallon of cars with less Weight_in_lbs than the median"),
    *questions(P, "count", scalar(lambda df: (df["body_mass_g"] < df["body_mass_g"].mean()).sum()),
               "how many penguins are lighter than the average body_mass_g"),
    # One quartile named.
    *questions(P, "percentile", scalar(lambda df: df["flipper_length_mm"].quantile(0.75)),
               "third quartile of flipper_length_mm", "upper quartile of flipper_length_mm"),
    *questions(TIPS, "percentile", scalar(lambda df: df["tip"].quantile(0.25)),
               "the lower quartile of tip"),
    # Correlations said loosely.
    *questions(C, "pearson", scalar(lambda df: df["Miles_per_Gallon"].corr(df["Weight_in_lbs"])),
               "how closely are Miles_per_Gallon and Weight_in_lbs correlated"),
    # Words for values.
    *questions(TIPS, "mean", scalar(lambda df: df[df["sex"] == "Male"]["total_bill"].mean()),
               "average total_bill of men"),
    *questions(TI, "count", keyed(lambda df: df[df["age"] == "child"].groupby("class").size()),
               "how many children per class"),
    *questions(TI, "count", scalar(lambda df: ((df["sex"] == "women")
                                              & (df["survived"] == "yes")).sum()),
               "how many women survived"),
    # A total said beside a column whose name holds "total".
    *questions(TIPS, "extreme", extreme(lambda df: df.groupby("time")["tip"].sum(), "highest"),
               "which time had the highest total tip"),
    # Traps: two statistics for one figure, a figure per column never merged.
    *questions(W, "none", no_figure, "median of wind, mean of temp_max",
               "average precipitation or median precipitation"),
    # A share of the rows meeting a condition, by a group, said of which whole (stop 50):
    # of each group's rows ("within"), or of the rows meeting it ("split").
    *questions(TI, "share", keyed(lambda df: (df["survived"] == "yes").groupby(
        df["class"]).mean() * 100), "share of survivors within each class",
        "percentage of survivors within every class"),
    *questions(TI, "share", keyed(lambda df: share(df[df["survived"] == "yes"].groupby(
        "class").size())), "share of survivors split by class"),
    *questions(W, "share", keyed(lambda df: (df["weather"] == "rain").groupby(dates(
        df, "date").dt.to_period("M")).mean() * 100), "share of rain days within each month"),
    *questions(W, "share", keyed(lambda df: (df["weather"] == "sun").groupby(dates(
        df, "date").dt.to_period("Y")).mean() * 100), "доля дней с sun в пределах каждого года",
        language="ru"),
]
