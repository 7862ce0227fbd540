"""Issue 29 point 6: the model's code keeps its freedom. A table it saves with a
`<name>.chart.json` spec beside it gets the recipe charts' three drawings (Altair in the app,
vector paths in the PDF, a native chart in the workbook), every value a cell of the table;
a spec that cannot be drawn gives no chart, a notice for the reader and the reason for the
model; a matplotlib picture stays a picture. Real openai client, real HTTP, real sandbox."""

from __future__ import annotations

import io
import json
import random
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from openpyxl import load_workbook

from analyst.brain.code.model_chart import ChartSpec, SpecProblem, read_spec
from analyst.charting.check import agrees, notice
from analyst.charting.vega import vega_lite
from analyst.record import Answer, Step
from analyst.report import render_pdf, render_xlsx
from analyst.report.build import Pin, build_report
from sandbox import Workspace
from tests.agent.conftest import SALES, ask, config_for, local_session, sales_workspace
from tests.agent.fake_openai import FakeOpenAI, reply, tool_call
from tests.charting.test_pdf_chart import _raster_images


# One kernel for the module (a fresh one per case paid pandas' and matplotlib's imports in the
# kernel again each time): the cases only run steps, no kill, timeout or restart. Each case
# starts from an empty output/, as in a fresh workspace, so no spec or table of an earlier
# case lies beside its own.
@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return sales_workspace(tmp_path_factory.mktemp("model_chart"))


@pytest.fixture(scope="module")
def session(workspace: Workspace) -> Iterator[object]:
    yield from local_session(workspace)


@pytest.fixture(autouse=True)
def empty_output(workspace: Workspace) -> None:
    for path in (workspace.root / "output").iterdir():
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()


TABLE = ("import json\nimport pandas as pd\n"
         "df = pd.read_parquet('input/sales.parquet')\n"
         "t = df.groupby({by!r}, as_index=False)['revenue'].sum()\n"
         "t['orders'] = df.groupby({by!r})['revenue'].size().values\n"
         "t.to_csv('output/result.csv', index=False)\n")


def spec_code(spec: Any, by: str = "region", *, raw: str | None = None,
              picture: bool = False) -> str:
    text = raw if raw is not None else json.dumps(spec)
    code = TABLE.format(by=by) + f"open('output/result.chart.json', 'w').write({text!r})\n"
    if picture:
        code += ("import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
                 f"t.plot.bar(x={by!r}, y='revenue')\nplt.savefig('output/result.png')\n"
                 "plt.close()\n")
    return code + "print(t.to_string())"


def run_spec(session, cards, code: str) -> tuple[Step, str]:
    """The step the model's `code` made, and what the model was told of it."""
    with FakeOpenAI([tool_call(code, "Revenue by group"), reply("Done.")]) as server:
        run = ask(session, cards, config_for(server.base_url), "Revenue by region?")
    (step,) = run.answer.steps
    return step, server.requests[1].tool_results()[0]


GOOD = [
    ({"kind": "bar", "x": "region", "y": "revenue", "format": "currency", "currency": "$",
      "sort": "descending", "title": "Revenue by region"}, "region"),
    ({"kind": "line", "x": "month", "y": ["revenue", "orders"]}, "month"),
    ({"kind": "stacked_bar", "x": "month", "y": ["revenue", "orders"], "sort": "table"}, "month"),
    ({"kind": "pie", "x": "region", "y": "revenue", "format": "currency"}, "region"),
    ({"kind": "bar", "x": "month", "y": "orders", "format": "thousands", "sort": "ascending"},
     "month"),
]


