"""A budget on its own sheet (issue 11): the P&L actuals by month on the first sheet, the
same lines by month as budget on a second sheet named 'Budget', 'Plan', 'Бюджет', 'План',
'预算'... Ingest pairs them by line and month into the one-sheet monthly budget vs actual
shape, so the budget question and the finance pack's budget section answer exactly as
they do for that shape: variance in money and %, favourable the right way for revenue and
for costs, the year to date when the actuals are partial. The card says which sheet the
budget came from; a line in one sheet only is said. Expected figures are computed here
with pandas from the generated numbers (tests/ingest/finance_books.budget_book).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest
from pypdf import PdfReader

from analyst.ingest.pipeline import ingest_file
from analyst.report import render_pdf
from analyst.session.analysis import Analysis
from analyst.words import say
from analyst.words.note import Name, Note
from analyst.words.number_formats import format_money
from tests.grids import first_fast, tiered
from tests.ingest.finance_books import ACTUAL_SHEETS, BUDGET_SHEETS, PNL_LABELS, budget_book

QUESTIONS = {"en": "budget vs actual year to date", "uk": "відхилення від бюджету з початку року",
             "ru": "отклонение факта от бюджета", "zh": "预算与实际的差异"}
# language, month spelling, costs' sign, subtotals, actual months, line missing in (sheet, key)
VARIANTS = [
    ("en", "excel", "positive", "labelled", 12, None, 0, 0),
    ("en", "en", "negative", "blank", 9, ("budget", 13), 1, 1),
    ("uk", "uk", "positive", "labelled", 7, ("actual", 12), 0, 1),
    ("uk", "excel", "negative", "blank", 12, None, 1, 0),
    ("ru", "ru", "negative", "labelled", 5, ("budget", 6), 0, 0),
    ("ru", "iso", "positive", "blank", 10, None, 1, 1),
    ("zh", "zh", "positive", "labelled", 3, ("actual", 2), 0, 0),
    ("zh", "excel", "negative", "labelled", 12, ("budget", 11), 1, 1),
    ("de", "de", "negative", "labelled", 8, None, 0, 1),
]


def _book(tmp_path: Path, language: str, spelling: str, sign: str, subtotals: str, months: int,
          missing: tuple[str, int] | None, actual_name: int, budget_name: int, seed: int = 3):
    actual_sheet = ACTUAL_SHEETS[language][actual_name]
    budget_sheet = BUDGET_SHEETS[language][budget_name]
    path, facts = budget_book(
        tmp_path / "pnl_budget.xlsx", language=language, actual_sheet=actual_sheet,
        budget_sheet=budget_sheet, spelling=spelling, sign=sign, subtotals=subtotals,
        actual_months=None if months == 12 else months, seed=seed,
        drop_actual=missing[1] if missing and missing[0] == "actual" else None,
        drop_budget=missing[1] if missing and missing[0] == "budget" else None)
    return path, facts, actual_sheet, budget_sheet


def _expected(facts: dict) -> pd.DataFrame:
    """Per line in both sheets, over the months with actuals: budget, actual, variance, %, verdict."""
    actual, budget = facts["actual"], facts["budget"]
    months = actual["filled"]
    rows = {}
    for line, figures in actual["lines"].items():
        if line not in budget["lines"]:
            continue
        revenue = actual["kinds"][line] == "revenue"
        a = sum(v for v in figures[:months] if v is not None)
        b = sum(v for v in budget["lines"][line][:months] if v is not None)
        rows[line] = {"kind": "revenue" if revenue else "cost", "budget": b, "actual": a}
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame["variance"] = frame["actual"] - frame["budget"]
    frame["pct"] = frame["variance"] / frame["budget"].abs() * 100
    good = [(v > 0) if k == "revenue" else (v < 0) for k, v in zip(frame["kind"], frame["variance"], strict=True)]
    frame["assessment"] = ["on budget" if v == 0 else "favourable" if g else "unfavourable"
                           for v, g in zip(frame["variance"], good, strict=True)]
    return frame


def _keys(card) -> dict[str, Note]:
    return {a.key: a for a in card.assumptions if isinstance(a, Note)}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "-".join(map(str, v[:6])))
def test_the_budget_sheet_is_paired_with_the_actuals(tmp_path: Path, variant: tuple) -> None:
    path, facts, actual_sheet, budget_sheet = _book(tmp_path, *variant)
    missing = variant[5]
    cards = ingest_file(path, SimpleNamespace(input_dir=tmp_path / "input"))
    tables = {c.table: c for c in cards}
    [pair] = [c for c in cards if c.budget_sheet and not c.wide_table]
    assert pair.budget_sheet == budget_sheet and pair.layout == "wide"
    assert not any(c.table.endswith("all_sheets") for c in cards)  # never budget + actual added up
    # The actuals stay the workbook's first table, a statement; the budget sheet a table too.
    assert cards[0].sheet == actual_sheet and cards[0].layout == "statement"
    assert any(c.sheet == budget_sheet and c.layout == "statement" for c in cards)
    real, plan = facts["actual"]["lines"], facts["budget"]["lines"]
    union = list(real) + [n for n in plan if n not in real]
    assert pair.rows == len(union)
    said = _keys(pair)
    assert said["budget_paired"].values["budget"] == Name(budget_sheet)
    assert said["budget_paired"].values["actual"] == Name(actual_sheet)
    assert budget_sheet in str(said["budget_paired"]) and actual_sheet in str(said["budget_paired"])
    only_budget, only_actual = [n for n in plan if n not in real], [n for n in real if n not in plan]
    assert ("budget_only_lines" in said) == bool(only_budget)
    assert ("actual_only_lines" in said) == bool(only_actual)
    for key, names in (("budget_only_lines", only_budget), ("actual_only_lines", only_actual)):
        for name in names:
            assert name in str(said[key])
    if missing is None:
        assert not only_budget and not only_actual
    # The tidy table: per measure, the figures of each sheet's lines, to the cent.
    long = tables[pair.long_table]
    frame = pd.read_parquet(tmp_path / long.parquet_path)
    measures = list(dict.fromkeys(frame["Measure"]))
    assert len(measures) == 2
    actual_word = next(m for m in measures if m != measures[-1])
    sign = -1 if variant[2] == "negative" else 1
    for word, lines in ((actual_word, real), (measures[-1], plan)):
        part = frame[frame["Measure"] == word]
        got = part.groupby(frame.columns[0], sort=False)["Value"].sum(min_count=1)
        for line, figures in lines.items():
            cost = facts["actual"]["kinds"].get(line, facts["budget"]["kinds"].get(line)) != "revenue"
            want = sum(v for v in figures if v is not None) * (sign if cost else 1)
            assert round(float(got[line]), 2) == round(want, 2), (word, line)
    # Every language says the pairing and the lines in one sheet only, with the sheets' names.
    for language in ("en", "uk", "ru", "zh"):
        for key, note in said.items():
            if key in ("budget_paired", "budget_only_lines", "actual_only_lines"):
                text = note.render(language)
                assert budget_sheet in text and actual_sheet in text and "{" not in text, text


ASKED = [VARIANTS[i] for i in (0, 1, 2, 5, 6, 7, 8)]


# Each case asks in its own sandbox session (seconds): the fast tier keeps the second (a line
# missing from the budget), the full run all; the pairing above (no sandbox) is checked on
# every variant in both.
@pytest.mark.parametrize("variant", tiered(ASKED, lambda i, _: i == 1, one_name=True),
                         ids=lambda v: "-".join(map(str, v[:6])))
def test_budget_vs_actual_from_two_sheets_to_the_cent(tmp_path: Path, variant: tuple) -> None:
    path, facts, _actual_sheet, _budget_sheet = _book(tmp_path, *variant)
    language = variant[0] if variant[0] in QUESTIONS else "en"
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        answer = next(e.answer for e in analysis.ask(QUESTIONS[language], brain="offline")
                      if e.kind == "answer")
    assert answer.ok, answer.text
    [step] = answer.steps
    assert step.recipe == "budget_to_date"
    want = _expected(facts)
    f = step.figures.figures
    months = facts["actual"]["filled"]
    assert f["through_month"] == months and f["months"] == months
    revenue, costs = want[want["kind"] == "revenue"], want[want["kind"] == "cost"]
    assert round(f["revenue_budget"], 2) == round(revenue["budget"].sum(), 2)
    assert round(f["revenue_actual"], 2) == round(revenue["actual"].sum(), 2)
    assert round(f["cost_budget"], 2) == round(costs["budget"].sum(), 2)
    assert round(f["cost_actual"], 2) == round(costs["actual"].sum(), 2)
    assert f["lines"] == len(want)
    assert f["favourable_lines"] == (want["assessment"] == "favourable").sum()
    assert f["unfavourable_lines"] == (want["assessment"] == "unfavourable").sum()
    shown = step.figures
    rows = {str(r["line"]): r for r in [*shown.head, *shown.tail]}
    for name, row in want.iterrows():
        got = rows[str(name)]
        assert round(float(got["variance"]), 2) == round(row["variance"], 2), name
        assert float(got["variance_pct"]) == pytest.approx(row["pct"], abs=1e-9), name
        assert got["assessment"] == row["assessment"], name
    for value in (revenue["actual"].sum(), revenue["budget"].sum(), costs["actual"].sum()):
        assert format_money(value, None, language) in answer.text, (value, answer.text)
    missing = variant[5]
    if missing is not None:  # the line in one sheet only is named, never compared with zero
        label = PNL_LABELS[variant[0]][missing[1]]
        assert label not in rows
        if missing[0] == "budget" or months < 12:
            assert label in answer.text, answer.text


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


@pytest.mark.parametrize("variant", first_fast([VARIANTS[4], VARIANTS[1]], one_name=True),
                         ids=lambda v: v[0])
def test_the_finance_pack_has_the_budget_section(tmp_path: Path, variant: tuple) -> None:
    path, facts, _actual_sheet, budget_sheet = _book(tmp_path, *variant)
    language = variant[0]
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        answer = next(e.answer for e in analysis.standard_report() if e.kind == "answer")
        assert answer.ok, answer.text
        pdf = render_pdf(analysis.report())
    recipes = [s.recipe for s in answer.steps]
    # One P&L pack (the actuals'), not a second one of the budget sheet; the budget section.
    assert recipes.count("pnl_statement") == 2, recipes
    [step] = [s for s in answer.steps if s.recipe == "budget_to_date"]
    want = _expected(facts)
    f = step.figures.figures
    revenue, costs = want[want["kind"] == "revenue"], want[want["kind"] == "cost"]
    assert round(f["revenue_actual"], 2) == round(revenue["actual"].sum(), 2)
    assert round(f["cost_budget"], 2) == round(costs["budget"].sum(), 2)
    text = _plain("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages))
    assert _plain(format_money(revenue["actual"].sum(), None, language)) in text
    assert _plain(format_money(revenue["budget"].sum(), None, language)) in text
    assert budget_sheet in text  # the appendix says where the budget came from
    # A P&L with its budget is a financial report, not a "Sales report".
    assert _plain(say(language, "planner", "report_title_finance")) in text, text[:200]
    assert _plain(say(language, "planner", "report_title")) not in text
