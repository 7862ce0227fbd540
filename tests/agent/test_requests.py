"""What reaches the model: asserted on the requests the fake server received."""

from __future__ import annotations

import json

from tests.agent.conftest import SECRET_CUSTOMER, ask, config_for
from tests.agent.fake_openai import FakeOpenAI, reply, tool_call


def test_the_system_prompt_carries_the_data_card_paths_rules_and_the_tool(session, cards):
    with FakeOpenAI([reply("Fine.")]) as server:
        ask(session, cards, config_for(server.base_url, temperature=0.2), "Hello?")

    request = server.requests[0]
    prompt = request.system_prompt
    assert "Table `sales` from file 'sales.csv'" in prompt
    assert "'revenue' | float64 | money" in prompt and "sum=6376.50" in prompt
    assert "input/sales.parquet" in prompt and "output/" in prompt
    assert "Never" in prompt and "invent" in prompt and "assumptions" in prompt
    assert "import recipes" in prompt  # described by analyst.recipes.describe_for_model()
    assert request.body["model"] == "gpt-4o-mini" and request.body["temperature"] == 0.2
    assert "reasoning_effort" not in request.body
    assert [t["function"]["name"] for t in request.body["tools"]] == [
        "execute_python", "query_table"]
    assert request.headers["authorization"] == "Bearer sk-test"
    assert request.path == "/v1/chat/completions"


def test_privacy_mode_sends_no_raw_rows(session, cards):
    with FakeOpenAI([reply("Fine.")]) as server:
        ask(session, cards, config_for(server.base_url), "Hello?", privacy=True)
    body = json.dumps(server.requests[0].body, ensure_ascii=False)
    assert SECRET_CUSTOMER not in body and "Sample rows" not in body
    assert "Privacy mode is on" in server.requests[0].system_prompt


def test_without_privacy_mode_sample_rows_are_shown(session, cards):
    with FakeOpenAI([reply("Fine.")]) as server:
        ask(session, cards, config_for(server.base_url), "Hello?", privacy=False)
    assert SECRET_CUSTOMER in server.requests[0].system_prompt
    assert "Privacy mode" not in server.requests[0].system_prompt


def test_a_huge_output_reaches_the_model_as_head_and_tail_with_a_note(session, cards):
    code = "print('HEAD' + 'x' * 100_000 + 'TAIL')"
    with FakeOpenAI([tool_call(code, "Print a lot"), reply("Printed.")]) as server:
        run = ask(session, cards, config_for(server.base_url, tool_output_chars=4000), "Print?")

    sent = server.requests[1].tool_results()[0]
    assert len(sent) < 4000 + 200
    assert "HEAD" in sent and sent.rstrip().endswith("TAIL")
    assert "characters cut from the middle" in sent
    assert run.answer.steps[0].result.ok  # the user's copy of the result is not cut by us


def test_older_outputs_make_way_when_the_conversation_outgrows_its_budget(session, cards):
    big = "print('{n}' * 3000)"
    with FakeOpenAI([
        tool_call(big.format(n="A"), "A"),
        tool_call(big.format(n="B"), "B"),
        tool_call(big.format(n="C"), "C"),
        reply("Done."),
    ]) as server:
        ask(session, cards, config_for(server.base_url, context_tokens=3000,
                                       tool_output_chars=3500), "Fill?")

    last = server.requests[-1]
    outputs = last.tool_results()
    assert len(outputs) == 3  # every tool call still has its answer: the API requires it
    assert outputs[0].startswith("[Output of this earlier step removed")
    assert "CCC" in outputs[2]
    assert last.messages[0]["role"] == "system" and "Table `sales`" in last.system_prompt
    assert last.messages[1]["content"] == "Fill?"


def test_reasoning_effort_is_sent_only_when_configured(session, cards):
    with FakeOpenAI([reply("Fine.")]) as server:
        ask(session, cards, config_for(server.base_url, model="o4-mini",
                                       reasoning_effort="low"), "Hi?")
    assert server.requests[0].body["reasoning_effort"] == "low"
