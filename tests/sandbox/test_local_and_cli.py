"""The local backend says it is not isolation; the CLI prints one JSON object per step."""

import json
import subprocess
import sys

from sandbox import open_session
from tests.sandbox.conftest import TEST_LIMITS


def test_local_backend_says_it_is_not_isolation(workspace):
    session = open_session(workspace, backend="local", limits=TEST_LIMITS)
    assert session.backend == "local" and session.isolated is False
    assert "NOT isolation" in session.warning


def test_local_backend_does_not_pass_host_secrets(workspace, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-must-not-leak")
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        env = session.run("import os\nsorted(os.environ)").value.text
    assert "OPENAI_API_KEY" not in env and "sk-test" not in env


def test_local_backend_reports_a_memory_error_and_keeps_going(workspace):
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        session.run("kept = 1")
        result = session.run("b'x' * (4 * 1024**3)")
        assert result.out_of_memory and not result.ok
        assert "ran out of memory (limit 1 GB)" in result.notice
        assert session.run("print(kept)").stdout == "1\n"


def test_auto_decides_at_start_not_in_the_constructor(workspace):
    session = open_session(workspace, backend="auto", limits=TEST_LIMITS)
    assert session.backend == "auto"
    with session:
        assert session.backend in ("docker", "local")
        assert (session.warning is None) == session.isolated


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sandbox", *args], capture_output=True,
                          text=True, timeout=120, check=False)


def test_cli_runs_files_as_steps_of_one_session(tmp_path):
    (tmp_path / "ws" / "input").mkdir(parents=True)
    (tmp_path / "ws" / "input" / "n.txt").write_text("41")
    (tmp_path / "one.py").write_text("x = int(open('input/n.txt').read())")
    (tmp_path / "two.py").write_text("print(x + 1)")
    (tmp_path / "three.py").write_text("x / 0")
    done = run_cli("run", "--workspace", str(tmp_path / "ws"), "--backend", "local",
                   str(tmp_path / "one.py"), str(tmp_path / "two.py"), str(tmp_path / "three.py"))
    assert done.returncode == 0, done.stderr
    steps = [json.loads(line) for line in done.stdout.splitlines()]
    assert [s["ok"] for s in steps] == [True, True, False]
    assert steps[1]["stdout"] == "42\n"
    assert steps[2]["error"]["name"] == "ZeroDivisionError"
    for key in ("stderr", "files", "duration_s", "timed_out", "out_of_memory"):
        assert key in steps[0]
    assert "NOT isolation" in done.stderr


def test_cli_fails_with_one_line_when_the_sandbox_cannot_start(tmp_path, monkeypatch):
    (tmp_path / "step.py").write_text("print(1)")
    monkeypatch.setenv("ANALYST_SANDBOX_IMAGE", "analyst-sandbox:does-not-exist")
    done = run_cli("run", "--workspace", str(tmp_path / "ws"), "--backend", "docker",
                   str(tmp_path / "step.py"))
    assert done.returncode != 0 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_doctor_reports_engine_image_and_limits_in_plain_words():
    done = run_cli("doctor")
    assert "Docker engine:" in done.stdout and "Sandbox image:" in done.stdout
    assert "memory:" in done.stdout and done.returncode in (0, 1)
