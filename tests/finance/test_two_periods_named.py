"""A finance question that names two periods: "revenue in March vs February" stated
February's revenue alone (the first month in the calendar's order, March dropped), and
"how did revenue change from Q1 to Q2" compared Q1 with the quarter before it ("there is no
earlier period"). Two periods in a row under a change are that change (Q2 on Q1, March on
February, 2025 on 2024); any other second period is declined by name, never dropped.
Generated monthly statements over one or two years; the real offline path.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from analyst.session.analysis import Analysis
from tests.finance.test_blind_statements import ask

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def _statement(seed: int, folder: Path) -> tuple[Path, list[int], list[float]]:
    rng = random.Random(seed)
    years = [2024, 2025] if seed % 2 else [2025]
    heads = [f"{m[:3]} {y}" for y in years for m in MONTHS]
    revenue = [float(rng.randint(100, 300) * 1000) for _ in heads]
    cogs = [round(r * rng.uniform(0.3, 0.6), -2) for r in revenue]
    opex = [float(rng.randint(40, 90) * 1000) for _ in heads]
    rows = [("Revenue", revenue), ("Cost of sales", cogs),
            ("Gross profit", [r - c for r, c in zip(revenue, cogs, strict=True)]),
            ("Operating expenses", opex),
            ("Operating profit", [r - c - o for r, c, o in zip(revenue, cogs, opex, strict=True)])]
    lines = ["Line item," + ",".join(heads)]
    lines += [label + "," + ",".join(f"{v:.0f}" for v in values) for label, values in rows]
    path = folder / f"monthly{seed}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, years, revenue


@pytest.fixture(scope="module", params=range(4), ids=lambda s: f"seed{s}")
def loaded(request, tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("monthly")
    path, years, revenue = _statement(request.param, folder)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, years, revenue, request.param


def _figures(answer) -> dict[str, float]:
    assert answer.ok and len(answer.steps) == 1, answer.text[:400]
    return dict(answer.steps[0].figures.figures)


def _latest(years: list[int], revenue: list[float]) -> list[float]:
    return revenue[-12:]  # the months of the latest year


def test_two_months_in_a_row_under_a_change_are_that_change(loaded) -> None:
    analysis, years, revenue, seed = loaded
    months = _latest(years, revenue)
    k = 1 + seed * 2
    for question in (f"revenue growth from {MONTHS[k - 1]} to {MONTHS[k]} {years[-1]}",
                     f"how did revenue change between {MONTHS[k]} and {MONTHS[k - 1]} "
                     f"{years[-1]}", f"revenue in {MONTHS[k]} vs {MONTHS[k - 1]} {years[-1]}",
                     f"revenue {MONTHS[k - 1]} {years[-1]} versus {MONTHS[k]}"):
        got = _figures(ask(analysis, question))
        assert got["value"] == pytest.approx(months[k]), question
        assert got["previous"] == pytest.approx(months[k - 1]), question


def test_two_quarters_in_a_row_under_a_change_are_that_change(loaded) -> None:
    analysis, years, revenue, _ = loaded
    months = _latest(years, revenue)
    quarter = [sum(months[i:i + 3]) for i in range(0, 12, 3)]
    for q in (1, 2, 3):
        question = f"how did revenue change from Q{q} to Q{q + 1} {years[-1]}"
        got = _figures(ask(analysis, question))
        assert got["value"] == pytest.approx(quarter[q]), question
        assert got["previous"] == pytest.approx(quarter[q - 1]), question


def test_two_years_under_a_change_are_the_years_totals(loaded) -> None:
    analysis, years, revenue, _ = loaded
    if len(years) < 2:
        pytest.skip("one year: no year before")
    for question in ("revenue growth 2025 vs 2024", "revenue growth from 2024 to 2025"):
        got = _figures(ask(analysis, question))
        assert got["value"] == pytest.approx(sum(revenue[12:])), question
        assert got["previous"] == pytest.approx(sum(revenue[:12])), question


@pytest.mark.parametrize("shape", ["revenue in {c} vs {a}", "revenue in {a} and {b}",
                                   "revenue from {a} to {c}", "total revenue {a} {b} {c}",
                                   "revenue growth from {a} to {c}"])
def test_another_second_period_is_declined_by_name(loaded, shape: str) -> None:
    analysis, years, revenue, seed = loaded
    a, b, c = MONTHS[seed], MONTHS[seed + 1], MONTHS[seed + 2]
    question = shape.format(a=a, b=b, c=c)
    answer = ask(analysis, question)
    assert not answer.ok and not answer.steps, (question, answer.text[:300])
    stated = {float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*\.\d\d", answer.text)}
    assert not stated & set(revenue), (question, answer.text[:300])


def test_one_month_is_still_that_months(loaded) -> None:
    analysis, years, revenue, seed = loaded
    months = _latest(years, revenue)
    got = _figures(ask(analysis, f"revenue in {MONTHS[seed + 3]} {years[-1]}"))
    assert got["value"] == pytest.approx(months[seed + 3])


@pytest.mark.parametrize("question", [
    "revenue and cost of sales in March", "revenue and operating expenses in March",
    "gross profit and operating profit by quarter", "revenue and costs in March",
    "operating expenses and revenue growth month on month",
])
def test_a_second_line_named_is_declined_not_dropped(loaded, question: str) -> None:
    """"revenue and marketing in March" had stated Marketing alone, "revenue and costs"
    Revenue alone."""
    analysis, years, revenue, _ = loaded
    answer = ask(analysis, question)
    assert not answer.ok and not answer.steps, (question, answer.text[:300])


@pytest.mark.parametrize("question", ["operating expenses in March", "revenue in March",
                                      "how much did we spend on operating expenses in March",
                                      "cost of sales costs in March"])
def test_one_line_with_a_word_of_costs_is_that_line(loaded, question: str) -> None:
    analysis, years, revenue, _ = loaded
    assert ask(analysis, f"{question} {years[-1]}").ok, question
