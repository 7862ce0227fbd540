"""Issue 26: "which month had the highest revenue" on a statement is answered exactly, from
the statement's reconciled reading, or declined by name; never another figure.

Statements are the blind round's layouts (`tests/finance/blind_books.py`: "Less:" lines,
EBIT, German, Ukrainian, Russian and Chinese words, FY/Total columns, "(in thousands)", a
9-month year, a file whose own operating row is wrong) and a few written here (quarter
columns, year columns, a tie). The truth is the generator's own numbers added up with plain
pandas. Each file is loaded once; its many phrasings (en/uk/ru/zh, highest and lowest,
months and quarters, results, costs and a line) are planned by the real offline planner and
their recipe run on the host; one question per file goes the whole way through
`Analysis.ask` (a local session) to check the words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

import analyst.recipes as recipes
from analyst.brain.plan.statements import statement_plan
from analyst.recipes.labels import month_label
from analyst.session.analysis import Analysis
from analyst.words.number_formats import format_money
from tests.finance.blind_books import WORDS, Blind, _draw, statement
from tests.grids import FULL_RUN_ONLY

# (figure, extreme, by, question): the figure is one of the P&L's results, or "line" for the
# layout's own line item (`LINE`).
ASKED: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "en": (
        ("revenue", "max", "M", "which month had the highest revenue"),
        ("revenue", "max", "M", "Best month for sales?"),
        ("revenue", "min", "M", "worst month for revenue"),
        ("revenue", "min", "M", "in which month was revenue the lowest"),
        ("revenue", "max", "M", "What month had the largest revenue in 2025?"),
        ("net_profit", "max", "M", "which month had the highest net income"),
        ("operating_profit", "min", "Q", "which quarter had the lowest operating profit"),
        ("gross_profit", "max", "Q", "best quarter for gross profit"),
        ("opex", "max", "M", "month with the highest operating expenses"),
        ("total_costs", "min", "M", "which month had the lowest costs"),
        ("line", "max", "M", "which month had the highest {line}"),
    ),
    "uk": (
        ("revenue", "max", "M", "в якому місяці був найбільший дохід"),
        ("revenue", "max", "M", "у якому місяці була найбільша виручка"),
        ("revenue", "min", "M", "місяць з найменшою виручкою"),
        ("revenue", "max", "M", "найкращий місяць за виручкою"),
        ("net_profit", "min", "M", "в якому місяці чистий прибуток був мінімальним"),
        ("operating_profit", "max", "Q", "в якому кварталі операційний прибуток найвищий"),
        ("gross_profit", "min", "Q", "в якому кварталі валовий прибуток найменший"),
        ("opex", "max", "M", "у якому місяці операційні витрати були максимальними"),
        ("line", "max", "M", "у якому місяці {line} була найбільшою"),
    ),
    "ru": (
        ("revenue", "max", "M", "в каком месяце выручка была максимальной"),
        ("revenue", "max", "M", "в каком месяце была самая высокая выручка"),
        ("revenue", "min", "M", "месяц с наименьшей выручкой"),
        ("revenue", "min", "M", "худший месяц по выручке"),
        ("net_profit", "max", "M", "в каком месяце чистая прибыль была наибольшей"),
        ("operating_profit", "min", "Q", "в каком квартале операционная прибыль минимальна"),
        ("gross_profit", "max", "Q", "в каком квартале валовая прибыль была самой высокой"),
        ("opex", "min", "M", "в каком месяце операционные расходы были минимальными"),
        ("line", "max", "M", "в каком месяце {line} была максимальной"),
    ),
    "zh": (
        ("revenue", "max", "M", "哪个月收入最高"),
        ("revenue", "min", "M", "哪个月收入最低"),
        ("revenue", "max", "M", "哪个月营收最多"),
        ("net_profit", "min", "M", "哪个月净利润最低"),
        ("operating_profit", "max", "Q", "哪个季度营业利润最高"),
        ("gross_profit", "min", "Q", "哪个季度毛利最低"),
        ("opex", "max", "M", "哪个月营业费用最高"),
        ("line", "max", "M", "哪个月{line}最高"),
    ),
}
# Questions this reading must not answer on any statement: each names what it cannot honour.
NOT_HONOURED = {
    "en": ("which month of Q2 had the highest revenue", "top 3 months by revenue",
           "which month had the highest revenue growth", "best month for operating expenses",
           "which month had the highest"),
    "uk": ("у якому місяці другого кварталу була найбільша виручка",
           "в якому місяці найбільше зросла виручка"),
    "ru": ("в каком месяце выручка выросла больше всего", "лучший месяц по расходам"),
    "zh": ("哪个月收入增长最高", "第二季度哪个月收入最高"),
}
# The layouts' own line items asked by name, as a user writes them.
LINE = {"en-less": ("Less: Rent", "rent"), "en-ebit": ("Payroll", "payroll"),
        "uk": ("Оренда", "оренда"), "ru": ("Аренда", "аренда"), "zh": ("研发费用", "研发费用")}

LAYOUTS = [
    Blind("en-less", "positive", "number", True, True, "FY", False, True),
    Blind("en-ebit", "parentheses", "grouped", True, False, None, True, False),
    Blind("uk", "negative", "number", True, False, "Total", True, False),
    Blind("ru", "positive", "number", False, False, "Total", False, True, months=9),
    Blind("zh", "positive", "number", False, False, "FY", True, True),
    # Its own operating row contradicts its lines: no month may be named.
    Blind("zh", "negative", "number", False, False, None, False, True, wrong="operating"),
    # Jan-Aug: its third quarter has two months, so quarters are not compared.
    Blind("en-ebit", "positive", "number", False, False, None, False, True, months=8),
]


@dataclass(frozen=True)
class Truth:
    """The generator's monthly figures of each P&L result and of the layout's line."""

    months: pd.DataFrame
    """One row per month ("2025-01" …), a column per result and "line"."""


def _truth(layout: Blind) -> Truth:
    """The generator's draws, in its order (`blind_books.statement`), added up here."""
    rng = random.Random(sum(map(ord, layout.name)))
    words = WORDS[layout.words]
    k, n = layout.thousands, layout.months
    drawn: list[tuple[str, str, list[float]]] = []
    for kind, labels, low, high in (("revenue", words.revenue, 30_000, 90_000),
                                    ("cogs", words.cogs, 6_000, 20_000),
                                    ("opex", words.opex, 2_000, 12_000),
                                    *((("below", words.below, 300, 3_000),) if layout.net else ())):
        drawn += [(kind, label, [_draw(rng, low, high, k) for _ in range(n)]) for label in labels]
    scale = 1000.0 if k else 1.0  # "(in thousands)" is scaled at ingest: full values
    lines = pd.DataFrame([{"kind": kind, "label": label, "month": f"2025-{m + 1:02d}",
                           "value": values[m] * scale}
                          for kind, label, values in drawn for m in range(n)])
    per = lines.pivot_table(index="month", columns="kind", values="value", aggfunc="sum")
    per = per.reindex(columns=["revenue", "cogs", "opex", "below"], fill_value=0.0)
    per["gross_profit"] = per["revenue"] - per["cogs"]
    per["operating_profit"] = per["gross_profit"] - per["opex"]
    per["net_profit"] = per["operating_profit"] - per["below"]
    per["total_costs"] = per["cogs"] + per["opex"]
    line = LINE.get(layout.words, ("", ""))[0]
    per["line"] = lines[lines["label"] == line].groupby("month")["value"].sum()
    return Truth(per)


