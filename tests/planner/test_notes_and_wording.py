"""What an offline answer must not hide or blur: notes that change what a number means come
first and none vanishes silently; a "top N" of all items and a long run of months read well.

Data (by hand): January 100 and a -20 return = 80; no row in February; March 50 + 30 = 80
up to 2026-03-11; one undated row of 5 (total 165, per-month table 160).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from analyst.brain.code.codegen import PlannedStep, StepFigures
from analyst.brain.narrate.narrative import describe
from analyst.events import Answer
from analyst.record import figures_sent
from analyst.session.analysis import Analysis

GAPS = ("Date,Product,Revenue\n2026-01-01,A,100\n2026-01-31,B,-20\n2026-03-02,A,50\n"
        "2026-03-11,,30\n,B,5\n")


@pytest.fixture(scope="module")
def gaps(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    folder = tmp_path_factory.mktemp("gaps")
    (folder / "sales.csv").write_text(GAPS, encoding="utf-8")
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(folder / "sales.csv")
        yield analysis


def _answer(analysis: Analysis, question: str) -> Answer:
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def test_partial_and_missing_months_lead_the_notes_and_the_rest_are_counted(gaps):
    answer = _answer(gaps, "revenue by month")
    assert answer.text == (
        "Revenue by month: 160.00 in total over 3 months. Best month: Jan 2026 (80.00); worst: "
        "Feb 2026 (0.00). By month: Jan 2026: 80.00; Feb 2026: 0.00; Mar 2026: 80.00. "
        "Note: The last month (Mar 2026) only has data up to 2026-03-11; its total is not a "
        "full month. No rows in Feb 2026: shown as 0, not skipped. 1 row has no readable "
        "'Date' and is left out of the per-month table; its Revenue totals 5.00. "
        "(+1 more note in the step's details.)")
    # The note not quoted is in the step's own figures, for the UI and the report.
    notes = [str(n) for n in figures_sent(answer.steps[0].result).notes]  # their English
    assert ("1 row has a negative 'Revenue' (returns or corrections), totalling -20.00; "
            "it is netted into the totals.") in notes and len(notes) == 4


def test_the_notes_in_ukrainian_lead_with_the_partial_month(gaps):
    answer = _answer(gaps, "виручка по місяцях")
    assert ("Примітка: Останній період (бер. 2026) має дані лише до 2026-03-11; його підсумок "
            "неповний. Без рядків: лют. 2026; показано як 0, а не пропущено.") in answer.text
    assert answer.text.endswith("(Ще одна примітка — в деталях кроку.)")


def test_top_n_of_all_items_says_all(gaps):
    answer = _answer(gaps, "top 5 products by revenue")
    # A 150 - 20 + ... : A = 100 + 50, B = -20 + 5, (blank) = 30
    assert answer.text.startswith("All 3 products together bring 165.00. Largest: A (150.00), "
                                  "(blank) (30.00), B (-15.00).")
    assert "top 3 of 3" not in answer.text.lower() and "Other" not in answer.text


def _dynamics_figures(months: int) -> tuple[PlannedStep, StepFigures]:
    rows = [{"month": f"2025-{m:02d}", "Revenue": 100.0 + 10 * m} for m in range(1, months + 1)]
    rows[4]["Revenue"] = 50.0  # May is the worst
    step = PlannedStep("r", "Revenue by month", "period_dynamics", "input/t.parquet",
                       {"date": "Date", "amount": "Revenue", "freq": "M", "currency": "$"})
    figures = StepFigures("period_dynamics", "Revenue by month",
                          {"total": sum(r["Revenue"] for r in rows), "periods": float(months),
                           "last": rows[-1]["Revenue"], "last_change_pct": 4.6875},
                          (), tuple(rows), tuple(rows[-2:]), rows=months)
    return step, figures


@pytest.mark.parametrize("language, expected", [
    ("en", ("Revenue by month: $1,880.00 in total over 12 months. Best month: Dec 2025 ($220.00); "
           "worst: May 2025 ($50.00). Revenue grew 4.7% in Dec 2025 to $220.00.")),
    ("uk", ("Revenue по місяцях: разом 1\u00a0880,00\u00a0$, кількість місяців: 12. Найкращий "
           "місяць — груд. 2025 (220,00\u00a0$); найгірший — трав. 2025 (50,00\u00a0$). Зміна за "
           "груд. 2025: +4,7%, до 220,00\u00a0$.")),
    ("ru", ("Revenue по месяцам: всего 1\u00a0880,00\u00a0$, количество месяцев: 12. Лучший "
           "месяц — дек. 2025 (220,00\u00a0$); худший — май 2025 (50,00\u00a0$). Изменение за "
           "дек. 2025: +4,7%, до 220,00\u00a0$.")),
    ("zh", ("按月的Revenue：合计$1,880.00，共12个月。最高的月：2025年12月（$220.00）；最低的："
           "2025年5月（$50.00）。2025年12月较上期变化+4.7%，为$220.00。")),
])
def test_twelve_months_lead_with_total_best_worst_and_last_change(language, expected):
    # 1,880 = sum(110..220 step 10) - 150 + 50 = 1,980 - 100; the table lists every month, the words do not.
    step, figures = _dynamics_figures(12)
    assert describe(step, figures, language=language) == expected
