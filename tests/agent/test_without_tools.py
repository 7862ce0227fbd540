"""Models without tool calling write ```python blocks; those run, other languages do not."""

from __future__ import annotations

from analyst.agent.codeblocks import extract_code_blocks
from tests.agent.conftest import ask, config_for
from tests.agent.fake_openai import FakeOpenAI, error, reply

LOAD_AND_COUNT = (
    "I will load the table.\n\n```python\nimport pandas as pd\n"
    "df = pd.read_parquet('input/sales.parquet')\n```\n\nThen count rows:\n\n"
    "```python\nprint(len(df))\n```\n"
)


def test_python_blocks_run_in_order_and_their_output_is_sent_back(session, cards):
    with FakeOpenAI([reply(LOAD_AND_COUNT), reply("There are 5 rows.")]) \
            as server:
        run = ask(session, cards, config_for(server.base_url, tool_calling="off"), "Rows?")

    assert run.answer.ok and run.answer.text == "There are 5 rows."
    assert [s.result.ok for s in run.answer.steps] == [True, True]
    assert run.answer.steps[1].result.stdout == "5\n"
    first, second = server.requests
    assert "tools" not in first.body
    assert "```python block" in first.system_prompt
    fed_back = second.messages[-1]
    assert fed_back["role"] == "user"
    assert "Output of step 1" in fed_back["content"] and "Output of step 2" in fed_back["content"]
    assert "stdout:\n5" in fed_back["content"]
    assert run.of("model_text")[0].message.startswith("I will load the table.")


def test_a_bash_block_is_refused_with_a_request_to_use_python(session, cards):
    with FakeOpenAI([
        reply("```bash\nwc -l input/sales.csv\n```"),
        reply("```python\nimport pandas as pd\nprint(len(pd.read_parquet('input/sales.parquet')))"
              "\n```"),
        reply("5 rows."),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url, tool_calling="off"), "Rows?")

    assert run.answer.ok and len(run.answer.steps) == 1
    assert "bash" in run.of("warning")[0].message
    refusal = server.requests[1].messages[-1]["content"]
    assert "Only Python can run here" in refusal and "bash" in refusal


def test_a_server_refusing_tools_switches_to_python_blocks(session, cards):
    with FakeOpenAI([
        error(400, "registry.ollama.ai/library/gemma:2b does not support tools"),
        reply("```python\nprint(6 * 7)\n```"),
        reply("It is 42."),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url), "6*7?")

    assert run.answer.ok and run.answer.steps[0].result.stdout == "42\n"
    assert "tools" in server.requests[0].body and "tools" not in server.requests[1].body
    assert "cannot call tools" in run.of("status")[-1].message


def test_extracting_blocks():
    blocks = extract_code_blocks(
        "Text\n```py\na = 1\n```\n```\nplain text block\n```\n~~~sql\nselect 1\n~~~\n"
    )
    assert blocks.python == ("a = 1",)
    assert blocks.refused == ("sql",)
    assert "plain text block" not in blocks.prose and blocks.prose.startswith("Text")