def _extreme(truth: Truth, figure: str, way: str, by: str) -> tuple[list[str], float]:
    """The periods holding the extreme ("2025-03", "2025-Q2") and its value."""
    values = truth.months[figure]
    if by == "Q":
        values = values.groupby(lambda m: f"{m[:4]}-Q{(int(m[5:]) - 1) // 3 + 1}").sum()
    best = values.max() if way == "max" else values.min()
    return [str(p) for p, v in values.items() if abs(v - best) < 0.005], float(best)


Loaded = tuple[Analysis, Path]


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[Blind], Loaded]]:
    """layout -> its statement in a local session of its own, added once for the module."""
    folder = tmp_path_factory.mktemp("months")
    with ExitStack() as stack:
        analyses: dict[str, Loaded] = {}

        def get(layout: Blind) -> Loaded:
            if layout.name not in analyses:
                path, _ = statement(folder / layout.name, layout, sum(map(ord, layout.name)))
                analysis = stack.enter_context(Analysis.open(folder / f"ws-{layout.name}",
                                                             backend="local"))
                analysis.add_file(path)
                analyses[layout.name] = (analysis, analysis.workspace.root)
            return analyses[layout.name]

        yield get


def _cases(layouts: list[Blind], fast: tuple[str, ...]) -> list:
    """The fast tier keeps the layouts named in `fast` (a file costs about a second to
    load); the full run all of them."""
    return [pytest.param(x, id=x.name, marks=() if x.words + str(x.wrong) in fast
                         else FULL_RUN_ONLY) for x in layouts]


