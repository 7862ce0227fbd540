"""The marker check of tests/tiers.py: a test that uses Docker, a browser, our command line
or the network without its marker fails, whatever it looks like (issue 28, point 2)."""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests import tiers

ROOT = Path(__file__).resolve().parents[1]


def _pytest(tmp_path: Path, body: str, *args: str) -> subprocess.CompletedProcess[str]:
    """pytest on one generated test file, with the tier hooks alone loaded."""
    path = tmp_path / "test_generated.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.tiers",
         "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), *args, str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


UNMARKED_DOCKER = '''
    import socket, subprocess
    import pytest

    def test_runs_the_docker_cli():
        try:
            subprocess.run(["docker", "ps", "-q"], capture_output=True, timeout=30)
        except OSError:
            pass  # no docker binary here: the attempt is what counts

    def test_talks_to_the_engine_socket():
        s = socket.socket(socket.AF_UNIX)
        try:
            s.connect("/var/run/docker.sock")
        except OSError:
            pass
        finally:
            s.close()

    @pytest.mark.docker
    def test_marked_is_fine():
        try:
            subprocess.run(["/usr/bin/docker", "version"], capture_output=True, timeout=30)
        except OSError:
            pass

    def test_does_nothing_of_the_kind():
        subprocess.run(["true"], check=True)
'''


def test_an_unmarked_docker_test_fails_the_check(tmp_path):
    done = _pytest(tmp_path, UNMARKED_DOCKER, "-rA")
    out = done.stdout
    assert done.returncode == 1, out
    # Each unmarked one ran, then fails at its teardown: 4 calls passed, 2 errors.
    assert "4 passed, 2 errors" in out, out
    for name in ("test_runs_the_docker_cli", "test_talks_to_the_engine_socket"):
        assert f"test_generated.py::{name}" in out.split("short test summary")[1], out
    assert "@pytest.mark.docker: it used the Docker engine (docker ps -q)" in out
    assert "@pytest.mark.docker: it used the Docker engine (/var/run/docker.sock)" in out
    errors = [line for line in out.split("short test summary")[1].splitlines()
              if line.startswith("ERROR")]
    assert len(errors) == 2, errors
    for name in ("test_marked_is_fine", "test_does_nothing_of_the_kind"):
        assert not [line for line in errors if f"::{name}" in line], errors


def test_fixtures_mark_before_selection(tmp_path):
    body = '''
        import pytest

        @pytest.fixture()
        def docker_image():
            return "image"

        @pytest.fixture()
        def page():
            return "page"

        def test_needs_the_image(docker_image):
            pass

        def test_needs_a_page(page):
            pass

        def test_plain():
            pass
    '''
    done = _pytest(tmp_path, body, "-m", "not docker and not browser and not slow",
                   "--collect-only")
    assert "test_plain" in done.stdout, done.stdout
    assert "test_needs_the_image" not in done.stdout
    assert "test_needs_a_page" not in done.stdout
    assert "1/3 tests collected (2 deselected)" in done.stdout, done.stdout


PYTHON_NAMES = ("python", "python3", "python3.11", sys.executable)


@pytest.mark.parametrize("argv", [
    *[[p, "-m", m, *rest] for p in PYTHON_NAMES for m in ("analyst", "sandbox", "streamlit")
      for rest in ([], ["ask", "f.csv", "q"], ["run", "app.py"])],
    ["analyst", "web"], ["/srv/venv/bin/analyst", "report", "x.csv"], ["sandbox", "doctor"],
    ["/usr/local/bin/streamlit", "run", "app.py", "--server.port", "9"],
    [sys.executable, "-X", "utf8", "-m", "analyst.commands", "--help"],
])
def test_our_command_line_needs_slow(argv):
    assert ("slow" in {m for m, _ in tiers.uses_of_command(argv)}), argv


@pytest.mark.parametrize("argv", [
    ["docker", "ps"], ["/usr/bin/docker", "create", "img"], ["docker"],
])
def test_docker_cli_needs_docker(argv):
    assert {m for m, _ in tiers.uses_of_command(argv)} == {"docker"}


