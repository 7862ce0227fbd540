"""The agent loop, end to end: real openai client, real HTTP, real sandbox."""

from __future__ import annotations

import pytest

from analyst.session.analysis import install_recipes
from tests.agent.conftest import ask, config_for
from tests.agent.fake_openai import FakeOpenAI, raw_tool_call, reply, tool_call, tool_calls

LOAD = "import pandas as pd\ndf = pd.read_parquet('input/sales.parquet')\nprint(len(df))"
TOTAL = "print(round(df['revenue'].sum(), 2))"


@pytest.mark.parametrize("stream", [False, True], ids=["json", "streaming"])
def test_a_question_answered_in_two_steps(session, cards, stream):
    with FakeOpenAI([
        tool_call(LOAD, "Load the sales table", content="Let me load the data."),
        tool_call(TOTAL, "Add up revenue"),
        reply("Total revenue is 6,376.50 over 5 rows."),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url, stream=stream), "Total revenue?")

    answer = run.answer
    assert answer.ok and answer.brain == "llm"
    assert answer.text == "Total revenue is 6,376.50 over 5 rows."
    assert [s.result.stdout for s in answer.steps] == ["5\n", "6376.5\n"]
    assert [s.description for s in answer.steps] == ["Load the sales table", "Add up revenue"]
    assert answer.warnings == ()
    assert run.kinds == ["status", "model_text", "code", "result", "code", "result",
                         "usage", "answer"]
    assert run.of("model_text")[0].message == "Let me load the data."
    # The model read each result before the next step: the tool messages carry the output.
    assert "stdout:\n5" in server.requests[1].tool_results()[0]
    assert "6376.5" in server.requests[2].tool_results()[-1]
    assert all(r.body.get("stream", False) is stream for r in server.requests)


def test_code_that_raises_goes_back_to_the_model_which_fixes_it(session, cards):
    with FakeOpenAI([
        tool_call("import pandas as pd\ndf = pd.read_parquet('input/sales.parquet')\n"
                  "print(df['Revenue'].sum())", "Total revenue"),
        tool_call("print(df['revenue'].sum())", "Total revenue, right column name"),
        reply("Total revenue is 6376.5."),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url), "Total revenue?")

    assert run.answer.ok and run.answer.text == "Total revenue is 6376.5."
    assert run.kinds == ["status", "code", "result", "error", "retry", "code", "result",
                         "usage", "answer"]
    assert run.of("error")[0].message.startswith("Step 1 failed: KeyError")
    traceback_sent = server.requests[1].tool_results()[0]
    assert "status: failed" in traceback_sent and "KeyError: 'Revenue'" in traceback_sent
    assert len(traceback_sent) < 3000  # trimmed to the frames that matter


def test_code_that_never_ends_is_stopped_and_the_model_recovers(session, cards):
    with FakeOpenAI([
        tool_call("x = 41\nwhile True:\n    pass", "Loop forever"),
        tool_call("print(x + 1)", "Use the variable kept from before"),
        reply("The answer is 42."),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url, step_timeout=1.0), "Loop?")

    first, second = run.answer.steps
    assert first.result.timed_out and not first.result.ok
    assert second.result.stdout == "42\n"
    assert run.answer.ok
    assert "error:" in server.requests[1].tool_results()[0]


def test_the_step_limit_ends_with_a_plain_explanation_and_the_last_code(session, cards):
    with FakeOpenAI([
        tool_call("print('one')", "First"),
        tool_call("print('two')", "Second"),
        tool_call("print('three')", "Third, over the limit"),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url, max_steps=2), "Count?")

    answer = run.answer
    assert not answer.ok and len(answer.steps) == 2
    assert "limit of 2 steps" in answer.text
    assert "print('two')" in answer.text and "two" in answer.text
    assert "Traceback" not in answer.text
    assert run.kinds[-2:] == ["usage", "answer"]


def test_repeated_failures_stop_with_the_last_code_and_error(session, cards):
    with FakeOpenAI([
        tool_call("1/0", "Divide"),
        tool_call("undefined_name", "Use a name"),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url, max_failures=2), "Fail?")

    answer = run.answer
    assert not answer.ok
    assert "2 attempts in a row failed" in answer.text
    assert "undefined_name" in answer.text and "NameError" in answer.text


