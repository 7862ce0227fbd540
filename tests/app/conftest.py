"""Shared fixtures of the app tests: a private data folder, the local sandbox, a messy CSV."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.samples import ROOT


@pytest.fixture()
def app_env(tmp_path, monkeypatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("ANALYST_DATA_DIR", str(data))
    monkeypatch.setenv("ANALYST_SANDBOX_BACKEND", "local")
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANALYST_OFFLINE", "ANALYST_APPROVAL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(ROOT)
    return data


CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """The system Chromium: `playwright install` cannot download browsers here."""
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed (apt-get install -y chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "accept_downloads": True,
            "viewport": {"width": 1400, "height": 1800}}
