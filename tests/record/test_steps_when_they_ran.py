"""A step's record is made once, when it ran: its origin from the plan, the figures it
printed, and the SHA-256 of what it wrote and read; later readers only read the record."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pandas as pd
import pytest

from analyst.events import ModelCode, QueryCall, RecipeCall
from analyst.record import figures_sent
from analyst.report import Report
from analyst.report.build import build_report
from analyst.session.analysis import Analysis
from analyst.store import Store
from benchmarks.sales_data import write_sales_csv
from sandbox import Workspace

UKRAINIAN = ("Дата;Товар;Регіон;Сума\n05.01.2026;Чай;Київ;1 250,50\n17.01.2026;Кава;Львів;980,25\n"
             "03.02.2026;Чай;Львів;1 410,00\n21.02.2026;Какао;Київ;1 105,75\n")


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def standard(tmp_path_factory: pytest.TempPathFactory) -> tuple[Analysis, Path]:
    root = tmp_path_factory.mktemp("ws")
    data = tmp_path_factory.mktemp("data")
    csv = write_sales_csv(data / "q1_sales.csv")
    (data / "продажі.csv").write_text(UKRAINIAN, encoding="utf-8")
    with Analysis.open(root, backend="local") as analysis:
        analysis.add_file(csv)
        analysis.add_file(data / "продажі.csv")
        for _ in analysis.standard_report():
            pass
        for _ in analysis.ask("ABC-аналіз товарів", brain="offline"):
            pass
    return analysis, root


def test_offline_steps_record_their_recipe_call_figures_and_file_hashes(standard):
    analysis, root = standard
    steps = [s for a in analysis.history for s in a.steps]
    assert len(steps) >= 8
    tables = {c.parquet_path for c in analysis.cards}
    for step in steps:
        # A recipe's call, or the query a plain question was read into ("сума по регіонах"
        # is read whole on the table whose columns it names).
        assert isinstance(step.origin, RecipeCall | QueryCall)
        assert not isinstance(step.origin, RecipeCall) or step.origin.recipe in step.code
        assert step.result is not None and step.result.ok
        # Read once, when it ran: the same as reading its result again would give.
        assert step.figures == figures_sent(step.result) and step.figures is not None
        assert [a.path for a in step.artifacts] == [f.path for f in step.result.files]
        for artifact in step.artifacts:
            assert artifact.sha256 == _sha(root / artifact.path)
        (table,) = step.inputs
        assert table.path in tables and table.sha256 == _sha(root / table.path)
    languages = {s.origin.language for s in steps if isinstance(s.origin, RecipeCall)}
    assert {"en", "uk"} <= languages


def test_the_report_is_built_from_answers_loaded_from_the_store_without_a_session(
        standard, tmp_path):
    analysis, root = standard
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    for answer in analysis.history:
        store.add_answer(session.id, answer)
    before = sorted((p.relative_to(root), p.stat().st_mtime_ns) for p in root.rglob("*")
                    if p.is_file())

    loaded = [m.answer for m in Store(tmp_path / "data").messages(session.id)]
    report = build_report(loaded, analysis.cards, Workspace(root))
    live = analysis.report()

    assert _content(report) == _content(live)
    assert len(report.sections) >= 5 and all(s.table is not None for s in report.sections)
    total = next(k for k in report.kpis if k.label == "Total revenue")
    expected = pd.read_csv(root / "input" / "q1_sales.csv")["Revenue"].sum()
    assert total.value == pytest.approx(expected, abs=1e-6)
    # Pure: nothing in the workspace was written or touched.
    after = sorted((p.relative_to(root), p.stat().st_mtime_ns) for p in root.rglob("*")
                   if p.is_file())
    assert after == before


def _content(report: Report) -> tuple:
    """What a reader sees in a report (its tables as JSON: DataFrames have no ==)."""
    sections = tuple((s.title, s.narrative, s.chart_path, s.column_formats, s.row_formats,
                      None if s.table is None else s.table.to_json(orient="split"))
                     for s in report.sections)
    return (report.title, report.subtitle, report.language_hint, report.kpis, sections,
            report.sources, report.definitions, report.steps_code)


def test_model_code_is_recorded_as_model_code_with_the_tables_it_names(tmp_path):
    from analyst.agent import LLMConfig
    from tests.agent.fake_openai import FakeOpenAI, reply, tool_call

    (tmp_path / "sales.csv").write_text("Date,Region,Revenue\n2026-01-05,North,100.50\n")
    code = ("import pandas as pd\nimport recipes\n"
            "df = pd.read_parquet('input/sales.parquet')\n"
            "print(recipes.kpi_summary(df, amount='Revenue').summary())\n"
            "df.to_csv('output/копія.csv', index=False)")
    with FakeOpenAI([tool_call(code), reply("Revenue is 100.50.")]) as server, \
            Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "sales.csv")
        config = LLMConfig(api_key="test", base_url=server.base_url, api_retries=0)
        answer = [e for e in analysis.ask("total?", llm_config=config)][-1].answer
    (step,) = answer.steps
    assert step.origin == ModelCode("kpi_summary") and step.figures is None
    assert [(i.path, i.sha256) for i in step.inputs] == [
        ("input/sales.parquet", _sha(tmp_path / "ws" / "input" / "sales.parquet"))]
    assert [(a.path, a.sha256) for a in step.artifacts] == [
        ("output/копія.csv", _sha(tmp_path / "ws" / "output" / "копія.csv"))]
