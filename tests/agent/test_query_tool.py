"""The model's `query_table` tool (issue 12, point 4), end to end: the real `openai` client
over real HTTP to the scripted server, the query checked against real data cards (four
generated tables, none about sales), run as an ordinary step in the Docker sandbox, the
answer's figures checked against pandas, the step record read back with its query origin.

One `Analysis` (one Docker session) serves the whole module: the slow part is the
container, not the questions."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

from analyst.agent.prompt import system_prompt
from analyst.brain.narrate.answer import query_figures
from analyst.brain.understand.query import AGGREGATIONS, FILTER_OPS, PERIOD_UNITS, Query
from analyst.brain.understand.schema import QUERY_TABLE, QueryArgs
from analyst.events import Answer, QueryCall, Step
from analyst.session.analysis import Analysis
from analyst.store.answer_log import WorkspaceAnswers
from tests.agent.conftest import config_for
from tests.agent.fake_openai import FakeOpenAI, Scripted, raw_tool_call, reply
from tests.query.tables import SHAPES, write


def query_call(arguments: dict[str, Any] | str) -> Scripted:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return raw_tool_call("query_table", text)


@pytest.fixture(scope="module")
def analysis(docker_image: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    folder = tmp_path_factory.mktemp("query_tool")
    with Analysis.open(folder / "ws", backend="docker") as opened:
        for name in SHAPES:
            opened.add_file(write(name, folder))
        assert opened.session.backend == "docker" and opened.session.isolated
        yield opened


def frame(analysis: Analysis, table: str) -> pd.DataFrame:
    # The clean table the step reads, so that pandas and the step see the same values.
    return pd.read_parquet(analysis.workspace.root / "input" / f"{table}.parquet")


def ask(analysis: Analysis, script: list[Scripted], question: str) -> tuple[Answer, FakeOpenAI]:
    with FakeOpenAI(script) as server:
        events = list(analysis.ask(question, brain="llm",
                                   llm_config=config_for(server.base_url, step_timeout=120.0)))
    answer = events[-1].answer
    assert events[-1].kind == "answer" and answer is not None
    return answer, server


def by_key(step: Step) -> dict[Any, float]:
    figures = query_figures(step.figures)
    assert figures is not None, step.result.stdout
    key, value = figures.query.keys[0], next(c for c in figures.head[0] if c not in
                                             figures.query.keys)
    return {row[key]: row[value] for row in figures.head}


# (question, arguments, pandas) — grouped results; every key of pandas' result is checked.
GROUPED = [
    ("What is the average Miles_per_Gallon by Origin?",
     {"table": "cars", "aggregation": "mean", "measures": ["Miles_per_Gallon"],
      "group_by": ["Origin"]},
     lambda t: t["cars"].groupby("Origin")["Miles_per_Gallon"].mean()),
    ("How many days of each weather type were there?",
     {"table": "weather", "aggregation": "count", "group_by": ["weather"]},
     lambda t: t["weather"].groupby("weather").size()),
    ("Highest close of each symbol",
     {"table": "stocks", "aggregation": "max", "measures": ["close"], "group_by": ["symbol"]},
     lambda t: t["stocks"].groupby("symbol")["close"].max()),
    ("Wind generation per year",
     {"table": "electricity", "aggregation": "sum", "measures": ["net_generation"],
      "period": {"column": "year", "unit": "year"},
      "filters": [{"column": "fuel_type", "op": "eq", "value": "wind"}]},
     lambda t: t["electricity"][t["electricity"]["fuel_type"] == "wind"]
     .groupby("year")["net_generation"].sum()),
    ("Скільки опадів було за кожен місяць 2014 року?",
     {"table": "weather", "aggregation": "sum", "measures": ["precipitation"],
      "period": {"column": "date", "unit": "month"},
      "filters": [{"column": "date", "op": "year", "value": 2014}]},
     lambda t: (lambda w: w[w["date"].dt.year == 2014].groupby(
         w["date"].dt.to_period("M").astype(str))["precipitation"].sum())(
         t["weather"].assign(date=pd.to_datetime(t["weather"]["date"])))),
    ("各产地的汽车数量前两名",
     {"table": "cars", "aggregation": "count", "group_by": ["Origin"], "order": "desc",
      "limit": 2},
     lambda t: t["cars"]["Origin"].value_counts().head(2)),
]


@pytest.mark.parametrize(("question", "arguments", "expected"), GROUPED,
                         ids=[a["table"] + "-" + a["aggregation"] for _, a, _ in GROUPED])
def test_the_model_queries_and_its_answer_quotes_the_figures_pandas_gives(
        analysis, question, arguments, expected):
    tables = {c.table: frame(analysis, c.table) for c in analysis.cards}
    want = expected(tables)
    pairs = "; ".join(f"{k}: {v:,.2f}" for k, v in want.items())
    answer, server = ask(analysis, [query_call(arguments), reply(f"Here it is. {pairs}.")],
                         question)

    assert answer.ok and answer.brain == "llm", answer.text
    [step] = answer.steps
    assert step.result.ok, step.result.error
    assert isinstance(step.origin, QueryCall)
    assert Query.from_dict(step.origin.query).table == arguments["table"]
    assert [i.path for i in step.inputs] == [f"input/{arguments['table']}.parquet"]
    assert len(step.inputs[0].sha256) == 64
    got = by_key(step)
    assert {str(k) for k in got} == {str(k) for k in want.index}
    for k, v in want.items():
        assert math.isclose(got[next(g for g in got if str(g) == str(k))], v, rel_tol=1e-9), k
    # Every figure the model quoted was printed by the step: no grounding warning.
    assert answer.warnings == ()
    # Both tools were offered; the model read the query's result table in its tool message.
    first = server.requests[0].body
    assert [t["function"]["name"] for t in first["tools"]] == ["execute_python", "query_table"]
    result_text = server.requests[1].tool_results()[0]
    assert result_text.startswith("query read as: ") and "status: ok" in result_text
    assert any(f.endswith(".png") for f in step.charts)


def test_a_figure_the_query_did_not_print_is_flagged(analysis):
    cars = frame(analysis, "cars")
    wrong = cars["Miles_per_Gallon"].mean() * 1.37
    answer, _ = ask(analysis, [
        query_call({"table": "cars", "aggregation": "mean", "measures": ["Miles_per_Gallon"]}),
        reply(f"The average is {wrong:,.2f} miles per gallon."),
    ], "Average Miles_per_Gallon?")
    assert answer.ok
    assert len(answer.warnings) == 1 and f"{wrong:,.2f}" in answer.warnings[0]


# (arguments the model got wrong, words the error must say, the corrected arguments)
INVALID = [
    ({"table": "cars", "aggregation": "mean", "measures": ["Miles per gallon"]},
     ["no column 'Miles per gallon'", "Miles_per_Gallon"],
     {"table": "cars", "aggregation": "mean", "measures": ["Miles_per_Gallon"]}),
    ({"table": "cars", "aggregation": "average", "measures": ["Horsepower"]},
     ["aggregation", "'mean'"],
     {"table": "cars", "aggregation": "mean", "measures": ["Horsepower"]}),
    ({"table": "cars", "aggregation": "sum", "measures": ["Origin"]},
     ["'Origin'", "not", "numbers"],
     {"table": "cars", "aggregation": "nunique", "measures": ["Origin"]}),
    ({"aggregation": "max", "measures": ["close"]},
     ["Several tables", "stocks"],
     {"table": "stocks", "aggregation": "max", "measures": ["close"]}),
    ({"table": "stocks", "aggregation": "max", "measures": ["close"], "group": ["symbol"]},
     ["group is not a field"],
     {"table": "stocks", "aggregation": "max", "measures": ["close"], "group_by": ["symbol"]}),
    ({"table": "sales", "aggregation": "count"},
     ["no table 'sales'", "electricity"],
     {"table": "electricity", "aggregation": "count"}),
    ({"table": "weather", "aggregation": "sum", "measures": ["precipitation"],
      "filters": [{"column": "date", "op": "month", "value": 13}]},
     ["month", "from 1 to 12"],
     {"table": "weather", "aggregation": "sum", "measures": ["precipitation"],
      "filters": [{"column": "date", "op": "month", "value": 12}]}),
    ({"table": "electricity", "aggregation": "sum", "measures": ["net_generation"],
      "period": {"column": "state", "unit": "month"}},
     ["'state' is not a date"],
     {"table": "electricity", "aggregation": "sum", "measures": ["net_generation"],
      "period": {"column": "year", "unit": "month", "month_column": "month"}}),
    ('{"table": "cars", "aggregation": ', ["not valid JSON"],
     {"table": "cars", "aggregation": "count"}),
]


@pytest.mark.parametrize(("bad", "words", "good"), INVALID,
                         ids=[str(i) for i in range(len(INVALID))])
def test_an_invalid_query_is_a_tool_error_the_model_corrects(analysis, bad, words, good):
    answer, server = ask(analysis, [query_call(bad), query_call(good), reply("Done.")],
                         "A question")
    assert answer.ok, answer.text
    [step] = answer.steps  # the bad call ran nothing
    assert step.result.ok and isinstance(step.origin, QueryCall)
    assert Query.from_dict(step.origin.query).table == good["table"]
    error = server.requests[1].tool_results()[0]
    assert error.startswith("query_table error: ") and "Traceback" not in error
    for word in words:
        assert word in error, (word, error)
    assert query_figures(step.figures) is not None


def test_the_step_record_round_trips_with_its_query_origin(analysis):
    arguments = {"table": "stocks", "aggregation": "mean", "measures": ["close"],
                 "filters": [{"column": "symbol", "op": "in", "value": ["AAPL", "IBM"]}],
                 "group_by": ["symbol"], "order": "asc"}
    answer, _ = ask(analysis, [query_call(arguments), reply("See the table.")],
                    "Average close of AAPL and IBM")
    [step] = answer.steps
    again = Step.from_dict(json.loads(json.dumps(step.to_dict())))
    assert again == step
    assert again.to_dict()["origin"]["kind"] == "query"
    query = Query.from_dict(again.origin.query)
    assert query.filters[0].value == ("AAPL", "IBM") and query.order == "asc"
    # The workspace's answer log keeps it as the same record.
    [logged] = [a for a in WorkspaceAnswers(analysis.workspace.root).answers()
                if a.question == "Average close of AAPL and IBM"]
    assert logged.steps == answer.steps


def test_the_system_prompt_sends_simple_questions_through_the_query(analysis):
    prompt = system_prompt(analysis.cards, privacy=True, tool_calling=True)
    assert "Simple questions go through the tool `query_table`" in prompt
    blocks = system_prompt(analysis.cards, privacy=True, tool_calling=False)
    assert "query_table" not in blocks  # without tools there is nothing to call


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_the_schema_is_the_query_models():
    parameters = QUERY_TABLE["function"]["parameters"]
    assert "$defs" not in json.dumps(parameters) and "$ref" not in json.dumps(parameters)
    props = parameters["properties"]
    assert tuple(props["aggregation"]["enum"]) == AGGREGATIONS
    assert set(props) == {f for f in Query.__dataclass_fields__ if f != "notes"}
    assert tuple(props["filters"]["items"]["properties"]["op"]["enum"]) == FILTER_OPS
    assert tuple(props["period"]["anyOf"][0]["properties"]["unit"]["enum"]) == PERIOD_UNITS
    assert parameters["required"] == ["aggregation"]
    assert QueryArgs.model_json_schema()["additionalProperties"] is False

