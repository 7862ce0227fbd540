"""Palmer penguins (palmerpenguins): the tidy table, and the raw one with its sample numbers
and ids (never measures), species names that contain the word "penguin" (never a filter
when a question says "per penguin species"), and egg dates clustered in November, so most
months of its range have no eggs at all."""

from __future__ import annotations

import pandas as pd

from tests.sweep.question import (
    dates,
    extreme,
    growth,
    keyed,
    no_figure,
    per_month,
    questions,
    scalar,
    share,
)

P, RAW = "penguins.csv", "penguins-raw.csv"


def _two_years(df: pd.DataFrame) -> tuple[float, float]:
    return (df[df["year"] == 2007]["body_mass_g"].mean(),
            df[df["year"] == 2009]["body_mass_g"].mean())


TIDY = [
    *questions(P, "median", scalar(lambda df: df[(df["species"] == "Adelie")
                                                 & (df["island"] == "Dream")]["body_mass_g"].median()),
               "median body_mass_g where species is Adelie and island is Dream",
               "what's the median body_mass_g of Adelie penguins on Dream?"),
    *questions(P, "mean", keyed(lambda df: df.groupby(["species", "sex"])[
        "flipper_length_mm"].mean()),
               "average flipper_length_mm per species for male and female",
               "mean flipper_length_mm by species and sex"),
    *questions(P, "count", keyed(lambda df: df.groupby("island").size()),
               "how many penguins per island", "count of penguins by island"),
    *questions(P, "count", keyed(lambda df: df.groupby("year").size()),
               "how many penguins per year"),
    *questions(P, "missing", scalar(lambda df: df["sex"].isna().sum()),
               "how many missing values in sex", "how many penguins have no sex recorded?"),
    *questions(P, "missing", scalar(lambda df: df["bill_length_mm"].isna().sum()),
               "count of missing bill_length_mm"),
    *questions(P, "extreme", extreme(lambda df: df.groupby("species")["body_mass_g"].mean(),
                                     "highest"),
               "which species has the highest average body_mass_g?",
               "the heaviest species on average"),
    *questions(P, "extreme", extreme(lambda df: df.groupby("island")["bill_depth_mm"].mean(),
                                     "lowest"),
               "which island has the lowest average bill_depth_mm"),
    *questions(P, "max", scalar(lambda df: df["body_mass_g"].max()),
               "what is the highest body_mass_g?", "max body_mass_g"),
    *questions(P, "pearson", scalar(lambda df: df["flipper_length_mm"].corr(df["body_mass_g"])),
               "correlation between flipper_length_mm and body_mass_g"),
    *questions(P, "spearman", scalar(lambda df: df["bill_length_mm"].corr(
        df["bill_depth_mm"], method="spearman")),
               "spearman correlation between bill_length_mm and bill_depth_mm"),
    *questions(P, "nunique", scalar(lambda df: df["species"].nunique()),
               "how many distinct species are there?", "number of different species"),
    *questions(P, "mean", scalar(lambda df: df[df["island"].isin(["Biscoe", "Dream"])][
        "bill_length_mm"].mean()),
               "average bill_length_mm for penguins on Biscoe or Dream"),
    *questions(P, "count", scalar(lambda df: (df["species"] != "Adelie").sum()),
               "how many penguins are not Adelie"),
    *questions(P, "mean", scalar(lambda df: df[df["flipper_length_mm"].between(190, 210)][
        "body_mass_g"].mean()),
               "average body_mass_g of penguins with flipper_length_mm between 190 and 210"),
    *questions(P, "share", keyed(lambda df: share(df.groupby("species").size())),
               "share of penguins by species"),
    *questions(P, "growth", growth(_two_years),
               "change in average body_mass_g between 2007 and 2009"),
    *questions(P, "std", scalar(lambda df: df["bill_length_mm"].std()),
               "standard deviation of bill_length_mm"),
    *questions(P, "mean", scalar(lambda df: df[df["body_mass_g"] > df["body_mass_g"].mean()][
        "flipper_length_mm"].mean()),
               "average flipper_length_mm of penguins heavier than the average body_mass_g"),
    *questions(P, "sum", keyed(lambda df: df.groupby(["island", "species"])["body_mass_g"].sum()),
               "total body_mass_g by island and species"),
    *questions(P, "mean", keyed(lambda df: df.groupby("species")["body_mass_g"].mean()),
               "середня body_mass_g за species", language="uk"),
    *questions(P, "count", keyed(lambda df: df.groupby("island").size()),
               "скільки пінгвінів на кожному island", language="uk"),
    *questions(P, "median", scalar(lambda df: df["flipper_length_mm"].median()),
               "медиана flipper_length_mm", language="ru"),
    *questions(P, "count", scalar(lambda df: (df["species"] == "Gentoo").sum()),
               "сколько пингвинов вида Gentoo", language="ru"),
    *questions(P, "mean", keyed(lambda df: df.groupby("species")["body_mass_g"].mean()),
               "每个species的平均body_mass_g", language="zh"),
    *questions(P, "max", scalar(lambda df: df["bill_length_mm"].max()),
               "bill_length_mm的最大值", language="zh"),
]

RAW_QUESTIONS = [
    *questions(RAW, "mean", keyed(lambda df: df.groupby("Species")["Body Mass (g)"].mean()),
               "average Body Mass (g) per penguin species", "average body mass per Species"),
    *questions(RAW, "count", keyed(lambda df: df.groupby("Island").size()),
               "how many samples per Island"),
    *questions(RAW, "none", no_figure, "what is the average per Island?", "total by Island",
               "average Sample Number", "sum of Sample Number by Species"),
    *questions(RAW, "count", keyed(lambda df: per_month(dates(df, "Date Egg"))),
               "how many eggs per month", "number of samples by month of Date Egg"),
    *questions(RAW, "nunique", scalar(lambda df: df["Individual ID"].nunique()),
               "how many distinct Individual ID values are there?"),
    *questions(RAW, "missing", scalar(lambda df: df["Delta 15 N (o/oo)"].isna().sum()),
               "how many missing values in Delta 15 N (o/oo)"),
    *questions(RAW, "count", scalar(lambda df: (df["Clutch Completion"] == "No").sum()),
               "how many rows where Clutch Completion is No"),
]

QUESTIONS = [*TIDY, *RAW_QUESTIONS]
