"""Codes are counted, not added up; a span of years is every year of it; a change by group
is each group's; a count under a condition lists the groups none of whose rows meet it.

Found on plm's Grunfeld panel (firm 1…10, a row a year 1935–1954) and R's airquality (Month
5…9, Day 1…31): "how many firms are there" stated 1,100 (the firms' numbers added up),
"number of years per firm" 38,890 a firm (the years added up), "how many days" 2,418 (the
days of the month added up); "median capital between 1940 and 1950" took 1940 and 1950
alone, as did "с 1940 по 1950", "1940年到1950年", "1940-1950"; "change in total inv from
1940 to 1950 by firm" stated the first firm's change as if the total's; "how many days in
each month had Temp above 90" left out the month with none and named a month with two the
lowest. Generated panels and daily tables (names, sizes, years, thresholds vary); the
offline path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from analyst.brain.narrate.answer import SHOWN_GROUPS
from tests.query.asking import ask, close, figures, result_table

ENTITIES = ["firm", "store", "subject", "plant", "patient", "school"]
MEASURES = ["inv", "output", "score", "capital"]


def _panel(seed: int, tmp_path: Path) -> tuple[pd.DataFrame, str, str, Path]:
    """Entity codes 1…K, a row a year each (a few years missing for some)."""
    rng = random.Random(seed)
    entity, measure = ENTITIES[seed % len(ENTITIES)], MEASURES[seed % len(MEASURES)]
    first = rng.choice([1935, 1990, 2003])
    years = range(first, first + rng.randint(8, 20))
    rows = [(k, y, round(rng.uniform(1, 900), 2)) for k in range(1, rng.randint(4, 12) + 1)
            for y in years if y == first or rng.random() > 0.05]
    frame = pd.DataFrame(rows, columns=[entity, "year", measure])
    path = tmp_path / f"panel{seed}.csv"
    frame.to_csv(path, index=False)
    return frame, entity, measure, path


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("phrase", ["how many {e}s are there", "how many {e}s",
                                    "number of {e}s", "how many different {e}s"])
def test_codes_of_things_are_counted_not_added_up(opened, tmp_path, seed, phrase):
    frame, entity, _, path = _panel(seed, tmp_path)
    got = figures(ask(opened(f"p{seed}", path), phrase.format(e=entity)))
    assert close(got.figures["value"], frame[entity].nunique()), got.figures


@pytest.mark.parametrize("seed", range(4))
def test_years_per_thing_are_counted(opened, tmp_path, seed):
    frame, entity, _, path = _panel(seed, tmp_path)
    table = result_table(opened(f"y{seed}", path), f"number of years per {entity}")
    want = frame.groupby(entity)["year"].nunique()
    assert dict(zip(table[entity], table.iloc[:, -1], strict=True)) == want.to_dict()


SPANS = ["average {m} between {a} and {b}", "average {m} from {a} through {b}",
         "average {m} {a}-{b}", "average {m} {a}–{b}", "средний {m} с {a} по {b} год",
         "середній {m} з {a} по {b} рік", "{a}年到{b}年的{m}平均值", "average {m} from {a} until {b}"]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", SPANS)
def test_a_span_of_years_is_every_year_of_it(opened, tmp_path, seed, phrase):
    frame, _, measure, path = _panel(seed, tmp_path)
    a = int(frame["year"].min()) + 1
    b = a + 4
    got = figures(ask(opened(f"s{seed}", path), phrase.format(m=measure, a=a, b=b)))
    assert close(got.figures["value"], frame[frame["year"].between(a, b)][measure].mean())


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", ["average {m} in {a} and {b}", "average {m} for {a}, {b}"])
def test_two_years_named_are_those_two(opened, tmp_path, seed, phrase):
    frame, _, measure, path = _panel(seed, tmp_path)
    a = int(frame["year"].min()) + 1
    b = a + 4
    got = figures(ask(opened(f"t{seed}", path), phrase.format(m=measure, a=a, b=b)))
    assert close(got.figures["value"], frame[frame["year"].isin([a, b])][measure].mean())


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", ["change in total {m} from {a} to {b} by {e}",
                                    "total {m} {a} vs {b} by {e}"])
def test_a_change_by_group_is_each_groups(opened, tmp_path, seed, phrase):
    frame, entity, measure, path = _panel(seed, tmp_path)
    a, b = int(frame["year"].min()), int(frame["year"].min()) + 3
    answer = ask(opened(f"c{seed}", path), phrase.format(m=measure, a=a, b=b, e=entity))
    got = figures(answer)
    sums = frame.groupby([entity, "year"])[measure].sum().unstack("year")
    want = {k: (sums.loc[k, a], sums.loc[k, b]) for k in sums.index}
    rows = {row[entity]: (row[str(a)], row[str(b)]) for row in got.head}
    assert set(rows) <= set(want) and len(rows) == min(len(want), len(got.head))
    for k, (start, end) in rows.items():
        assert close(start, want[k][0]) or (pd.isna(start) and pd.isna(want[k][0]))
        assert close(end, want[k][1]) or (pd.isna(end) and pd.isna(want[k][1]))
    # Each group's change is said, not the first group's as if the total's.
    total_start = frame[frame["year"] == a][measure].sum()
    assert f"{total_start:,.2f}" not in answer.text or len(want) == 1
    assert answer.text.count("→") == min(len(want), SHOWN_GROUPS), answer.text


def _days(seed: int, tmp_path: Path) -> tuple[pd.DataFrame, Path, float]:
    """A row a day, with Month and Day numbers (no date column); one month is never hot."""
    rng = random.Random(seed)
    first = rng.choice([1, 4, 5])
    months = list(range(first, first + rng.randint(3, 6)))
    cold = rng.choice(months)
    rows = [(m, d, round(rng.uniform(40, 70) if m == cold else rng.uniform(50, 100), 1))
            for m in months for d in range(1, 29 + (m % 3))]
    frame = pd.DataFrame(rows, columns=["Month", "Day", "Temp"])
    path = tmp_path / f"days{seed}.csv"
    frame.to_csv(path, index=False)
    return frame, path, 85.0


@pytest.mark.parametrize("seed", range(4))
def test_days_numbered_in_a_month_are_rows_and_months_are_counted(opened, tmp_path, seed):
    frame, path, hot = _days(seed, tmp_path)
    analysis = opened(f"d{seed}", path)
    assert close(figures(ask(analysis, "how many days")).figures["value"], len(frame))
    assert close(figures(ask(analysis, "how many months")).figures["value"],
                 frame["Month"].nunique())
    got = figures(ask(analysis, f"how many days had Temp above {hot:g}"))
    assert close(got.figures["value"], int((frame["Temp"] > hot).sum()))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", ["how many days in each month had Temp above {t}",
                                    "number of days with Temp above {t} per Month"])
def test_a_count_under_a_condition_lists_every_group(opened, tmp_path, seed, phrase):
    frame, path, hot = _days(seed, tmp_path)
    table = result_table(opened(f"g{seed}", path), phrase.format(t=f"{hot:g}"))
    want = frame[frame["Temp"] > hot].groupby("Month").size().reindex(
        sorted(frame["Month"].unique()), fill_value=0)
    assert dict(zip(table["Month"], table.iloc[:, -1], strict=True)) == want.to_dict()


@pytest.mark.parametrize("seed", range(4))
def test_the_fewest_counts_a_group_with_none(opened, tmp_path, seed):
    frame, path, hot = _days(seed, tmp_path)
    table = result_table(opened(f"f{seed}", path),
                         f"which month had the fewest days with Temp above {hot:g}")
    counts = frame[frame["Temp"] > hot].groupby("Month").size().reindex(
        sorted(frame["Month"].unique()), fill_value=0)
    assert set(table["Month"]) == set(counts[counts == counts.min()].index)
    assert set(table.iloc[:, -1]) == {counts.min()}


@pytest.mark.parametrize("seed", range(4))
def test_groups_tied_at_an_end_are_not_one_named(opened, tmp_path, seed):
    """"Lowest: Alameda (0)" had named one of 24 counties with none."""
    frame, path, hot = _days(seed, tmp_path)
    frame = pd.concat([frame, frame.assign(Month=frame["Month"] + 20, Temp=frame["Temp"] - 60)])
    frame.to_csv(path, index=False)
    answer = ask(opened(f"tie{seed}", path), f"how many days in each month had Temp above {hot:g}")
    zero_months = frame.groupby("Month")["Temp"].max().le(hot).sum()
    assert zero_months >= 2
    assert f"Lowest: 0, shared by {zero_months} groups." in answer.text, answer.text


@pytest.mark.parametrize("seed", range(3))
def test_a_study_day_index_is_counted_not_added_up(opened, tmp_path, seed):
    """R's sleepstudy: "Days" 0 … 9 for each subject; "how many days" had stated 810."""
    rng = random.Random(seed)
    days = rng.randint(5, 12)
    rows = [(f"S{s}", d, round(rng.uniform(200, 450), 1)) for s in range(rng.randint(4, 15))
            for d in range(days)]
    frame = pd.DataFrame(rows, columns=["Subject", "Days", "Reaction"])
    frame.to_csv(tmp_path / "study.csv", index=False)
    analysis = opened(f"study{seed}", tmp_path / "study.csv")
    assert close(figures(ask(analysis, "how many days")).figures["value"], days)
    table = result_table(analysis, "how many days per subject")
    assert set(table.iloc[:, -1]) == {days}


