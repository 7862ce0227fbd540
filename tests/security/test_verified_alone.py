"""Issue 31 point 5: verified figures run alone, on every path.

Code that is not a recipe call runs first on the same `Analysis` and tampers with its
interpreter (pandas' sums patched, `read_parquet` patched, a thread that keeps patching, the
kernel's `send_figures` patched to send a forgery from then on, a `print` writing the old
figures line, which nothing reads any more): a step handed to `run_planned` directly (the door a template's
sections and the data report go through), with a query's origin or a model's, alone or in
the same plan as the recipe. Then every path that states verified figures runs: the
standard report (the app's button and `analyst report`), a recurring report's run
(`first_run`, `run_template`: `analyst report --ask/--template` and the Recurring page), a
pinned report's key figures, an offline question. Their figures must be the data's,
computed here by plain pandas; before this point, each of these ran in the tampered
interpreter and stated ten times the revenue.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.brain.plan.plan import standard_plan
from analyst.events import Answer
from analyst.record import ModelCode, QueryCall, Step
from analyst.recurring.run import first_run, run_template
from analyst.report.build import Pin
from analyst.session.analysis import Analysis
from benchmarks.sales_data import sales_frame
from tests.grids import each_value_once, pairs

FORGED = {"recipe": "kpi_summary", "title": "Key figures", "figures": {"total": 1.0, "rows": 1}}
PRINTED = "ANALYST_FIGURES " + json.dumps(FORGED)
"""How figures travelled before `send_figures`: printed, now never read."""

TAMPER = {
    "DataFrame.sum patched": (
        "import pandas as pd\n_sum = pd.DataFrame.sum\n"
        "pd.DataFrame.sum = lambda self, *a, **k: _sum(self, *a, **k) * 10\n"
        "_ssum = pd.Series.sum\npd.Series.sum = lambda self, *a, **k: _ssum(self, *a, **k) * 10\n"),
    "read_parquet patched": (
        "import pandas as pd\n_real = pd.read_parquet\n"
        "def fake(*a, **k):\n    df = _real(*a, **k)\n"
        "    df['Revenue'] = df['Revenue'] * 10\n    return df\n"
        "pd.read_parquet = fake\n"),
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
ORIGINS = {"query": QueryCall({"table": "q1_sales", "measures": ["Revenue"]}),
           "model": ModelCode()}


# Only the columns the attacks and the checks read (a date, a category, the revenue): the
# standard report of this table is four recipe steps, not the eight of the whole export, and
# every attack here is judged by the key figures, which the other steps never touch.
COLUMNS = ["Date", "Region", "Revenue"]


@pytest.fixture(scope="module")
def sales_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("data") / "q1_sales.csv"
    sales_frame(rows=2_000)[COLUMNS].to_csv(path, index=False)
    return path


BACKENDS = ["local", "docker"]


def on_docker(case: tuple) -> list[pytest.MarkDecorator]:
    return [pytest.mark.docker] if case[0] == "docker" else []


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


def truth(sales_csv: Path) -> float:
    return float(pd.read_csv(sales_csv)["Revenue"].sum())


def last_answer(events: Iterator) -> Answer:
    return [e for e in events if e.kind == "answer"][-1].answer


def tamper(analysis: Analysis, attack: str, origin: str) -> None:
    """The attack run through the direct door, as its own answer; it ran (its code printed)."""
    step = Step(1, "Look at revenue", TAMPER[attack] + "print('tampered')\n", origin=ORIGINS[origin])
    answer = last_answer(analysis.run_planned("look at revenue", [step]))
    assert answer.steps and answer.steps[0].result is not None and answer.steps[0].result.ok
    if attack == "send_figures forged":  # it works where it ran: only the gate keeps it out
        assert (figures := answer.steps[0].figures) is not None and figures.figures["total"] == 1.0


def kpi_total(steps: tuple[Step, ...]) -> float:
    step = next(s for s in steps if s.recipe == "kpi_summary")
    assert step.figures is not None
    return float(step.figures.figures["total"])


def kpi_step(analysis: Analysis):  # noqa: ANN201 - a PlannedStep
    return next(s for s in standard_plan(analysis.cards, "en").steps if s.recipe == "kpi_summary")


# Each case is a fresh Analysis, its tampering and a whole report or plan (seconds): every
# attack meets every backend and every origin in some case, and each backend each origin
# (tests/grids.py::pairs), not every triple; the fast tier shows each value once.
CASES = pairs(BACKENDS, list(TAMPER), list(ORIGINS), marks=on_docker)


@pytest.mark.parametrize(("backend", "attack", "origin"), CASES, indirect=["backend"])
def test_the_standard_report_after_a_step_run_directly_states_the_datas_figures(
        analysis: Analysis, sales_csv: Path, attack: str, origin: str) -> None:
    """Then, on the same Analysis (opening one and reading the file cost more than a plan), a
    recipe right after foreign code in the same plan: the attack runs again there, so the
    recipe follows freshly tampered code as it would in a new session."""
    tamper(analysis, attack, origin)
    answer = last_answer(analysis.standard_report())
    assert answer.ok and kpi_total(answer.steps) == pytest.approx(truth(sales_csv), rel=1e-9)
    report = analysis.report()
    assert report.kpis[0].value == pytest.approx(truth(sales_csv), rel=1e-9)

    step = Step(1, "Look at revenue", TAMPER[attack], origin=ORIGINS[origin])
    answer = last_answer(analysis.run_planned("revenue", [step, kpi_step(analysis)]))
    assert kpi_total(answer.steps) == pytest.approx(truth(sales_csv), rel=1e-9)


# The pinned and the recurring paths meet each attack once, the backends taking turns: the
# standard report above already meets every attack on every backend, and each path still runs
# on both (what it adds, the key figures run afresh for a pin or a template, is decided on the
# host; only the fresh interpreter is the backend's, and every attack meets it on both).
ALTERNATING = [pytest.param(*case, marks=on_docker(case))
               for case in each_value_once(BACKENDS, list(TAMPER))]


@pytest.mark.parametrize(("backend", "attack"), ALTERNATING, indirect=["backend"])
def test_a_pinned_reports_key_figures_after_a_step_run_directly_are_the_datas(
        analysis: Analysis, sales_csv: Path, attack: str) -> None:
    tamper(analysis, attack, "query")
    report = analysis.report(pins=[Pin(len(analysis.history) - 1, 1)])
    assert report.kpis and report.kpis[0].value == pytest.approx(truth(sales_csv), rel=1e-9)


@pytest.mark.parametrize(("backend", "attack"), ALTERNATING, indirect=["backend"])
def test_a_recurring_reports_runs_after_a_step_run_directly_state_the_datas_figures(
        analysis: Analysis, sales_csv: Path, attack: str) -> None:
    tamper(analysis, attack, "query")
    first = first_run(analysis, ["total revenue by region"], brain="offline")
    assert first.report is not None and first.template is not None
    assert first.report.kpis[0].value == pytest.approx(truth(sales_csv), rel=1e-9)
    tamper(analysis, attack, "model")
    again = run_template(analysis, first.template)
    assert again.report is not None
    assert again.report.kpis[0].value == pytest.approx(truth(sales_csv), rel=1e-9)


def test_query_code_before_the_key_figures_never_shares_their_interpreter(
        analysis: Analysis, sales_csv: Path) -> None:
    """The template's own order: a query section, then the report's key figures. The query's
    interpreter is marked (here by a query step that leaves a variable behind), and the key
    figures run where that variable does not exist."""
    marker = Step(1, "Revenue", "leftover_from_a_query = 1\nprint('ran')\n",
                  origin=ORIGINS["query"])
    probe = Step(2, "Probe", "print('leftover_from_a_query' in globals())\n", origin=ORIGINS["query"])
    last_answer(analysis.run_planned("revenue", [marker]))
    report = analysis.report(pins=[Pin(len(analysis.history) - 1, 1)])
    assert report.kpis[0].value == pytest.approx(truth(sales_csv), rel=1e-9)
    # The key figures ran in a new interpreter: the query's variable is gone there.
    seen = last_answer(analysis.run_planned("probe", [probe])).steps[0].result
    assert seen is not None and seen.stdout.strip() == "False"


# The split's wording is the language's and its verdict the host's: each language once, the
# backends taking turns.
@pytest.mark.parametrize(("backend", "language"),
                         [pytest.param(*case, marks=on_docker(case))
                          for case in each_value_once(BACKENDS, ["en", "uk", "zh"])],
                         indirect=["backend"])
def test_the_report_says_which_figures_are_verified_and_which_are_not(
        analysis: Analysis, sales_csv: Path, language: str) -> None:
    from analyst.brain.understand.phrases import say

    tamper(analysis, "DataFrame.sum patched", "query")
    foreign = len(analysis.history) - 1
    standard = last_answer(analysis.standard_report(language=language))
    ours = len(analysis.history) - 1
    pins = [Pin(ours, s.number) for s in standard.steps[:3]] + [Pin(foreign, 1)]
    report = analysis.report(pins=pins, language=language)
    where = next(d for d in report.definitions if d.name == say(language, "figures_name"))
    verified, _, other = where.text.partition(say(language, "figures_other", sections="").split("(")[0].strip()[:6])
    titles = [s.title for s in report.sections]
    assert len(titles) == len(pins)
    for title in titles[:-1]:  # the standard report's sections: recipes
        assert title in verified and title not in other, where.text
    assert titles[-1] in other and titles[-1] not in verified, where.text
    assert say(language, "figures_tiles") in verified
    assert report.kpis[0].value == pytest.approx(truth(sales_csv), rel=1e-9)
