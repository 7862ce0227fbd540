"""Recipe titles are message ids with values (context "recipe_title"), said in the reader's
language: every recipe, on generated tables whose column names are in four scripts, titles
its result and its chart in en/uk/ru/zh; the English is today's exactly, the others hold no
English word but the column names (as the user wrote them); the id and values travel through
`to_dict`, the figures line and `StepFigures`; a drawn chart carries the title of its
language; the narrative's fallback (a recipe without a writer) speaks the reader's language.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pandas as pd
import pytest

from analyst import recipes
from analyst.brain.code.codegen import PlannedStep
from analyst.brain.narrate.narrative import describe
from analyst.brain.runner import step_paragraph
from analyst.events import ModelCode, Step
from analyst.recipes.notes import TitleId, say
from analyst.record import figures_sent
from analyst.record.figures import StepFigures
from analyst.words.note import RecipeTitle
from sandbox.result import ExecutionResult
from tests.grids import grid
from tests.record.steps import kept_and_read_back

LANGUAGES = ("en", "uk", "ru", "zh")
# Column names (and line items) per script; each seed draws its own.
POOLS: dict[str, dict[str, tuple[str, ...]]] = {
    "latin": {"date": ("Order date", "Date", "Booked on"), "item": ("Product", "Customer", "SKU"),
              "region": ("Region", "Store"), "amount": ("Revenue", "Net sales", "Amount"),
              "cost": ("Cost", "COGS"), "period": ("Period", "Month"), "line": ("Line item", "Account"),
              "section": ("Section", "Group"), "value": ("Value", "Total"),
              "budget": ("Budget", "Plan"), "actual": ("Actual", "Fact"),
              "stages": ("Visits", "Carts", "Orders"),
              "lines": ("Product sales", "Materials", "Rent", "Salaries")},
    "ukrainian": {"date": ("Дата замовлення", "Дата"), "item": ("Товар", "Клієнт"),
                  "region": ("Регіон", "Магазин"), "amount": ("Виручка", "Сума продажів"),
                  "cost": ("Собівартість",), "period": ("Період", "Місяць"),
                  "line": ("Стаття", "Рахунок"), "section": ("Розділ",), "value": ("Сума",),
                  "budget": ("Бюджет", "План"), "actual": ("Факт",),
                  "stages": ("Візити", "Кошики", "Замовлення"),
                  "lines": ("Продажі", "Матеріали", "Оренда", "Зарплата")},
    "russian": {"date": ("Дата заказа",), "item": ("Товар", "Покупатель"),
                "region": ("Регион",), "amount": ("Выручка", "Сумма"), "cost": ("Себестоимость",),
                "period": ("Период",), "line": ("Статья",), "section": ("Раздел",),
                "value": ("Значение",), "budget": ("Бюджет",), "actual": ("Факт",),
                "stages": ("Визиты", "Корзины", "Заказы"),
                "lines": ("Продажи", "Материалы", "Аренда", "Зарплата")},
    "han": {"date": ("订单日期", "日期"), "item": ("产品", "客户"), "region": ("地区",),
            "amount": ("收入", "销售额"), "cost": ("成本",), "period": ("期间",), "line": ("项目",),
            "section": ("类别",), "value": ("金额",), "budget": ("预算",), "actual": ("实际",),
            "stages": ("访问", "购物车", "订单"), "lines": ("产品销售", "材料", "租金", "工资")},
}
SCRIPTS = tuple(POOLS)
SECTIONS = ("Revenue", "Cost of sales", "Operating expenses", "Operating expenses")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
ALLOWED_LATIN = {"ABC"}


def names(script: str, seed: int) -> dict[str, Any]:
    rng = random.Random(f"{script}{seed}")
    pool = POOLS[script]
    return {k: (v if k in ("stages", "lines") else rng.choice(v)) for k, v in pool.items()}


def sales(n: dict[str, Any], seed: int) -> pd.DataFrame:
    rng = random.Random(seed)
    rows = rng.randint(40, 400)
    items = [f"{n['item']} {i}" for i in range(rng.randint(4, 60))]
    dates = pd.date_range("2025-01-01", "2026-06-30", freq="D")
    amount = [round(rng.uniform(10, 5000), 2) for _ in range(rows)]
    return pd.DataFrame({
        n["date"]: [dates[rng.randrange(len(dates))] for _ in range(rows)],
        n["item"]: [rng.choice(items) for _ in range(rows)],
        n["region"]: [rng.choice(("N", "S", "E")) for _ in range(rows)],
        n["amount"]: amount,
        n["cost"]: [round(a * rng.uniform(0.3, 0.9), 2) for a in amount],
        n["budget"]: [round(a * rng.uniform(0.8, 1.2), 2) for a in amount],
    })


def statement(n: dict[str, Any], seed: int) -> pd.DataFrame:
    rng = random.Random(seed)
    rows = []
    for month in pd.date_range("2024-01-01", periods=24, freq="MS"):
        for line, section in zip(n["lines"], SECTIONS, strict=True):
            scale = 6 if section == "Revenue" else 1
            rows.append((month, line, section, round(rng.uniform(1000, 9000) * scale, 2)))
    return pd.DataFrame(rows, columns=[n["period"], n["line"], n["section"], n["value"]])


def budget(n: dict[str, Any], seed: int) -> pd.DataFrame:
    rng = random.Random(seed)
    rows = []
    for month in pd.date_range("2026-01-01", periods=12, freq="MS"):
        for line in n["lines"]:
            plan = round(rng.uniform(1000, 9000), 2)
            rows.append((line, month, plan, round(plan * rng.uniform(0.8, 1.2), 2)
                         if month.month <= 7 else None))
    return pd.DataFrame(rows, columns=[n["line"], n["date"], n["budget"], n["actual"]])


def funnel(n: dict[str, Any], seed: int) -> pd.DataFrame:
    rng = random.Random(seed)
    first = rng.randint(1000, 9000)
    counts = [first, first // 3, first // 9]
    return pd.DataFrame({stage: [c] for stage, c in zip(n["stages"], counts, strict=True)})


Call = Callable[[dict[str, Any], int], tuple[recipes.RecipeResult, str, str | None]]


def _cases() -> dict[str, Call]:
    """recipe -> (its result, the English title and chart title as the recipes wrote them
    before titles were message ids)."""
    def st(n: dict[str, Any]) -> tuple[str, str, str, str]:
        return n["period"], n["line"], n["value"], n["section"]

    def top(n, s):
        df = sales(n, s)
        k = random.Random(s).choice((3, 10, 200))
        groups = df[n["item"]].nunique()
        return (recipes.top_n(df, n["item"], n["amount"], n=k),
                f"Top {k} {n['item']} by {n['amount']}",
                f"Top {min(k, groups)} {n['item']} by {n['amount']}")

    def dyn(n, s):
        freq = ("M", "W", "Q")[s % 3]
        word = {"M": "month", "W": "week", "Q": "quarter"}[freq]
        text = f"{n['amount']} by {word}"
        return recipes.period_dynamics(sales(n, s), n["date"], n["amount"], freq=freq), text, text

    def figure(n, s):
        by = (None, "M", "Q")[s % 3]
        if s % 2:
            what, name = {"line": n["lines"][1]}, n["lines"][1]
        else:
            what, name = {"figure": "gross_profit"}, "gross_profit"
        text = (f"{name} by {'month' if by == 'M' else 'quarter'}" if by else f"{name}: total")
        return recipes.statement_figure(statement(n, s), *st(n), by=by, **what), text, text

    def growth(n, s):
        compare = ("MoM", "QoQ", "YoY")[s % 3]
        what, name = ({"line": n["lines"][0]}, n["lines"][0]) if s % 2 else (
            {"figure": "operating_profit"}, "operating_profit")
        return (recipes.line_growth(statement(n, s), *st(n), compare=compare, **what),
                f"{name}: {compare} change", f"{name}: {compare}")

    def breakdown(n, s):
        by = [n["region"], n["item"]] if s % 2 else n["item"]
        label = " / ".join(by) if isinstance(by, list) else by
        text = f"{n['amount']} by {label}"
        return recipes.breakdown(sales(n, s), by, n["amount"]), text, text

    def pnl_statement(n, s):
        freq = ("M", "Q")[s % 2]
        word = "month" if freq == "M" else "quarter"
        return (recipes.pnl_statement(statement(n, s), *st(n), freq=freq),
                f"P&L by {word} with the year's total", "Revenue, gross profit and operating profit")

    return {
        "kpi_summary": lambda n, s: (recipes.kpi_summary(sales(n, s), n["amount"], date=n["date"],
                                                         cost=n["cost"]),
                                     f"Key figures: {n['amount']}", None),
        "period_dynamics": dyn,
        "top_n": top,
        "abc_analysis": lambda n, s: (recipes.abc_analysis(sales(n, s), n["item"], n["amount"]),
                                      f"ABC analysis of {n['item']} by {n['amount']}",
                                      f"ABC analysis: {n['item']} by {n['amount']}"),
        "breakdown": breakdown,
        "margin_by": lambda n, s: (recipes.margin_by(sales(n, s), n["item"], n["amount"], n["cost"]),
                                   f"Gross margin by {n['item']}", f"Gross profit by {n['item']}"),
        "funnel_conversion": lambda n, s: (recipes.funnel_conversion(funnel(n, s), list(n["stages"])),
                                           "Funnel conversion", "Funnel"),
        "pnl_summary": lambda n, s: (recipes.pnl_summary(sales(n, s), n["date"], revenue=n["amount"],
                                                         cogs=n["cost"]),
                                     "Profit and loss summary", "Revenue and profit"),
        "budget_vs_actual": lambda n, s: (
            recipes.budget_vs_actual(sales(n, s), n["item"], n["budget"], n["amount"]),
            f"{n['amount']} vs {n['budget']} by {n['item']}",
            f"{n['amount']} vs {n['budget']}: variance by {n['item']}"),
        "profile": lambda n, s: (recipes.profile(sales(n, s)), "Column profile", None),
        "outliers": lambda n, s: (recipes.outliers(sales(n, s), n["amount"]),
                                  f"Outliers in {n['amount']}", None),
        "pnl_statement": pnl_statement,
        "margin_trend": lambda n, s: (recipes.margin_trend(statement(n, s), *st(n)),
                                      "Margins by month", "Margins by month"),
        "expense_structure": lambda n, s: (
            recipes.expense_structure(statement(n, s), n["line"], n["value"], n["section"],
                                      date=n["period"]),
            "Structure of expenses", "Structure of expenses"),
        "notable_changes": lambda n, s: (recipes.notable_changes(statement(n, s), *st(n)),
                                         "Notable changes",
                                         "Largest changes from one month to the next"),
        "statement_figure": figure,
        "loss_months": lambda n, s: (recipes.loss_months(statement(n, s), *st(n)),
                                     "Loss-making months", "Operating profit by month"),
        "statement_margins": lambda n, s: (recipes.statement_margins(statement(n, s), *st(n)),
                                           "Margins", "Margins by month"),
        "largest_expenses": lambda n, s: (recipes.largest_expenses(statement(n, s), *st(n)),
                                          "Largest expense lines", "Largest expense lines"),
        "line_growth": growth,
        "budget_to_date": lambda n, s: (
            recipes.budget_to_date(budget(n, s), n["line"], n["date"], n["budget"], n["actual"]),
            "Budget vs actual, year to date", "Variance to budget, year to date"),
        "rank_items": lambda n, s: (recipes.rank_items(sales(n, s), n["item"], n["date"], n["amount"]),
                                    f"{n['item']} ranked by {n['amount']}", f"{n['item']} ranked"),
    }


CASES = _cases()
RUNS = [(recipe, script, seed) for recipe in CASES for script in SCRIPTS for seed in (0, 1, 2)]


def _own_words(text: str, n: dict[str, Any]) -> str:
    """`text` without the user's own names (columns, line items, items) in it."""
    own = [str(v) for v in n.values() if isinstance(v, str)]
    own += [str(v) for key in ("stages", "lines") for v in n[key]]
    for name in sorted(own, key=len, reverse=True):
        text = text.replace(name, "")
    return text


