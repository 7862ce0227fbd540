"""Growth (MoM, QoQ, YoY over two years), budget vs actual to date and cost-centre rankings
asked offline (issue 11, point 7) on generated CSVs of the shapes finance teams keep:
month headers "Jan 2025" / "2025-01" / "01/2025", quarter and FY total columns, costs
positive, negative or in parentheses, actuals in only the first months. Expected figures
are computed here with pandas from the generated numbers."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pandas as pd
import pytest

from analyst.session.analysis import Analysis
from analyst.words.number_formats import format_delta, format_money, format_percent
from tests.grids import first_fast, tiered

SHORT = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
HEADERS = {"en": lambda m, y: f"{SHORT[m - 1]} {y}", "iso": lambda m, y: f"{y}-{m:02d}",
           "slash": lambda m, y: f"{m:02d}/{y}"}
SIGNS = {"positive": lambda v: f"{v:.2f}", "negative": lambda v: f"{-v:.2f}",
         "parentheses": lambda v: f'"({v:,.2f})"'}


def _ask(analysis: Analysis, question: str):
    answer = next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")
    return answer


def two_years(path: Path, header: str, sign: str, totals: bool, seed: int) -> dict[str, list[float]]:
    """A P&L over 24 months (2025-2026), sections without figures, costs signed as `sign`,
    with each year's FY column when `totals`."""
    rng = random.Random(seed)
    cols = [HEADERS[header](m, y) for y in (2025, 2026) for m in range(1, 13)]
    if totals:
        cols = cols[:12] + ["FY 2025"] + cols[12:] + ["FY 2026"]
    lines = {"Product sales": (True, 20000, 40000), "Services": (True, 3000, 6000),
             "Salaries": (False, 8000, 9000), "Marketing": (False, 500, 4000),
             "Rent": (False, 1500, 1500)}
    values = {name: [round(rng.uniform(lo, hi), 2) for _ in range(24)]
              for name, (_, lo, hi) in lines.items()}
    out = ["Account," + ",".join(cols)]

    def cells(name: str) -> list[str]:
        revenue = lines[name][0]
        fmt = (lambda v: f"{v:.2f}") if revenue else SIGNS[sign]
        row = [fmt(v) for v in values[name]]
        if totals:
            row = row[:12] + [fmt(round(sum(values[name][:12]), 2))] + row[12:] + [
                fmt(round(sum(values[name][12:]), 2))]
        return row

    out.append("Revenue" + "," * len(cols))
    out += [",".join([n, *cells(n)]) for n in ("Product sales", "Services")]
    out.append("Operating expenses" + "," * len(cols))
    out += [",".join([n, *cells(n)]) for n in ("Salaries", "Marketing", "Rent")]
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return values


CASES = [("en", "parentheses", True, 99), ("iso", "negative", False, 99), ("slash", "positive", True, 99)]
# Every case below is a sandbox session, a file read and a question (seconds): the fast tier
# keeps the first case of each test (or two, for the other languages' words), the full run all.

Statement = tuple[Analysis, dict[str, list[float]]]


@pytest.fixture(scope="module")
def statements(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Statement]]:
    """`statements(header, sign, totals, seed)`: the two-year P&L of `two_years`, loaded into
    its own session once per module (seconds each): the growth test and the sign test below
    ask the same three statements their questions."""
    done: dict[tuple[str, str, bool, int], Statement] = {}
    with ExitStack() as stack:
        def get(header: str, sign: str, totals: bool, seed: int) -> Statement:
            key = (header, sign, totals, seed)
            if key not in done:
                folder = tmp_path_factory.mktemp("pnl2")
                values = two_years(folder / "pnl2.csv", header, sign, totals, seed)
                analysis = stack.enter_context(Analysis.open(folder / "ws", backend="local"))
                analysis.add_file(folder / "pnl2.csv")
                done[key] = (analysis, values)
            return done[key]

        yield get


