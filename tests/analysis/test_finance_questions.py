"""Offline finance questions on generated P&L workbooks (issue 11, point 7), en/uk/ru/zh.

Each workbook is a statement in one language with costs stored as positive numbers or as
negatives in accounting format; the questions are asked in that language. The parsed
reading is asserted, and every figure the answer quotes is computed here with pandas from
the generated lines, independently of the recipes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.brain.understand.finask import read_ask
from analyst.session.analysis import Analysis
from analyst.words.number_formats import format_money, format_percent
from tests.grids import FULL_RUN_ONLY
from tests.ingest.finance_books import NET_LABELS, PNL_LABELS, pnl_workbook

MARKETING = {"en": "Marketing", "uk": "Маркетинг", "ru": "Маркетинг", "zh": "市场营销"}
# (question, expected reading: kind, figure, line, by, quarter, month)
QUESTIONS = {
    "en": [("revenue in Q2", ("total", "revenue", None, None, 2, None)),
           ("How much did we spend on marketing in March 2025?", ("total", None, "Marketing", None, None, 3)),
           ("operating profit by quarter", ("by", "operating_profit", None, "Q", None, None)),
           ("revenue by month", ("by", "revenue", None, "M", None, None)),
           ("gross profit for the year", ("total", "gross_profit", None, None, None, None)),
           ("net profit in 2nd quarter 2025", ("total", "net_profit", None, None, 2, None)),
           ("marketing by quarter", ("by", None, "Marketing", "Q", None, None))],
    "uk": [("виручка за 2 квартал", ("total", "revenue", None, None, 2, None)),
           ("скільки витратили на маркетинг у березні 2025?", ("total", None, "Маркетинг", None, None, 3)),
           ("операційний прибуток по кварталах", ("by", "operating_profit", None, "Q", None, None)),
           ("виручка по місяцях", ("by", "revenue", None, "M", None, None)),
           ("валовий прибуток за рік", ("total", "gross_profit", None, None, None, None)),
           ("чистий прибуток за II квартал 2025", ("total", "net_profit", None, None, 2, None)),
           ("витрати на маркетинг по кварталах", ("by", None, "Маркетинг", "Q", None, None))],
    "ru": [("выручка за 2 квартал", ("total", "revenue", None, None, 2, None)),
           ("сколько потратили на маркетинг в марте 2025?", ("total", None, "Маркетинг", None, None, 3)),
           ("операционная прибыль по кварталам", ("by", "operating_profit", None, "Q", None, None)),
           ("выручка по месяцам", ("by", "revenue", None, "M", None, None)),
           ("валовая прибыль за год", ("total", "gross_profit", None, None, None, None)),
           ("чистая прибыль за второй квартал 2025", ("total", "net_profit", None, None, 2, None)),
           ("маркетинг по кварталам", ("by", None, "Маркетинг", "Q", None, None))],
    "zh": [("第二季度收入是多少", ("total", "revenue", None, None, 2, None)),
           ("2025年3月市场营销花了多少", ("total", None, "市场营销", None, None, 3)),
           ("营业利润按季度", ("by", "operating_profit", None, "Q", None, None)),
           ("收入按月", ("by", "revenue", None, "M", None, None)),
           ("全年毛利", ("total", "gross_profit", None, None, None, None)),
           ("2025年第2季度净利润", ("total", "net_profit", None, None, 2, None)),
           ("市场营销按季度", ("by", None, "市场营销", "Q", None, None))],
}


def _labels(language: str) -> list[str]:
    kinds = ("section", "line", "line", "subtotal", "section", "line", "line", "subtotal",
             "subtotal", "ratio", "section", "line", "line", "line", "subtotal", "total")
    labels = [lab for lab, k in zip(PNL_LABELS[language], kinds, strict=True) if k == "line"]
    return labels + list(NET_LABELS[language][:2])


@pytest.mark.parametrize("language", list(QUESTIONS))
def test_the_reading_of_each_question(language: str) -> None:
    for question, (kind, figure, line, by, quarter, month) in QUESTIONS[language]:
        ask = read_ask(question, _labels(language))
        assert ask is not None, question
        assert (ask.kind, ask.figure, ask.line, ask.by, ask.quarter, ask.month) == (
            kind, figure, line, by, quarter, month), question


def expected(info: dict, language: str) -> pd.DataFrame:
    """Revenue, costs and profits per month, from the generated lines (costs positive)."""
    labels = PNL_LABELS[language]
    lines = {k: [abs(v) for v in vals] if k not in (labels[1], labels[2]) else list(vals)
             for k, vals in info["lines"].items()}
    months = pd.period_range("2025-01", periods=info["months"], freq="M")
    frame = pd.DataFrame(lines, index=months)
    out = pd.DataFrame(index=months)
    out["revenue"] = frame[[labels[1], labels[2]]].sum(axis=1)
    out["cogs"] = frame[[labels[5], labels[6]]].sum(axis=1)
    out["opex"] = frame[[labels[11], labels[12], labels[13]]].sum(axis=1)
    out["gross_profit"] = out["revenue"] - out["cogs"]
    out["operating_profit"] = out["gross_profit"] - out["opex"]
    below = [n for n in NET_LABELS[language][:2] if n in frame]
    out["net_profit"] = out["operating_profit"] - frame[below].sum(axis=1)
    out["total_costs"] = out["cogs"] + out["opex"]
    out[labels[13]] = frame[labels[13]]
    return out


VARIANTS = [(lang, negative) for lang in QUESTIONS for negative in (False, True)]
# A workbook asked a dozen questions in a sandbox per variant (seconds): the fast tier keeps
# English with positive costs and Ukrainian with negative ones, the full run every pair.
FAST_VARIANTS = [("en", False), ("uk", True)]


@pytest.fixture(scope="module", params=[
    pytest.param(v, id=f"{v[0]}-{'neg' if v[1] else 'pos'}",
                 marks=() if v in FAST_VARIANTS else FULL_RUN_ONLY) for v in VARIANTS])
def book(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[Analysis, dict, str]]:
    language, negative = request.param
    folder = tmp_path_factory.mktemp("fin")
    path, info = pnl_workbook(folder / "pnl.xlsx", language=language, negative_costs=negative,
                              net=True, loss_month=3 + len(language), seed=17 + negative)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, info, language


def _ask(analysis: Analysis, question: str):
    answer = next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")
    assert answer.ok, answer.text
    return answer


def _money(value: float, language: str) -> str:
    return format_money(round(value, 2), None, language)


def test_line_totals_and_lines_by_period(book: tuple[Analysis, dict, str]) -> None:
    analysis, info, language = book
    per = expected(info, language)
    quarters = per.groupby(per.index.quarter).sum()
    for question, (_kind, figure, _line, by, quarter, month) in QUESTIONS[language]:
        answer = _ask(analysis, question)
        [step] = answer.steps
        assert step.recipe == "statement_figure", question
        column = figure or MARKETING[language]
        rows = per[column]
        if quarter:
            rows = rows[rows.index.quarter == quarter]
        if month:
            rows = rows[rows.index.month == month]
        value = float(rows.sum())
        assert round(step.figures.figures["value"], 2) == round(value, 2), question
        assert _money(value, language) in answer.text, (question, answer.text)
        if by == "Q":
            for q in range(1, 5):
                assert _money(float(quarters.loc[q, column]), language) in answer.text
        if by == "M":
            for v in per[column]:
                assert _money(float(v), language) in answer.text
        # The reading is said first, in the question's language.
        first = {"en": "I read this as", "uk": "Я прочитав питання так", "ru": "Я понял вопрос так",
                 "zh": "我理解的问题是"}[language]
        assert answer.text.startswith(first), answer.text


def test_margins_losses_and_expenses(book: tuple[Analysis, dict, str]) -> None:
    analysis, info, language = book
    per = expected(info, language)
    questions = {"en": ("net margin by month", "loss-making months", "largest 3 expense lines"),
                 "uk": ("чиста маржа по місяцях", "збиткові місяці", "найбільші 3 статті витрат"),
                 "ru": ("чистая маржа по месяцам", "убыточные месяцы", "крупнейшие 3 статьи расходов"),
                 "zh": ("净利率按月", "哪些月份亏损", "最大的3项费用")}[language]
    margin = _ask(analysis, questions[0])
    assert margin.steps[0].recipe == "statement_margins"
    year = per.sum()
    assert format_percent(year["net_profit"] / year["revenue"], language=language) in margin.text
    for _, row in per.iterrows():
        ratio = row["net_profit"] / row["revenue"]
        if -1 <= ratio <= 1:
            assert format_percent(ratio, language=language) in margin.text
    losses = _ask(analysis, questions[1])
    assert losses.steps[0].recipe == "loss_months"
    lost = per[(per["operating_profit"] < 0) | (per["net_profit"] < 0)]
    assert len(lost) >= 1
    assert losses.steps[0].figures.figures["loss_months"] == len(lost)
    for _, row in lost.iterrows():
        assert _money(float(row["operating_profit"]), language) in losses.text
    expenses = _ask(analysis, questions[2])
    assert expenses.steps[0].recipe == "largest_expenses"
    labels = PNL_LABELS[language]
    costs = pd.Series({k: sum(abs(v) for v in info["lines"][k])
                       for k in (labels[5], labels[6], labels[11], labels[12], labels[13])})
    top = costs.sort_values(ascending=False).head(3)
    assert [r["line_item"] for r in expenses.steps[0].figures.head] == list(top.index)
    for name, value in top.items():
        assert f"{name}" in expenses.text
        assert _money(float(value), language) in expenses.text
        assert format_percent(value / costs.sum(), language=language) in expenses.text
        if language == "zh":  # label then figure as elsewhere in zh: "名称（数值，占比）"
            share = format_percent(value / costs.sum(), language=language)
            assert f"{name}（{_money(float(value), language)}，{share}）" in expenses.text


def test_the_cli_answers_a_line_total_on_an_unseen_workbook(tmp_path: Path) -> None:
    import json

    from tests.cli.test_ask_report_cli import analyst

    path, info = pnl_workbook(tmp_path / "q_pnl.xlsx", language="en", negative_costs=True,
                              seed=41)
    run = analyst("ask", str(path), "marketing in Q3", "--offline", "--json", "--backend",
                  "local", "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    value = sum(abs(v) for v in info["lines"]["Marketing"][6:9])
    assert round(data["steps"][0]["figures"]["figures"]["value"], 2) == round(value, 2)
    assert f"{value:,.2f}" in data["answer"]


# Many phrasings of each kind, in each language: (question, kind, figure/margin, compare, by,
# year, quarter, month, n).
READINGS = [
    ("which months were loss-making?", "losses", None, None, None, None, None, None, 5),
    ("months with a loss in 2025", "losses", None, None, None, 2025, None, None, 5),
    ("у які місяці були збитки?", "losses", None, None, None, None, None, None, 5),
    ("убыточные месяцы 2025 года", "losses", None, None, None, 2025, None, None, 5),
    ("哪些月份亏损", "losses", None, None, None, None, None, None, 5),
    ("what is the operating margin?", "margin", "operating", None, None, None, None, None, 5),
    ("net margin by month", "margin", "net", None, "M", None, None, None, 5),
    ("margins in Q3", "margin", None, None, None, None, 3, None, 5),
    ("валова маржа за березень", "margin", "gross", None, None, None, None, 3, 5),
    ("рентабельность по месяцам", "margin", None, None, "M", None, None, None, 5),
    ("净利率是多少", "margin", "net", None, None, None, None, None, 5),
    ("营业利润率按月", "margin", "operating", None, "M", None, None, None, 5),
    ("top 3 expense lines", "expenses", None, None, None, None, None, None, 3),
    ("biggest costs in Q2 2025", "expenses", None, None, None, 2025, 2, None, 5),
    ("найбільші статті витрат", "expenses", None, None, None, None, None, None, 5),
    ("структура расходов за год", "expenses", None, None, None, None, None, None, 5),
    ("最大的费用项目", "expenses", None, None, None, None, None, None, 5),
    ("revenue growth month over month", "growth", "revenue", "MoM", None, None, None, None, 5),
    ("operating profit QoQ", "growth", "operating_profit", "QoQ", None, None, None, None, 5),
    ("net profit year-on-year", "growth", "net_profit", "YoY", None, None, None, None, 5),
    ("how did revenue change in March?", "growth", "revenue", "MoM", None, None, None, 3, 5),
    ("зростання виручки по кварталах", "growth", "revenue", "QoQ", None, None, None, None, 5),
    ("валовий прибуток р/р", "growth", "gross_profit", "YoY", None, None, None, None, 5),
    ("рост выручки месяц к месяцу", "growth", "revenue", "MoM", None, None, None, None, 5),
    ("收入环比", "growth", "revenue", "MoM", None, None, None, None, 5),
    ("营业利润季度环比", "growth", "operating_profit", "QoQ", None, None, None, None, 5),
    ("毛利同比增长", "growth", "gross_profit", "YoY", None, None, None, None, 5),
    ("cost of sales in February 2025", "total", "cogs", None, None, 2025, None, 2, 5),
    ("opex by quarter", "by", "opex", None, "Q", None, None, None, 5),
    ("собівартість у лютому", "total", "cogs", None, None, None, None, 2, 5),
    ("операционные расходы поквартально", "by", "opex", None, "Q", None, None, None, 5),
    ("2025年12月销售成本", "total", "cogs", None, None, 2025, None, 12, 5),
    ("total costs in the fourth quarter", "total", "total_costs", None, None, None, 4, None, 5),
]


@pytest.mark.parametrize("case", READINGS, ids=[c[0] for c in READINGS])
def test_many_phrasings_are_read_as_meant(case: tuple) -> None:
    question, kind, figure, compare, by, year, quarter, month, n = case
    ask = read_ask(question, ())
    assert ask is not None, question
    assert (ask.kind, ask.figure, ask.compare, ask.by, ask.year, ask.quarter, ask.month, ask.n) == (
        kind, figure, compare, by, year, quarter, month, n), ask


@pytest.mark.parametrize(("question", "kind"), [
    ("budget vs actual", "budget"), ("відхилення від бюджету з початку року", "budget"),
    ("план факт", "budget"), ("预算执行情况", "budget"), ("year to date vs budget", "budget"),
    ("rank the cost centres", "ranking"), ("який відділ витратив найбільше", "ranking"),
    ("центры затрат по сумме", "ranking"), ("成本中心排名", "ranking"),
])
def test_budget_and_ranking_questions_are_read_when_such_a_table_is_loaded(question: str,
                                                                            kind: str) -> None:
    ask = read_ask(question, (), ranking_items=True, budget=True)
    assert ask is not None and ask.kind == kind, (question, ask)
    # Without such a table, the same words are not taken for that reading.
    bare = read_ask(question, ())
    assert bare is None or bare.kind != kind


# Issue 11, point 1: a question in another language than the statement's labels finds the
# common expense line by its concept; the answer names the line as the file writes it.
CROSS = {  # question language -> (question, concept index in PNL_LABELS, by, month)
    "en": (("salaries in March 2025", 11, None, 3), ("rent for the year", 12, None, None),
           ("marketing by month", 13, "M", None)),
    "uk": (("зарплата за березень 2025", 11, None, 3), ("оренда за рік", 12, None, None),
           ("маркетинг по місяцях", 13, "M", None)),
    "ru": (("зарплата за март 2025", 11, None, 3), ("аренда за год", 12, None, None),
           ("реклама по месяцам", 13, "M", None)),
    "zh": (("2025年3月工资", 11, None, 3), ("全年租金", 12, None, None),
           ("营销按月", 13, "M", None)),
}


@pytest.mark.parametrize("labels", list(PNL_LABELS))
@pytest.mark.parametrize("language", list(CROSS))
def test_a_question_finds_the_line_labelled_in_another_language(labels: str, language: str) -> None:
    for question, index, by, month in CROSS[language]:
        ask = read_ask(question, _labels(labels))
        assert ask is not None, question
        assert (ask.line, ask.by, ask.month) == (PNL_LABELS[labels][index], by, month), question
    # A line with no concept still matches only by its own words.
    assert read_ask("services in March 2025", _labels("uk")) is None or \
        read_ask("services in March 2025", _labels("uk")).line is None


# The books above with positive costs in these languages already hold a session and its
# file (seconds each): the questions in the other languages are asked there.
CROSS_BOOKS = (("zh", False), ("en", False))


def test_cross_language_line_figures_are_exact(request: pytest.FixtureRequest,
                                               book: tuple[Analysis, dict, str]) -> None:
    if request.node.callspec.params["book"] not in CROSS_BOOKS:
        pytest.skip("asked on the zh and en books with positive costs")
    analysis, info, labels = book
    months = pd.period_range("2025-01", periods=info["months"], freq="M")
    per = pd.DataFrame({k: [abs(v) for v in vals] for k, vals in info["lines"].items()},
                       index=months)
    for language in [q for q in CROSS if q != labels]:
        for question, index, _by, month in CROSS[language]:
            answer = _ask(analysis, question)
            [step] = answer.steps
            line = PNL_LABELS[labels][index]
            rows = per[line]
            if month:
                rows = rows[rows.index.month == month]
            assert round(step.figures.figures["value"], 2) == round(float(rows.sum()), 2), question
            assert _money(float(rows.sum()), language) in answer.text, (question, answer.text)
            assert line in answer.text, (question, answer.text)


# The P&L's own results are read from the lines' kinds, so they answer in any language too.
RESULTS = {"en": (("revenue in March 2025", "revenue", 3), ("gross profit for the year", "gross_profit", None)),
           "uk": (("яка виручка за березень 2025?", "revenue", 3), ("чистий прибуток за рік", "net_profit", None)),
           "ru": (("выручка за март 2025", "revenue", 3), ("операционная прибыль за год", "operating_profit", None)),
           "zh": (("2025年3月收入", "revenue", 3), ("全年毛利", "gross_profit", None))}


def check_standard_results(analysis: Analysis, per: pd.DataFrame) -> None:
    for language, questions in RESULTS.items():
        for question, figure, month in questions:
            rows = per[figure] if not month else per[figure][per.index.month == month]
            answer = _ask(analysis, question)
            assert round(answer.steps[0].figures.figures["value"], 2) == round(float(rows.sum()), 2), question
            assert _money(float(rows.sum()), language) in answer.text, (question, answer.text)


def test_standard_results_answer_in_every_language(tmp_path: Path) -> None:
    """A German statement (no book above is German) asked in every language."""
    path, info = pnl_workbook(tmp_path / "pnl.xlsx", language="de", negative_costs=True,
                              net=True, loss_month=5, seed=31)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        check_standard_results(analysis, expected(info, "de"))


def test_standard_results_answer_in_every_language_on_the_english_book(
        request: pytest.FixtureRequest, book: tuple[Analysis, dict, str]) -> None:
    """The same on the English book with negative costs (it holds a session already)."""
    if request.node.callspec.params["book"] != ("en", True):
        pytest.skip("asked on the en book with negative costs")
    analysis, info, language = book
    check_standard_results(analysis, expected(info, language))
