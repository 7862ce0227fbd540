"""Gapminder (countries every five years 1952-2007), and vega_datasets' monthly stock prices
("Jan 1 2000"), Iowa's electricity by source and year (years written as dates) and the
barley trials of 1931-1932."""

from __future__ import annotations

import pandas as pd

from tests.sweep.question import dates, extreme, growth, keyed, questions, scalar, share

G, S, E, B = "gapminder.csv", "stocks.csv", "iowa-electricity.csv", "barley.csv"


def _in(df: pd.DataFrame, year: int) -> pd.DataFrame:
    return df[df["year"] == year]


def _pop_change(df: pd.DataFrame) -> tuple[float, float]:
    return _in(df, 1952)["pop"].sum(), _in(df, 2007)["pop"].sum()


def _aapl_change(df: pd.DataFrame) -> tuple[float, float]:
    year, aapl = dates(df, "date").dt.year, df["symbol"] == "AAPL"
    return df[aapl & (year == 2005)]["price"].mean(), df[aapl & (year == 2009)]["price"].mean()


def _msft_by_month(df: pd.DataFrame) -> pd.Series:
    msft = df[df["symbol"] == "MSFT"]
    return msft.set_index(dates(msft, "date").dt.to_period("M"))["price"]


def _renewables_by_year(df: pd.DataFrame) -> pd.Series:
    renewables = df[df["source"] == "Renewables"]
    return renewables.set_index(dates(renewables, "year").dt.year)["net_generation"]


def _first_day(month: pd.Period) -> tuple[str, str]:
    day = month.to_timestamp()
    return f"{day:%Y-%m-%d}", f"{day:%b} {day.day} {day.year}"  # ISO, and the file's "Jan 1 2000"


GAPMINDER = [
    *questions(G, "extreme", extreme(lambda df: _in(df, 2007).set_index("country")["lifeExp"],
                                     "highest"),
               "which country had the highest lifeExp in 2007?",
               "the country with the longest life expectancy in 2007"),
    *questions(G, "mean", keyed(lambda df: _in(df, 2007).groupby("continent")["lifeExp"].mean()),
               "average lifeExp by continent in 2007", "mean lifeExp per continent for 2007"),
    *questions(G, "sum", keyed(lambda df: _in(df, 2007).groupby("continent")["pop"].sum()),
               "total pop by continent in 2007"),
    *questions(G, "mean", keyed(lambda df: df.groupby("year")["lifeExp"].mean()),
               "average lifeExp per year"),
    *questions(G, "growth", growth(_pop_change),
               "how did the total pop change between 1952 and 2007?",
               "change in total pop from 1952 to 2007"),
    *questions(G, "median", scalar(lambda df: df[(df["continent"] == "Africa")
                                                 & (df["year"] == 2007)]["gdpPercap"].median()),
               "median gdpPercap where continent is Africa and year is 2007"),
    *questions(G, "extreme", extreme(lambda df: df.groupby("continent")["gdpPercap"].mean(),
                                     "highest"),
               "which continent had the highest average gdpPercap?"),
    *questions(G, "nunique", scalar(lambda df: df["country"].nunique()),
               "how many countries are there?", "number of distinct countries"),
    *questions(G, "nunique", keyed(lambda df: df.groupby("continent")["country"].nunique()),
               "how many countries in each continent"),
    *questions(G, "pearson", scalar(lambda df: df["gdpPercap"].corr(df["lifeExp"])),
               "correlation between gdpPercap and lifeExp"),
    *questions(G, "mean", keyed(lambda df: df[df["continent"].isin(["Europe", "Asia"])].groupby(
        ["year", "continent"])["lifeExp"].mean()),
               "average lifeExp by year for Europe and Asia"),
    *questions(G, "mean", scalar(lambda df: df[df["lifeExp"] > 70]["gdpPercap"].mean()),
               "average gdpPercap for rows with lifeExp over 70"),
    *questions(G, "share", keyed(lambda df: share(_in(df, 2007).groupby("continent")["pop"].sum())),
               "share of pop by continent in 2007"),
    *questions(G, "std", scalar(lambda df: _in(df, 2007)["lifeExp"].std()),
               "standard deviation of lifeExp in 2007"),
    *questions(G, "min", scalar(lambda df: _in(df, 1952)["lifeExp"].min()),
               "lowest lifeExp in 1952"),
    *questions(G, "mean", keyed(lambda df: df.groupby("continent")["lifeExp"].mean()),
               "середня lifeExp по continent", language="uk"),
    *questions(G, "sum", scalar(lambda df: _in(df, 2007)["pop"].sum()),
               "общий pop в 2007 году", language="ru"),
    *questions(G, "mean", keyed(lambda df: df.groupby("continent")["gdpPercap"].mean()),
               "按continent的平均gdpPercap", language="zh"),
]

