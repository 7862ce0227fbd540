"""The blind round of issue 26 (Deliver 5): the finance pack asked of statements in layouts no
reader was built on (`tests/finance/blind_books.py`), through the real offline path (a local
sandbox session, the file added, the question asked as a user asks it).

Each answer is exact (the figure to the cent, computed by plain arithmetic in the generator),
declined (no figure), or wrong (a figure that is not the file's, or any figure of a file whose
own result row its lines contradict, or of a line the file does not have). Wrong is never
allowed; a decline of a figure the file holds is a miss, listed below with its cause until
it is fixed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator

import pytest

from analyst.session.analysis import Analysis
from tests.finance.blind_books import Blind, BlindBudget, budget, statement
from tests.grids import FULL_RUN_ONLY
from tests.sessions import Sessions

QUESTIONS = {
    "revenue": {"en": "what was total revenue", "uk": "яка виручка", "ru": "какая выручка",
                "zh": "收入是多少"},
    "gross_profit": {"en": "gross profit for the year", "uk": "валовий прибуток за рік",
                     "ru": "валовая прибыль за год", "zh": "全年毛利"},
    "gross_margin": {"en": "what is the gross margin", "uk": "яка валова маржа",
                     "ru": "какая валовая маржа", "zh": "毛利率是多少"},
    "operating_profit": {"en": "operating profit", "uk": "операційний прибуток",
                         "ru": "операционная прибыль", "zh": "营业利润是多少"},
    "net_profit": {"en": "what was our net profit", "uk": "який чистий прибуток",
                   "ru": "какая чистая прибыль", "zh": "净利润是多少"},
    "highest_month": {"en": "which month had the highest revenue",
                      "uk": "у якому місяці була найбільша виручка",
                      "ru": "в каком месяце была самая высокая выручка", "zh": "哪个月收入最高"},
}
BUDGET_QUESTIONS = {
    "budget_vs_actual": {"en": "budget vs actual", "uk": "відхилення від бюджету",
                         "ru": "отклонение факта от плана", "zh": "预算与实际的差异"},
    "full_year_budget": {"en": "what is the full-year revenue budget",
                         "uk": "який річний бюджет виручки", "ru": "какой годовой бюджет выручки",
                         "zh": "全年收入预算是多少"},
}

LAYOUTS = [
    Blind("en-less", "positive", "number", True, True, "FY", False, True),
    Blind("en-less", "parentheses", "currency", False, False, None, False, False),
    Blind("en-ebit", "negative", "number", False, True, "Total", False, True),
    Blind("en-ebit", "parentheses", "grouped", True, False, None, True, False),
    Blind("en-contribution", "positive", "currency", True, False, "Total", False, True),
    Blind("en-contribution", "negative", "plain", False, True, None, False, False),
    Blind("de", "positive", "number", True, False, None, False, True),
    Blind("de", "negative", "currency", False, True, "FY", False, False),
    Blind("de", "parentheses", "currency", True, False, None, True, True),
    Blind("uk", "positive", "currency", False, True, None, False, True),
    Blind("uk", "negative", "number", True, False, "Total", True, False),
    Blind("uk", "parentheses", "grouped", False, False, "FY", False, True),
    Blind("ru", "positive", "grouped", True, True, None, False, False),
    Blind("ru", "negative", "currency", False, False, "Total", False, True),
    Blind("ru", "parentheses", "number", True, True, None, False, True),
    Blind("zh", "positive", "number", False, False, "FY", True, True),
    Blind("zh", "negative", "grouped", True, True, None, False, False),
    Blind("zh", "parentheses", "currency", False, False, "Total", False, True),
    # Files whose own result row their lines contradict: nothing may be stated.
    Blind("en-less", "positive", "number", True, True, None, False, True, wrong="operating"),
    Blind("en-ebit", "parentheses", "currency", False, False, "FY", False, True, wrong="gross"),
    Blind("de", "negative", "number", False, True, None, False, True, wrong="net"),
    Blind("uk", "positive", "grouped", True, False, None, False, True, wrong="gross"),
    Blind("zh", "negative", "number", False, False, None, False, True, wrong="operating"),
    # No gross result row: nothing in the file tells its cost of sales from the rest.
    Blind("en-less", "negative", "grouped", False, True, None, False, True, gross_row=False),
    Blind("en-contribution", "positive", "number", True, False, "FY", False, False, gross_row=False),
    Blind("zh", "parentheses", "grouped", False, False, None, False, True, gross_row=False),
    # Part of a year.
    Blind("ru", "positive", "number", False, False, "Total", False, True, months=9),
    Blind("en-contribution", "parentheses", "grouped", True, False, None, False, False, months=6),
    # Layouts of the second blind round: a kind column beside the label, two header rows,
    # the year in a revenue and a costs column; costs positive, negative, in parentheses;
    # with and without interest and tax lines.
    Blind("en-ebit", "positive", "number", False, False, None, False, True, shape="type"),
    Blind("uk", "negative", "number", False, False, "Total", False, False, shape="type"),
    Blind("ru", "parentheses", "grouped", False, False, None, False, True, shape="type"),
    Blind("zh", "negative", "currency", False, False, None, False, False, shape="type"),
    Blind("de", "parentheses", "currency", False, False, "FY", False, True, shape="type"),
    Blind("en-less", "negative", "grouped", True, False, None, True, True, shape="type"),
    Blind("en-less", "negative", "number", False, False, "FY", False, True, shape="year-over-months"),
    Blind("de", "positive", "number", False, False, None, False, False, shape="year-over-months"),
    Blind("uk", "parentheses", "grouped", False, False, None, False, True, shape="year-over-months"),
    Blind("en-ebit", "parentheses", "currency", False, False, None, False, False, shape="actual-over-months"),
    Blind("ru", "negative", "number", False, False, "Total", False, True, shape="actual-over-months"),
    Blind("en-contribution", "positive", "number", False, False, None, False, True, shape="amounts"),
    Blind("uk", "negative", "number", False, False, None, False, False, shape="amounts"),
    Blind("zh", "parentheses", "grouped", False, False, None, False, True, shape="amounts"),
    Blind("en-less", "negative", "grouped", False, False, None, False, False, shape="amounts"),
]
BUDGETS = [
    BlindBudget("en", 9, 6, "positive", True, False),
    BlindBudget("en", 12, 4, "negative", True, True),
    BlindBudget("uk", 6, 3, "parentheses", False, False),
    BlindBudget("uk", 12, 12, "positive", False, True),
    BlindBudget("ru", 10, 7, "negative", True, False),
    BlindBudget("zh", 12, 9, "parentheses", False, False),
    BlindBudget("zh", 3, 2, "positive", True, True),
    # Periods no reader can date: the first Budget/Actual pair is one period, not the year.
    BlindBudget("en", 12, 5, "positive", True, False, header="numbers"),
    BlindBudget("en", 12, 12, "negative", False, False, header="none"),
    BlindBudget("uk", 12, 6, "negative", True, False, header="periods"),
    BlindBudget("ru", 9, 4, "parentheses", True, False, header="none"),
    BlindBudget("ru", 12, 7, "positive", False, True, header="numbers"),
    BlindBudget("zh", 12, 3, "positive", True, True, header="periods"),
]

# What the blind run answered other than exactly, with its cause: each is a strict xfail,
# removed once fixed. The first run, before any fix, of 164 answers (122 figures the files
# hold, 42 they must not state): 39 figures exact and 41 refusals right, 64 declined, 20
# wrong. Fixed since (see the commits): results named "Contribution", "Gross margin",
# "Operating result", "Прибыль от продаж", "Profit for the year" read as results and
# checked; the lines without a heading between revenue and a gross result read as its cost
# of sales; finance costs and "податку" below the operating line; every result checked over
# the whole statement as the recipes add it up; figures with currency words ("1.234,50 €",
# "1 234,50 грн") found under their period header; a two-row header of periods over mostly
# blank budget months found (the first Budget/Actual pair had been read as the whole year).
GROSS_UNPLACED = ("declined by name: no gross result row, and lines ('Less: Freight in', 'Commissions') "
                  "that neither name nor heading places as cost of sales or operating expense")
# Statements '(in thousands)' are scaled at ingest (analyst/ingest/units.py): their
# figures are judged at full value, with no xfail left.
# Questions declined on every statement that holds the figure ("which month had the highest
# revenue" is answered since planner/finextreme.py).
DECLINED: dict[str, str] = {}
# A P&L of one year in a revenue column and a costs column of their own ("Line | Revenue |
# Costs") is read as a sales table (`kpi_summary`): its revenue is exact; its costs column
# holds wages, rent and tax, so no gross figure, operating or net profit can be told from it.
# Each is declined by its name (planner/finfigures.py), which counts as right: before, the
# revenue summary answered them, and "收入是多少" the row count.
NAMED = {"gross_profit": r"gross profit|валов\w* прибут|валов\w* прибыл|毛利",
         "gross_margin": r"gross margin|валов\w* марж|毛利率",
         "operating_profit": r"operating profit|операційн\w* прибут|операционн\w* прибыл|营业利润",
         "net_profit": r"net profit|чист\w* прибут|чист\w* прибыл|净利润"}
KNOWN: dict[str, dict[str, str]] = {
    "en-less-negative-grouped-nogross-indent-net-12m": {
        "gross_profit": GROSS_UNPLACED,
        "gross_margin": GROSS_UNPLACED,
    },
    "en-contribution-positive-number-blank-nogross-FY-nonet-12m": {
        "gross_profit": GROSS_UNPLACED,
        "gross_margin": GROSS_UNPLACED,
    },
}

Session = tuple[Analysis, dict]


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[object], Session]]:
    """layout -> its file in a local session of its own (seconds each): every question of
    the layout is asked there."""
    def load(layout: object, analysis: Analysis) -> dict:
        name = layout.name  # type: ignore[attr-defined]
        folder = analysis.workspace.root.parent
        seed = sum(map(ord, name))
        if isinstance(layout, Blind):
            path, info = statement(folder / "pnl", layout, seed)
        else:
            assert isinstance(layout, BlindBudget)
            path, info = budget(folder / "budget.xlsx", layout, seed)
        analysis.add_file(path)
        return info

    sessions: Sessions[object, dict] = Sessions(
        lambda: tmp_path_factory.mktemp("blind") / "ws", load)
    yield sessions
    sessions.close()


def _cents(value: float) -> int:
    return round(value * 100)


def _numbers(answer) -> list[float]:
    """Every figure the answer's steps printed (their figures and rows)."""
    out: list[float] = []
    for step in answer.steps:
        f = step.figures
        if f is None:
            continue
        values = list(f.figures.values()) + [v for row in (*f.head, *f.tail) for v in row.values()]
        out += [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)
                and not math.isnan(float(v))]
    return out


