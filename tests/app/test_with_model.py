"""With a model configured (a scripted OpenAI-compatible server), the app uses the LLM analyst."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from analyst.store import Store
from tests.agent.fake_openai import FakeOpenAI, reply, tool_call
from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")
CODE = ("import pandas as pd\n"
        "df = pd.read_parquet('input/sales.parquet')\n"
        "df.select_dtypes('number').sum()")


def test_a_question_goes_to_the_model_in_privacy_mode_and_the_answer_is_kept(app_env, monkeypatch):
    script = [tool_call(CODE, "Sum the numbers"), reply("Total revenue is in the table above.")]
    with FakeOpenAI(script) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        at = AppTest.from_file(APP, default_timeout=90).run()
        assert not any("No language model" in i.value for i in at.info)
        at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
        at.run()
        at.chat_input[0].set_value("what is the total revenue?").run()
        assert not at.exception
        sent = json.dumps(server.requests[0].body, ensure_ascii=False)
    assert "Gizmo" not in sent  # privacy mode: no raw values reach the model
    sid = at.session_state["sid"]
    (answer,) = [m for m in Store(app_env).messages(sid) if m.role == "assistant"]
    assert answer.data["brain"] == "llm"
    assert answer.text == "Total revenue is in the table above."
    assert answer.steps[0].result.ok
    assert len(at.dataframe) >= 1