@pytest.mark.parametrize("argv", [
    ["/usr/bin/chromium", "--headless"], ["chromium-browser"], ["google-chrome"],
])
def test_a_browser_needs_browser(argv):
    assert {m for m, _ in tiers.uses_of_command(argv)} == {"browser"}


@pytest.mark.parametrize("argv", [
    [sys.executable, "-c", "print(1)"], [sys.executable, "-m", "pytest"], ["true"],
    [sys.executable, "-m", "pip", "install", "analyst"], ["git", "status"], ["tar", "-c", "."],
    ["pdftoppm", "-png", "x.pdf"], [sys.executable, "sandbox/kernel.py"], [],
    *[[p, "-m", "analyst.ingest.server", "/run/analyst-reader-x/socket"] for p in PYTHON_NAMES],
])
def test_other_processes_need_nothing(argv):
    assert list(tiers.uses_of_command(argv)) == []


@pytest.mark.parametrize(("family", "address", "needs"), [
    (socket.AF_INET, ("127.0.0.1", 8501), set()),
    (socket.AF_INET, ("127.8.9.10", 80), set()),
    (socket.AF_INET, ("localhost", 80), set()),
    (socket.AF_INET6, ("::1", 80, 0, 0), set()),
    (socket.AF_INET, ("0.0.0.0", 80), set()),  # noqa: S104 - an address, not a bind
    (socket.AF_INET, ("10.1.2.3", 443), {"network"}),
    (socket.AF_INET, ("93.184.216.34", 443), {"network"}),
    (socket.AF_INET, ("api.openai.com", 443), {"network"}),
    (socket.AF_INET6, ("2001:db8::1", 443, 0, 0), {"network"}),
    (socket.AF_UNIX, "/var/run/docker.sock", {"docker"}),
    (socket.AF_UNIX, "/run/user/0/docker.sock", {"docker"}),
    (socket.AF_UNIX, b"/var/run/docker.sock", {"docker"}),
    (socket.AF_UNIX, "/tmp/ws/.sandbox/channel", set()),  # noqa: S108 - a path, not a file
])
def test_addresses(family, address, needs):
    assert {m for m, _ in tiers.uses_of_address(family, address)} == needs


def test_a_thread_counts_for_the_test_that_started_it(tmp_path):
    body = '''
        import socket, threading, time

        box = {}

        def touch_the_engine():
            s = socket.socket(socket.AF_UNIX)
            try:
                s.connect("/var/run/docker.sock")
            except OSError:
                pass
            finally:
                s.close()

        def test_leaves_a_thread_behind():
            box["go"] = threading.Event()
            threading.Thread(target=lambda: (box["go"].wait(10), touch_the_engine()),
                             daemon=True).start()

        def test_is_not_blamed_for_the_earlier_tests_thread():
            box["go"].set()
            time.sleep(0.5)

        def test_its_own_thread_counts():
            thread = threading.Thread(target=touch_the_engine)
            thread.start()
            thread.join()
    '''
    done = _pytest(tmp_path, body, "-rA")
    errors = [line for line in done.stdout.split("short test summary")[1].splitlines()
              if line.startswith("ERROR")]
    assert len(errors) == 1 and "test_its_own_thread_counts" in errors[0], done.stdout


def test_every_engine_request_counts_not_only_the_first_connection(tmp_path):
    """The SDK's client is shared and keeps its connection: a second test that only reuses
    it is still seen (whether or not an engine answers here)."""
    body = '''
        import docker
        import pytest

        client = docker.DockerClient(base_url="unix:///var/run/docker.sock", timeout=5)

        def _ping():
            try:
                client.ping()
            except Exception:
                pass

        @pytest.mark.docker
        def test_first_connects():
            _ping()

        def test_second_reuses_the_connection():
            _ping()
    '''
    done = _pytest(tmp_path, body, "-rA")
    errors = [line for line in done.stdout.split("short test summary")[1].splitlines()
              if line.startswith("ERROR")]
    assert len(errors) == 1 and "test_second_reuses_the_connection" in errors[0], done.stdout
    assert "Docker API GET /" in done.stdout
