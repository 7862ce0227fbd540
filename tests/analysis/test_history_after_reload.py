"""Follow-up questions keep their context after a reload: `Analysis` takes the earlier answers."""

from __future__ import annotations

import json
from pathlib import Path

from analyst.agent import LLMConfig
from analyst.events import Answer
from analyst.session.analysis import Analysis
from tests.agent.fake_openai import FakeOpenAI, reply, tool_call

CSV = "Date,Region,Revenue\n2026-01-05,North,100.50\n2026-02-07,South,200.25\n"
FIRST = "Which region sold the most in February?"
CODE = "import pandas as pd\nprint(pd.read_parquet('input/sales.parquet').groupby('Region')['Revenue'].sum())"


def _ask(analysis: Analysis, question: str, config: LLMConfig) -> Answer:
    return [e for e in analysis.ask(question, llm_config=config)][-1].answer


def _config(server: FakeOpenAI) -> LLMConfig:
    return LLMConfig(api_key="test", base_url=server.base_url, api_retries=0)


def test_a_reopened_analysis_given_the_earlier_answers_tells_the_model_about_them(tmp_path: Path):
    (tmp_path / "sales.csv").write_text(CSV)
    with FakeOpenAI([tool_call(CODE), reply("South sold the most: 200.25.")]) as server, \
            Analysis.open(tmp_path / "ws", backend="local") as first:
        first.add_file(tmp_path / "sales.csv")
        earlier = _ask(first, FIRST, _config(server))
    assert earlier.ok

    # What the app's store gives back after a browser reload or a restart.
    kept = (earlier,)
    with FakeOpenAI([reply("North had 100.50.")]) as server, \
            Analysis.open(tmp_path / "ws", backend="local", history=kept) as again:
        assert again.history == kept
        follow_up = _ask(again, "And the other one?", _config(server))
        sent = json.dumps(server.requests[0].messages, ensure_ascii=False)
    assert follow_up.ok
    assert FIRST in sent and "South sold the most: 200.25." in sent
    assert again.history == (earlier, follow_up)


def test_history_given_replaces_what_the_workspace_saved(tmp_path: Path):
    with Analysis.open(tmp_path / "ws", backend="local") as first:
        list(first.ask("total revenue", brain="offline"))  # saved in the workspace
    given = (Answer("What is the total?", "It is 300.75."),)
    with Analysis.open(tmp_path / "ws", backend="local", history=given) as again:
        assert again.history == given
    with Analysis.open(tmp_path / "ws", backend="local") as plain:
        assert [a.question for a in plain.history] == ["total revenue"]
