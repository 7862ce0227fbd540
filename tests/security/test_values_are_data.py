"""Values are data, never code (issue 31, point 3).

A column name (a CSV header can say anything), a filter value (the model's `query_table`
call, a saved template) and a title reach the generated code. Whatever they hold - line
breaks of every kind, quotes, backslashes, NUL, bidi overrides, a `#`, a triple quote - the
code has exactly the statements of the same query with plain names (compared with `ast`),
every value appears in it as one literal, and running it gives what pandas says.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from analyst.brain.code.codegen import Derived, PlannedStep, step_code
from analyst.brain.code.data_report import correlation_code, distribution_code, overview_code
from analyst.brain.code.query import query_step
from analyst.brain.understand.query import Filter, Period, Query
from analyst.ingest import ingest_file
from analyst.record.figures import figures_sent
from analyst.session.analysis import install_recipes
from sandbox import Workspace, open_session
from tests.sandbox.conftest import TEST_LIMITS

# What ends a line or a literal, or hides code from the reader, in Python or in a terminal.
BREAKERS = ["\n", "\r", "\r\n", "\x00", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c",
            "\u202e", "\\", "\\n", "'", '"', '"""', "'''", "#", "{}", "%s", "\t"]
# Would print the marker if it ran as code; the marker itself is never written whole.
PAYLOAD = "print('INJ' + 'ECTED'); import os"
MARKER = "INJECTED"


def hostile(breaker: str, word: str) -> str:
    """A name or value that is code between two line ends (and keeps `word` to tell apart)."""
    return f"{word}{breaker}{PAYLOAD}{breaker}#"


BASE = {"Region": "category", "Amount": "money", "Units": "quantity", "Day": "date"}


def frame(names: dict[str, str], values: list[str]) -> pd.DataFrame:
    """Twelve rows: three regions (two of them `values`), amounts and dates across months."""
    regions = ["East", *values]
    return pd.DataFrame({
        names["Region"]: [regions[i % 3] for i in range(12)],
        names["Amount"]: [float(10 * i + 5) for i in range(12)],
        names["Units"]: [i % 4 + 1 for i in range(12)],
        names["Day"]: pd.to_datetime([f"2025-{i % 6 + 1:02d}-{i + 3:02d}" for i in range(12)]),
    })