def test_broken_tool_calls_are_model_mistakes_fed_back_not_crashes(session, cards):
    with FakeOpenAI([
        raw_tool_call("execute_python", "{not json"),
        raw_tool_call("run_shell", '{"cmd": "ls"}'),
        tool_call("print(2 + 2)", "Add"),
        reply("It is 4."),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url, max_failures=3), "2+2?")

    assert run.answer.ok and len(run.answer.steps) == 1
    assert "not valid JSON" in server.requests[1].tool_results()[0]
    assert "no tool named 'run_shell'" in server.requests[2].tool_results()[-1]


@pytest.mark.parametrize("stream", [False, True], ids=["json", "streaming"])
def test_several_tool_calls_in_one_reply_each_get_their_result(session, cards, stream):
    with FakeOpenAI([
        tool_calls([("print('a')", "A"), ("print('b')", "B")]),
        reply("Done."),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url, stream=stream), "Both?")

    assert [s.result.stdout for s in run.answer.steps] == ["a\n", "b\n"]
    sent = server.requests[1].messages
    call_ids = [c["id"] for c in sent[-3]["tool_calls"]]
    assert [m.get("tool_call_id") for m in sent[-2:]] == call_ids


def test_approval_mode_shows_the_plan_and_stops_when_declined(session, cards, workspace):
    seen = []
    with FakeOpenAI([tool_call("open('output/x.txt', 'w').write('x')", "Write a file")]) as server:
        run = ask(session, cards, config_for(server.base_url), "Write?",
                  approve=lambda step: seen.append(step) or False)

    assert run.of("plan")[0].step.code.startswith("open(")
    assert len(seen) == 1 and not run.answer.ok
    assert "not approved" in run.answer.text
    assert not (workspace.root / "output" / "x.txt").exists()


def test_approved_code_runs(session, cards):
    with FakeOpenAI([tool_call("print('ok')", "Say ok"), reply("ok")]) as server:
        run = ask(session, cards, config_for(server.base_url), "Ok?", approve=lambda s: True)
    assert run.answer.ok and run.kinds.index("plan") < run.kinds.index("code")


def test_history_is_sent_and_usage_is_reported(session, cards):
    with FakeOpenAI([reply("North had 3 rows.", usage=(1200, 30))]) as server:
        run = ask(session, cards, config_for(server.base_url), "And the North?",
                  history=[("How many rows?", "There are 5 rows.")])

    roles = [(m["role"], m["content"]) for m in server.requests[0].messages[1:]]
    assert roles == [("user", "How many rows?"), ("assistant", "There are 5 rows."),
                     ("user", "And the North?")]
    usage = run.of("usage")[0].data
    assert usage["prompt_tokens"] == 1200 and usage["completion_tokens"] == 30
    assert usage["cost_usd"] is None  # a local endpoint: OpenAI's prices would mislead
    assert run.answer.usage == usage


def test_the_token_budget_ends_the_question(session, cards):
    with FakeOpenAI([tool_call("print(1)", "One", usage=(5000, 100))]) as server:
        run = ask(session, cards, config_for(server.base_url, token_budget=5000), "Big?")
    assert not run.answer.ok and "budget of 5,000 tokens" in run.answer.text


def test_a_step_calling_a_recipe_records_which_one(session, cards, workspace):
    install_recipes(workspace.root / "lib")
    code = ("import pandas as pd, recipes\ndf = pd.read_parquet('input/sales.parquet')\n"
            "res = recipes.kpi_summary(df, amount='revenue')\nprint(res.figures['total'])")
    with FakeOpenAI([tool_call(code, "Key figures"), reply("Total revenue: 6,376.50.")]) \
            as server:
        run = ask(session, cards, config_for(server.base_url), "KPIs?")

    step = run.answer.steps[0]
    assert step.recipe == "kpi_summary" and step.result.stdout.startswith("6376.5")
    assert run.answer.ok and run.answer.warnings == ()
