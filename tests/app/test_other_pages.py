"""Report, History and Settings pages (AppTest), driven through the real app and store."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from analyst.store import Store
from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")


def _session_with_two_pins(app_env) -> tuple[AppTest, str]:
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    for question in ("revenue by month", "top products"):
        at.chat_input[0].set_value(question).run()
        assert not at.exception
        next(b for b in reversed(at.button) if b.label == "Add to report").click().run()
    sid = at.session_state["sid"]
    assert len(Store(app_env).pins(sid)) == 2
    return at, sid


def _button(at: AppTest, label: str):
    return next(b for b in at.button if b.label == label)


def test_report_page_edits_reorders_removes_and_builds_pdf_and_excel(app_env):
    at, sid = _session_with_two_pins(app_env)
    store = Store(app_env)
    first, second = store.pins(sid)
    at.switch_page("pages/report.py").run()
    assert not at.exception
    assert [t.value for t in at.text_input][:2] == [first.title, second.title]

    at.text_input(key=f"title_{first.id}").set_value("Monthly revenue").run()
    at.text_area(key=f"text_{first.id}").set_value("Revenue rose every month.").run()
    assert store.pins(sid)[0].title == "Monthly revenue"
    assert store.pins(sid)[0].narrative == "Revenue rose every month."

    at.button(key=f"down_{first.id}").click().run()
    assert [p.id for p in store.pins(sid)] == [second.id, first.id]

    _button(at, "Generate report").click().run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert "is ready" in at.success[0].value
    labels = [d.label for d in at.get("download_button")]
    assert "Download PDF" in labels and "Download Excel" in labels

    at.button(key=f"rm_{second.id}").click().run()
    assert [p.id for p in store.pins(sid)] == [first.id]


def test_report_page_without_a_session_points_to_analyze(app_env):
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("pages/report.py").run()
    assert not at.exception
    assert "Nothing to report yet" in at.info[0].value


def test_history_lists_reopens_renames_and_deletes_sessions(app_env):
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    sid = at.session_state["sid"]
    store = Store(app_env)
    other = store.create_session("local", "Older analysis")
    store.add_message(other.id, "user", "revenue by month")
    store.create_session("local", "A failed upload")  # no file, no message: not listed

    at.switch_page("pages/history.py").run()
    assert not at.exception
    titles = [m.value for m in at.markdown]
    assert any("sales.csv" in t and "(open)" in t for t in titles)
    assert any("Older analysis" in t for t in titles)
    assert not any("A failed upload" in t for t in titles)
    # No browser time zone in a headless run: UTC is said once, not on every row.
    captions = [c.value for c in at.caption]
    assert "Times are in UTC." in captions
    assert not any(c.endswith("UTC") for c in captions if "last used" in c)

    at.text_input(key=f"rename_{sid}").set_value("Q2 sales review")
    at.button(key=f"save_{sid}").click().run()
    assert store.get_session(sid, "local").title == "Q2 sales review"

    at.button(key=f"open_{other.id}").click().run()
    assert not at.exception
    assert at.session_state["sid"] == other.id

    at.switch_page("pages/history.py").run()
    at.button(key=f"delete_{sid}").click().run()
    assert store.get_session(sid, "local") is None
    assert not store.workspace_dir(sid).exists()


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_settings_shows_modes_sandbox_health_and_limits(app_env):
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("pages/settings.py").run()
    assert not at.exception
    text = "\n".join(str(e.value) for kind in ("info", "success", "warning", "markdown")
                     for e in at.get(kind))
    # Plain words first, for someone who does not run the server ...
    plain = "\n".join(str(e.value) for kind in ("info", "success", "warning") for e in at.get(kind))
    assert "A language model is not configured: the built-in offline analyst answers" in plain
    assert "not in an isolated container" in plain
    for name in ("ANALYST_SANDBOX_BACKEND", "OPENAI_API_KEY", "secrets.toml", "swap", "/tmp"):  # noqa: S108
        assert name not in plain
    # ... the setting names and files behind "For the administrator".
    admin = [e for e in at.expander if e.label.startswith("For the administrator")]
    assert len(admin) == 3
    assert "Backend setting: **local**" in text and "NOT isolation" in text
    assert "memory:" in text and "uploads: at most 200 MB" in text
    # No model: the switch shows the offline analyst is in effect, and cannot be turned off.
    toggles = {t.label: (t.value, t.disabled) for t in at.toggle}
    assert toggles == {"Offline mode": (True, True), "Privacy mode": (True, False),
                       "Approval mode": (False, False)}
    assert any("Offline (no model configured)" in c.value for c in at.caption)


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_a_key_typed_in_settings_is_used_for_this_tab_only_and_never_saved(app_env):
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("pages/settings.py").run()
    at.text_input[2].set_value("sk-typed-for-this-tab")
    _button(at, "Use these settings").click().run()
    assert not at.exception
    assert "Model gpt-4o-mini" in at.success[0].value
    at.switch_page("pages/analyze.py").run()
    assert not any("No language model" in i.value for i in at.info)
    fresh = AppTest.from_file(APP, default_timeout=60).run()
    assert any("No language model" in i.value for i in fresh.info)
    for path in app_env.rglob("*"):
        if path.is_file():
            assert b"sk-typed-for-this-tab" not in path.read_bytes()


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_approval_mode_shows_the_code_first_and_runs_it_when_approved(app_env):
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.switch_page("pages/settings.py").run()
    next(t for t in at.toggle if t.label == "Approval mode").set_value(True).run()
    at.switch_page("pages/analyze.py").run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    at.chat_input[0].set_value("revenue by month").run()
    assert not at.exception
    assert "I plan to run these steps" in "\n".join(m.value for m in at.markdown)
    assert "recipes.period_dynamics" in at.code[0].value
    sid = at.session_state["sid"]
    assert Store(app_env).messages(sid) == []  # nothing ran yet
    at.button(key="approve_run").click().run()
    assert not at.exception
    assert [m.role for m in Store(app_env).messages(sid)] == ["user", "assistant"]


def test_standard_report_button_runs_offline_and_the_report_builds_without_pins(app_env):
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    _button(at, "Standard report").click().run()
    assert not at.exception
    sid = at.session_state["sid"]
    user, answer = Store(app_env).messages(sid)
    assert user.text == "Standard report" and len(answer.steps) >= 2
    at.switch_page("pages/report.py").run()
    _button(at, "Generate report").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert "is ready" in at.success[0].value


def test_with_an_identity_provider_configured_everyone_must_sign_in_first(app_env):
    at = AppTest.from_file(APP, default_timeout=60)
    at.secrets["auth"] = {"redirect_uri": "http://localhost:8501/oauth2callback",
                          "cookie_secret": "x" * 32, "client_id": "id", "client_secret": "s",
                          "server_metadata_url": "https://login.example.com/.well-known/openid-configuration"}
    at.run()
    assert not at.exception
    assert "Sign in to see your analyses" in at.markdown[0].value
    assert [b.label for b in at.button] == ["Sign in"]
    assert len(at.file_uploader) == 0


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_with_a_model_configured_offline_mode_is_a_real_choice(app_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-used")
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page("pages/settings.py").run()
    assert not at.exception
    offline = next(t for t in at.toggle if t.label == "Offline mode")
    assert (offline.value, offline.disabled) == (False, False)
    offline.set_value(True).run()
    assert "offline mode is on" in at.info[0].value