def _run(analysis: Analysis, root: Path, question: str, lang: str) -> tuple[object, object]:
    """The offline plan of `question` and, when it has a step, that step's recipe result
    (run here, on the host, on the same table the sandbox would read)."""
    plan = statement_plan(question, analysis.cards, lang)
    assert plan is not None, question
    if not plan.steps:
        return plan, None
    step = plan.steps[0]
    table = pd.read_parquet(root / step.parquet_path)
    try:
        return plan, getattr(recipes, step.recipe)(table, **step.arguments)
    except recipes.RecipeError as refusal:
        return plan, refusal


def _language(layout: Blind) -> str:
    return WORDS[layout.words].language


@pytest.mark.parametrize("layout", _cases([x for x in LAYOUTS if x.wrong is None],
                                           ("en-lessNone", "zhNone")))
def test_the_month_or_quarter_of_the_extreme_is_the_generators(loaded, layout: Blind) -> None:
    analysis, root = loaded(layout)
    truth = _truth(layout)
    lang = _language(layout)
    line, said = LINE.get(layout.words, ("", ""))
    for figure, way, by, template in ASKED[lang]:
        if figure == "line" and not line:
            continue
        question = template.format(line=said)
        plan, result = _run(analysis, root, question, lang)
        if figure == "net_profit" and not layout.net:
            # No interest or tax lines: no net profit, and its operating profit is not one.
            assert isinstance(result, recipes.RecipeError), (question, result)
            assert result.key == "no_net_profit_lines"
            continue
        if by == "Q" and layout.months % 3:
            # Its last quarter has fewer months: no quarter is compared, and it says why.
            assert isinstance(result, recipes.RecipeError), (question, result)
            assert result.key == "partial_quarters" and result.values["quarters"] == ["2025-Q3"]
            continue
        assert isinstance(result, recipes.RecipeResult), (question, plan.reason, result)
        holders, best = _extreme(truth, figure, way, by)
        figures = result.figures
        assert round(figures["value"], 2) == round(best, 2), (question, figures, holders)
        assert int(figures["ties"]) == len(holders), question
        named = [str(p) for p in result.table.loc[result.table["extreme"], "period"]]
        assert named == holders, (question, named)
        assert int(figures["periods"]) == len(truth.months) // (3 if by == "Q" else 1)


@pytest.mark.parametrize("layout", _cases(LAYOUTS, ("en-lessNone", "zhNone")))
def test_words_the_reading_cannot_honour_are_named_not_answered(loaded, layout: Blind) -> None:
    analysis, root = loaded(layout)
    for lang, questions in NOT_HONOURED.items():
        for question in questions:
            plan, result = _run(analysis, root, question, lang)
            assert result is None and plan.reason, (question, plan)


def test_a_statement_whose_own_total_disagrees_names_no_month(loaded) -> None:
    layout = next(x for x in LAYOUTS if x.wrong)
    analysis, root = loaded(layout)
    for lang, asked in ASKED.items():
        for _, _, _, template in asked:
            plan, result = _run(analysis, root, template.format(line="研发费用"), lang)
            assert result is None and plan.reason, template


@pytest.mark.parametrize("layout", _cases([x for x in LAYOUTS if x.wrong is None], ("zhNone",)))
def test_the_answer_names_the_month_and_its_value_in_the_readers_words(loaded, layout) -> None:
    analysis, _ = loaded(layout)
    lang = _language(layout)
    figure, way, by, question = ASKED[lang][0]
    answer = next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")
    holders, best = _extreme(_truth(layout), figure, way, by)
    step = answer.steps[0]
    assert answer.ok and step.recipe == "period_extreme", answer.text
    assert answer.language == lang
    currency = step.origin.params.get("currency")
    assert format_money(best, currency, lang) in answer.text, answer.text
    assert all(month_label(p, lang) in answer.text for p in holders), answer.text


# A small statement written here: its revenue is tied in its first and third periods.
SMALL = {"Sales": (100.10, 120.00, 100.10, 90.00), "Services": (50.05, 30.00, 50.05, 40.00),
         "Materials": (60.00, 50.00, 60.00, 55.00), "Rent": (20.00, 20.00, 20.00, 20.00)}
SMALL_KIND = {"Sales": "revenue", "Services": "revenue", "Materials": "cogs", "Rent": "opex"}
HEADERS = {"M": ("Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025"),
           "Q": ("Q1 2025", "Q2 2025", "Q3 2025", "Q4 2025"),
           "Y": ("2022", "2023", "2024", "2025")}
PERIODS = {"M": ("2025-01", "2025-02", "2025-03", "2025-04"),
           "Q": ("2025-Q1", "2025-Q2", "2025-Q3", "2025-Q4")}


