"""Nothing mixed: after a file is replaced by a newer version, earlier answers that used it
are known to be from the earlier version, and a report never mixes figures of two versions
(the builder refuses a pinned answer of the earlier version; the standard report is run
again). Real sandbox session (local backend), generated files in several languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyst.record.versions import earlier_files, table_files
from analyst.report.build import Pin, ReportBuildError
from analyst.session.analysis import Analysis
from tests.grids import tiered
from tests.recurring.months import COLUMNS, QUESTIONS, sales


def _answer(analysis: Analysis, question: str):
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


# Each language is two files, answers and a report in a sandbox (seconds): zh in the fast
# tier, all three in the full run.
@pytest.mark.parametrize("lang", tiered(["en", "uk", "zh"], lambda _, lang: lang == "zh"))
def test_replacing_a_file_marks_earlier_answers_and_the_report_does_not_mix(
        lang: str, tmp_path: Path) -> None:
    revenue = COLUMNS[lang]["revenue"]
    # The columns the question and the total read: the standard report (run twice) is four
    # recipe steps, not seven (regions, channels and costs only add sections of their own).
    kept = [COLUMNS[lang][k] for k in ("date", "order", "product", "revenue")]
    first = sales(2, lang=lang, seed=31)[kept]
    newer = sales(3, price=1.1, lang=lang, seed=32)[kept]
    path = tmp_path / "sales.csv"
    first.to_csv(path, index=False)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        root, cards = analysis.workspace.root, analysis.cards
        asked = _answer(analysis, QUESTIONS[lang][0])
        list(analysis.standard_report())
        assert asked.ok and earlier_files(asked, root, table_files(cards)) == ()
        newer.to_csv(path, index=False)
        analysis.add_file(path, replace=True)
        history = analysis.history
        assert all(earlier_files(a, root, table_files(analysis.cards)) == ("sales.csv",)
                   for a in history if a.steps)
        with pytest.raises(ReportBuildError, match="earlier version of sales.csv"):
            analysis.report(pins=[Pin(0, asked.steps[0].number)])
        # The standard report of the earlier version is run again, not reused.
        report = analysis.report()
        total = next(k for k in report.kpis if k.key == "total")
        assert round(total.value, 2) == round(newer[revenue].sum(), 2)
        assert earlier_files(analysis.history[-1], root, table_files(analysis.cards)) == ()
