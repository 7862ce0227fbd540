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