@pytest.mark.parametrize(("recipe", "script", "seed"), RUNS)
def test_every_title_is_said_in_every_language(recipe: str, script: str, seed: int) -> None:
    n = names(script, seed)
    result, english, chart_english = CASES[recipe](n, seed)
    titles = [(result.title, english)]
    if chart_english is not None:
        assert result.chart is not None
        titles.append((result.chart.title, chart_english))
    for title, want in titles:
        assert isinstance(title, TitleId), (recipe, title)
        assert str(title) == want  # the English is today's
        said = {lang: say(title, lang) for lang in LANGUAGES}
        assert said["en"] == want
        assert said["uk"] != want and said["ru"] != want and said["zh"] != want, said
        for lang in ("uk", "ru", "zh"):
            text = said[lang]
            assert "{" not in text and "}" not in text, text
            left = set(LATIN_WORD.findall(_own_words(text, n))) - ALLOWED_LATIN
            assert not left, (recipe, lang, text, left)
            for value in title.values.values():  # a column name as the user wrote it
                if isinstance(value, str) and not hasattr(value, "key") and value in said["en"]:
                    assert value in text or type(value).__name__ == "Word", (lang, text, value)


@pytest.mark.parametrize(("recipe", "script"), [(r, s) for r in CASES for s in SCRIPTS])
def test_the_title_travels_with_its_id_and_values(recipe: str, script: str) -> None:
    n = names(script, 3)
    result, _, _ = CASES[recipe](n, 3)
    data = json.loads(json.dumps(result.to_dict(), default=str, ensure_ascii=False))
    sent = ExecutionResult(figures=json.loads(json.dumps({
        "recipe": result.name, "title": result.title,
        "title_data": recipes.notes.note_data([result.title])[0],
        "figures": result.figures, "notes": [], "head": []}, default=str, ensure_ascii=False)))
    figures = figures_sent(sent)
    assert figures is not None
    again = StepFigures.from_dict(json.loads(json.dumps(figures.to_dict(), ensure_ascii=False)))
    host = StepFigures(result.name, result.title, {}, (), ())  # a recipe run on the host
    for lang in LANGUAGES:
        want = say(result.title, lang)
        assert RecipeTitle.from_dict(data["title_data"]).render(lang) == want
        for f in (figures, again, host):
            assert isinstance(f.title, RecipeTitle) and f.title.render(lang) == want
        if result.chart is not None:
            chart = RecipeTitle.from_dict(data["chart"]["title_data"])
            assert chart.render(lang) == say(result.chart.title, lang)
    assert data["title"] == str(result.title)