def judge(question: str, answer, info: dict) -> tuple[str, str]:
    """exact / declined / wrong, and what was stated."""
    want = info["truth"][question]
    if not answer.ok or not answer.steps:
        return ("exact" if want is None else "declined"), answer.text[:300]
    if want is None:
        return "wrong", f"stated for a figure the file does not hold: {answer.text[:300]}"
    step = answer.steps[0]
    figures = step.figures.figures if step.figures is not None else {}
    said = f"{step.recipe} {dict(figures)} :: {answer.text[:300]}"
    if question == "highest_month":
        said = f"{step.recipe} {dict(figures)} {step.figures.head if step.figures else ()} :: {answer.text}"
        at = info["months"].index(want)
        names = (str(want), f"{want.split()[1]}-{at + 1:02d}")  # as the file writes it, or ISO
        numbers = {_cents(v) for v in _numbers(answer)}
        # A statement "(in thousands)" is scaled at ingest: its month is stated at full value.
        best = info["best_revenue"] * (1000.0 if info.get("thousands") else 1.0)
        ok = any(n in said for n in names) and _cents(best) in numbers
        return ("exact" if ok else "wrong"), said
    if question == "gross_margin":
        got = figures.get("gross_margin_pct")
        if got is None or (isinstance(got, float) and math.isnan(got)):
            return "wrong", said
        return ("exact" if abs(float(got) - float(want)) < 1e-6 else "wrong"), said
    key = {"statement_figure": "value", "kpi_summary": "total" if question == "revenue" else question
           }.get(step.recipe or "", question)
    got = figures.get(key)
    if got is None:
        return "wrong", said
    if isinstance(got, float) and math.isnan(got):
        return "declined", said
    # A statement "(in thousands)": its figures are thousands; one stated in the file's own
    # unit must say so, or it is a thousandth of the truth.
    said_unit = bool(re.search(r"thousand|тис\.|тисяч|тыс\.|тысяч|千|tsd|tausend", answer.text, re.I))
    scale = ((1000.0, 1.0) if said_unit else (1000.0,)) if info.get("thousands") else (1.0,)
    exact = any(_cents(float(got)) == _cents(float(want) * s) for s in scale)
    return ("exact" if exact else "wrong"), said