@pytest.mark.parametrize("word", ["cases", "controls"])
def test_a_count_column_named_n_plus_its_noun_is_that_count(opened, tmp_path, word):
    """R's esoph: "how many cases" beside "ncases" had counted the rows (88, not 200)."""
    rng = random.Random(word)
    frame = pd.DataFrame({"agegp": [rng.choice(["25-34", "35-44", "45-54"]) for _ in range(40)],
                          "ncases": [rng.randint(0, 9) for _ in range(40)],
                          "ncontrols": [rng.randint(0, 40) for _ in range(40)]})
    frame.to_csv(tmp_path / "esoph.csv", index=False)
    got = figures(ask(opened(f"n{word}", tmp_path / "esoph.csv"), f"how many {word}"))
    assert close(got.figures["value"], frame[f"n{word}"].sum())


def test_names_shared_by_rows_are_said_beside_their_count(opened, tmp_path):
    """Caschool: 409 district names over 420 districts; the rows are said too."""
    names = [f"District {k}" for k in range(100)] + ["District 1", "District 2", "District 3"]
    frame = pd.DataFrame({"district": names, "score": range(len(names))})
    frame.to_csv(tmp_path / "schools.csv", index=False)
    answer = ask(opened("names", tmp_path / "schools.csv"), "how many districts")
    assert close(figures(answer).figures["value"], 100)
    assert "These are 103 rows" in answer.text, answer.text


