"""After a browser reload (`?s=` in the address), the model still knows the conversation."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from tests.agent.fake_openai import FakeOpenAI, reply, tool_call
from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")
FIRST = "which product sold the most?"
CODE = "import pandas as pd\nprint(len(pd.read_parquet('input/sales.parquet')))"


def test_a_follow_up_after_a_reload_is_sent_with_the_earlier_question(app_env, monkeypatch):
    script = [tool_call(CODE, "Count rows"), reply("Gadgets sold the most."),
              reply("Widgets came second.")]
    with FakeOpenAI(script) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        at = AppTest.from_file(APP, default_timeout=90).run()
        at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
        at.run()
        at.chat_input[0].set_value(FIRST).run()
        assert not at.exception
        sid = at.session_state["sid"]

        again = AppTest.from_file(APP, default_timeout=90)  # a new browser session
        again.query_params["s"] = sid
        again.run()
        again.chat_input[0].set_value("and the second?").run()
        assert not again.exception
        follow_up = json.dumps(server.requests[-1].messages, ensure_ascii=False)
    assert FIRST in follow_up and "Gadgets sold the most." in follow_up
    assert "Widgets came second." in again.chat_message[-1].markdown[0].value
