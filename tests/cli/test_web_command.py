"""`analyst web` starts the app with the project's safe Streamlit defaults, wherever it is run."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from analyst.commands.web import SAFE_DEFAULTS, app_path, streamlit_command
from tests.app.server import free_port, health, stop

ROOT = Path(__file__).resolve().parents[2]


def test_safe_defaults_are_the_checkouts_streamlit_config() -> None:
    """One set of values: what `streamlit run app.py` reads in the checkout is what `analyst web` passes."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config == SAFE_DEFAULTS


def test_a_users_config_and_flags_win_over_the_defaults(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "work"
    (home / ".streamlit").mkdir(parents=True)
    (work / ".streamlit").mkdir(parents=True)
    (home / ".streamlit" / "config.toml").write_text('[browser]\ngatherUsageStats = true\n')
    (work / ".streamlit" / "config.toml").write_text('[server]\naddress = "0.0.0.0"\n')
    command = streamlit_command(app_path(), ["--server.maxUploadSize=50"], work, home)
    flags = [c for c in command if c.startswith("--")]
    assert not any(f.startswith(("--server.address", "--browser.gatherUsageStats")) for f in flags)
    assert flags[-1] == "--server.maxUploadSize=50"
    assert [f for f in flags if f.startswith("--server.maxUploadSize")] == ["--server.maxUploadSize=50"]
    assert "--client.showErrorDetails=none" in flags


def test_upload_limit_follows_the_apps_own_setting(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ANALYST_MAX_UPLOAD_MB", "512")
    command = streamlit_command(app_path(), [], tmp_path, tmp_path)
    assert "--server.maxUploadSize=512" in command
    assert "--server.address=localhost" in command


@pytest.mark.slow  # a real process of our command line
def test_analyst_web_serves_the_app_from_another_folder(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "ANALYST_DATA_DIR": str(tmp_path / "data"), "ANALYST_SANDBOX_BACKEND": "local",
           "PYTHONPATH": str(ROOT)}
    log = (tmp_path / "web.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "analyst", "web", f"--server.port={port}"],
                            cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        answer = health(proc, f"http://127.0.0.1:{port}", timeout=90)
        assert answer == b"ok", (tmp_path / "web.log").read_text(errors="replace")
    finally:
        stop(proc)
        log.close()
