"""The command line honours the environment: ANALYST_SANDBOX_BACKEND is the default of
--backend, ANALYST_OFFLINE the default of --offline; flags still win, and --help says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyst.__main__ import main
from tests.app.samples import messy_csv


@pytest.fixture()
def sales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANALYST_OFFLINE", "ANALYST_SANDBOX_BACKEND",
                 "ANALYST_SANDBOX_IMAGE"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "sales.csv"
    path.write_bytes(messy_csv())
    return path


def test_help_documents_both_defaults_with_their_current_values(sales, monkeypatch, capsys):
    monkeypatch.setenv("ANALYST_SANDBOX_BACKEND", "local")
    monkeypatch.setenv("ANALYST_OFFLINE", "on")
    for command in ("ask", "report"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "Default: ANALYST_SANDBOX_BACKEND, else auto (now: local)" in text
        assert "Default: ANALYST_OFFLINE, else off (now: on)" in text
        assert "--no-offline" in text


@pytest.mark.docker  # reaches the Docker engine (the default backend is auto)
def test_backend_comes_from_the_environment_and_the_flag_wins(sales, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ANALYST_SANDBOX_BACKEND", "docker")
    monkeypatch.setenv("ANALYST_SANDBOX_IMAGE", "analyst-sandbox:no-such-image-here")
    code = main(["ask", str(sales), "total revenue", "--workspace", str(tmp_path / "a")])
    err = capsys.readouterr().err
    assert code == 1
    # docker was required (no silent local fallback), and cannot start without its image
    assert "no-such-image-here is missing" in err or "Docker engine" in err
    assert "Traceback" not in err
    code = main(["ask", str(sales), "total revenue", "--backend", "local",
                 "--workspace", str(tmp_path / "b")])
    out = capsys.readouterr().out
    assert code == 0 and "33,912.00" in out


def test_offline_comes_from_the_environment_and_no_offline_overrides_it(sales, tmp_path,
                                                                        monkeypatch, capsys):
    # A model "configured" at a port where nothing listens: only the offline analyst can answer.
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("ANALYST_API_RETRIES", "0")
    monkeypatch.setenv("ANALYST_SANDBOX_BACKEND", "local")
    monkeypatch.setenv("ANALYST_OFFLINE", "on")
    assert main(["ask", str(sales), "total revenue", "--json",
                 "--workspace", str(tmp_path / "a")]) == 0
    assert json.loads(capsys.readouterr().out)["brain"] == "offline"
    main(["ask", str(sales), "total revenue", "--json", "--no-offline",
          "--workspace", str(tmp_path / "b")])
    assert json.loads(capsys.readouterr().out)["brain"] == "llm"


def test_a_bad_environment_value_is_named_on_stderr(sales, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ANALYST_SANDBOX_BACKEND", "podman")
    assert main(["ask", str(sales), "total revenue", "--backend", "local",
                 "--workspace", str(tmp_path / "a")]) == 0
    err = capsys.readouterr().err
    assert "Setting ignored: ANALYST_SANDBOX_BACKEND must be auto, docker or local" in err