# Each case draws in a sandbox: every recipe once (uk and zh among them) in the fast tier,
# in both languages in the full run.
@pytest.mark.parametrize(("recipe", "language"),
                         grid(("top_n", "line_growth", "budget_vs_actual", "abc_analysis",
                               "funnel_conversion"), ("uk", "zh")))
def test_a_drawn_chart_carries_the_title_of_its_language(recipe: str, language: str,
                                                         tmp_path) -> None:
    n = names("latin" if language == "uk" else "han", 4)
    result, _, chart_english = CASES[recipe](n, 4)
    assert result.chart is not None
    figure = recipes.draw_chart(replace(result.chart, language=language))
    drawn = [t for ax in figure.axes for t in (ax.get_title(), ax.get_title("left"))]
    assert say(result.chart.title, language) in drawn
    assert chart_english not in drawn
    paths = result.save(tmp_path, "chart", language=language)
    assert paths[-1].endswith(".png")


@pytest.mark.parametrize("language", ("uk", "ru", "zh"))
@pytest.mark.parametrize("recipe", ("outliers", "profile"))
def test_a_step_without_a_writer_is_titled_in_the_reader_s_language(recipe, language) -> None:
    n = names("latin", 5)
    result, english, _ = CASES[recipe](n, 5)
    figures = StepFigures.from_dict({"recipe": result.name, "title": str(result.title),
                                     "title_data": result.title.to_dict(),
                                     "figures": result.figures, "notes": [], "head": []})
    planned = PlannedStep("s", "крок", recipe, "input/t.parquet", {}, language=language)
    text = describe(planned, figures, language=language)
    assert text.startswith(say(result.title, language)) and english not in text
    # a step of the model's own code (no recipe call) that printed a recipe's figures line
    step = Step(1, "крок", "print()", origin=ModelCode(), result=ExecutionResult(),
                figures=figures)
    assert step_paragraph(step, language=language) == say(result.title, language)


