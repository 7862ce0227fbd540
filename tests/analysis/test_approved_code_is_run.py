"""Approval mode shows the code of the steps first: it must be the code that then runs.

The plan shown (`Analysis.plan`) and the answer (`Analysis.ask`) take one route through the
offline brain (`analyst.brain.plan.route`). Before, the plan came from the sales recipes'
words alone: "average revenue by region" showed the breakdown recipe's sums for approval
while the query's means ran.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.events import QueryCall, RecipeCall
from analyst.session.analysis import Analysis

QUESTIONS = [
    # the sales recipes
    ("revenue by month", RecipeCall),
    ("top 5 products by revenue", RecipeCall),
    ("total revenue", RecipeCall),
    # the query: a measure, a condition, a grouping or a period the recipes would drop
    ("average revenue by region", QueryCall),
    ("median units where region is North", QueryCall),
    ("total revenue in the North region by month", QueryCall),
    ("how many orders had more than 3 units", QueryCall),
    ("Сума Revenue за Region", RecipeCall),
    ("середнє Revenue за Region", QueryCall),
    ("медіана Units за Region", QueryCall),
]


@pytest.fixture(scope="module")
def sales(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(26)
    n = 120
    frame = pd.DataFrame({
        "Date": pd.date_range("2025-01-01", periods=n, freq="3D").strftime("%Y-%m-%d"),
        "Region": rng.choice(["North", "South", "East"], n),
        "Product": rng.choice([f"P{i}" for i in range(8)], n),
        "Units": rng.integers(1, 7, n),
        "Revenue": rng.integers(100, 900, n).astype(float),
    })
    path = tmp_path_factory.mktemp("sales") / "sales.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(("question", "origin"), QUESTIONS)
def test_the_plan_approved_is_the_code_that_runs(sales: Path, tmp_path: Path, question: str,
                                                 origin: type) -> None:
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(sales)
        planned = analysis.plan(question)
        assert planned, question
        assert all(isinstance(s.origin, origin) for s in planned), (question, planned)
        list(analysis.ask(question, brain="offline"))
        ran = analysis.history[-1].steps
    assert [s.code for s in ran] == [s.code for s in planned]
    assert [s.description for s in ran] == [s.description for s in planned]


def test_a_question_asked_back_or_refused_has_no_steps_to_approve(sales: Path,
                                                                  tmp_path: Path) -> None:
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(sales)
        assert analysis.plan("what is the weather on Mars") == ()
