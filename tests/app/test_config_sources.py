"""One source of configuration: every ANALYST_* setting works from the environment or from
.streamlit/secrets.toml (the environment wins), reaches the layer that uses it, and a bad value
is named in plain words. The API key never reaches generated code."""

from __future__ import annotations

import json
import os

import pytest
from streamlit.testing.v1 import AppTest

from analyst.settings import export_secrets, load_settings
from sandbox import Workspace, open_session
from tests.app.samples import ROOT, messy_csv
from ui import startup

APP = str(ROOT / "app.py")


@pytest.fixture()
def clean_environ():
    """The app writes secrets into os.environ: give each test its own and put it back."""
    before = dict(os.environ)
    startup._EXPORTED.clear()
    yield
    startup._EXPORTED.clear()
    os.environ.clear()
    os.environ.update(before)


def test_sandbox_and_ingestion_settings_come_from_secrets_too():
    s = load_settings(env={}, secrets={
        "ANALYST_SANDBOX_MEMORY": "512m", "ANALYST_SANDBOX_TIMEOUT": "30",
        "ANALYST_MAX_ROWS": "1000", "ANALYST_MAX_UPLOAD_MB": "20",
        "ANALYST_MAX_UNZIPPED_MB": "300", "ANALYST_SANDBOX_IMAGE": "analyst-sandbox:pinned",
    })
    assert s.problems == ()
    assert s.sandbox_limits.memory_bytes == 512 * 1024**2
    assert s.sandbox_limits.step_timeout_s == 30
    assert (s.ingest.max_rows, s.ingest.max_upload_mb, s.ingest.max_unzipped_mb) == (1000, 20, 300)
    assert s.max_upload_mb == 20 and s.sandbox_image == "analyst-sandbox:pinned"
    assert s.sources["ANALYST_MAX_ROWS"] == "secrets.toml"


def test_the_environment_wins_and_the_source_is_named():
    s = load_settings(env={"ANALYST_MAX_ROWS": "50"}, secrets={"ANALYST_MAX_ROWS": "1000"})
    assert s.ingest.max_rows == 50 and s.sources["ANALYST_MAX_ROWS"] == "environment"


def test_bad_sandbox_ingestion_and_misspelt_settings_are_named_not_silently_defaulted():
    s = load_settings(env={"ANALYST_SANDBOX_MEMORY": "lots"}, secrets={
        "ANALYST_MAX_ROWS": "ten", "ANALYST_MAX_UPLOAD_MB": "0", "ANALYST_MAX_UPLOD_MB": "9",
    })
    text = "\n".join(p.english for p in s.problems)
    assert "ANALYST_SANDBOX_MEMORY='lots' is not a size" in text
    assert "No analysis can run until it is fixed" in text and not s.sandbox_limits_ok
    assert "ANALYST_MAX_ROWS must be a positive number (it is 'ten'); using 5,000,000." in text
    assert "ANALYST_MAX_UPLOAD_MB must be a positive number (it is '0'); using 200." in text
    assert "ANALYST_MAX_UPLOD_MB (in secrets.toml) is not a setting Analyst knows" in text
    assert s.max_upload_mb == 200 and s.ingest.max_rows == 5_000_000


def test_export_puts_analyst_secrets_in_the_environment_but_never_the_api_key():
    environ = {"ANALYST_MAX_ROWS": "77"}  # the operator's own value
    exported: dict[str, str] = {}
    secrets = {"ANALYST_MAX_ROWS": "1000", "ANALYST_SANDBOX_MEMORY": "1g",
               "OPENAI_API_KEY": "sk-never", "OPENAI_BASE_URL": "http://x", "auth": {"a": "b"}}
    names = export_secrets(secrets, environ, exported)
    assert names == ("ANALYST_SANDBOX_MEMORY",)
    assert environ == {"ANALYST_MAX_ROWS": "77", "ANALYST_SANDBOX_MEMORY": "1g"}
    # secrets.toml edited: our own export follows it; removed: our export goes too
    export_secrets({"ANALYST_SANDBOX_MEMORY": "2g"}, environ, exported)
    assert environ["ANALYST_SANDBOX_MEMORY"] == "2g"
    export_secrets({}, environ, exported)
    assert environ == {"ANALYST_MAX_ROWS": "77"} and exported == {}


def test_a_row_limit_in_secrets_reaches_the_ingester(app_env, clean_environ):
    at = AppTest.from_file(APP, default_timeout=60)
    at.secrets["ANALYST_MAX_ROWS"] = "5"
    at.run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert any("above the limit of 5 rows (ANALYST_MAX_ROWS)" in e for e in errors), errors
    assert "OPENAI_API_KEY" not in os.environ


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_settings_page_names_a_bad_value_from_secrets(app_env, clean_environ):
    at = AppTest.from_file(APP, default_timeout=60)
    at.secrets["ANALYST_SANDBOX_CPUS"] = "half"
    at.secrets["ANALYST_MAX_UNZIPPED_MB"] = "-1"
    at.run()
    assert any("2 settings could not be used" in w.value for w in at.warning)
    at.switch_page("pages/settings.py").run()
    assert not at.exception
    problems = at.error[0].value
    assert "ANALYST_SANDBOX_CPUS='half' must be a positive number" in problems
    assert "ANALYST_MAX_UNZIPPED_MB must be a positive number" in problems


def _environment_seen_by_generated_code(tmp_path, backend: str) -> set[str]:
    with open_session(Workspace(tmp_path), backend=backend) as session:
        result = session.run("import os\nimport json\nprint(json.dumps(sorted(os.environ)))")
    assert result.ok, result.error
    return set(json.loads(result.stdout))


def test_the_local_sandbox_does_not_hand_the_key_or_settings_to_generated_code(
        tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-leak")
    monkeypatch.setenv("ANALYST_SANDBOX_MEMORY", "1g")
    seen = _environment_seen_by_generated_code(tmp_path, "local")
    assert not {n for n in seen if n.startswith(("OPENAI_", "ANALYST_"))}


def test_the_docker_sandbox_does_not_hand_the_key_to_generated_code(
        tmp_path, monkeypatch, docker_image):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-leak")
    seen = _environment_seen_by_generated_code(tmp_path, "docker")
    assert not {n for n in seen if n.startswith(("OPENAI_", "ANALYST_"))}
