"""Which brain answers: the LLM agent when a model is configured, else the offline planner."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from analyst.agent import LLMConfig
from analyst.events import Answer, Step
from analyst.session.analysis import Analysis
from analyst.session.brain_choice import NO_MODEL
from tests.agent.fake_openai import FakeOpenAI, reply, tool_call

CSV = "Date,Product,Revenue\n2026-01-05,Tea,100.50\n2026-02-07,Coffee,200.25\n"


@pytest.fixture
def analysis(tmp_path: Path) -> Iterator[Analysis]:
    (tmp_path / "sales.csv").write_text(CSV)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(tmp_path / "sales.csv")
        yield analysis


def _answer(analysis: Analysis, question: str, **kw: object) -> Answer:
    return next(e.answer for e in analysis.ask(question, **kw) if e.kind == "answer")


def test_without_a_model_auto_means_offline(analysis: Analysis) -> None:
    answer = _answer(analysis, "total revenue", llm_config=LLMConfig())
    assert answer.brain == "offline" and "300.75" in answer.text


def test_asking_for_the_model_without_one_says_how_to_configure_it(analysis: Analysis) -> None:
    answer = _answer(analysis, "total revenue", brain="llm", llm_config=LLMConfig())
    assert not answer.ok and answer.text == NO_MODEL


@pytest.mark.parametrize("question", ["загальна виручка", "общая выручка", "总收入"])
def test_the_missing_model_is_explained_in_the_language_of_the_question(
        analysis: Analysis, question: str) -> None:
    from tests.app.test_page_languages import english_words

    answer = _answer(analysis, question, brain="llm", llm_config=LLMConfig())
    assert not answer.ok and "OPENAI_API_KEY" in answer.text
    assert not english_words(answer.text), answer.text


def test_with_a_model_auto_means_the_agent(analysis: Analysis) -> None:
    code = "import pandas as pd\nprint(pd.read_parquet('input/sales.parquet')['Revenue'].sum())"
    with FakeOpenAI([tool_call(code, "Add up revenue"), reply("Total revenue is 300.75.")]) as server:
        config = LLMConfig(api_key="test", base_url=server.base_url, api_retries=0)
        answer = _answer(analysis, "total revenue", llm_config=config)
    assert answer.brain == "llm" and answer.text == "Total revenue is 300.75."
    assert answer.steps[0].result.stdout == "300.75\n"
    assert analysis.history[-1] == answer  # read back from its one record


def test_no_file_yet_is_a_plain_answer(tmp_path: Path) -> None:
    with Analysis.open(tmp_path / "empty", backend="local") as analysis:
        answer = _answer(analysis, "total revenue")
    assert not answer.ok and "Add a data file first" in answer.text


def test_an_upload_keeps_the_users_file_name(tmp_path: Path) -> None:
    (tmp_path / "upload-3f9a.tmp").write_text(CSV)
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        [card] = analysis.add_file(tmp_path / "upload-3f9a.tmp", display_name="Q1 sales.csv")
    assert card.source_file == "Q1 sales.csv"


def test_approval_mode_runs_only_the_approved_steps(analysis: Analysis) -> None:
    asked = []

    def approve(step: Step) -> bool:
        asked.append(step.description)
        return step.recipe != "abc_analysis"

    events = list(analysis.standard_report(approve=approve))
    answer = events[-1].answer
    assert "ABC analysis of products by revenue" in asked
    assert "abc_analysis" not in [s.recipe for s in answer.steps]
    assert "kpi_summary" in [s.recipe for s in answer.steps]
    assert any(e.kind == "plan" for e in events)  # the plan is shown before anything runs
