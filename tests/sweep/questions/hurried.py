"""Questions typed in a hurry, added with the reader's fixes of issue 26 (each in other words
than the blind round's): a table's rows named by the plural in its name ("mtcars": cars),
"no." and "№" for number, "%"/"pct" for a share and "90th pct" for a percentile,
superlative adjectives of the measure named ("heaviest", "lightest", "longest"),
"higher"/"lower" between groups, and "the busiest X" (the X with the most rows). Then
conditions said short (`CONDITIONS`): a "not" before a list, "except <column> <value>", a
one-letter value beside its column, a list with commas, "в 1952 году", "每种", "only",
"broken down by", "survivors" of a yes/no "survived". The truth is plain pandas on the
raw CSV."""

from __future__ import annotations

import pandas as pd

from tests.sweep.question import extreme, keyed, questions, scalar, share

MT, P, TIPS, MPG = "mtcars.csv", "penguins.csv", "tips.csv", "mpg.csv"
IR, AQ, G, TI, W = "iris.csv", "airquality.csv", "gapminder.csv", "titanic.csv", "seattle-weather.csv"


def _name(df: pd.DataFrame) -> pd.DataFrame:
    return df.set_index("Unnamed: 0")


CONDITIONS = [
    *questions(MT, "mean", scalar(lambda df: df[~df["cyl"].isin([4, 6])]["hp"].mean()),
               "avg hp where cyl isn't 4 or 6"),
    *questions(MT, "mean", scalar(lambda df: df[~df["cyl"].isin([4, 8])]["hp"].mean()),
               "середній hp де cyl не 4 або 8", language="uk"),
    *questions(IR, "mean", scalar(lambda df: df[~df["Species"].isin(["setosa", "virginica"])][
        "Petal.Length"].mean()), "mean Petal.Length where Species not setosa or virginica"),
    *questions(IR, "mean", scalar(lambda df: df[df["Species"] != "setosa"]["Sepal.Width"].mean()),
               "средняя Sepal.Width кроме Species setosa", language="ru"),
    *questions(MPG, "median", scalar(lambda df: df[df["drv"] == "r"]["hwy"].median()),
               "median hwy for r drv"),
    *questions(MPG, "mean", scalar(lambda df: df[df["drv"].astype(str) != "4"]["cty"].mean()),
               "average cty where drv isn't 4"),
    *questions(MPG, "mean", scalar(lambda df: df[df["drv"] != "r"]["cty"].mean()),
               "drv不是r的平均cty", language="zh"),
    *questions(AQ, "mean", scalar(lambda df: df[df["Month"].isin([5, 6, 9])]["Ozone"].mean()),
               "average Ozone where Month is 5, 6 or 9"),
    *questions(G, "mean", scalar(lambda df: df[df["year"] == 1952]["lifeExp"].mean()),
               "средний lifeExp в 1952 году", language="ru"),
    *questions(G, "mean", scalar(lambda df: df[df["year"] == 1952]["lifeExp"].mean()),
               "середній lifeExp у 1952 році", language="uk"),
    *questions(G, "mean", scalar(lambda df: df[df["year"] == 1977]["gdpPercap"].mean()),
               "mean gdpPercap in the year 1977"),
    *questions(TI, "count", keyed(lambda df: df[df["survived"] == "yes"].groupby("sex").size()),
               "number of survivors per sex"),
    *questions(W, "mean", keyed(lambda df: df.groupby("weather")["wind"].mean()),
               "每种weather的平均wind", language="zh"),
    *questions(P, "mean", keyed(lambda df: df.groupby(["species", "island"])[
        "body_mass_g"].mean()), "mean body_mass_g broken down by species and island"),
    *questions(TIPS, "median", scalar(lambda df: df[df["time"] == "Dinner"]["tip"].median()),
               "median tip, Dinner only"),
]

QUESTIONS = [*CONDITIONS,
    *questions(MT, "count", scalar(lambda df: (df["cyl"] == 4).sum()),
               "no. of cars with 4 cyl", "№ of cars with 4 cyl"),
    *questions(MT, "share", scalar(lambda df: (df["am"] == 1).mean() * 100),
               "what % of cars have am 1", "pct of cars with am 1"),
    *questions(MT, "mean", scalar(lambda df: df[df["gear"] == 5]["hp"].mean()),
               "cars with gear 5 - avg hp"),
    *questions(MT, "extreme", scalar(lambda df: df["wt"].max()), "the heaviest car by wt"),
    *questions(MT, "extreme", extreme(lambda df: _name(df)["wt"], "lowest"),
               "which car has the lightest wt"),
    *questions(MT, "percentile", scalar(lambda df: df["mpg"].quantile(0.1)), "mpg 10th pct",
               "10th % of mpg"),
    *questions(MT, "extreme", extreme(lambda df: df.groupby("gear").size(), "highest"),
               "busiest gear", "which gear is busiest"),
    *questions(MT, "count", scalar(lambda df: (df["hp"] > 200).sum()),
               "кол-во машин где hp > 200", language="ru"),
    *questions(MT, "count", scalar(lambda df: (df["cyl"] == 8).sum()),
               "к-сть машин з cyl 8", language="uk"),
    *questions(MT, "share", keyed(lambda df: share(df.groupby("gear").size())), "按gear的%",
               language="zh"),
    *questions(MT, "extreme", extreme(lambda df: df.groupby("cyl").size(), "highest"),
               "最忙的cyl", language="zh"),
    *questions(TIPS, "extreme", extreme(lambda df: df.groupby("time").size(), "highest"),
               "the busiest time"),
    *questions(TIPS, "share", keyed(lambda df: share(df.groupby("day").size())),
               "% of rows by day"),
    *questions(TIPS, "extreme", extreme(lambda df: df.groupby("day").size(), "highest"),
               "самый загруженный day", language="ru"),
    *questions(TIPS, "extreme", extreme(lambda df: df.groupby("time").size(), "highest"),
               "найзавантаженіший time", language="uk"),
    *questions(P, "extreme", scalar(lambda df: df["body_mass_g"].min()),
               "the lightest penguin by body_mass_g"),
    *questions(P, "extreme", scalar(lambda df: df["flipper_length_mm"].max()),
               "the longest penguin by flipper_length_mm"),
    *questions(P, "share", keyed(lambda df: share(df.groupby("species").size())),
               "% of penguins by species"),
    *questions(P, "count", scalar(lambda df: (df["island"] == "Dream").sum()),
               "no. of penguins on Dream"),
    *questions(MPG, "extreme", extreme(lambda df: df.groupby("year")["cty"].mean(), "lowest"),
               "which year had the lower average cty"),
    *questions(MPG, "extreme", extreme(lambda df: df.groupby("year")["hwy"].median(), "highest"),
               "which year had the higher median hwy"),
]