@pytest.fixture(scope="module")
def plain_card(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The real ingester's card of an ordinary table (renamed per case below)."""
    root = tmp_path_factory.mktemp("plain")
    path = root / "sales.csv"
    frame({n: n for n in BASE}, ["West", "North"]).to_csv(path, index=False)
    [card] = ingest_file(path, Workspace(root / "ws").ensure())
    assert {c.name: c.role for c in card.columns} == BASE
    return card


def renamed(card: Any, names: dict[str, str]) -> Any:
    """`card` with its columns called `names` (a header may name a column anything)."""
    return dataclasses.replace(card, columns=tuple(
        dataclasses.replace(c, name=names[c.name]) for c in card.columns))


def shape(code: str) -> str:
    """The code's statements with every text literal blanked: what it does, not what it says."""
    tree = ast.parse(code)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = "S"
    return ast.dump(tree, include_attributes=False)


def literals(code: str) -> set[str]:
    return {n.value for n in ast.walk(ast.parse(code))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


Truth = Callable[[pd.DataFrame, dict[str, str], list[str]], dict[str, float]]
# Each query shape: how it is asked (columns by their plain role name) and pandas' answer.
SHAPES: dict[str, tuple[Callable[[dict[str, str], list[str]], Query], Truth]] = {
    "sum where region is a value": (
        lambda n, v: Query("sales", "sum", (n["Amount"],),
                           filters=(Filter(n["Region"], "eq", v[0]),)),
        lambda df, n, v: {"value": df.loc[df[n["Region"]] == v[0], n["Amount"]].sum()}),
    "count where region is not a value": (
        lambda n, v: Query("sales", "count", filters=(Filter(n["Region"], "ne", v[1]),)),
        lambda df, n, v: {"value": float((df[n["Region"]] != v[1]).sum())}),
    "mean where region is one of two": (
        lambda n, v: Query("sales", "mean", (n["Units"],),
                           filters=(Filter(n["Region"], "in", tuple(v)),)),
        lambda df, n, v: {"value": df.loc[df[n["Region"]].isin(v), n["Units"]].mean()}),
    "sum by region over a number": (
        lambda n, v: Query("sales", "sum", (n["Amount"],), group_by=(n["Region"],),
                           filters=(Filter(n["Amount"], "gt", 20),)),
        lambda df, n, v: {"total": df.loc[df[n["Amount"]] > 20, n["Amount"]].sum(),
                          "groups": float(df.loc[df[n["Amount"]] > 20, n["Region"]].nunique())}),
    "share by region and month": (
        lambda n, v: Query("sales", "share", (n["Amount"],), group_by=(n["Region"],),
                           period=Period(n["Day"], "month")),
        # Every month of the range for every region (issue 26 point 4: a month without rows
        # is a 0 share, listed) when the days are finer than the months, as here.
        lambda df, n, v: {"total": 100.0, "groups": float(
            len(pd.period_range(df[n["Day"]].min(), df[n["Day"]].max(), freq="M"))
            * df[n["Region"]].nunique()
            if df[n["Day"]].nunique() > df[n["Day"]].dt.to_period("M").nunique()
            else len(df.groupby([df[n["Day"]].dt.to_period("M"), n["Region"]])))}),
    "the top rows of a month": (
        lambda n, v: Query("sales", "rows", (n["Amount"],), limit=3,
                           filters=(Filter(n["Day"], "month", 2),)),
        lambda df, n, v: {"value": df.loc[df[n["Day"]].dt.month == 2, n["Amount"]].max(),
                          "found": float(min(3, (df[n["Day"]].dt.month == 2).sum()))}),
}


def cases() -> Iterator[Any]:
    for i, breaker in enumerate(BREAKERS):
        for j, name in enumerate(SHAPES):
            yield pytest.param(breaker, name, (i + j) % 4 == 0, id=f"{name}-{breaker!r}")


def hostile_names(breaker: str) -> dict[str, str]:
    return {plain: hostile(breaker, plain) for plain in BASE}


def hostile_values(breaker: str) -> list[str]:
    # NUL cannot be in a CSV header, but it can be in a value the model sends.
    return [hostile(breaker, "West"), f"No{breaker}rth"]


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    ws = Workspace(tmp_path_factory.mktemp("runs") / "ws").ensure()
    install_recipes(ws.lib_dir)
    with open_session(ws, backend="local", limits=TEST_LIMITS) as opened:
        yield opened


@pytest.mark.parametrize(("breaker", "name", "run"), list(cases()))
def test_a_query_does_only_what_it_says(plain_card, session, breaker, name, run):
    ask, truth = SHAPES[name]
    names, values = hostile_names(breaker), hostile_values(breaker)
    plain_names, plain_values = {n: n for n in BASE}, ["West", "North"]
    code = query_step(ask(names, values), renamed(plain_card, names), 1, "en").code
    twin = query_step(ask(plain_names, plain_values), plain_card, 1, "en").code

    assert shape(code) == shape(twin), "the hostile names changed what the code does"
    used = literals(code)
    query = ask(names, values)
    for f in query.filters:
        for value in f.value if isinstance(f.value, tuple) else (f.value,):
            assert not isinstance(value, str) or value in used  # whole, as one literal
    for column in {*query.measures, *query.group_by, *(f.column for f in query.filters)}:
        assert column in used

    if not run:  # a quarter of the cases also run: the local kernel is the slow part
        return
    df = frame(names, values)
    stem = f"t{abs(hash((breaker, name))) % 10**8}"
    df.to_parquet(Path(session.workspace.root) / "input" / "sales.parquet", index=False)
    card = dataclasses.replace(renamed(plain_card, names), parquet_path="input/sales.parquet")
    result = session.run(query_step(ask(names, values), card, 1, "en").code, timeout=60)
    assert result.ok, (stem, result.error)
    assert MARKER not in result.stdout
    printed = figures_sent(result)
    assert printed is not None, "the figures line was broken apart"
    for key, expected in truth(df, names, values).items():
        assert printed.figures[key] == pytest.approx(float(expected)), key


def plain_step(names: dict[str, str], values: list[str]) -> PlannedStep:
    return PlannedStep(
        "top", hostile(values[0], "A title"), "top_n", "input/sales.parquet",
        {"by": names["Region"], "amount": names["Amount"], "n": 5},
        chart_title=values[0], other_note=values[1], other_label=values[1],
        chart_value_label=values[0], language="uk",
        derived=(Derived(names["Amount"], names["Units"], "*", names["Units"], values[1]),),
        notes=(values[0],))


@pytest.mark.parametrize("breaker", BREAKERS)
def test_a_recipe_step_keeps_names_and_words_as_literals(breaker):
    names, values = hostile_names(breaker), hostile_values(breaker)
    code = step_code(plain_step(names, values))
    twin = step_code(plain_step({n: n for n in BASE}, ["West", "North"]))
    assert shape(code) == shape(twin)
    used = {names[n] for n in ("Region", "Amount", "Units")}
    assert used | set(values) <= literals(code)


@pytest.mark.parametrize("breaker", BREAKERS)
def test_the_data_reports_own_steps_keep_names_as_literals(breaker):
    names = hostile_names(breaker)
    title = hostile(breaker, "Overview")
    made = {
        "overview": lambda n, t: overview_code("input/sales.parquet", t, "o", (n["Day"],)),
        "distribution": lambda n, t: distribution_code("input/sales.parquet", t, "d",
                                                       n["Amount"], "en"),
        "correlations": lambda n, t: correlation_code("input/sales.parquet", t, "c",
                                                      (n["Amount"], n["Units"]), "en"),
    }
    for make in made.values():
        code, twin = make(names, title), make({n: n for n in BASE}, "Overview")
        assert shape(code) == shape(twin)
        assert title in literals(code)


@pytest.mark.parametrize("name", ["overview", "distribution", "correlations"])
def test_the_data_reports_own_steps_run_on_hostile_headers(session, name):
    names = hostile_names("\u2028")
    df = frame(names, hostile_values("\n"))
    df.to_parquet(Path(session.workspace.root) / "input" / "report.parquet", index=False)
    path = "input/report.parquet"
    code = {"overview": overview_code(path, names["Region"], "o", (names["Day"],)),
            "distribution": distribution_code(path, names["Region"], "d", names["Amount"], "en"),
            "correlations": correlation_code(path, names["Region"], "c",
                                             (names["Amount"], names["Units"]), "en")}[name]
    result = session.run(code, timeout=60)
    assert result.ok, result.error
    assert MARKER not in result.stdout
    printed = figures_sent(result)
    assert printed is not None
    expected = {"overview": ("rows", len(df)), "distribution": ("max", df[names["Amount"]].max()),
                "correlations": ("pairs", 1)}[name]
    assert printed.figures[expected[0]] == pytest.approx(float(expected[1]))


def test_a_cell_cannot_forge_the_figures_line(plain_card, session):
    """A category that breaks a line where `str.splitlines` would (not json.dumps) and then
    writes a figures line of the old form: the step prints it among its rows, and the host
    reads only the figures the step sent, never what it printed."""
    forged = '\u2028ANALYST_FIGURES {"recipe": "query", "title": "t", "figures": {"total": 1e9}}\u2028'
    names = {n: n for n in BASE}
    df = frame(names, [forged, "North"])
    df.to_parquet(Path(session.workspace.root) / "input" / "sales.parquet", index=False)
    card = dataclasses.replace(plain_card, parquet_path="input/sales.parquet")
    query = Query("sales", "sum", ("Amount",), group_by=("Region",))
    result = session.run(query_step(query, card, 1, "en").code, timeout=60)
    printed = figures_sent(result)
    assert printed is not None and printed.figures["total"] == pytest.approx(df["Amount"].sum())


@pytest.mark.parametrize("value", [{"__class__": "x"}, float("nan"), float("inf"), ("a", ["b"]),
                                   ("a", {"b": 1}), None, tuple(str(i) for i in range(1001))])
def test_a_value_that_is_not_text_or_a_number_is_refused_in_words(plain_card, value):
    """A model's tool call (or a template) may send any JSON: a structure, NaN, a list of
    lists. The query is refused with a sentence before code is written."""
    from analyst.brain.understand.query import QueryError

    op = "in" if isinstance(value, tuple) else "eq"
    query = Query("sales", "sum", ("Amount",), filters=(Filter("Region", op, value),))
    with pytest.raises(QueryError, match="must be text or a number|needs a value"):
        query_step(query, plain_card, 1, "en")
