"""App configuration: one place, env over secrets, a bad value never stops the app."""

from __future__ import annotations

from pathlib import Path

from analyst.settings import load_settings


def test_defaults_are_safe_without_any_configuration(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a checkout without an earlier data/ folder
    s = load_settings(env={}, secrets={})
    # Outside the app's folder, which Streamlit's file watcher watches recursively.
    assert s.data_dir == Path.home() / ".local" / "share" / "analyst"
    assert load_settings(env={"XDG_DATA_HOME": str(tmp_path / "xdg")}, secrets={}).data_dir == (
        tmp_path / "xdg" / "analyst")
    assert s.privacy is True  # schema and statistics only, by default
    assert s.offline is False and s.approval is False
    assert s.sandbox_backend == "auto"
    assert s.max_upload_mb == 200
    # Unset: as many analyses at once as the host's limit (its cores and memory).
    assert s.max_sandboxes == s.max_running_sessions == s.running_at_once >= 2
    assert not s.model_configured
    assert s.problems == ()


def test_secrets_provide_the_key_and_the_environment_wins():
    s = load_settings(
        env={"ANALYST_MODEL": "gpt-4.1-mini"},
        secrets={"OPENAI_API_KEY": "sk-secret", "ANALYST_MODEL": "gpt-4o", "auth": {"x": 1}},
    )
    assert s.model_configured and s.llm.api_key == "sk-secret"
    assert s.llm.model == "gpt-4.1-mini"
    assert "sk-secret" not in str(s.to_public_dict())


def test_a_local_endpoint_without_a_key_counts_as_configured():
    s = load_settings(env={"OPENAI_BASE_URL": "http://localhost:11434/v1"}, secrets={})
    assert s.model_configured


def test_flags_limits_and_folders_are_read_from_the_environment(tmp_path):
    s = load_settings(env={
        "ANALYST_DATA_DIR": str(tmp_path), "ANALYST_PRIVACY": "off", "ANALYST_OFFLINE": "yes",
        "ANALYST_APPROVAL": "1", "ANALYST_SANDBOX_BACKEND": "Local",
        "ANALYST_MAX_SANDBOXES": "2", "ANALYST_MAX_UPLOAD_MB": "50",
    }, secrets={})
    assert (s.privacy, s.offline, s.approval) == (False, True, True)
    assert s.sandbox_backend == "local" and s.max_sandboxes == 2 and s.max_upload_mb == 50
    assert s.db_path == tmp_path / "analyst.db"
    assert s.workspaces_dir == tmp_path / "workspaces"


def test_bad_values_are_reported_in_plain_words_and_defaults_used():
    s = load_settings(env={
        "ANALYST_MAX_SANDBOXES": "many", "ANALYST_PRIVACY": "maybe",
        "ANALYST_SANDBOX_BACKEND": "podman", "ANALYST_MAX_STEPS": "x",
    }, secrets={})
    assert s.max_sandboxes == s.max_running_sessions and s.privacy is True
    assert s.sandbox_backend == "auto"
    text = " ".join(p.english for p in s.problems)
    assert "ANALYST_MAX_SANDBOXES must be a number" in text
    assert "ANALYST_PRIVACY must be on or off" in text
    assert "ANALYST_SANDBOX_BACKEND must be auto, docker or local" in text
    assert "ANALYST_MAX_STEPS" in text


def test_an_earlier_data_folder_with_sessions_is_kept(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    assert load_settings(env={}, secrets={}).data_dir != Path("data")  # empty: not a store
    (tmp_path / "data" / "analyst.db").write_bytes(b"")
    assert load_settings(env={}, secrets={}).data_dir == Path("data")


def test_the_default_data_folder_is_outside_the_watched_app_folder(tmp_path, monkeypatch):
    from tests.app.samples import ROOT

    monkeypatch.chdir(ROOT)
    if (ROOT / "data" / "analyst.db").is_file():
        monkeypatch.chdir(tmp_path)  # this checkout was used before 16: judge a fresh one
    data = load_settings(env={}, secrets={}).data_dir.resolve()
    assert not data.is_relative_to(ROOT.resolve())
