"""The local backend says it is not isolation; the CLI prints one JSON object per step."""

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from sandbox import notice_english, open_session
from tests.sandbox.conftest import TEST_LIMITS


def test_local_backend_says_it_is_not_isolation(workspace):
    session = open_session(workspace, backend="local", limits=TEST_LIMITS)
    assert session.backend == "local" and session.isolated is False
    assert session.warning and "NOT isolation" in notice_english(session.warning)


def test_local_backend_does_not_pass_host_secrets(workspace, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-must-not-leak")
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        env = session.run("import os\nsorted(os.environ)").value.text
    assert "OPENAI_API_KEY" not in env and "sk-test" not in env


# Looks for the key everywhere a process of the app's user could: the app's own
# environment (the kernel's parent), every other process's, and the app's private files.
HUNT = """
import glob, os
found, refused = [], []
for path in [f"/proc/{os.getppid()}/environ", "/proc/1/environ", *glob.glob("/proc/*/environ")]:
    try:
        if b"sk-test-must-not-leak" in open(path, "rb").read():
            found.append(path)
    except OSError:
        refused.append(path)
for path in [os.environ["APP_SECRET_FILE"], f"/proc/{os.getppid()}/cwd/secrets.toml"]:
    try:
        if "sk-test-must-not-leak" in open(path).read():
            found.append(path)
    except OSError:
        refused.append(path)
print(json.dumps({"found": found, "refused": refused, "parent": f"/proc/{os.getppid()}"}))
"""


def hunt_for_the_key(tmp_path) -> dict:
    """Run HUNT through the CLI, an app process started with the key in its environment."""
    app = Path(tempfile.mkdtemp(prefix="analyst-app-"))  # under /tmp: every user may enter
    try:
        app.chmod(0o755)
        secret = app / "secrets.toml"
        secret.write_text('OPENAI_API_KEY = "sk-test-must-not-leak"\n')
        secret.chmod(0o600)  # private to the app's user, as secrets.toml should be
        step = tmp_path / "hunt.py"
        step.write_text("import json\n" + HUNT.replace('os.environ["APP_SECRET_FILE"]',
                                                      repr(str(secret))))
        done = subprocess.run(
            [sys.executable, "-m", "sandbox", "run", "--workspace", str(tmp_path / "ws"),
             "--backend", "local", str(step)],
            capture_output=True, text=True, timeout=120, check=False, cwd=app,
            env={**os.environ, "OPENAI_API_KEY": "sk-test-must-not-leak",
                 "PYTHONPATH": str(Path(__file__).parents[2])},
        )
    finally:
        shutil.rmtree(app)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["ok"], result["error"]
    return {"report": json.loads(result["stdout"]), "warning": done.stderr}


@pytest.mark.slow  # a real process of our command line
@pytest.mark.skipif(os.geteuid() != 0, reason="only an app running as root can start the "
                    "kernel as another user; the other branch is tested below")
def test_as_root_the_key_cannot_be_read_from_the_app_process_or_its_files(tmp_path):
    hunt = hunt_for_the_key(tmp_path)
    assert hunt["report"]["found"] == []
    parent = hunt["report"]["parent"]
    assert f"{parent}/environ" in hunt["report"]["refused"]
    assert f"{parent}/cwd/secrets.toml" in hunt["report"]["refused"]
    assert "unprivileged user of its own" in hunt["warning"] and "NOT isolation" in hunt["warning"]


def test_as_root_the_kernel_runs_as_a_uid_of_its_own_with_only_the_shared_group(workspace):
    from sandbox.local_user import SHARED_GID, is_session_uid

    if os.geteuid() != 0:
        pytest.skip("the app is not root here: the kernel keeps the app's user")
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        ids = session.run("import os\n(os.getuid(), os.geteuid(), os.getgid(), os.getgroups())")
    uid, euid, gid, groups = eval(ids.value.text)  # noqa: S307 - a tuple of ints we printed
    assert is_session_uid(uid) and uid == euid == gid and groups == [SHARED_GID]
    with pytest.raises(KeyError):
        pwd.getpwuid(uid)  # no account is needed, or made


@pytest.mark.skipif(os.geteuid() == 0, reason="this test runs as root, where the kernel runs "
                    "as a uid of its own instead (tested above); this branch needs a non-root user")
def test_not_as_root_the_warning_says_the_key_is_readable(workspace):
    session = open_session(workspace, backend="local", limits=TEST_LIMITS)
    assert "can read this user's files and the app's environment, including the API key" in (
        notice_english(session.warning))
    assert "ANALYST_SANDBOX_BACKEND=docker" in notice_english(session.warning)


def test_local_backend_reports_a_memory_error_and_keeps_going(workspace):
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        session.run("kept = 1")
        result = session.run("b'x' * (4 * 1024**3)")
        assert result.out_of_memory and not result.ok
        assert "ran out of memory (limit 1 GB)" in result.notice
        assert session.run("print(kept)").stdout == "1\n"


@pytest.mark.docker  # reaches the Docker engine (the default backend is auto)
def test_auto_decides_at_start_not_in_the_constructor(workspace):
    session = open_session(workspace, backend="auto", limits=TEST_LIMITS)
    assert session.backend == "auto"
    with session:
        assert session.backend in ("docker", "local")
        assert (session.warning is None) == session.isolated


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sandbox", *args], capture_output=True,
                          text=True, timeout=120, check=False)


@pytest.mark.slow  # a real process of our command line
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


@pytest.mark.slow  # a real process of our command line
def test_cli_fails_with_one_line_when_the_sandbox_cannot_start(tmp_path, monkeypatch):
    (tmp_path / "step.py").write_text("print(1)")
    monkeypatch.setenv("ANALYST_SANDBOX_IMAGE", "analyst-sandbox:does-not-exist")
    done = run_cli("run", "--workspace", str(tmp_path / "ws"), "--backend", "docker",
                   str(tmp_path / "step.py"))
    assert done.returncode != 0 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.slow  # a real process of our command line
def test_doctor_reports_engine_image_and_limits_in_plain_words():
    done = run_cli("doctor")
    assert "Docker engine:" in done.stdout and "Sandbox image:" in done.stdout
    assert "memory:" in done.stdout and done.returncode in (0, 1)
