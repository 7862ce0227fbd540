"""The package installs like any other: wheel built, installed in a fresh venv, its commands run.

Slow, and part of CI: it is the proof that `pip install .` works outside this checkout, with
the prompts, the recipes, the sandbox image's inputs, pages/ and ui/ inside. The wheel goes
into a venv of its own with `--no-deps`; the dependencies are the checkout venv's (one path
line, after the venv's own site-packages), and `pip check` in that venv proves that the
wheel's requirements (pyproject.toml's ranges) admit the versions installed from the lock
(tests/packaging/test_lock.py reads the two files against each other). A full resolve of every
dependency into a fresh venv cost a minute of CPU and proved the same ranges.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _sources(target: Path) -> Path:
    """The project's files as a clone has them (tracked and new, never ignored ones)."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    for name in listed:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def _site_packages(python: Path | str) -> Path:
    where = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return Path(subprocess.run([str(python), "-c", where], check=True, capture_output=True,
                               text=True).stdout.strip())


def _locked() -> dict[str, str]:
    pins = (line.split("==") for line in (ROOT / "requirements.txt").read_text().splitlines()
            if "==" in line and not line.startswith(("#", " ")))
    return {canonicalize_name(name): version.split(";")[0].split()[0] for name, version in pins}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the built wheel installed; returns its bin/ folder."""
    base = tmp_path_factory.mktemp("wheel")
    sources = _sources(base / "src")
    dist = base / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(dist), str(sources)], check=True, capture_output=True)
    (wheel,) = dist.glob("analyst-*.whl")
    env_dir = base / "venv"
    # No pip of its own (ensurepip: seconds of CPU for a tool these tests never run): this
    # pip installs into it, as the venv's own would.
    venv.EnvBuilder(with_pip=False).create(env_dir)
    bin_dir = env_dir / "bin"
    # The checkout venv's packages, after the venv's own: a path line adds the folder only,
    # its .pth files (the checkout's editable analyst) are not run, so `analyst` is the wheel's.
    ours = _site_packages(bin_dir / "python")
    (ours / "checkout-dependencies.pth").write_text(f"{_site_packages(sys.executable)}\n",
                                                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"),
                           "install", "-q", "--no-deps", "--no-compile", str(wheel)],
                          check=False, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return bin_dir


def _run(bin_dir: Path, *argv: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(bin_dir / argv[0]), *argv[1:]], check=False, cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_the_wheels_requirements_admit_the_installed_dependencies(installed: Path) -> None:
    """What a resolve would refuse: a dependency missing, or its version out of a range."""
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(installed / "python"),
                           "check"], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheels_requirements_admit_the_locked_versions(installed: Path) -> None:
    """The wheel's own metadata (not pyproject.toml read here): every requirement of it is
    locked in requirements.txt at a version its range admits."""
    (metadata,) = _site_packages(installed / "python").glob("analyst-*.dist-info/METADATA")
    wanted = [Requirement(value) for key, value in Parser().parsestr(
        metadata.read_text(encoding="utf-8"), headersonly=True).items() if key == "Requires-Dist"]
    runtime = [w for w in wanted if w.marker is None or w.marker.evaluate({"extra": ""})]
    assert runtime, "the wheel lists no dependency"
    locked = _locked()
    for requirement in runtime:
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{requirement} is not in requirements.txt"
        assert requirement.specifier.contains(locked[name], prereleases=True), (requirement,
                                                                                locked[name])


def test_the_installed_analyst_is_the_wheel(installed: Path, tmp_path: Path) -> None:
    script = ("import analyst, sandbox, importlib.metadata as m\n"
              "print(analyst.__file__); print(sandbox.__file__)\n"
              "print(m.distribution('analyst').locate_file(''))\n")
    done = _run(installed, "python", "-c", script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    venv_site = str(_site_packages(installed / "python"))
    for line in done.stdout.splitlines():
        assert line.startswith(venv_site), (line, venv_site)


# In the wheel's venv: every module of the installed packages imported; each third-party
# module they loaded must come from a distribution the wheel requires (directly or not). The
# checkout venv also holds the dev tools: a module only they bring would pass the commands
# below here, and fail where only the wheel's requirements are installed.
_IMPORTS_REQUIRED = """
import importlib, json, pkgutil, sys
from importlib import metadata
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

required, todo = set(), ["analyst"]
while todo:
    name = canonicalize_name(todo.pop())
    if name not in required:
        required.add(name)
        for text in metadata.distribution(name).requires or []:
            wanted = Requirement(text)
            if wanted.marker is None or wanted.marker.evaluate({"extra": ""}):
                todo.append(wanted.name)
before = set(sys.modules)
for package in ("analyst", "sandbox", "ui"):
    for found in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(found.name)
