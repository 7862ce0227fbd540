""""Sales" is the money even beside columns named "Sales Channel" or "Sales Rep" (issue 26).

On an export with Revenue and a "Sales Channel" column, "sales by channel" counted the rows
per channel (the two words read as the name "Sales Channel"), "number of sales by channel"
counted the distinct channels, "how many sales per region" the distinct channels per region,
and "how many sales per manager" (a "Sales Rep" column) was answered by the breakdown recipe
with the revenue added up: four confident wrong figures.

Generated tables with such columns; each question's reading (and the route's choice) is
checked, and a few answers end to end against pandas.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.brain.plan.route import read_question, route
from analyst.session.analysis import Analysis
from tests.query.asking import result_table

# column -> words a question says for it
GROUPS = {
    "Sales Channel": ("channel", "каналах", "каналам"),
    "Sales Rep": ("rep", "manager", "менеджерах", "менеджерам"),
    "Sales Region": ("region", "регіонах", "регионам"),
}
MONEY = ("Revenue", "Amount", "Net sales")
# (template, aggregation): sums of the money, or counts of the rows
ASKED = (
    ("sales by {g}", "sum"), ("total sales per {g}", "sum"), ("sales per {g}", "sum"),
    ("number of sales by {g}", "count"), ("how many sales per {g}", "count"),
    ("count of sales by {g}", "count"), ("кількість продажів по {g}", "count"),
    ("количество продаж по {g}", "count"), ("виручка по {g}", "sum"),
    ("выручка по {g}", "sum"),
)
ENGLISH_ONLY = ("sales by", "total sales", "sales per", "number of", "how many", "count of")


def _table(seed: int, money: str, group: str) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = int(rng.integers(40, 90))
    return pd.DataFrame({
        "Date": pd.date_range("2025-03-01", periods=rows, freq="D").strftime("%Y-%m-%d"),
        group: [f"G{int(i)}" for i in rng.integers(0, 4, rows)],
        "Product": [f"P{int(i)}" for i in rng.integers(0, 9, rows)],
        "Units": rng.integers(1, 9, rows),
        money: np.round(rng.uniform(10, 500, rows), 2),
    })


def _open(tmp_path: Path, frame: pd.DataFrame) -> Analysis:
    path = tmp_path / "export.csv"
    frame.to_csv(path, index=False)
    analysis = Analysis.open(tmp_path / "ws", backend="local")
    analysis.add_file(path)
    return analysis


@pytest.mark.parametrize(("money", "group"), list(itertools.product(MONEY, GROUPS)))
def test_sales_is_the_money_and_a_count_is_a_count(tmp_path: Path, money: str,
                                                   group: str) -> None:
    with _open(tmp_path, _table(len(money) + len(group), money, group)) as analysis:
        for word, (template, aggregation) in itertools.product(GROUPS[group], ASKED):
            if word.isascii() != template.startswith(ENGLISH_ONLY):
                continue  # English words with English questions, the others with theirs
            question = template.format(g=word)
            choice = read_question(question, analysis.cards, analysis.workspace.root)
            assert choice.query is not None, (question, choice.refusal)
            assert choice.query.group_by == (group,), (question, choice.query)
            assert choice.query.aggregation == aggregation, (question, choice.query)
            assert choice.query.measures == ((money,) if aggregation == "sum" else ()), question
            if aggregation == "count":  # never the recipe's sums
                assert route(question, analysis.cards, "en",
                             analysis.workspace.root).kind == "query", question


@pytest.mark.parametrize(("question", "group", "aggregation"), [
    ("sales by channel", "Sales Channel", "sum"),
    ("how many sales per manager", "Sales Rep", "count"),
    ("кількість рядків по менеджерах", "Sales Rep", "count"),
    ("number of sales by region", "Sales Region", "count"),
])
def test_the_figures_are_those_asked(tmp_path: Path, question: str, group: str,
                                     aggregation: str) -> None:
    frame = _table(11, "Revenue", group)
    with _open(tmp_path, frame) as analysis:
        table = result_table(analysis, question)
    grouped = frame.groupby(group)
    want = grouped.size() if aggregation == "count" else grouped["Revenue"].sum()
    got = table.set_index(table.columns[0]).select_dtypes("number").iloc[:, 0]
    assert set(got.index) == set(want.index), (question, table)
    for key, value in want.items():
        assert got[key] == pytest.approx(float(value), abs=0.006), (question, key, table)


WHAT_MONEY = [("яка виручка за березень", "month"), ("какая выручка в марте", "month"),
              ("какая выручка по регионам в марте", "Sales Region"), ("яка виручка", None),
              ("what revenue in March", "month"), ("what sales by region", "Sales Region")]


@pytest.mark.parametrize("money", MONEY)
def test_what_money_asks_how_much(tmp_path: Path, money: str) -> None:
    """"яка виручка за березень" ("what revenue for March") found no measure: the money
    right after "what"/"яка"/"какая" was read as the row asked for, as in "which day"."""
    frame = _table(5, money, "Sales Region")
    with _open(tmp_path, frame) as analysis:
        for question, part in WHAT_MONEY:
            choice = read_question(question, analysis.cards, analysis.workspace.root)
            query = choice.query
            assert query is not None, (question, choice.refusal)
            assert query.aggregation == "sum" and query.measures == (money,), (question, query)
            if part == "month":
                assert [(f.op, f.value) for f in query.filters] == [("month", 3)], question
            elif part is not None:
                assert query.group_by == (part,), question
