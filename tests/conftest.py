"""Shared fixtures. Keep this small: area fixtures belong in tests/<area>/conftest.py."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator

import pytest

from tests import app_start

# The tier hooks (tests/tiers.py): fixtures mark, and what a test does is checked.
from tests.tiers import (  # noqa: F401
    pytest_collection_modifyitems,
    pytest_configure,
    pytest_runtest_setup,
    pytest_runtest_teardown,
)

# Compiled-bytecode caches on, for this run and every process it starts, even where the
# machine's environment turns them off (PYTHONDONTWRITEBYTECODE=1 here): without them every
# app server, CLI run and reader server compiled the whole package again (about 0.2 s of
# CPU each; 12% of the CPU of the CLI tests), and each worker rewrote all test modules'
# asserts anew. The caches are __pycache__ folders (git ignores them).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# Each test process keeps its data in a folder of its own, not the user's
# (~/.local/share/analyst): the host's running places (`analyst.session.admission`) live
# there, and three workers sharing them waited on each other's idle module sessions (up to
# 30 s each, `PAUSE_AFTER_S`). A test of the default folder passes its own environment.
_DATA_HOME = tempfile.mkdtemp(prefix="analyst-test-data-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME
atexit.register(shutil.rmtree, _DATA_HOME, True)


def pytest_collection_finish(session: pytest.Session) -> None:
    # A test process reads many files, as the app does: its reader server starts as the
    # app's (ui.startup.start_file_reader), the formula library's table built ahead.
    from analyst.ingest import bounded

    bounded.start(formulas=True)
    # The app's once-per-process start-up sweep, before any test (tests/app_start.py).
    if app_start.uses_the_app(session.items):
        app_start.sweep_once()
        app_start.scan_components_once()


_FIRST_ATTEMPTS: dict[str, list[str]] = {}
"""A browser test's failed first attempt (tests/tiers.py), by test: its error, then what its
teardown printed (the page's text, the app's thread stacks and log: tests/app/server.py)."""


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":
        _FIRST_ATTEMPTS[report.nodeid] = [report.longreprtext[-6000:], *_printed(report)]
    elif report.when == "teardown" and report.nodeid in _FIRST_ATTEMPTS \
            and len(_FIRST_ATTEMPTS[report.nodeid]) == 1:
        # The attempt's teardown follows its failed call: the diagnostics are printed there.
        _FIRST_ATTEMPTS[report.nodeid] += _printed(report)


def _printed(report: pytest.TestReport) -> list[str]:
    return [f"--- {name}\n{content[-16000:]}" for name, content in report.sections
            if "stdout" in name or "stderr" in name]


def pytest_terminal_summary(terminalreporter) -> None:
    """Every failed first attempt whole, though its second attempt may have passed."""
    for nodeid, parts in _FIRST_ATTEMPTS.items():
        terminalreporter.write_sep("_", f"failed first attempt: {nodeid}")
        for part in parts:
            terminalreporter.write_line(part)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, so a fixture's teardown knows it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def docker_image() -> str:
    """The sandbox image tag, once a Docker engine answers and the image exists.

    Without an engine or image the test is skipped with the reason, except under CI=true,
    where the sandbox is part of what must be proven: there it is a failure.
    """
    from sandbox import notice_english
    from sandbox.engine import engine_problem, image_problem, image_tag

    tag = image_tag()
    problem = engine_problem() or image_problem(tag)
    if problem:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but the Docker sandbox is not usable: {notice_english(problem)}")
        pytest.skip(f"Docker sandbox not usable: {notice_english(problem)}")
    return tag


@pytest.fixture()
def expected_backend() -> str:
    """What the default backend (`auto`) must choose on this machine: docker when its
    engine and image are usable (required under CI=true, where their absence fails), else
    local."""
    from sandbox import notice_english
    from sandbox.engine import engine_problem, image_problem, image_tag

    problem = engine_problem() or image_problem(image_tag())
    if problem and os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but the Docker sandbox is not usable: {notice_english(problem)}")
    return "local" if problem else "docker"



@pytest.fixture(autouse=True)
def _environment_restored() -> Iterator[None]:
    """Each test gets the environment back as it found it. The app copies secrets.toml's
    values into os.environ (ui.startup); a test that left one there (a bad
    ANALYST_SANDBOX_CPUS) failed whichever test its worker ran next."""
    before = dict(os.environ)
    yield
    if os.environ != before:
        os.environ.clear()
        os.environ.update(before)
