"""Settings and status: the model, the modes, the sandbox and its limits."""

from __future__ import annotations

import streamlit as st

from ui import health, state
from ui.errors import guarded

settings = state.settings()
st.title("Settings and status")

st.subheader("Language model")
llm = state.llm_config()
if llm.configured:
    st.success(f"Model {llm.model} at {llm.endpoint_name}.")
else:
    st.info("No model is configured: the offline analyst answers (no key needed). Set "
            "OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama) in the "
            "environment or in .streamlit/secrets.toml, or type a key below.")
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


_toggle("offline", "Offline mode", "Use the offline analyst even when a model is configured.")
_toggle("privacy", "Privacy mode", "The model sees only column names, types and statistics, "
        "never rows of your data.")
_toggle("approval", "Approval mode", "Show the code of each step and wait for your approval "
        "before it runs (offline analyst).")

st.subheader("Sandbox")
st.write(f"Backend: **{settings.sandbox_backend}** (ANALYST_SANDBOX_BACKEND). "
         f"At most **{settings.max_sandboxes}** analyses run at once; others wait in line.")
status = None
with guarded("check the sandbox"), st.spinner("Checking Docker…"):
    status = health.check()
    if status.engine_problem:
        st.warning(f"Docker: {status.engine_problem}.")
    else:
        st.success("Docker engine found.")
        if status.image_problem:
            st.warning(f"Image: {status.image_problem}.")
        else:
            st.success(f"Sandbox image {status.image} is present.")
    if settings.sandbox_backend == "local" or (settings.sandbox_backend == "auto" and
                                               (status.engine_problem or status.image_problem)):
        st.info("Code runs as a local process: fine on your own computer, not isolated.")
    if status.engine_problem is None:
        offline_build = st.checkbox("Build without internet (air-gapped)", value=False)
        if st.button("Build the sandbox image", icon=":material/build:"):
            log = st.empty()
            lines: list[str] = []

            def progress(line: str) -> None:
                lines.append(line)
                log.code("\n".join(lines[-15:]), language=None)

            with st.status("Building the sandbox image…", expanded=True) as building:
                tag = health.build_image(offline_build, progress)
                building.update(label=f"Built {tag}.", state="complete")

st.subheader("Limits")
if status is not None:
    st.markdown("\n".join(f"- {line}" for line in status.limits))
    if status.limits_problem:
        st.warning(status.limits_problem)
st.markdown(f"- uploads: at most {settings.max_upload_mb} MB per file")
with st.expander("All settings (no secrets)"):
    st.json(settings.to_public_dict())