@pytest.mark.parametrize(("spec", "by"), GOOD, ids=[f"{s['kind']}-{b}" for s, b in GOOD])
def test_a_table_with_a_spec_is_charted_from_its_own_cells(session, cards, workspace,
                                                           spec, by):
    step, told = run_spec(session, cards, spec_code(spec, by, picture=True))

    chart = step.chart
    assert chart is not None and step.chart_left_out is None, told
    assert chart.kind == spec["kind"] and chart.x == by
    assert "chart spec not drawn" not in told
    truth = SALES.groupby(by, as_index=False)["revenue"].sum()
    truth["orders"] = SALES.groupby(by)["revenue"].size().values
    ys = [spec["y"]] if isinstance(spec["y"], str) else spec["y"]
    drawn = {(m.row, m.series): m.value for m in chart.marks}
    assert drawn == {(str(r[by]), y): float(r[y]) for _, r in truth.iterrows() for y in ys}
    assert agrees(chart, truth)
    if spec.get("sort") == "descending":
        assert list(chart.labels()) == list(truth.sort_values("revenue", ascending=False)[by])
    # The model's own picture is still there, as a picture.
    assert step.charts == ["output/result.png"]
    # The record travels by value, and draws in the app...
    assert Step.from_dict(json.loads(json.dumps(step.to_dict()))).chart == chart
    assert vega_lite(chart).to_dict()["data"]["values"]
    # ... in the PDF as vector paths, in the workbook natively over the section's cells.
    answer = Answer(question="Revenue by region?", text="Done.", steps=(step,), brain="llm")
    report = build_report([answer], cards, workspace, pins=[Pin(0, step.number)],
                          include_code=False)
    (section,) = report.sections
    assert section.chart == chart and section.chart_cells is not None
    pdf = workspace.root / "report.pdf"
    pdf.write_bytes(render_pdf(report))
    assert _raster_images(pdf) == 0
    book = load_workbook(io.BytesIO(render_xlsx(report)))
    assert sum(len(ws._charts) for ws in book.worksheets) == 1


