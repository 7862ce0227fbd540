"""`analyst ask` and `analyst report` exactly as a user runs them, with nothing configured:
every step's files reach the host, and the PDF has each table and chart (issue 25).

Before: the default backend wrapped Docker's without handing output/ over, so `ask --json`
listed no files and the standard report's PDF had no table and no chart in any section.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

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


def _run_in_process(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """The same command and environment through `main(argv)` (3 s of imports less)."""
    return inprocess.run(*args, cwd=tmp_path, env=untouched_env(tmp_path / "data"))


def test_ask_lists_the_files_of_every_step(tmp_path, expected_backend):
    sales = tmp_path / "sales.csv"
    sales.write_bytes(messy_csv())
    for number, question in enumerate(QUESTIONS):
        workspace = tmp_path / f"ws{number}"
        # The first question through the installed command, the others through its `main`:
        # whether each step's files reach the host is the default backend's doing, not the
        # process's.
        run = _run if number == 0 else _run_in_process
        done = run(["ask", str(sales), question, "--offline", "--json",
                    "--workspace", str(workspace)], tmp_path)
        assert done.returncode == 0, done.stderr
        answer = json.loads(done.stdout)
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
