"""Shared fixtures of the app tests: a private data folder, the local sandbox, a messy CSV, and
copies of a store prepared once per test process (tests/app/prepared.py)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from tests.app.prepared import PreparedStore, prepare
from tests.app.samples import ROOT

_NO_MODEL = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANALYST_OFFLINE", "ANALYST_APPROVAL")


@pytest.fixture()
def app_env(tmp_path, monkeypatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("ANALYST_DATA_DIR", str(data))
    monkeypatch.setenv("ANALYST_SANDBOX_BACKEND", "local")
    for name in _NO_MODEL:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(ROOT)
    return data


@pytest.fixture(scope="session")
def prepared_store(tmp_path_factory: pytest.TempPathFactory) -> PreparedStore:
    """An upload and an answer made once per test process through the real app
    (tests/app/prepared.py), in the environment `app_env` gives a test."""
    base = tmp_path_factory.mktemp("prepared")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ANALYST_DATA_DIR", str(base / "live"))
        patch.setenv("ANALYST_SANDBOX_BACKEND", "local")
        for name in _NO_MODEL:
            patch.delenv(name, raising=False)
        patch.chdir(ROOT)
        return prepare(base)


@pytest.fixture()
def uploaded_session(app_env: Path, prepared_store: PreparedStore) -> str:
    """The id of a session that holds sales.csv (messy_csv), nothing asked, in this test's
    own copy of the prepared data folder."""
    return prepared_store.uploaded.copy_to(app_env)


@pytest.fixture()
def answered_session(app_env: Path, prepared_store: PreparedStore) -> str:
    """The same with "total revenue" asked and answered (tests/app/prepared.py TOTAL)."""
    return prepared_store.answered.copy_to(app_env)


CHROMIUM = "/usr/bin/chromium"


def browser_problem() -> str | None:
    """Why the real-browser tests cannot run here, or None when they can."""
    if importlib.util.find_spec("pytest_playwright") is None:
        return "pytest-playwright is not installed (pip install -r requirements-dev.txt)"
    if not Path(CHROMIUM).exists():
        return f"Chromium is not installed at {CHROMIUM} (apt-get install -y chromium)"
    return None


def browser_unavailable(problem: str) -> NoReturn:
    """Skip with the reason; under CI=true fail instead.

    The browser tests are the end-to-end acceptance of the app: on CI a missing browser
    must not quietly turn them into skips (as tests/conftest.py does for Docker).
    """
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but the browser tests cannot run: {problem}", pytrace=False)
    pytest.skip(f"browser tests need a real browser: {problem}")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """The system Chromium: `playwright install` cannot download browsers here."""
    problem = browser_problem()
    if problem:
        browser_unavailable(problem)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }


if importlib.util.find_spec("pytest_playwright") is None:
    # Without the plugin there is no `page` fixture and pytest would only say "fixture
    # 'page' not found": this one gives the reason, and skips or fails like the above.
    @pytest.fixture()
    def page():
        browser_unavailable(browser_problem() or "pytest-playwright is not installed")


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "accept_downloads": True,
            "viewport": {"width": 1400, "height": 1800}}


@pytest.fixture(autouse=True)
def _secrets_exported_afresh() -> Iterator[None]:
    """What the app exported from secrets.toml is forgotten with the environment
    (tests/conftest.py puts os.environ back after each test)."""
    from ui import startup

    startup._EXPORTED.clear()
    yield
    startup._EXPORTED.clear()