BAD = {
    "unknown field": ({"kind": "bar", "x": "region", "y": "revenue", "color": "red"}, None),
    "unknown kind": ({"kind": "donut", "x": "region", "y": "revenue"}, None),
    "waterfall": ({"kind": "waterfall", "x": "region", "y": "revenue"}, None),
    "column not there": ({"kind": "bar", "x": "region", "y": "Revenue"}, None),
    "x not there": ({"kind": "bar", "x": "country", "y": "revenue"}, None),
    "two columns on a bar": ({"kind": "bar", "x": "region", "y": ["revenue", "orders"]}, None),
    "a list of specs": ([{"kind": "bar", "x": "region", "y": "revenue"}], None),
    "NaN in the spec": (None, '{"kind": "bar", "x": "region", "y": "revenue", "title": NaN}'),
    "not JSON": (None, "kind: bar"),
    "a label twice": ({"kind": "bar", "x": "month", "y": "revenue"}, "customer_month"),
    "text values": ({"kind": "bar", "x": "revenue", "y": "region"}, None),
    "bad format": ({"kind": "bar", "x": "region", "y": "revenue", "format": "euro"}, None),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_spec_that_cannot_be_drawn_gives_a_notice_not_a_chart(session, cards, case):
    spec, raw = BAD[case]
    if raw == "customer_month":  # one row per customer, labelled by a month that repeats
        code = (TABLE.format(by="customer")
                + "t['month'] = df['month'].values\nt.to_csv('output/result.csv', index=False)\n"
                + f"open('output/result.chart.json', 'w').write({json.dumps(spec)!r})\n")
    else:
        code = spec_code(spec, raw=raw, picture=True)
    step, told = run_spec(session, cards, code)

    assert step.chart is None and step.chart_left_out == "unusable"
    assert "chart spec not drawn:" in told  # the model is told why, and can try again
    assert step.charts == ["output/result.png"] or raw == "customer_month"
    kept = Step.from_dict(json.loads(json.dumps(step.to_dict())))
    assert kept.chart_left_out == "unusable"
    assert notice("uk", kept.chart_left_out) != notice("en", kept.chart_left_out)


def test_non_finite_values_give_no_chart(session, cards):
    code = (TABLE.format(by="region") + "t.loc[0, 'revenue'] = float('inf')\n"
            "t.to_csv('output/result.csv', index=False)\n"
            "open('output/result.chart.json', 'w').write("
            "'{\"kind\": \"bar\", \"x\": \"region\", \"y\": \"revenue\"}')\n")
    step, told = run_spec(session, cards, code)
    assert step.chart is None and step.chart_left_out == "unusable"
    assert "not finite" in told


def test_a_step_without_a_spec_is_as_before(session, cards):
    step, told = run_spec(session, cards, TABLE.format(by="region") + "print(t)")
    assert step.chart is None and step.chart_left_out is None
    assert "chart spec" not in told


def test_the_model_is_told_how_to_ask_for_a_chart(session, cards):
    with FakeOpenAI([reply("Nothing to run.")]) as server:
        ask(session, cards, config_for(server.base_url), "Revenue by region?")
    prompt = server.requests[0].system_prompt
    assert ".chart.json" in prompt and "stacked_bar" in prompt
    tools = {t["function"]["name"]: t for t in server.requests[0].body["tools"]}
    assert ".chart.json" in tools["execute_python"]["function"]["description"]


def _random_spec(rng: random.Random) -> dict[str, Any]:
    spec: dict[str, Any] = {"kind": rng.choice(["bar", "line", "stacked_bar", "pie"]),
                            "x": rng.choice(["region", "month"]), "y": "revenue"}
    for name, values in (("format", ["currency", "percent", "thousands"]),
                         ("sort", ["descending", "ascending", "table"]),
                         ("title", ["Т", "标题", "a <b>"]), ("currency", ["$", "грн"])):
        if rng.random() < 0.5:
            spec[name] = rng.choice(values)
    return spec


def test_read_spec_takes_every_valid_spec_and_refuses_every_spoiled_one():
    rng = random.Random(29)
    spoilers = [
        lambda s: s | {rng.choice(["colour", "data", "values", "Kind", "$schema"]): 1},
        lambda s: s | {"kind": rng.choice(["Bar", "area", "", None, 3, "waterfall"])},
        lambda s: s | {"x": rng.choice(["", None, 3, ["region"]])},
        lambda s: s | {"y": rng.choice(["", None, 3, [], ["revenue", 2]])},
        lambda s: s | {"format": rng.choice(["euro", 1, "Currency"])},
        lambda s: s | {"sort": rng.choice(["desc", True, "up"])},
        lambda s: s | {"title": rng.choice([1, ["a"], {"t": 1}])},
    ]
    for _ in range(300):
        spec = _random_spec(rng)
        read = read_spec(spec)
        assert isinstance(read, ChartSpec), (spec, read)
        assert read.kind == spec["kind"] and read.y == ("revenue",)
        spoiled = rng.choice(spoilers)(dict(spec))
        assert isinstance(read_spec(spoiled), SpecProblem), spoiled


def _show(record: dict, root: str, language: str) -> None:
    from pathlib import Path

    from analyst.record import Step
    from ui.render import step_view

    step_view(Step.from_dict(record), Path(root), key="s1", language=language)


@pytest.mark.parametrize(("spec", "language", "last"), [
    ({"kind": "bar", "x": "region", "y": "revenue", "sort": "descending"}, "en", False),
    ({"kind": "line", "x": "month", "y": "revenue"}, "ru", True),
    ({"kind": "bar", "x": "region", "y": "Revenue"}, "uk", False),
    ({"kind": "donut", "x": "region", "y": "revenue"}, "zh", False),
])
def test_the_app_draws_the_models_chart_or_says_why_not(session, cards, workspace, spec,
                                                        language, last):
    from streamlit.testing.v1 import AppTest

    code = spec_code(spec, spec["x"], picture=True)
    if last:  # the table is also the step's last expression: the app shows that value
        code = code.rsplit("\n", 1)[0] + "\nt"
    step, _ = run_spec(session, cards, code)
    at = AppTest.from_function(_show, args=(step.to_dict(), str(workspace.root), language),
                               default_timeout=60).run()
    assert not at.exception
    charts = at.get("vega_lite_chart")
    if step.chart is not None:
        (chart,) = charts
        assert json.loads(chart.proto.spec)["params"][0]["name"] == "pick"
        assert [t.label for t in at.tabs][0] == "Interactive chart"
    else:
        assert charts == [] and notice(language, "unusable") in [i.value for i in at.info]
    assert at.dataframe  # the table is shown either way
    assert at.get("imgs") or any(t.label == "Chart" for t in at.tabs)  # the PNG stays
