"""A recurring report, end to end in a real sandbox session (local backend):

a Q1 file -> the standard report plus two asked questions, saved as a template -> a file
with one more month and changed prices -> every section computed again (to the cent
against pandas), the key figures' changes right to 0.1 percentage point, a renamed column
found by its role or its values, an ambiguous one asked about, a missing one a plain
message naming the section that cannot run. Column names in four languages.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from analyst.record.step import file_sha256
from analyst.recurring import ReportTemplate, first_run, run_template
from analyst.recurring.files import dumps, loads
from analyst.report import Report, render_pdf
from analyst.report.period import period_text
from analyst.session.analysis import Analysis
from analyst.words.note import render
from tests.grids import first_fast
from tests.recurring import months
from tests.recurring.months import COLUMNS, QUESTIONS

LANGUAGES = ("en", "uk", "ru", "zh")


def sales(count: int, price: float = 1.0, *, lang: str, seed: int) -> pd.DataFrame:
    """`months.sales` without its channel and cost columns: nothing here reads them, and each
    run of the standard report is then five recipe steps, not seven (a breakdown by channel
    and the margins by category are sections of their own). The other values are the same."""
    names = COLUMNS[lang]
    return months.sales(count, price, lang=lang, seed=seed).drop(
        columns=[names["channel"], names["cost"]])


@dataclass(frozen=True)
class Saved:
    lang: str
    q1: pd.DataFrame
    template: ReportTemplate


def _analysis(root: Path, frame: pd.DataFrame, name: str) -> Analysis:
    frame.to_csv(root / name, index=False)
    analysis = Analysis.open(root / "ws", backend="local")
    analysis.add_file(root / name)
    return analysis


# Each language is a saved run and five runs again, each in its own sandbox (a minute in all):
# the fast tier keeps Chinese column names (the farthest from the English of the steps), the
# full run all four.
@pytest.fixture(scope="module", params=first_fast(["zh", "en", "uk", "ru"]))
def saved(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Saved:
    lang = request.param
    q1 = sales(3, lang=lang, seed=11)
    with _analysis(tmp_path_factory.mktemp(f"q1_{lang}"), q1, "sales_q1.csv") as analysis:
        run = first_run(analysis, QUESTIONS[lang], brain="offline", language=lang)
    assert run.template is not None and not run.problems, run.problems
    # What is saved is what the file gives back: the run below uses the JSON's template.
    return Saved(lang, q1, loads(dumps(run.template)))


def _run(tmp: Path, saved: Saved, frame: pd.DataFrame,
         answers: dict[str, str] | None = None) -> Iterator[tuple[Analysis, object]]:
    with _analysis(tmp, frame, "sales_apr.csv") as analysis:
        yield analysis, run_template(analysis, saved.template, answers=answers)


def _asked_sections(report: Report, count: int = 2) -> list:
    """The asked questions' sections: last, after the standard ones (nothing failed)."""
    return list(report.sections[-count:])


def _check_figures(report: Report, frame: pd.DataFrame, names: dict[str, str],
                   revenue: str, product: str) -> None:
    total = next(k for k in report.kpis if k.key == "total")
    assert round(total.value, 2) == round(frame[revenue].sum(), 2)
    top, average = _asked_sections(report)
    expected = frame.groupby(product)[revenue].sum().nlargest(5).round(2)
    shown = top.table.iloc[:5]
    assert list(shown.iloc[:, 1]) == list(expected.index)
    assert [round(v, 2) for v in shown.iloc[:, 2]] == list(expected.values)
    means = frame.groupby(names["region"])[revenue].mean()
    got = dict(zip(average.table.iloc[:, 0], average.table.iloc[:, 1], strict=True))
    assert {k: round(v, 2) for k, v in got.items()} == {k: round(v, 2) for k, v in
                                                       means.items()}


def test_every_section_is_computed_again_and_the_changes_are_right(
        saved: Saved, tmp_path: Path) -> None:
    names = COLUMNS[saved.lang]
    q2 = sales(4, price=1.15, lang=saved.lang, seed=12)  # one more month, prices +15%
    for analysis, result in _run(tmp_path, saved, q2):
        assert not result.questions and not result.problems, result.problems
        report = result.report
        _check_figures(report, q2, names, names["revenue"], names["product"])
        # Every step ran again, on this file's table (its inputs are today's table).
        table = analysis.workspace.root / analysis.cards[0].parquet_path
        again = analysis.history[-len(saved.template.questions) - 1:]
        assert all(i.sha256 == file_sha256(table) for a in again for s in a.steps
                   for i in s.inputs)
        # The changes against the saved run, to 0.1 percentage point.
        then = {"total": saved.q1[names["revenue"]].sum(),
                "orders": saved.q1[names["order"]].nunique(),
                "quantity": saved.q1[names["qty"]].sum()}
        now = {"total": q2[names["revenue"]].sum(), "orders": q2[names["order"]].nunique(),
               "quantity": q2[names["qty"]].sum()}
        tiles = {k.key: k for k in report.kpis}
        for key in then:
            expected = (now[key] - then[key]) / abs(then[key])
            assert tiles[key].delta == pytest.approx(expected, abs=0.0005)
            # Against the months the saved run covered, not the day it ran.
            assert tiles[key].delta_label.endswith(period_text("2026-01-01", "2026-03-31", saved.lang))
            assert saved.template.run_date not in tiles[key].delta_label
        # The period now covered and the saved run's, said in the changes section.
        changes = report.sections[0]
        assert period_text("2026-01-01", "2026-04-30", saved.lang) in changes.narrative
        assert period_text("2026-01-01", "2026-03-31", saved.lang) in changes.narrative
        assert saved.template.run_date in changes.narrative
        assert changes.table is not None and len(changes.table) == len(tiles)
        assert render_pdf(report).startswith(b"%PDF")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_renamed_column_is_found_by_its_role_and_values(
        saved: Saved, lang: str, tmp_path: Path) -> None:
    if saved.lang != lang:
        pytest.skip("one saved report per language")
    names = COLUMNS[lang]
    q2 = sales(4, price=0.9, lang=lang, seed=13)
    q2 = q2.rename(columns={names["product"]: "Item code"})
    q2["Warehouse"] = ["A" if i % 3 else "B" for i in range(len(q2))]  # a second new category
    for _, result in _run(tmp_path, saved, q2):
        assert not result.questions and not result.problems, result.problems
        [top, _] = result.matches
        assert top.mapping[names["product"]] == "Item code"
        assert top.how[names["product"]] == "values"  # P-001... are the saved products
        _check_figures(result.report, q2, names, names["revenue"], "Item code")


