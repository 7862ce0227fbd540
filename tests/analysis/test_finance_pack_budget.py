"""Budget vs actual inside the finance pack (issue 11, point 2): the standard report of a
budget (alone, or beside a P&L in the same workbook) has the budget-vs-actual section;
variance in money and %, favourable/unfavourable the right way for revenue and for costs,
the year to date when actuals are in for only the first months; figures to the cent
against pandas on generated files (costs positive, negative or in parentheses; en/uk/ru
line names). The PDF states the section's totals in the reader's language.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from pypdf import PdfReader

from analyst.report import render_pdf
from analyst.session.analysis import Analysis
from analyst.words import say
from analyst.words.number_formats import format_money
from tests.grids import first_fast, tiered
from tests.ingest.finance_books import SHORT, pnl_workbook

SIGNS = {"positive": lambda v: f"{v:.2f}", "negative": lambda v: f"{-v:.2f}",
         "parentheses": lambda v: f'"({v:,.2f})"'}
# Line names a finance team writes; the first is revenue (recognised by name), the rest costs.
LINES = {
    "en": ("Sales revenue", "Salaries", "Rent", "Marketing", "IT"),
    "uk": ("Виручка від продажу", "Зарплата", "Оренда", "Маркетинг", "Зв'язок"),
    "ru": ("Выручка от продаж", "Зарплата", "Аренда", "Маркетинг", "Связь"),
}


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


def _standard(tmp_path: Path, *paths: Path) -> tuple[list, str]:
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        for path in paths:
            analysis.add_file(path)
        answer = next(e.answer for e in analysis.standard_report() if e.kind == "answer")
        assert answer.ok, answer.text
        pdf = render_pdf(analysis.report())
    text = _plain("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages))
    return list(answer.steps), text


def _expected(budget: dict[str, float], actual: dict[str, float | None], revenue: str) -> pd.DataFrame:
    """Per line with an actual: variance, %, assessment, computed here."""
    frame = pd.DataFrame({"budget": pd.Series(budget), "actual": pd.Series(actual, dtype="float64")})
    frame = frame[frame["actual"].notna()]
    frame["variance"] = frame["actual"] - frame["budget"]
    frame["pct"] = frame["variance"] / frame["budget"].abs() * 100
    good = [(v > 0) if name == revenue else (v < 0) for name, v in frame["variance"].items()]
    frame["assessment"] = ["on budget" if v == 0 else "favourable" if g else "unfavourable"
                           for v, g in zip(frame["variance"], good, strict=True)]
    return frame


def _check_lines(step, want: pd.DataFrame, line: str) -> None:
    f = step.figures  # the rows the step printed (every row of a short table)
    rows = {str(r[line]): r for r in [*f.head, *f.tail]}
    for name, row in want.iterrows():
        got = rows[str(name)]
        assert round(float(got["variance"]), 2) == round(row["variance"], 2), name
        assert float(got["variance_pct"]) == pytest.approx(row["pct"], abs=1e-9), name
        assert got["assessment"] == row["assessment"], name


BUDGETS = [(language, sign, missing) for language, sign, missing in (
    ("en", "positive", 0), ("en", "negative", 1), ("uk", "parentheses", 2), ("uk", "negative", 0),
    ("ru", "positive", 1), ("ru", "parentheses", 0))]


# Each case is a finance pack in its own sandbox session (seconds): the fast tier keeps the
# first cases of each test, the full run every one.
@pytest.mark.parametrize(("language", "sign", "missing"), tiered(BUDGETS, lambda i, _: i in (1, 2)))
def test_a_budget_table_gets_the_budget_section(tmp_path: Path, language: str, sign: str,
                                                missing: int) -> None:
    rng = random.Random(f"{language}{sign}{missing}")
    names = LINES[language]
    budget = {n: round(rng.uniform(5000, 90000), 2) for n in names}
    actual: dict[str, float | None] = {n: round(v * rng.uniform(0.75, 1.25), 2) for n, v in budget.items()}
    for name in names[len(names) - missing:]:
        actual[name] = None  # not in yet
    head = {"en": "Line,Budget,Actual", "uk": "Стаття,Бюджет,Факт", "ru": "Статья,Бюджет,Факт"}[language]
    rows = [head]
    for n in names:
        fmt = SIGNS["positive"] if n == names[0] else SIGNS[sign]
        rows.append(f"{n},{fmt(budget[n])},{'' if actual[n] is None else fmt(actual[n])}")
    path = tmp_path / f"budget_{language}.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    steps, text = _standard(tmp_path, path)
    [step] = [s for s in steps if s.recipe == "budget_vs_actual"]
    assert all(s.recipe != "distribution" for s in steps)  # a budget is not described like a sample
    want = _expected(budget, actual, names[0])
    f = step.figures.figures
    assert round(f["budget"], 2) == round(want["budget"].sum(), 2)
    assert round(f["actual"], 2) == round(want["actual"].sum(), 2)
    revenue = want.loc[names[0], "variance"]
    costs = want.drop(index=names[0])["variance"].sum()
    assert round(f["net_variance"], 2) == round(revenue - costs, 2)
    assert f["favourable_lines"] == (want["assessment"] == "favourable").sum()
    assert f["unfavourable_lines"] == (want["assessment"] == "unfavourable").sum()
    _check_lines(step, want, head.split(",")[0])
    # The PDF: the section, its totals in the reader's style, the assessments in its words.
    assert _plain(format_money(want["actual"].sum(), None, language)) in text
    assert _plain(format_money(want["budget"].sum(), None, language)) in text
    for verdict in set(want["assessment"]):
        assert say(language, "planner", "assess_" + verdict.replace(" ", "_")) in text
    if missing:
        assert names[-1] in text  # named as left out of the totals
    if language != "en":
        assert "favourable" not in text.split(say(language, "report", "steps"))[0]


YTD = [("positive", 2), ("negative", 3), ("parentheses", 1), ("positive", 5)]


@pytest.mark.parametrize(("sign", "months"), first_fast(YTD))
def test_monthly_budget_with_partial_actuals_is_the_year_to_date(tmp_path: Path, sign: str,
                                                                  months: int) -> None:
    rng = random.Random(months * 7 + len(sign))
    names = LINES["en"]
    head = ["Line"] + [f"{SHORT[m]} 2026 {w}" for m in range(6) for w in ("Budget", "Actual")]
    budget = {n: [round(rng.uniform(100, 9000), 2) for _ in range(6)] for n in names}
    actual = {n: [round(v * rng.uniform(0.8, 1.2), 2) for v in budget[n][:months]] for n in names}
    rows = [",".join(head)]
    for n in names:
        fmt = SIGNS["positive"] if n == names[0] else SIGNS[sign]
        cells = []
        for m in range(6):
            cells += [fmt(budget[n][m]), fmt(actual[n][m]) if m < months else ""]
        rows.append(",".join([n, *cells]))
    path = tmp_path / "monthly_budget.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    steps, text = _standard(tmp_path, path)
    [step] = [s for s in steps if s.recipe == "budget_to_date"]
    f = step.figures.figures
    assert f["through_month"] == months and f["months"] == months
    to_date = {n: sum(budget[n][:months]) for n in names}  # later months' budget not counted
    done = {n: sum(actual[n]) for n in names}
    want = _expected(to_date, done, names[0])
    assert round(f["revenue_budget"], 2) == round(to_date[names[0]], 2)
    assert round(f["revenue_actual"], 2) == round(done[names[0]], 2)
    assert round(f["cost_budget"], 2) == round(sum(to_date[n] for n in names[1:]), 2)
    assert round(f["cost_actual"], 2) == round(sum(done[n] for n in names[1:]), 2)
    assert f["favourable_lines"] == (want["assessment"] == "favourable").sum()
    _check_lines(step, want, "line")
    assert format_money(done[names[0]]) in text and format_money(to_date[names[0]]) in text


def test_a_budget_beside_the_pnl_is_in_the_pack(tmp_path: Path) -> None:
    """The P&L workbook and its budget (another file of the same analysis): one finance
    report with the P&L pack and the budget section."""
    path, info = pnl_workbook(tmp_path / "pnl.xlsx", negative_costs=True, seed=5)
    lines = {"Product sales": sum(info["lines"]["Product sales"]),
             "Salaries": -sum(info["lines"]["Salaries"]), "Rent": -sum(info["lines"]["Rent"])}
    budget = {n: round(v * 0.95, 2) for n, v in lines.items()}
    book = openpyxl.Workbook()
    book.active.append(["Line", "Budget", "Actual"])
    for name in lines:
        book.active.append([name, budget[name], round(lines[name], 2)])
    book.save(tmp_path / "budget.xlsx")
    steps, text = _standard(tmp_path, path, tmp_path / "budget.xlsx")
    recipes = [s.recipe for s in steps]
    assert "pnl_statement" in recipes and "budget_vs_actual" in recipes, recipes
    [step] = [s for s in steps if s.recipe == "budget_vs_actual"]
    want = _expected(budget, {n: round(v, 2) for n, v in lines.items()}, "Product sales")
    _check_lines(step, want, "Line")
    # Sales above a budget 5% lower: favourable; costs above theirs: unfavourable.
    assert list(want["assessment"]) == ["favourable", "unfavourable", "unfavourable"]
    assert say("en", "planner", "report_title_finance") in text
    assert _plain(format_money(sum(info["revenue"]))) in text
