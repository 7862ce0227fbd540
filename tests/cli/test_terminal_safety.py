"""Issue 14, point 6 on the terminal: nothing a step or a model writes reaches it as a control.

A scripted model's code (run in the real sandbox) prints ANSI escapes, raises with a
terminal title sequence and a right-to-left override, and writes a file whose name holds an
escape; the model's answer carries them too. `python -m analyst ask` prints the answer,
the warnings and the paths with none of those characters left; its JSON keeps them escaped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.sales_data import write_sales_csv
from tests.agent.fake_openai import FakeOpenAI, reply, tool_call
from tests.cli import inprocess

REPO = Path(__file__).resolve().parents[2]
ESC = "\x1b"
CODE = ("print('\\x1b[2J\\x1b[31mred\\x1b[0m \\x9b1m')\n"
        "open('output/\\x1b[31mname\\u202e.csv', 'w').write('a\\n1\\n')\n"
        "raise ValueError('\\x1b]0;owned\\x07 \\u202eevil\\x1b[1A')\n")
ANSWER = f"Total {ESC}[2Krevenue{ESC}]0;title\x07 is \u202e1.00."
UNSAFE = (ESC, "\x07", "\x9b", "\u202e")


@pytest.mark.slow  # a real process of our command line
@pytest.mark.parametrize("as_json", [False, True])
def test_the_cli_prints_no_control_character_a_step_or_a_model_wrote(tmp_path, as_json):
    csv = write_sales_csv(tmp_path / "q1_sales.csv", rows=200)
    script = [tool_call(CODE, f"Look {ESC}[31mhere"), reply(ANSWER)]
    with FakeOpenAI(script) as model:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANALYST_"))}
        env.update(PYTHONPATH=str(REPO), OPENAI_API_KEY="test", OPENAI_BASE_URL=model.base_url,
                   ANALYST_API_RETRIES="0")
        argv = ["ask", str(csv), "total revenue", "--backend", "local",
                "--workspace", str(tmp_path / "ws"), *(["--json"] if as_json else [])]
        # The terminal text through a real process (anything written past Python's streams
        # shows there too); the JSON, which only escapes, through `main` (3 s less).
        run = (inprocess.run(*argv, cwd=tmp_path, env=env) if as_json else subprocess.run(
            [sys.executable, "-m", "analyst", *argv], cwd=tmp_path, env=env,
            capture_output=True, text=True, timeout=300, check=False))
    printed = run.stdout + run.stderr
    assert not [c for c in UNSAFE if c in printed], repr(printed[-2000:])
    if as_json:
        data = json.loads(run.stdout)
        assert data["answer"] == ANSWER  # the data is kept, only escaped in the JSON text
    else:
        assert "revenue" in run.stdout and "1.00" in run.stdout