def judge_budget(question: str, answer, info: dict) -> tuple[str, str]:
    truth = info["truth"]
    unread = all(v is None for v in truth.values())
    if not answer.ok or not answer.steps:
        want_none = unread or (question == "full_year_budget" and truth["full_year_budget"] is None)
        return ("exact" if want_none else "declined"), answer.text[:300]
    step = answer.steps[0]
    figures = step.figures.figures if step.figures is not None else {}
    said = f"{step.recipe} {dict(figures)} :: {answer.text[:300]}"
    if unread:
        return "wrong", f"stated from pairs of undated periods: {said}"
    if question == "full_year_budget":
        if truth["full_year_budget"] is None:
            return "wrong", said
        got = figures.get("year_revenue_budget")
        ok = got is not None and _cents(float(got)) == _cents(truth["full_year_budget"])
        return ("exact" if ok else "wrong"), said
    keys = ("revenue_budget", "revenue_actual", "cost_budget", "cost_actual")
    ok = all(figures.get(k) is not None and _cents(float(figures[k])) == _cents(truth[k]) for k in keys)
    return ("exact" if ok else "wrong"), said


def ask(analysis: Analysis, question: str):
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def _cases() -> list:
    """Every (layout, question); a layout's questions share its session, so the fast tier
    keeps whole layouts (every fourth), the full run all of them."""
    cases = [(layout, q) for layout in LAYOUTS for q in QUESTIONS]
    cases += [(layout, q) for layout in BUDGETS for q in BUDGET_QUESTIONS]
    names = list(dict.fromkeys(layout.name for layout, _ in cases))
    out = []
    for layout, q in cases:
        marks = [] if names.index(layout.name) % 4 == 0 else [FULL_RUN_ONLY]
        reason = KNOWN.get(layout.name, {}).get(q)
        if isinstance(layout, Blind) and layout.wrong is None and layout.shape != "amounts":
            # (a year in two columns has no month to name: its decline is the right answer)
            reason = reason or DECLINED.get(q)
        if reason:
            marks.append(pytest.mark.xfail(reason=reason, strict=True))
        out.append(pytest.param(layout, q, marks=marks, id=f"{layout.name}-{q}"))
    return out


@pytest.mark.parametrize(("layout", "question"), _cases())
def test_the_finance_pack_on_a_blind_layout(loaded, layout, question: str) -> None:
    analysis, info = loaded(layout)
    if isinstance(layout, Blind):
        language = info["language"]
        answer = ask(analysis, QUESTIONS[question][language])
        outcome, said = judge(question, answer, info)
        if (layout.shape == "amounts" and outcome == "declined"
                and re.search(NAMED.get(question, "$^"), answer.text, re.I)):
            outcome = "exact"  # declined by name: nothing stated in its place
    else:
        answer = ask(analysis, BUDGET_QUESTIONS[question][layout.language])
        outcome, said = judge_budget(question, answer, info)
    assert outcome == "exact", (outcome, info["truth"][question] if question in info["truth"]
                                else info["truth"], said)