@pytest.mark.parametrize(("header", "sign", "totals", "seed"), first_fast(CASES))
def test_growth_mom_qoq_yoy_on_two_years(statements: Callable[..., Statement], header: str,
                                         sign: str, totals: bool, seed: int) -> None:
    analysis, values = statements(header, sign, totals, seed)
    months = pd.period_range("2025-01", periods=24, freq="M")
    frame = pd.DataFrame(values, index=months)
    revenue = frame["Product sales"] + frame["Services"]
    yoy = _ask(analysis, "revenue growth year over year")
    assert yoy.ok, yoy.text
    assert yoy.steps[0].recipe == "line_growth"
    now, before = revenue[12:].sum(), revenue[:12].sum()
    f = yoy.steps[0].figures.figures
    assert round(f["value"], 2) == round(now, 2) and round(f["previous"], 2) == round(before, 2)
    assert format_money(now - before) in yoy.text
    assert format_delta((now - before) / before) in yoy.text
    march = _ask(analysis, "marketing yoy in March 2026")
    change = frame["Marketing"].iloc[14] - frame["Marketing"].iloc[2]
    assert march.ok and format_money(change) in march.text, march.text
    mom = _ask(analysis, "revenue month over month")
    assert mom.ok and mom.steps[0].figures.figures["month"] == 12, mom.text
    assert format_money(revenue.iloc[-1] - revenue.iloc[-2]) in mom.text, mom.text
    assert format_delta((revenue.iloc[-1] - revenue.iloc[-2]) / revenue.iloc[-2]) in mom.text
    qoq = _ask(analysis, "operating profit QoQ")
    profit = (revenue - frame["Salaries"] - frame["Marketing"] - frame["Rent"])
    by_q = profit.groupby(profit.index.asfreq("Q-DEC")).sum()
    assert qoq.ok and format_money(by_q.iloc[-1] - by_q.iloc[-2]) in qoq.text, qoq.text
    total = _ask(analysis, "total costs in Q2 2026")
    costs = frame[["Salaries", "Marketing", "Rent"]].sum(axis=1)
    assert format_money(costs[15:18].sum()) in total.text, total.text




def test_yoy_on_one_year_says_why_not(tmp_path: Path) -> None:
    (tmp_path / "one.csv").write_text(
        "Account,Jan 2026,Feb 2026,Mar 2026\nRevenue,,,\nProduct sales,100,200,300\n"
        "Operating expenses,,,\nRent,50,50,50\n", encoding="utf-8")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "one.csv")
        for question, words in (("revenue yoy", "two years"), ("виручка рік до року", "двох років"),
                                ("выручка год к году", "двух лет"), ("收入同比", "两年")):
            answer = _ask(analysis, question)
            assert not answer.ok and words in answer.text and "2026" in answer.text, answer.text
            assert not answer.steps
        # A period the statement does not cover is said so, with the months it covers.
        for question, words in (("revenue in Q3", ("no figures for Q3 2026", "Jan 2026", "Mar 2026")),
                                ("виручка за 3 квартал", ("немає даних за 3 кв. 2026", "бер. 2026")),
                                ("выручка в мае 2026", ("нет данных за", "2026")),
                                ("2026年第4季度收入", ("没有2026年第4季度的数据", "2026年1月"))):
            answer = _ask(analysis, question)
            assert not answer.ok and not answer.steps, answer.text
            for word in words:
                assert word in answer.text, answer.text