def _small_statement(path: Path, columns: str) -> Path:
    def row(label: str, values: tuple[float, ...] | None) -> str:
        return f"{label}," + (",".join(f"{v:.2f}" for v in values) if values else ",,,")

    def total(kind: str) -> tuple[float, ...]:
        return tuple(round(sum(v[n] for k, v in SMALL.items() if SMALL_KIND[k] == kind), 2)
                     for n in range(4))

    revenue, cogs, opex = total("revenue"), total("cogs"), total("opex")
    gross = tuple(round(r - c, 2) for r, c in zip(revenue, cogs, strict=True))
    operating = tuple(round(g - o, 2) for g, o in zip(gross, opex, strict=True))
    rows = [row("Revenue", None), row("Sales", SMALL["Sales"]), row("Services", SMALL["Services"]),
            row("Total revenue", revenue), row("Cost of sales", None),
            row("Materials", SMALL["Materials"]), row("Total cost of sales", cogs),
            row("Gross profit", gross), row("Operating expenses", None), row("Rent", SMALL["Rent"]),
            row("Total operating expenses", opex), row("Operating profit", operating)]
    path.write_text("\n".join(["," + ",".join(HEADERS[columns]), *rows]) + "\n", encoding="utf-8")
    return path


def _small_truth(figure: str, way: str, columns: str) -> tuple[list[str], float]:
    lines = pd.DataFrame([{"kind": SMALL_KIND[k], "period": PERIODS[columns][n], "value": v[n]}
                          for k, v in SMALL.items() for n in range(4)])
    per = lines.pivot_table(index="period", columns="kind", values="value", aggfunc="sum")
    per["gross_profit"] = per["revenue"] - per["cogs"]
    per["operating_profit"] = per["gross_profit"] - per["opex"]
    per["total_costs"] = per["cogs"] + per["opex"]
    values = per[figure]
    best = values.max() if way == "max" else values.min()
    return [str(p) for p, v in values.items() if abs(v - best) < 0.005], float(best)


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Loaded]]:
    folder = tmp_path_factory.mktemp("small")
    with ExitStack() as stack:
        analyses: dict[str, Loaded] = {}

        def get(columns: str) -> Loaded:
            if columns not in analyses:
                path = _small_statement(folder / f"pnl-{columns}.csv", columns)
                analysis = stack.enter_context(Analysis.open(folder / f"ws-{columns}",
                                                             backend="local"))
                analysis.add_file(path)
                analyses[columns] = (analysis, analysis.workspace.root)
            return analyses[columns]

        yield get


@pytest.mark.parametrize("columns", ["M", "Q", pytest.param("Y", marks=FULL_RUN_ONLY)])
def test_ties_and_a_statement_s_own_periods(small, columns: str) -> None:
    """Months from month columns, quarters from month or quarter columns, a tie named as
    one; a statement of quarters names no month, one of years neither."""
    analysis, root = small(columns)
    for lang, asked in ASKED.items():
        for figure, way, by, question in asked:
            if figure in ("net_profit", "line"):
                continue
            plan, result = _run(analysis, root, question, lang)
            if columns == "Y" or (columns, by) == ("Q", "M") or "sales" in question.lower():
                # "Best month for sales" here names its line "Sales": best or worst of a line
                # (a cost or an income?) is the reader's call, declined by name.
                assert result is None and plan.reason, (question, result)
                continue
            if (columns, by) == ("M", "Q"):  # Jan-Apr: its second quarter has one month
                assert isinstance(result, recipes.RecipeError), (question, result)
                assert result.values["quarters"] == ["2025-Q2"]
                continue
            assert isinstance(result, recipes.RecipeResult), (question, plan.reason, result)
            holders, best = _small_truth(figure, way, columns)
            named = [str(p) for p in result.table.loc[result.table["extreme"], "period"]]
            assert (named, round(result.figures["value"], 2)) == (holders, round(best, 2)), question
            assert int(result.figures["ties"]) == len(holders)


@pytest.mark.parametrize("lang", [pytest.param(x, marks=() if x == "uk" else FULL_RUN_ONLY)
                                  for x in ASKED])
def test_a_tie_is_said_as_a_tie(small, lang: str) -> None:
    analysis, _ = small("M")
    answer = next(e.answer for e in analysis.ask(ASKED[lang][0][3], brain="offline")
                  if e.kind == "answer")
    assert answer.ok, answer.text
    assert all(month_label(p, lang) in answer.text for p in ("2025-01", "2025-03")), answer.text
    assert format_money(150.15, None, lang) in answer.text, answer.text
