"""The sweep's judge can tell: an answer to exactly the query asked is exact, the same answer
held against any other truth is wrong, and an answer with no figure is declined.

The answers are real: queries run by the product (`Analysis.ask_query`, the path of a
clicked suggestion) on the penguins CSV, across aggregations, measures, groupings and
filters; the truth is computed with plain pandas as the sweep's questions compute it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pandas as pd
import pytest

from analyst.brain.understand.query import Filter, Query
from analyst.events import Answer
from analyst.session.analysis import Analysis
from tests.sweep.judge import judge
from tests.sweep.question import Key, Keyed, Label, NoFigure, Scalar, Truth, key_of
from tests.sweep.tables import raw, write

AGGREGATIONS = ("sum", "mean", "median", "min", "max", "nunique", "count")
MEASURES = ("body_mass_g", "bill_length_mm")
GROUPS: tuple[tuple[str, ...], ...] = ((), ("species",), ("island", "species"))
FILTERS: tuple[tuple[Filter, ...], ...] = ((), (Filter("island", "eq", "Dream"),),
                                           (Filter("flipper_length_mm", "gt", 200),))
CASES = [(a, m, g, f) for a, m, g, f in product(AGGREGATIONS, MEASURES, GROUPS, FILTERS)
         if not (a == "count" and m != MEASURES[0])]


@pytest.fixture(scope="module")
def penguins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Analysis, pd.DataFrame]]:
    folder = tmp_path_factory.mktemp("judge")
    path = write("penguins.csv", folder)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, raw(path)


def asked(analysis: Analysis, query: Query) -> Answer:
    answer = list(analysis.ask_query("the sweep's judge", query))[-1].answer
    assert answer is not None and answer.steps, answer
    return answer


def truth_of(df: pd.DataFrame, aggregation: str, measure: str, groups: tuple[str, ...],
             filters: tuple[Filter, ...]) -> Truth:
    for f in filters:
        df = df[df[f.column] == f.value] if f.op == "eq" else df[df[f.column] > f.value]
    values: Any
    if aggregation == "count":
        values = df.groupby(list(groups)).size() if groups else len(df)
    else:
        column = df.groupby(list(groups))[measure] if groups else df[measure]
        values = column.agg(aggregation)
    if not groups:
        return Scalar(float(values))
    return Keyed({key_of(k): float(v) for k, v in values.items()})


def others(truth: Truth) -> list[Truth]:
    """Truths that differ from `truth` in one way each: a figure, a key, the shape."""
    if isinstance(truth, Scalar):
        return [Scalar(truth.value * (1 + 1e-6) + 1e-6), Keyed({("x",): truth.value}),
                Label(frozenset({("x",)}), truth.value, "highest"), NoFigure()]
    assert isinstance(truth, Keyed)
    first: Key = next(iter(truth.values))
    nudged = {**truth.values, first: truth.values[first] * (1 + 1e-6) + 1e-6}
    fewer = dict(list(truth.values.items())[1:])
    more = {**truth.values, ("nowhere",): 1.0}
    return [Keyed(nudged), Keyed(fewer), Keyed(more), Scalar(truth.values[first]), NoFigure()]


@pytest.mark.parametrize(("aggregation", "measure", "groups", "filters"), CASES)
def test_the_answer_to_the_query_asked_is_exact_and_wrong_against_any_other_truth(
        penguins: tuple[Analysis, pd.DataFrame], aggregation: str, measure: str,
        groups: tuple[str, ...], filters: tuple[Filter, ...]) -> None:
    analysis, df = penguins
    query = Query("penguins", aggregation,  # type: ignore[arg-type]
                  measures=() if aggregation == "count" else (measure,), group_by=groups,
                  filters=filters)
    answer = asked(analysis, query)
    truth = truth_of(df, aggregation, measure, groups, filters)
    root: Path = analysis.workspace.root
    assert judge(answer, truth, root).outcome == "exact", judge(answer, truth, root)
    for other in others(truth):
        assert judge(answer, other, root).outcome == "wrong", other


@pytest.mark.parametrize("groups", [("species",), ("island",)])
def test_the_group_holding_the_extreme_is_exact_only_when_named(
        penguins: tuple[Analysis, pd.DataFrame], groups: tuple[str, ...]) -> None:
    analysis, df = penguins
    answer = asked(analysis, Query("penguins", "mean", ("body_mass_g",), group_by=groups))
    means: dict[Any, float] = df.groupby(list(groups))["body_mass_g"].mean().to_dict()
    root = analysis.workspace.root
    extremes: tuple[tuple[Literal["highest", "lowest"], Any], ...] = (
        ("highest", max(means, key=means.__getitem__)),
        ("lowest", min(means, key=means.__getitem__)))
    for which, key in extremes:
        right = Label(frozenset({key_of(key)}), means[key], which)
        assert judge(answer, right, root).outcome == "exact"
        for other in means.keys() - {key}:
            wrong = Label(frozenset({key_of(other)}), means[other], which)
            assert judge(answer, wrong, root).outcome == "wrong"


@pytest.mark.parametrize("question", ["what is the average?", "standard deviation of wind"])
def test_an_answer_without_figures_is_declined_whatever_was_asked(
        penguins: tuple[Analysis, pd.DataFrame], question: str) -> None:
    analysis, _ = penguins
    answer = list(analysis.ask(question, brain="offline"))[-1].answer
    assert answer is not None
    for truth in (Scalar(1.0), Keyed({("a",): 1.0}), NoFigure()):
        assert judge(answer, truth, analysis.workspace.root).outcome == "declined"


def sales(seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = 40 + 10 * seed
    return pd.DataFrame({
        "Date": pd.to_datetime("2026-01-01") + pd.to_timedelta(rng.integers(0, 180, n), "D"),
        "Region": rng.choice(["North", "South", "East", "West"][: 2 + seed % 3], n),
        "Net sales": rng.uniform(10, 500, n).round(2),
    })


SALES_TRUTHS: dict[str, Callable[[pd.DataFrame], Truth]] = {
    "net sales by region": lambda df: Keyed({key_of(k): float(v) for k, v in df.groupby(
        "Region")["Net sales"].sum().items()}),
    "total net sales": lambda df: Scalar(float(df["Net sales"].sum())),
    "net sales by month": lambda df: Keyed({key_of(k): float(v) for k, v in df.groupby(
        df["Date"].dt.to_period("M"))["Net sales"].sum().items()}),
}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_recipe_answer_is_read_from_its_figures_and_its_table(
        tmp_path: Path, seed: int) -> None:
    """Sales questions are answered by recipes (breakdown, key figures, period dynamics),
    which say less of what each figure is: the judge reads them as a reader would."""
    frame = sales(seed)
    path = tmp_path / "sales.csv"
    frame.to_csv(path, index=False, date_format="%Y-%m-%d")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        for question, truth_for in SALES_TRUTHS.items():
            answer = list(analysis.ask(question, brain="offline"))[-1].answer
            assert answer is not None and answer.steps, (question, answer)
            truth = truth_for(frame)
            root = analysis.workspace.root
            assert judge(answer, truth, root).outcome == "exact", (question, answer.text)
            for other in others(truth):
                assert judge(answer, other, root).outcome == "wrong", (question, other)