# The two runs below (one question, then a run on a workbook beside another table) check
# what the template does with a table's place and its candidates, not its words: each in
# one Cyrillic language (Chinese too until issue 28: Chinese names are still found by their
# role and values above, and run by every test above), the four languages' column names
# still each run by the tests above.
@pytest.mark.slow  # a fifth sandbox run of the saved report; the fast tier runs three others
@pytest.mark.parametrize("lang", ["ru"])
def test_a_renamed_column_with_two_candidates_is_asked_about_then_runs(
        saved: Saved, lang: str, tmp_path: Path) -> None:
    if saved.lang != lang:
        pytest.skip("one of the four saved reports")
    names = COLUMNS[saved.lang]
    revenue = names["revenue"]
    q2 = sales(4, price=1.3, lang=saved.lang, seed=14).rename(columns={revenue: "Net sales"})
    q2["Discount"] = (q2["Net sales"] * 0.05).round(2)
    ws = tmp_path / "asked"
    ws.mkdir()
    for analysis, result in _run(ws, saved, q2):
        assert result.report is None  # nothing was guessed, nothing ran
        [question] = result.questions
        assert question.column == revenue and set(question.candidates) == {"Net sales",
                                                                           "Discount"}
        assert f"“{revenue}”" in question.text() and "sales_apr.csv" in question.text()
        asked = len(analysis.history)
        answered = run_template(analysis, saved.template, answers={revenue: "Net sales"})
        assert not answered.problems, answered.problems
        assert len(analysis.history) > asked
        _check_figures(answered.report, q2, names, "Net sales", names["product"])


def test_a_missing_column_is_a_plain_message_naming_the_section(
        saved: Saved, tmp_path: Path) -> None:
    names = COLUMNS[saved.lang]
    q2 = sales(4, lang=saved.lang, seed=15).drop(columns=[names["region"]])
    section = saved.template.questions[1].steps[0].title
    for _, result in _run(tmp_path, saved, q2):
        assert not result.questions
        [problem] = result.problems
        assert problem.english == (f"The section “{section}” cannot run: sales_apr.csv has no column "
                           f"for “{names['region']}” (a category column).")
        report = result.report
        # Said in the PDF too, in the report's language (the template's).
        assert report.sections[-1].narrative == render(problem, saved.template.language)
        assert section in report.sections[-1].narrative
        top = report.sections[-2]
        expected = q2.groupby(names["product"])[names["revenue"]].sum().nlargest(5).round(2)
        assert [round(v, 2) for v in top.table.iloc[:5, 2]] == list(expected.values)


@pytest.mark.slow  # a fourth sandbox run of the saved report; the fast tier runs three others
@pytest.mark.parametrize("lang", ["uk"])
def test_next_month_as_a_workbook_beside_another_table(saved: Saved, lang: str,
                                                       tmp_path: Path) -> None:
    """Another shape: the new month comes as an Excel workbook (another table name) next to
    a small table of targets; the saved steps find the sales table by its columns."""
    if saved.lang != lang:
        pytest.skip("one of the four saved reports")
    names = COLUMNS[saved.lang]
    q2 = sales(4, price=1.07, lang=saved.lang, seed=16)
    book = tmp_path / "sales_2026_04.xlsx"
    frame = q2.copy()
    frame[names["date"]] = pd.to_datetime(frame[names["date"]])
    frame.to_excel(book, index=False, sheet_name="April")
    targets = tmp_path / "targets.csv"
    pd.DataFrame({names["region"]: ["North", "South"], "Target": [1000.0, 2000.0]}).to_csv(
        targets, index=False)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(targets)
        analysis.add_file(book)
        result = run_template(analysis, saved.template)
        assert not result.questions and not result.problems, result.problems
        assert {m.card.source_file for m in result.matches} == {book.name}
        _check_figures(result.report, q2, names, names["revenue"], names["product"])
