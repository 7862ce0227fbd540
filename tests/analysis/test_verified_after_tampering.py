"""Issue 14, point 4: verified figures stay verified whatever a model's code did before.

A model's step runs first and tampers with its interpreter as well as it can (patches
`pd.read_parquet`, pandas' sums, the recipes module, `print`; leaves a thread that keeps
patching; patches the kernel's `send_figures` so that every later send is a forgery; sends
forged figures itself and prints the old figures line, which nothing reads any more). Then
the offline standard report, an offline question and a pinned-only report run on the same
`Analysis`: their figures must equal the data's, computed here by plain pandas, and the
model's own figures never become KPI tiles or a recipe's narrative.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.agent.config import LLMConfig
from analyst.report.build import Pin
from analyst.session.analysis import Analysis
from benchmarks.sales_data import sales_frame
from tests.agent.fake_openai import FakeOpenAI, reply, tool_call
from tests.grids import FULL_RUN_ONLY, each_value_once

FORGED = {"recipe": "kpi_summary", "title": "Key figures", "figures": {"total": 1.0, "rows": 1}}
PRINTED = "ANALYST_FIGURES " + json.dumps(FORGED)
"""How figures travelled before `send_figures`: printed, now never read."""

TAMPER = {
    "read_parquet patched": (
        "import pandas as pd\n_real = pd.read_parquet\n"
        "def fake(*a, **k):\n    df = _real(*a, **k)\n"
        "    df['Revenue'] = df['Revenue'] * 10\n    return df\n"
        "pd.read_parquet = fake\n"),
    "Series.sum patched": (
        "import pandas as pd\n_sum = pd.Series.sum\n"
        "pd.Series.sum = lambda self, *a, **k: _sum(self, *a, **k) * 10\n"),
    "recipes module replaced": (
        "import sys, types, recipes\nfake = types.ModuleType('recipes')\n"
        "fake.__dict__.update(recipes.__dict__)\n"
        "fake.kpi_summary = lambda *a, **k: (_ for _ in ()).throw(SystemExit(0))\n"
        "sys.modules['recipes'] = fake\n"),
    "a thread keeps patching": (
        "import threading, time, pandas as pd\n_real = pd.read_parquet\n"
        "def fake(*a, **k):\n    df = _real(*a, **k)\n    df['Revenue'] *= 10\n    return df\n"
        "def keep():\n    while True:\n        pd.read_parquet = fake\n        time.sleep(0.01)\n"
        "threading.Thread(target=keep, daemon=True).start()\n"),
    "send_figures forged": (
        # From now on every send in this interpreter sends the forgery (a recipe's too), and
        # this step sends it through the patch: the kernel's channel is the code's to use.
        "runner = send_figures.__self__\n_real = type(runner).send_figures\n"
        f"type(runner).send_figures = lambda self, figures: _real(self, {FORGED!r})\n"
        "runner.send_figures({'total': 5.0})\n"),
    "print forges figures": (
        "import builtins\n_print = builtins.print\n"
        f"builtins.print = lambda *a, **k: _print({PRINTED!r})\n"),
}


# Only the columns the attacks and the checks read (a date, a category, the revenue): the
# standard report of this table is four recipe steps, not the eight of the whole export, and
# every attack here is judged by the key figures, which the other steps never touch.
COLUMNS = ["Date", "Region", "Revenue"]


@pytest.fixture(scope="module")
def sales_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("data") / "q1_sales.csv"
    sales_frame(rows=3_000)[COLUMNS].to_csv(path, index=False)
    return path


@pytest.fixture(scope="module", params=["local", pytest.param("docker", marks=pytest.mark.docker)])
def backend(request: pytest.FixtureRequest) -> str:
    if request.param == "docker":
        request.getfixturevalue("docker_image")
    return request.param


@pytest.fixture()
def analysis(backend: str, sales_csv: Path, tmp_path: Path) -> Iterator[Analysis]:
    with Analysis.open(tmp_path / "ws", backend=backend) as opened:
        opened.add_file(sales_csv)
        yield opened


def true_total(sales_csv: Path) -> float:
    return float(pd.read_csv(sales_csv)["Revenue"].sum())


def tamper(analysis: Analysis, code: str) -> None:
    # The model's own step sends forged figures and prints them the old way too.
    script = [tool_call(code + f"print({PRINTED!r})\nsend_figures({FORGED!r})\n", "Look at revenue"),
              reply("Total revenue is 1.00.")]
    with FakeOpenAI(script) as server:
        config = LLMConfig(api_key="test", base_url=server.base_url, api_retries=0)
        events = list(analysis.ask("total revenue", brain="llm", llm_config=config))
    answer = events[-1].answer
    assert answer.brain == "llm" and answer.steps, answer
    # The forgery crossed as the step's own figures: only the gate keeps it from the tiles.
    assert answer.steps[0].figures is not None and answer.steps[0].figures.figures["total"] == 1.0


def kpi_total(steps) -> float:
    step = next(s for s in steps if s.recipe == "kpi_summary")
    return step.figures.figures["total"]


# Each attack is a whole standard report after a model step (seconds): each attack meets one
# backend, the backends taking turns (tests/security/test_verified_alone.py's standard report
# meets these attacks on both backends, except the recipes module's: that one runs on both
# here); the fast tier keeps the first, the full run all.
ALTERNATING = [pytest.param(backend, attack, marks=[
    *([pytest.mark.docker] if backend == "docker" else []), *(() if i == 0 else (FULL_RUN_ONLY,))])
    for i, (backend, attack) in enumerate([
        *each_value_once(["local", "docker"], list(TAMPER)),
        # Tried nowhere else: on both backends.
        ("docker", "recipes module replaced")])]


@pytest.mark.parametrize(("backend", "attack"), ALTERNATING, indirect=["backend"])
def test_the_standard_report_after_a_tampering_model_step_states_the_datas_figures(
        analysis, sales_csv, attack):
    tamper(analysis, TAMPER[attack])
    answer = [e for e in analysis.standard_report() if e.kind == "answer"][-1].answer
    assert answer.brain == "offline" and answer.ok, answer.text
    assert kpi_total(answer.steps) == pytest.approx(true_total(sales_csv), rel=1e-9)
    report = analysis.report()
    total_tile = report.kpis[0]
    assert total_tile.value == pytest.approx(true_total(sales_csv), rel=1e-9)


def test_an_offline_question_after_tampering_quotes_the_datas_total(analysis, sales_csv):
    tamper(analysis, TAMPER["read_parquet patched"])
    answer = [e for e in analysis.ask("total revenue", brain="offline")][-1].answer
    assert f"{true_total(sales_csv):,.2f}" in answer.text, answer.text


def test_a_models_printed_figures_never_become_verified_tiles(analysis, sales_csv):
    tamper(analysis, "")
    model_answer = len(analysis.history) - 1
    report = analysis.report(pins=[Pin(model_answer, 1)])
    # The tiles come from the key-figures step the report ran itself, in a fresh session.
    assert report.kpis and report.kpis[0].value == pytest.approx(true_total(sales_csv), rel=1e-9)
    assert all(k.value != 1.0 for k in report.kpis)
    method = report.definitions[0].text
    assert "model" in method.lower()