def test_the_step_record_keeps_the_title_s_id_through_the_store_and_the_answer_log(tmp_path):
    from analyst.events import Answer, RecipeCall

    steps = []
    for number, (recipe, script) in enumerate(zip(("breakdown", "line_growth", "top_n", "outliers"),
                                                  SCRIPTS, strict=True), 1):
        n = names(script, number)
        result, _, _ = CASES[recipe](n, number)
        sent = ExecutionResult(figures=json.loads(json.dumps({
            "recipe": result.name, "title": result.title,
            "title_data": recipes.notes.note_data([result.title])[0],
            "figures": result.figures, "notes": [], "head": []}, default=str, ensure_ascii=False)))
        steps.append(Step(number, "крок", "", origin=RecipeCall(recipe, {}, "uk"),
                          result=ExecutionResult(), figures=figures_sent(sent)))
    answer = Answer(question="?", text="", steps=tuple(steps))
    stored, logged = kept_and_read_back(answer, tmp_path)
    for again in (stored, logged):
        assert again is not None
        for before, after in zip(answer.steps, again.steps, strict=True):
            assert before.figures is not None and after.figures is not None
            assert isinstance(after.figures.title, RecipeTitle)
            for lang in LANGUAGES:
                assert after.figures.title.render(lang) == before.figures.title.render(lang)
            assert after.figures.to_dict()["title_data"] == before.figures.to_dict()["title_data"]
