"""`analyst ask` and `analyst report` exactly as a user runs them, with nothing configured:
every step's files reach the host, and the PDF has each table and chart (issue 25).

Before: the default backend wrapped Docker's without handing output/ over, so `ask --json`
listed no files and the standard report's PDF had no table and no chart in any section.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from analyst.__main__ import build_parser
from analyst.commands import ask as ask_command
from analyst.commands.loading import open_analysis
from tests.app.samples import ROOT, messy_csv
from tests.cli import inprocess
from tests.default.installed import (
    analyst_command,
    assert_every_table_and_chart_is_in,
    untouched_env,
)

pytestmark = [pytest.mark.docker, pytest.mark.slow]
LOCAL_WARNING = "Local backend:"
QUESTIONS = ("revenue by month", "top 5 products by revenue", "revenue by region",
             "ABC analysis of products")


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*analyst_command(), *args], cwd=tmp_path, env=untouched_env(
        tmp_path / "data"), capture_output=True, text=True, timeout=600, check=False)


def _asked_in_process(sales: Path, questions: Sequence[str], workspace: Path,
                     tmp_path: Path) -> Iterator[dict]:
    """What `ask FILE Q --offline --json --workspace W` prints for each question, by the
    command's own parser (its default backend), opening and printer, in the same environment,
    on one analysis: one sandbox for all of them (a container's start each, else)."""
    with inprocess.as_the_command(cwd=tmp_path, env=untouched_env(tmp_path / "data")):
        args = build_parser().parse_args(["ask", str(sales), questions[0], "--offline",
                                          "--json", "--workspace", str(workspace)])
        assert args.offline and args.json
        with open_analysis([sales], args.workspace, args.backend, quiet=True) as analysis:
            for question in questions:
                answer = next(e.answer for e in analysis.ask(question, brain="offline")
                              if e.kind == "answer")
                printed = io.StringIO()
                with contextlib.redirect_stdout(printed):
                    ask_command._print(answer, analysis.workspace.root, True)
                yield json.loads(printed.getvalue())


def test_ask_lists_the_files_of_every_step(tmp_path, expected_backend):
    sales = tmp_path / "sales.csv"
    sales.write_bytes(messy_csv())
    # The first question through the installed command, the others through its parts in this
    # process, one session for them: whether each step's files reach the host is the default
    # backend's doing, not the process's (and a session's later steps must bring theirs too).
    done = _run(["ask", str(sales), QUESTIONS[0], "--offline", "--json",
                 "--workspace", str(tmp_path / "ws0")], tmp_path)
    assert done.returncode == 0, done.stderr
    answers = [(tmp_path / "ws0", json.loads(done.stdout))]
    answers += [(tmp_path / "ws1", answer) for answer in
                _asked_in_process(sales, QUESTIONS[1:], tmp_path / "ws1", tmp_path)]
    assert len(answers) == len(QUESTIONS)
    for (workspace, answer), question in zip(answers, QUESTIONS, strict=True):
        assert answer["ok"] and answer["steps"], answer
        for step in answer["steps"]:
            paths = [a["path"] for a in step["artifacts"]]
            assert any(p.endswith(".png") for p in paths), (question, step)
            assert any(p.endswith(".csv") for p in paths), (question, step)
            for path in paths:
                assert (workspace / path).is_file() and (workspace / path).stat().st_size, path
        said_local = any(LOCAL_WARNING in w for w in answer["warnings"])
        assert said_local == (expected_backend == "local"), answer["warnings"]


def test_report_has_a_table_and_a_chart_in_every_section_that_has_one(tmp_path,
                                                                      expected_backend):
    sales = tmp_path / "sales.csv"
    sales.write_bytes(messy_csv())
    pdf, workspace = tmp_path / "report.pdf", tmp_path / "ws"
    done = _run(["report", str(sales), "-o", str(pdf), "--workspace", str(workspace)],
                tmp_path)
    assert done.returncode == 0, done.stderr
    assert (LOCAL_WARNING in done.stderr) == (expected_backend == "local"), done.stderr
    assert_every_table_and_chart_is_in(pdf, workspace / "output")


def test_the_readme_starts_the_app_with_this_command():
    """The browser test starts `analyst web` because the README does: keep them together."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install -r requirements.txt . && analyst web" in readme


def test_the_readme_installs_what_the_tests_need_in_one_command():
    """"Test it" starts with one install of the app, the test tools and the `analyst`
    command (the default-install tier runs it), and CI runs that same install."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Test it", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    install = block.strip().splitlines()[0].split("#")[0].strip()
    assert install == "pip install -r requirements-dev.txt -e .", install
    assert f"python -m {install} -q" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pinned = {line.split("==")[0].lower() for line in
              (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines()
              if "==" in line and not line.startswith("#")}
    assert {"pytest", "pytest-xdist", "pytest-timeout", "playwright", "pytest-playwright",
            "pypdf", "ruff", "mypy"} <= pinned