site = sys.argv[1]
owner = {}
for dist in metadata.distributions(path=[site]):
    name = canonicalize_name(dist.metadata["Name"])  # parsed once: not once a file
    owner.update((str(file), name) for file in dist.files or [])
loaded = {}
for name, module in sys.modules.items():
    file = getattr(module, "__file__", None) or ""
    if name not in before and file.startswith(site + "/"):
        loaded.setdefault(owner.get(file[len(site) + 1:], "?"), []).append(name)
print(json.dumps({dist: sorted(names)[:3] for dist, names in loaded.items()}))
print(json.dumps(sorted(required)))
"""


def test_every_module_the_package_imports_comes_with_its_requirements(installed: Path,
                                                                      tmp_path: Path) -> None:
    checkout_site = str(_site_packages(sys.executable))
    done = _run(installed, "python", "-c", _IMPORTS_REQUIRED, checkout_site, cwd=tmp_path,
                timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    loaded_line, required_line = done.stdout.strip().splitlines()[-2:]
    loaded, required = json.loads(loaded_line), set(json.loads(required_line))
    assert {"pandas", "streamlit", "reportlab"} <= set(loaded)  # it did look
    unrequired = {dist: modules for dist, modules in loaded.items() if dist not in required}
    assert unrequired == {}, unrequired  # distribution ("?": none owns it): its modules


def test_analyst_help_lists_every_command(installed: Path, tmp_path: Path) -> None:
    done = _run(installed, "analyst", "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: analyst ")
    for command in ("ingest", "ask", "report", "web"):
        assert command in done.stdout


def test_sandbox_doctor_sees_the_same_image_as_the_checkout(installed: Path, tmp_path: Path) -> None:
    """The image inputs (Dockerfile, pinned requirements, kernel) are in the wheel, unchanged."""
    from sandbox.build import image_tag

    ours = subprocess.run([sys.executable, "-m", "sandbox", "doctor"], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    done = _run(installed, "sandbox", "doctor", cwd=tmp_path)
    assert f"Sandbox image: {image_tag()} " in done.stdout, done.stdout + done.stderr
    assert done.returncode == ours.returncode, done.stdout
    if os.environ.get("CI", "").lower() == "true":
        assert done.returncode == 0, done.stdout


def test_installed_ingest_reads_a_file_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "sales.csv"
    sheet.write_text("Date;Region;Revenue\n01.02.2026;Kyiv;1 234,50\n02.02.2026;Lviv;99,50\n",
                     encoding="utf-8")
    done = _run(installed, "analyst", "ingest", str(sheet), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (card,) = json.loads(done.stdout)
    revenue = next(c for c in card["columns"] if c["name"] == "Revenue")
    assert revenue["sum"] == 1334.0


def test_installed_web_app_runs_its_pages(installed: Path, tmp_path: Path) -> None:
    """The installed app.py finds its pages/ and ui/ (AppTest runs the real script)."""
    script = (
        "import sys\n"
        "from streamlit.testing.v1 import AppTest\n"
        "from analyst.commands.web import app_path\n"
        "app = app_path()\n"
        "assert 'site-packages' in str(app), app\n"
        "at = AppTest.from_file(str(app), default_timeout=60).run()\n"
        "assert not at.exception, at.exception\n"
        "print('uploader' if at.get('file_uploader') else 'no uploader')\n"
    )
    done = _run(installed, "python", "-c", script, cwd=tmp_path, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("uploader") and "no uploader" not in done.stdout


def test_web_command_starts_streamlit_with_safe_defaults(installed: Path, tmp_path: Path) -> None:
    script = (
        "import json\n"
        "from pathlib import Path\n"
        "from analyst.commands.web import app_path, streamlit_command\n"
        "print(json.dumps(streamlit_command(app_path(), ['--server.port=8599'], Path.cwd(), Path.cwd())))\n"
    )
    done = _run(installed, "python", "-c", script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    command = json.loads(done.stdout)
    assert command[1:4] == ["-m", "streamlit", "run"] and command[4].endswith("app.py")
    assert "--server.address=localhost" in command and "--browser.gatherUsageStats=false" in command
    assert command[-1] == "--server.port=8599"


def test_installed_deploy_commands_say_what_they_need(installed: Path, tmp_path: Path) -> None:
    """The service's commands ship with the package: the proxy and serve are there; the
    app's image is built from a checkout, and an installed copy says so in one line."""
    done = _run(installed, "python", "-m", "analyst.deploy", "proxy", "--help", cwd=tmp_path)
    assert done.returncode == 0 and "--data-root" in done.stdout, done.stderr
    done = _run(installed, "python", "-m", "analyst.deploy", "build", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("Could not build the app image: "), done.stderr
    assert "Traceback" not in done.stderr
    assert "checkout" in done.stderr or "engine" in done.stderr.lower()