def _invoices(seed: int, tmp_path: Path, lines: bool) -> tuple[pd.DataFrame, Path]:
    """Invoices (one a row), or order lines (several rows an order)."""
    rng = random.Random(seed)
    ids = [f"INV-{k:04d}" for k in range(rng.randint(40, 120))]
    rows = [(i, rng.choice(["Contoso", "Fabrikam", "Wingtip"]),
             f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
             round(rng.uniform(50, 5000), 2))
            for i in ids for _ in range(rng.randint(1, 4) if lines else 1)]
    frame = pd.DataFrame(rows, columns=["Invoice No", "Client", "Issue Date", "Amount"])
    path = tmp_path / f"inv{seed}{lines}.csv"
    frame.to_csv(path, index=False)
    return frame, path


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", ["average invoice amount", "mean invoice amount",
                                    "median invoice amount"])
def test_an_id_said_before_its_amount_is_not_a_grouping(opened, tmp_path, seed, phrase):
    """"average invoice amount" had listed 240 invoices, each with its own average."""
    frame, path = _invoices(seed, tmp_path, lines=False)
    got = figures(ask(opened(f"inv{seed}", path), phrase))
    want = frame["Amount"].median() if "median" in phrase else frame["Amount"].mean()
    assert not got.query.group_by and close(got.figures["value"], want)
    # Where an invoice has several lines its amount is their total: not a figure over lines.
    _, path = _invoices(seed, tmp_path, lines=True)
    answer = ask(opened(f"lines{seed}", path), phrase)
    assert not answer.ok and "invoice amount" in answer.text, answer.text


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", ["which month had the most invoices",
                                    "which client has the most invoices"])
def test_the_most_invoices_counts_invoices_not_lines(opened, tmp_path, seed, phrase):
    frame, path = _invoices(seed, tmp_path, lines=True)
    table = result_table(opened(f"most{seed}", path), phrase)
    by = (pd.to_datetime(frame["Issue Date"]).dt.to_period("M").astype(str) if "month" in phrase
          else frame["Client"])
    counts = frame.groupby(by)["Invoice No"].nunique()
    assert set(table.iloc[:, -1]) == {counts.max()}, table
    assert len(table) == int((counts == counts.max()).sum())