STOCKS = [
    *questions(S, "mean", scalar(lambda df: df[df["symbol"] == "AAPL"]["price"].mean()),
               "average price for AAPL", "what was AAPL's mean price?"),
    *questions(S, "max", scalar(lambda df: df[df["symbol"] == "GOOG"]["price"].max()),
               "max price of GOOG"),
    *questions(S, "mean", keyed(lambda df: df.groupby("symbol")["price"].mean()),
               "average price by symbol"),
    *questions(S, "extreme", extreme(_msft_by_month, "highest", _first_day),
               "which month had the highest price for MSFT?"),
    *questions(S, "growth", growth(_aapl_change),
               "change in average price of AAPL between 2005 and 2009"),
    *questions(S, "nunique", scalar(lambda df: df["symbol"].nunique()),
               "how many distinct symbols"),
    *questions(S, "mean", keyed(lambda df: df[df["symbol"] == "IBM"].groupby(
        dates(df, "date").dt.to_period("Y"))["price"].mean()),
               "average IBM price per year"),
    *questions(S, "min", scalar(lambda df: df[df["symbol"] == "AMZN"]["price"].min()),
               "минимальная price для AMZN", language="ru"),
]

ELECTRICITY = [
    *questions(E, "sum", keyed(lambda df: df.groupby("source")["net_generation"].sum()),
               "total net_generation by source", "how much net_generation per source?"),
    *questions(E, "extreme", extreme(_renewables_by_year, "highest", lambda y: (f"{y}-01-01",)),
               "which year had the highest net_generation for Renewables?"),
    *questions(E, "share", keyed(lambda df: share(df.groupby("source")["net_generation"].sum())),
               "share of net_generation by source"),
    *questions(E, "mean", scalar(lambda df: df[df["source"] == "Nuclear Energy"][
        "net_generation"].mean()),
               "average net_generation of Nuclear Energy"),
]

BARLEY = [
    *questions(B, "mean", keyed(lambda df: df.groupby("site")["yield"].mean()),
               "average yield by site", "mean yield per site"),
    *questions(B, "sum", keyed(lambda df: df.groupby(["year", "site"])["yield"].sum()),
               "total yield by year and site"),
    *questions(B, "extreme", extreme(lambda df: df.groupby("variety")["yield"].mean(), "highest"),
               "which variety had the highest average yield?"),
    *questions(B, "median", scalar(lambda df: df[(df["site"] == "Waseca")
                                                 & (df["year"] == 1931)]["yield"].median()),
               "median yield where site is Waseca and year is 1931"),
    *questions(B, "count", scalar(lambda df: (df["yield"] > 40).sum()),
               "how many rows with yield over 40"),
    *questions(B, "mean", keyed(lambda df: df.groupby("year")["yield"].mean()),
               "平均yield按year", language="zh"),
]

QUESTIONS = [*GAPMINDER, *STOCKS, *ELECTRICITY, *BARLEY]
