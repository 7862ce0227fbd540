"""Every kind of step the offline brain makes is planned again from a template: the P&L,
budget against actual, the funnel and the data report's own steps (overview, distribution,
correlations), besides the sales recipes and queries (test_recurring_run).

Each kind: a first file and its answer kept as a template's steps (recipe and columns by
name and role, never code), then a next file with one more month (or line) and changed
figures, a column renamed: every section runs again on the new table and its figures are
checked against pandas to the cent. Real sandbox sessions (local backend).
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.record import Answer
from analyst.recurring import ReportTemplate, run_template
from analyst.recurring.capture import template_of
from analyst.recurring.files import dumps, loads
from analyst.report.build import STANDARD_QUESTION, Pin
from analyst.session.analysis import Analysis
from tests.grids import first_fast


def _pnl(months: int, rng: random.Random) -> pd.DataFrame:
    ends = pd.date_range("2026-01-31", periods=months, freq="ME")
    revenue = [round(rng.uniform(60_000, 120_000), 2) for _ in ends]
    return pd.DataFrame({"Month": ends.strftime("%Y-%m-%d"), "Revenue": revenue,
                         "COGS": [round(r * rng.uniform(0.4, 0.7), 2) for r in revenue],
                         "Salaries": [round(rng.uniform(15_000, 30_000), 2) for _ in ends],
                         "Rent": [round(rng.uniform(4_000, 7_000), 2) for _ in ends]})


def _funnel(months: int, rng: random.Random) -> pd.DataFrame:
    ends = pd.date_range("2026-01-31", periods=months, freq="ME")
    visits = [rng.randint(8_000, 15_000) for _ in ends]
    leads = [int(v * rng.uniform(0.05, 0.1)) for v in visits]
    return pd.DataFrame({"Date": ends.strftime("%Y-%m-%d"), "Visits": visits, "Leads": leads,
                         "Orders": [int(n * rng.uniform(0.2, 0.4)) for n in leads]})


def _budget(lines: int, rng: random.Random) -> pd.DataFrame:
    names = ["Revenue", "Marketing", "Salaries", "Rent", "Travel", "Software", "Training"]
    budget = [round(rng.uniform(1_000, 50_000), 2) for _ in names[:lines]]
    return pd.DataFrame({"Line": names[:lines], "Budget": budget,
                         "Actual": [round(b * rng.uniform(0.8, 1.2), 2) for b in budget]})


def _weather(months: int, rng: random.Random) -> pd.DataFrame:
    days = pd.date_range("2026-01-01", periods=months * 30, freq="D")
    np_rng = np.random.default_rng(rng.randint(0, 10_000))
    return pd.DataFrame({"Date": days.strftime("%Y-%m-%d"),
                         "City": np_rng.choice(["Kyiv", "Lviv", "Odesa"], size=len(days)),
                         "Temperature": np_rng.normal(5, 8, size=len(days)).round(1),
                         "Rainfall": np_rng.gamma(1.5, 2.0, size=len(days)).round(1)})


def _answer(analysis: Analysis, question: str) -> Answer:
    if question == STANDARD_QUESTION:
        events = analysis.standard_report()
    else:
        events = analysis.ask(question, brain="offline")
    answer = [e.answer for e in events if e.kind == "answer"][-1]
    assert answer is not None and answer.ok and answer.steps, answer
    return answer


def _saved(root: Path, frame: pd.DataFrame, question: str) -> ReportTemplate:
    frame.to_csv(root / "first.csv", index=False)
    with Analysis.open(root / "ws1", backend="local") as analysis:
        analysis.add_file(root / "first.csv")
        answer = _answer(analysis, question)
        index = len(analysis.history) - 1
        report = analysis.report(pins=[Pin(index, s.number) for s in answer.steps])
        template, left_out = template_of(report, analysis.cards, [answer],
                                         root=analysis.workspace.root, standard=False)
    assert not left_out and len(template.questions[0].steps) == len(answer.steps)
    return loads(dumps(template))


def _again(root: Path, frame: pd.DataFrame, template: ReportTemplate) -> tuple:
    frame.to_csv(root / "next.csv", index=False)
    with Analysis.open(root / "ws2", backend="local") as analysis:
        analysis.add_file(root / "next.csv")
        result = run_template(analysis, template)
        assert not result.questions and not result.problems, result.problems
        steps = analysis.history[-1].steps
        table = analysis.cards[0].parquet_path
        # Every saved section ran again, on the new file's table.
        assert len(steps) == len(template.questions[0].steps)
        assert all(s.result is not None and s.result.ok for s in steps)
        assert all(i.path == table for s in steps for i in s.inputs)
        return result.report, steps


def _cents(values: object) -> list[float]:
    return [round(float(v), 2) for v in values]  # type: ignore[attr-defined]


# Each seed is a saved run and a run again, in sandbox sessions (seconds): the fast tier keeps
# the first seed of each kind, the full run every seed. Two seeds per kind (three until issue
# 28: the third was the same shapes with other random figures; a data report, the costliest,
# one seed): the shapes and the renames are fixed, only the figures change with the seed.
@pytest.mark.parametrize("seed", first_fast(range(2)))
def test_a_pnl_is_planned_again(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    template = _saved(tmp_path, _pnl(3, rng), "P&L summary")
    [step] = template.questions[0].steps
    assert step.recipe == "pnl_summary" and {c.name for c in step.columns} >= {"Revenue", "COGS"}
    nxt = _pnl(4, rng).rename(columns={"Rent": "Office rent"})  # a renamed cost line
    report, [ran] = _again(tmp_path, nxt, template)
    figures = ran.figures.figures
    assert round(figures["revenue"], 2) == round(nxt["Revenue"].sum(), 2)
    operating = nxt["Revenue"] - nxt["COGS"] - nxt["Salaries"] - nxt["Office rent"]
    assert round(figures["operating_profit"], 2) == round(operating.sum(), 2)
    section = report.sections[-1]
    assert section.table is not None and len(section.table) == 4
    assert _cents(section.table["revenue"] if "revenue" in section.table else
                  section.table.iloc[:, 1]) == _cents(nxt["Revenue"])


@pytest.mark.parametrize("seed", first_fast(range(2)))
def test_a_funnel_is_planned_again(seed: int, tmp_path: Path) -> None:
    rng = random.Random(10 + seed)
    template = _saved(tmp_path, _funnel(3, rng), "funnel conversion")
    [step] = template.questions[0].steps
    assert step.recipe == "funnel_conversion"
    nxt = _funnel(4, rng)
    _, [ran] = _again(tmp_path, nxt, template)
    figures = ran.figures.figures
    overall = nxt["Orders"].sum() / nxt["Visits"].sum() * 100
    found = [v for k, v in figures.items() if "overall" in k and isinstance(v, float)]
    assert found and round(found[0], 2) == round(overall, 2), figures


@pytest.mark.parametrize("seed", first_fast(range(2)))
def test_budget_against_actual_is_planned_again(seed: int, tmp_path: Path) -> None:
    rng = random.Random(20 + seed)
    template = _saved(tmp_path, _budget(5, rng), "budget vs actual variance")
    [step] = template.questions[0].steps
    assert step.recipe == "budget_vs_actual"
    nxt = _budget(7, rng)  # two more lines, other figures
    report, [ran] = _again(tmp_path, nxt, template)
    figures = ran.figures.figures
    totals = {k: v for k, v in figures.items() if isinstance(v, float)}
    assert round(totals["budget"], 2) == round(nxt["Budget"].sum(), 2), figures
    assert round(totals["actual"], 2) == round(nxt["Actual"].sum(), 2), figures
    table = report.sections[-1].table
    assert table is not None and set(nxt["Line"]) <= set(table.iloc[:, 0])


@pytest.mark.parametrize("seed", [0])
def test_the_data_report_steps_are_planned_again(seed: int, tmp_path: Path) -> None:
    rng = random.Random(30 + seed)
    template = _saved(tmp_path, _weather(2, rng), STANDARD_QUESTION)
    kinds = [s.recipe or "query" for s in template.questions[0].steps]
    assert {"data_overview", "distribution", "correlations"} <= set(kinds)
    nxt = _weather(3, rng)
    _, steps = _again(tmp_path, nxt, template)
    by_recipe = {s.recipe: s for s in steps if s.recipe}
    overview = by_recipe["data_overview"]
    assert str(len(nxt)) in overview.result.stdout
    distribution = by_recipe["distribution"].figures.figures
    column = next(iter(k for k in ("mean", "median") if k in distribution))
    expected = getattr(nxt[template.questions[0].steps[kinds.index("distribution")]
                           .params["column"]], column)()
    assert round(distribution[column], 2) == round(float(expected), 2), distribution
    correlations = by_recipe["correlations"].figures.figures
    assert correlations, "the correlations ran on the new table"