@pytest.mark.parametrize(("sign", "actual_months", "question", "language"), first_fast([
    ("positive", 2, "budget vs actual year to date", "en"),
    ("negative", 3, "відхилення від бюджету з початку року", "uk"),
    ("parentheses", 1, "отклонение факта от бюджета", "ru"),
    ("positive", 4, "预算与实际的差异", "zh"),
], 2))
def test_budget_vs_actual_to_date(tmp_path: Path, sign: str, actual_months: int, question: str,
                                  language: str) -> None:
    rng = random.Random(actual_months)
    lines = {"Sales revenue": True, "Marketing": False, "Rent": False, "IT": False}
    head = ["Line"] + [f"{SHORT[m]} 2026 {w}" for m in range(6) for w in ("Budget", "Actual")]
    rows, budget, actual = [",".join(head)], {}, {}
    for name, revenue in lines.items():
        budget[name] = [round(rng.uniform(100, 5000), 2) for _ in range(6)]
        actual[name] = [round(v * rng.uniform(0.8, 1.2), 2) for v in budget[name][:actual_months]]
        fmt = (lambda v: f"{v:.2f}") if revenue else SIGNS[sign]
        cells = []
        for m in range(6):
            cells += [fmt(budget[name][m]), fmt(actual[name][m]) if m < actual_months else ""]
        rows.append(",".join([name, *cells]))
    (tmp_path / "bva.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "bva.csv")
        answer = _ask(analysis, question)
    assert answer.ok, answer.text
    [step] = answer.steps
    assert step.recipe == "budget_to_date"
    f = step.figures.figures
    assert f["through_month"] == actual_months and f["months"] == actual_months
    rb = sum(budget["Sales revenue"][:actual_months])
    ra = sum(actual["Sales revenue"])
    cb = sum(sum(budget[n][:actual_months]) for n in lines if not lines[n])
    ca = sum(sum(actual[n]) for n in lines if not lines[n])
    assert round(f["revenue_budget"], 2) == round(rb, 2)  # later months' budget not counted
    assert round(f["cost_actual"], 2) == round(ca, 2) and round(f["cost_budget"], 2) == round(cb, 2)
    for value in (ra, rb, ra - rb, ca, cb, ca - cb):
        assert format_money(value, None, language) in answer.text, (value, answer.text)
    verdicts = {"en": ("favourable", "unfavourable"), "uk": ("сприятливо", "несприятливо"),
                "ru": ("благоприятно", "неблагоприятно"), "zh": ("有利", "不利")}[language]
    good_revenue, good_cost = ra > rb, ca < cb
    for good in (good_revenue, good_cost):
        assert verdicts[0 if good else 1] in answer.text
    per_line = {n: (sum(actual[n]) - sum(budget[n][:actual_months])) for n in lines}
    favourable = sum(1 for n, v in per_line.items() if (v > 0) == lines[n] and v != 0)
    assert f["favourable_lines"] == favourable
    month_word = {"en": f"{SHORT[actual_months - 1]} 2026"}.get(language)
    if month_word:
        assert month_word in answer.text


@pytest.mark.parametrize(("header", "sign", "question", "period"), tiered([
    ("en", "positive", "rank the cost centres", None),
    ("iso", "negative", "which cost centre spent most in February", 2),
    ("slash", "parentheses", "成本中心排名", None),
    ("en", "positive", "рейтинг центрів витрат за березень", 3),
], lambda i, _: i in (1, 2)))  # a month asked for, and zh's own joining of label and figure
def test_cost_centre_rankings(tmp_path: Path, header: str, sign: str, question: str,
                              period: int | None) -> None:
    rng = random.Random(len(question))
    centres = ["Sales", "IT", "HR", "Finance", "Legal"]
    values = {c: [round(rng.uniform(100, 9000), 2) for _ in range(3)] for c in centres}
    head = ["Cost centre"] + [HEADERS[header](m, 2026) for m in (1, 2, 3)] + ["Q1 2026"]
    rows = [",".join(head)] + [",".join([c, *(SIGNS[sign](v) for v in vals),
                                         SIGNS[sign](round(sum(vals), 2))])
                               for c, vals in values.items()]
    (tmp_path / "cc.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "cc.csv")
        answer = _ask(analysis, question)
    assert answer.ok, answer.text
    assert answer.steps[0].recipe == "rank_items"
    totals = pd.Series({c: (v[period - 1] if period else sum(v)) for c, v in values.items()})
    order = totals.sort_values(ascending=False)
    assert [r["Cost centre"] for r in answer.steps[0].figures.head] == list(order.index)
    language = "zh" if "成本" in question else "uk" if "центрів" in question else "en"
    for name, value in order.items():
        money = format_money(value, None, language)
        share = format_percent(value / order.sum(), language=language)
        assert money in answer.text and share in answer.text
        # zh joins a label and its figure as the rest of the catalogue does, "名称（数值）":
        # run together, "IT" and "1,234.00" would read as one number.
        if language == "zh":
            assert f"{name}（{money}，{share}）" in answer.text, answer.text


GROWTH_QUESTIONS = {"uk": ("зростання виручки рік до року", "Виручка"),
                    "ru": ("рост выручки год к году", "Выручка"),
                    "zh": ("收入同比增长", "收入")}


@pytest.fixture(scope="module")
def two_year_pnl(tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[tuple[Analysis, dict[str, list[float]]]]:
    """One P&L over two years, loaded once: the languages' questions only read it (a session
    and its first question cost seconds, each further question a fraction of one)."""
    folder = tmp_path_factory.mktemp("pnl2")
    values = two_years(folder / "pnl2.csv", "iso", "parentheses", False, 7)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(folder / "pnl2.csv")
        yield analysis, values


@pytest.mark.parametrize("language", first_fast(list(GROWTH_QUESTIONS)))
def test_growth_in_other_languages_is_said_in_them(
        two_year_pnl: tuple[Analysis, dict[str, list[float]]], language: str) -> None:
    analysis, values = two_year_pnl
    revenue = pd.Series(values["Product sales"]) + pd.Series(values["Services"])
    question, word = GROWTH_QUESTIONS[language]
    answer = _ask(analysis, question)
    assert answer.ok, answer.text
    now, before = revenue[12:].sum(), revenue[:12].sum()
    for value in (now, before, now - before):
        assert format_money(value, None, language) in answer.text
    assert format_delta((now - before) / before, language) in answer.text
    assert word in answer.text
    # The recipe's English notes are said in the reader's language.
    assert "Costs were stored" not in answer.text and "convention" not in answer.text


MARGIN_REVENUE = [1000.0, 1200.0, 100.0, 0.0, 1500.0, 900.0]
MARGIN_RENT = [300.0, 300.0, 450.5, 300.0, 300.0, 300.0]


@pytest.fixture(scope="module")
def margins_pnl(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    """March has revenue but costs over twice it (margin below -100%), April no revenue;
    loaded once, as each language's question only reads it."""
    folder = tmp_path_factory.mktemp("margins")
    head = ",".join(["Account", *(f"2026-{m:02d}" for m in range(1, 7))])
    text = "\n".join([head, "Revenue" + "," * 6,
                      ",".join(["Product sales", *(f"{v:.2f}" for v in MARGIN_REVENUE)]),
                      "Operating expenses" + "," * 6,
                      ",".join(["Rent", *(f'"({v:,.2f})"' for v in MARGIN_RENT)])]) + "\n"
    (folder / "m.csv").write_text(text, encoding="utf-8")
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(folder / "m.csv")
        yield analysis


@pytest.mark.parametrize(("language", "question", "not_stated"), first_fast([
    ("uk", "операційна маржа по місяцях", "не наводиться"),
    ("en", "operating margin by month", "not stated"),
    ("ru", "операционная маржа по месяцам", "не приводится"),
    ("zh", "营业利润率按月", "不予列示"),
]))
def test_a_margin_outside_the_bounds_is_not_stated(margins_pnl: Analysis, language: str,
                                                   question: str, not_stated: str) -> None:
    """March has revenue but costs over twice it (margin below -100%), April no revenue:
    their margins are not stated; the other months' and the quarter's are."""
    revenue, rent = MARGIN_REVENUE, MARGIN_RENT
    answer = _ask(margins_pnl, question)
    assert answer.ok, answer.text
    rows = {r["month"]: r["operating_margin_pct"] for r in answer.steps[0].figures.head}
    assert pd.isna(rows["2026-03"]) and pd.isna(rows["2026-04"])
    assert answer.text.count(not_stated) >= 2, answer.text
    assert format_percent((100.0 - 450.5) / 100.0, language=language) not in answer.text
    for r, c in zip(revenue, rent, strict=True):
        if r > 0 and abs((r - c) / r) <= 1:
            assert format_percent((r - c) / r, language=language) in answer.text
    year = (sum(revenue) - sum(rent)) / sum(revenue)
    assert format_percent(year, language=language) in answer.text


@pytest.mark.parametrize(("names", "months", "sign", "question", "language"), tiered([
    (("Month", "Line", "Budget", "Actual"), "iso", "positive", "budget vs actual ytd", "en"),
    (("Місяць", "Стаття", "Бюджет", "Факт"), "slash", "negative", "бюджет проти факту", "uk"),
    (("Месяц", "Статья", "План", "Факт"), "en", "negative", "план факт с начала года", "ru"),
], lambda i, _: i == 1))
def test_budget_to_date_on_a_long_table(tmp_path: Path, names: tuple[str, ...], months: str,
                                        sign: str, question: str, language: str) -> None:
    """Month, line, budget and actual as columns; actuals for the first months only."""
    rng = random.Random(len(question))
    lines = {"Revenue": True, "Rent": False, "Travel": False}
    upto = 1 + len(question) % 4
    rows = [",".join(names)]
    budget: dict[str, list[float]] = {n: [] for n in lines}
    actual: dict[str, list[float]] = {n: [] for n in lines}
    for m in range(1, 7):
        for name, revenue in lines.items():
            b = round(rng.uniform(100, 900), 2)
            a = round(b * rng.uniform(0.7, 1.3), 2)
            budget[name].append(b)
            flip = -1 if sign == "negative" and not revenue else 1
            cell = f"{a * flip:.2f}" if m <= upto else ""
            if m <= upto:
                actual[name].append(a)
            rows.append(",".join([HEADERS[months](m, 2026), name, f"{b * flip:.2f}", cell]))
    (tmp_path / "long_budget.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "long_budget.csv")
        answer = _ask(analysis, question)
    assert answer.ok, answer.text
    [step] = answer.steps
    assert step.recipe == "budget_to_date"
    f = step.figures.figures
    assert f["through_month"] == upto
    cb = sum(sum(budget[n][:upto]) for n in ("Rent", "Travel"))
    ca = sum(sum(actual[n]) for n in ("Rent", "Travel"))
    rb, ra = sum(budget["Revenue"][:upto]), sum(actual["Revenue"])
    assert round(f["cost_budget"], 2) == round(cb, 2) and round(f["cost_actual"], 2) == round(ca, 2)
    assert round(f["revenue_budget"], 2) == round(rb, 2)
    for value in (ca - cb, ra - rb):
        assert format_money(value, None, language) in answer.text, answer.text


def test_cost_centres_of_a_statement_are_ranked_without_its_subtotals(tmp_path: Path) -> None:
    (tmp_path / "ccs.csv").write_text(
        "Cost centre,Jan 2026,Feb 2026,Mar 2026\nOperations,,,\nWarehouse,100.10,110,120\n"
        "Fleet,200,210.20,220\nTotal operations,300.10,320.20,340\nSupport,,,\nIT,50,60,70.30\n"
        "HR,10,20,30\nTotal support,60,80,100.30\n", encoding="utf-8")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "ccs.csv")
        answer = _ask(analysis, "rank the cost centres")
    assert answer.ok, answer.text
    head = answer.steps[0].figures.head
    assert [r["Cost centre"] for r in head] == ["Fleet", "Warehouse", "IT", "HR"]
    for figure in ("630.20", "330.10", "180.30", "60.00", "1,200.60"):
        assert figure in answer.text


@pytest.mark.slow  # three statements asked five questions each; each sign alone is asked above
def test_the_sign_convention_of_costs_does_not_change_an_answer(
        statements: Callable[..., Statement]) -> None:
    """The same statement with costs positive, negative and in parentheses (and month headers
    written three ways, FY columns or not): every question gets the same figures and the same
    sentence before its notes. The statements are the growth test's (same seed), asked the
    same questions there first or not at all: their sessions' histories are alike."""
    questions = ("operating profit by quarter", "largest 3 expense lines", "net margin by month",
                 "marketing QoQ", "loss-making months")
    seen: dict[str, list] = {q: [] for q in questions}
    for header, sign, totals, seed in CASES:
        analysis, _values = statements(header, sign, totals, seed)
        for question in questions:
            answer = _ask(analysis, question)
            if question == "net margin by month":
                # No interest or tax lines: no net margin, whatever the sign (issue 26),
                # never the operating margin under its name.
                assert not answer.ok and "no lines below the operating line" in answer.text
                seen[question].append(answer.text)
                continue
            assert answer.ok, answer.text
            figures = answer.steps[0].figures
            seen[question].append((figures.figures, figures.head, answer.text.split("\n\n")[0].split(" Note:")[0]))
    assert {sign for _, sign, _, _ in CASES} == set(SIGNS)
    for question, answers in seen.items():
        assert answers[0] == answers[1] == answers[2], question
