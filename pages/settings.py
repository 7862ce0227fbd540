"""Settings and status: plain words first; setting names and files for the administrator."""

from __future__ import annotations

import streamlit as st

from ui import health, i18n, startup, state
from ui.errors import guarded

settings = state.settings()
st.title("Settings and status")
# A switch just flipped is in its widget key before the page reaches it: text above the
# switches (the model status) must already say what is now in effect.
for _name in ("offline", "privacy", "approval"):
    if f"w_{_name}" in st.session_state:
        st.session_state[f"pref_{_name}"] = st.session_state[f"w_{_name}"]

if settings.problems:
    st.error("Some settings could not be used; the person who installed Analyst can fix them "
             "in the environment or in .streamlit/secrets.toml and restart the app:\n\n"
             + "\n".join(f"- {p}" for p in settings.problems), icon=":material/error:")

st.subheader("Where your data is analysed")
status = None
with guarded("check the sandbox"), st.spinner("Checking…"):
    status = health.check(settings)
    kind, sentence = status.plain_verdict()
    getattr(st, kind)(sentence)
    lines = [status.verdict()[1],
             (f"Backend setting: **{settings.sandbox_backend}** (ANALYST_SANDBOX_BACKEND); "
              f"in use: **{status.backend_in_use or 'none'}**.")]
    if status.engine_problem:
        lines.append(f"Docker engine: {status.engine_problem}.")
    else:
        lines.append("Docker engine: answers.")
        if status.image_problem is None:
            lines.append(f"Sandbox image: {status.image} is present and matches this version.")
        elif status.image_stale:
            lines.append(f"Sandbox image: only an older build is present; this version needs "
                         f"{status.image} (its sandbox files changed). Build it below.")
        else:
            lines.append(f"Sandbox image: {status.image_problem}.")
    sweep = startup.reap_leftovers()
    if sweep.problem:
        lines.append(sweep.problem)
    elif sweep.removed:
        lines.append(f"{sweep.removed} leftover sandbox container(s) from an earlier run of the "
                     "app were removed at start.")
    with st.expander("For the administrator: sandbox details"):
        st.markdown("\n".join(f"- {line}" for line in lines))
    if status.engine_problem is None and status.image_problem is not None:
        # Outside the expander: st.status is itself an expander and they cannot nest.
        offline_build = st.checkbox("Build without internet (air-gapped)", value=False)
        if st.button("Build the sandbox image", icon=":material/build:"):
            log = st.empty()
            progress_lines: list[str] = []

            def progress(line: str) -> None:
                progress_lines.append(line)
                log.code("\n".join(progress_lines[-15:]), language=None)

            with st.status("Building the sandbox image…", expanded=True) as building:
                tag = health.build_image(offline_build, progress)
                building.update(label=f"Built {tag}.", state="complete")

st.subheader("Language model")
llm = state.llm_config()
if llm.configured and state.preference("offline"):
    st.info(f"Model {llm.model} at {llm.endpoint_name} is configured, but offline mode is on: "
            "the offline analyst answers and nothing is sent to the model.")
elif llm.configured:
    st.success(f"Model {llm.model} at {llm.endpoint_name} answers free-form questions "
               f"(API key {'set' if llm.api_key else 'not needed'}).")
else:
    st.info("A language model is not configured: the built-in offline analyst answers common "
            "questions (key figures, revenue by month, top products, ABC analysis, "
            "breakdowns). Nothing is sent anywhere.")
with st.expander("For the administrator: connect a language model"):
    st.markdown("Set `OPENAI_API_KEY` (or `OPENAI_BASE_URL` for a local server such as Ollama "
                "or vLLM) in the environment or in `.streamlit/secrets.toml` and restart. To "
                "try a model in this browser tab only, fill in the form.")
    with st.form("model_form"):
        base_url = st.text_input("Endpoint (OpenAI-compatible base URL)", value=llm.base_url or "",
                                 placeholder="https://api.openai.com/v1")
        model = st.text_input("Model name", value=llm.model)
        key = st.text_input("API key for this browser tab only", type="password",
                            help="Kept in this tab's memory, never written to disk. It is gone "
                                 "when the tab closes; use secrets.toml for a permanent key.")
        if st.form_submit_button("Use these settings"):
            state.use_model(base_url, model, key)
            st.rerun()

st.subheader("Modes")


def _toggle(name: str, label: str, help_text: str) -> None:
    # Widget keys are dropped when the widget is not on screen, so the choice is kept apart.
    value = st.toggle(label, value=state.preference(name), help=help_text, key=f"w_{name}")
    st.session_state[f"pref_{name}"] = value


if llm.configured:
    _toggle("offline", "Offline mode", "Use the offline analyst even when a model is configured.")
else:
    # The switch shows what is in effect: with no model, every answer is the offline analyst's.
    st.toggle("Offline mode", value=True, disabled=True, key="w_offline_forced",
              help="Always on while no language model is configured.")
    st.caption("Offline (no model configured): the built-in offline analyst answers and "
               "nothing is sent anywhere. The switch works once a model is connected.")
_toggle("privacy", "Privacy mode", "The model sees only column names, types and statistics, "
        "never rows of your data.")
if state.preference("privacy"):
    st.caption("Privacy mode is **on**: the model is told the column names, their types and "
               "summary figures (row counts, totals, minimum and maximum, date range) and the "
               "results of the code it runs here, never rows of your files. The offline "
               "analyst sends nothing anywhere in either mode.")
else:
    st.caption("Privacy mode is **off**: besides the column names and statistics, the model "
               "also sees a few sample rows of each table, which helps it with messy data. "
               "Turn it on for confidential files.")
_toggle("approval", "Approval mode", "Show the code of each step and wait for your approval "
        "before it runs (offline analyst).")

st.subheader("Interface language")
# The app's own words (buttons, step headings, the data card). Automatic follows the
# language of the last question, else that of the data, like the offline analyst's answers.
_languages = list(i18n.CHOICES)
_picked = st.selectbox("Interface language", _languages, index=_languages.index(i18n.choice()),
                       format_func=i18n.CHOICES.get, key="w_ui_language",
                       help="Automatic: the language of your last question, else that of "
                            "your data.")
st.session_state[i18n.PREF_KEY] = _picked

st.subheader("Limits")
if status is not None and status.limits_problem:
    st.warning(status.limits_problem)
st.markdown("\n".join(f"- {line}" for line in health.plain_limits(settings)))
with st.expander("For the administrator: all limits and settings (no secrets)"):
    limits = [*settings.sandbox_limits.describe(),
              f"uploads: at most {settings.ingest.max_upload_mb:g} MB per file",
              f"tables: at most {settings.ingest.max_rows:,} rows",
              f"Excel workbooks: at most {settings.ingest.max_unzipped_mb:,g} MB unpacked",
              (f"at most {settings.max_sandboxes} analyses at once; others wait in line for up "
              f"to {settings.queue_timeout_s:g} s")]
    st.markdown("\n".join(f"- {line}" for line in limits))
    rows = [{"setting": name, "value": str(value),
             "from": settings.sources.get(name, "default")}
            for name, value in settings.to_public_dict().items() if name.isupper()]
    st.dataframe(rows, hide_index=True, width="stretch")
    if startup.exported_names():
        st.caption("Read from .streamlit/secrets.toml and passed on to the sandbox and the "
                   "file reader: " + ", ".join(startup.exported_names()) + ".")
