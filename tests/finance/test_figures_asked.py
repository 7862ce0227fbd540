"""Issue 26, never a confident wrong figure: a finance figure asked of a table that is not a
statement is stated exactly when a recipe computes it, else declined by its name; a budget
whose months have no year is declined in plain words. Asked through `Analysis.ask` (offline,
local sandbox), one session per file, in several phrasings of en/uk/ru/zh.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from analyst.session.analysis import Analysis
from tests.finance.blind_books import Blind, statement

# Figures no sales recipe computes: each phrasing, and the name its refusal must say.
UNCOMPUTED = {
    "operating profit": (r"operating profit|операційн\w* прибут|операционн\w* прибыл|营业利润",
                         "operating profit", "what was the operating profit",
                         "EBIT for the year", "операційний прибуток", "який операційний прибуток",
                         "операционная прибыль", "какая операционная прибыль", "营业利润是多少"),
    "net profit": (r"net profit|净利润|чист\w* прибут|чист\w* прибыл", "net profit",
                   "what was our net profit", "який чистий прибуток", "чистий прибуток за рік",
                   "какая чистая прибыль", "чистая прибыль", "净利润是多少", "全年净利润"),
    "ebitda": (r"EBITDA", "EBITDA", "what is our ebitda", "яка EBITDA", "какая EBITDA", "EBITDA是多少"),
    "operating margin": (r"operating margin|операційн\w* марж|операционн\w* марж|营业利润率",
                         "operating margin", "яка операційна маржа", "операционная маржа",
                         "营业利润率是多少"),
    "net margin": (r"net margin|чист\w* марж|净利率", "what is the net margin", "чиста маржа",
                   "какая чистая маржа", "净利率是多少"),
}
GROSS_PROFIT = ("gross profit", "what is the gross profit", "валовий прибуток",
                "який валовий прибуток", "валовая прибыль", "какая валовая прибыль", "毛利是多少")
GROSS_MARGIN = ("what is the gross margin", "gross margin", "яка валова маржа", "валова маржа",
                "какая валовая маржа", "毛利率是多少")
GROSS_NAMED = r"gross (?:profit|margin)|валов\w* (?:прибут|марж)|валов\w* (?:прибыл|марж)|毛利"
REVENUE = {"en": ("what is the revenue", "what was total revenue"), "uk": ("яка виручка",),
           "ru": ("какая выручка",), "zh": ("收入是多少", "收入有多少", "收入合计是多少")}
MONTHS = {"en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
          "uk": ("Січ", "Лют", "Бер", "Кві", "Тра", "Чер", "Лип", "Сер", "Вер", "Жов", "Лис", "Гру"),
          "ru": ("Янв", "Фев", "Мар", "Апр", "Май", "Июн", "Июл", "Авг", "Сен", "Окт", "Ноя", "Дек"),
          "zh": tuple(f"{m}月" for m in range(1, 13))}
BUDGET_ASKED = {"en": ("budget vs actual", "what is the full-year revenue budget"),
                "uk": ("відхилення від бюджету", "який річний бюджет виручки"),
                "ru": ("отклонение факта от плана", "какой годовой бюджет выручки"),
                "zh": ("预算与实际的差异", "全年收入预算是多少")}
TRACE = re.compile(r"Traceback|Error\b|Exception|OutOfBounds|nanosecond|Timestamp", re.I)


def ask(analysis: Analysis, question: str):
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def figures(answer) -> dict:
    out: dict = {}
    for step in answer.steps:
        if step.figures is not None:
            out.update(step.figures.figures)
    return out


def sales_table(path: Path, seed: int) -> dict[str, float]:
    """Products sold, each with its cost of sales: revenue, cost and gross profit to the cent."""
    rng = random.Random(seed)
    rows = [(f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", rng.choice("ABCDE"),
             round(rng.uniform(100, 900), 2)) for _ in range(40)]
    rows = [(d, p, r, round(r * rng.uniform(0.4, 0.8), 2)) for d, p, r in rows]
    path.write_text("Date,Product,Revenue,Cost of goods\n" + "".join(
        f"{d},Widget {p},{r:.2f},{c:.2f}\n" for d, p, r, c in rows), encoding="utf-8")
    revenue = round(sum(r for *_, r, _ in rows), 2)
    gross = round(revenue - sum(c for *_, c in rows), 2)
    return {"revenue": revenue, "gross_profit": gross, "gross_margin_pct": gross / revenue * 100}


def undated_budget(path: Path, language: str, seed: int) -> None:
    """A budget with actuals, its months named without a year ("Січ Бюджет", "1月 预算")."""
    rng = random.Random(seed)
    plan, done = {"en": ("Budget", "Actual"), "uk": ("Бюджет", "Факт"), "ru": ("План", "Факт"),
                  "zh": ("预算", "实际")}[language]
    head = ["Line", *[f"{m} {w}" for m in MONTHS[language] for w in (plan, done)]]
    lines = [[name, *[f"{rng.uniform(1_000, 9_000):.2f}" for _ in range(24)]]
             for name in ("Sales revenue", "Wages", "Rent")]
    path.write_text("\n".join(",".join(row) for row in (head, *lines)) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[Analysis, dict]]]:
    """One session per file, made once: a sales table with a cost of sales, a P&L in columns
    ("项目 | 收入 | 成本费用"), and a budget of undated months in each language."""
    with ExitStack() as stack:
        made: dict[str, tuple[Analysis, dict]] = {}

        def session(name: str, path: Path, info: dict) -> None:
            analysis = stack.enter_context(Analysis.open(path.parent / "ws", backend="local"))
            analysis.add_file(path)
            made[name] = (analysis, info)

        folder = tmp_path_factory.mktemp("sales")
        session("sales", folder / "sales.csv", sales_table(folder / "sales.csv", 26))
        folder = tmp_path_factory.mktemp("amounts")
        layout = Blind("zh", "parentheses", "grouped", False, False, None, False, True, shape="amounts")
        path, info = statement(folder / "pnl", layout, 42)
        session("amounts", path, info)
        for language in MONTHS:
            folder = tmp_path_factory.mktemp(f"budget_{language}")
            undated_budget(folder / "budget.csv", language, len(language))
            session(f"budget_{language}", folder / "budget.csv", {})
        yield made


def _declined_by_name(answer, named: str) -> None:
    assert not answer.ok and not figures(answer), answer.text
    assert re.search(named, answer.text, re.I), answer.text
    assert not TRACE.search(answer.text), answer.text


@pytest.mark.parametrize("table", ("sales", "amounts"))
@pytest.mark.parametrize("figure", UNCOMPUTED)
def test_a_figure_no_recipe_computes_is_declined_by_name(sessions, table: str, figure: str) -> None:
    analysis, _ = sessions[table]
    named, *phrasings = UNCOMPUTED[figure]
    for question in phrasings:
        _declined_by_name(ask(analysis, question), named)


def test_gross_figures_of_a_real_cost_of_sales_are_exact(sessions) -> None:
    analysis, truth = sessions["sales"]
    for question, key in [*((q, "gross_profit") for q in GROSS_PROFIT[::3]),
                          *((q, "gross_margin_pct") for q in GROSS_MARGIN[::2])]:
        answer = ask(analysis, question)
        got = figures(answer).get(key)
        assert answer.ok and got is not None, (question, answer.text)
        assert math.isclose(float(got), truth[key], abs_tol=0.005), (question, got, truth[key])


def test_gross_figures_of_costs_that_are_not_cost_of_sales_are_declined_by_name(sessions) -> None:
    analysis, _ = sessions["amounts"]
    for question in (*GROSS_PROFIT[1::3], *GROSS_MARGIN[1::2]):
        _declined_by_name(ask(analysis, question), GROSS_NAMED)


def test_revenue_is_its_sum_never_a_row_count(sessions) -> None:
    analysis, info = sessions["amounts"]
    want = round(info["truth"]["revenue"] * 100)
    for question in (q for qs in REVENUE.values() for q in qs):
        answer = ask(analysis, question)
        said = {round(float(v) * 100) for v in figures(answer).values()
                if isinstance(v, (int, float)) and not math.isnan(float(v))}
        assert answer.ok and want in said, (question, answer.text)


@pytest.mark.parametrize("language", MONTHS)
def test_a_budget_of_months_without_a_year_is_declined_in_plain_words(sessions, language: str) -> None:
    analysis, _ = sessions[f"budget_{language}"]
    for question in (q for qs in BUDGET_ASKED.values() for q in qs[:1]) if language == "en" else (
            BUDGET_ASKED[language]):
        answer = ask(analysis, question)
        assert not answer.ok and not figures(answer), (question, answer.text)
        assert not TRACE.search(answer.text), (question, answer.text)
