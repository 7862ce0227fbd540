"""Analyze: upload files, check how they were read, ask questions, pin results."""

from __future__ import annotations

import streamlit as st

from ui import state, uploads
from ui.approval import pending_view, plan_first
from ui.cardview import data_card_view
from ui.errors import guarded
from ui.render import message_view
from ui.runner import run_live, settled

st.title("Analyze")
st.markdown(
    "Upload spreadsheets and ask questions in plain words: you get the numbers, tables, "
    "charts and a PDF report.  \n"
    "Your files stay on this machine; the code that reads them runs in a locked sandbox."
)
offline = state.preference("offline") or not state.model_configured()
if not state.model_configured():
    st.info("No language model is configured, so the offline analyst answers. It handles "
            "common questions such as “revenue by month”, “top 10 products” or the standard "
            "report. Add a model under Settings for free-form questions.",
            icon=":material/cloud_off:")
elif offline:
    st.info("Offline mode is on: the offline analyst answers, nothing leaves this machine.",
            icon=":material/cloud_off:")

limit = state.settings().max_upload_mb
uploaded = st.file_uploader(
    "Drop CSV, Excel (xlsx, xls) or Parquet files here", accept_multiple_files=True,
    type=["csv", "txt", "tsv", "xlsx", "xlsm", "xls", "parquet"], key="uploader",
    max_upload_size=limit, help=f"Up to {limit} MB per file.",
)
uploads.take(uploaded or [])
uploads.show_messages()

session = state.current_session()
if session is None:
    st.stop()

workspace = state.workspace(session.id)
files = state.store().files(session.id)
settled(session.id)  # after a Stop click: the stopped run's answer is saved first
messages = state.store().messages(session.id)
last_message = messages[-1].created if messages else ""
for record in files:
    # Open (assumptions, corrections, preview) until the conversation moves past the file.
    fresh = record.added >= last_message or st.session_state.get("just_read") == record.name
    data_card_view(session, record, workspace, fresh=fresh)

for message in messages:
    message_view(message, workspace, session.id)

if pending_view(session, workspace):
    st.stop()


def ask(question: str) -> None:
    analysis = state.analysis(session)
    brain = "offline" if offline else "llm"
    if question == "Standard report":
        make = analysis.standard_report
    else:
        # Read per-tab choices here: the brain runs in a worker thread without st.session_state.
        config, privacy = state.llm_config(), state.preference("privacy")

        def make():
            return analysis.ask(question, brain=brain, llm_config=config, privacy=privacy)
    if state.preference("approval") and plan_first(session, question, brain):
        st.rerun()
    st.session_state.pop("just_read", None)
    state.store().add_message(session.id, "user", question)
    with st.chat_message("user"):
        st.markdown(question)
    with st.chat_message("assistant"):
        st.button("Stop", icon=":material/stop_circle:", key="stop",
                  help="Stops after the step that is running now.")
        run_live(session.id, question, make, workspace)
    st.rerun()


left, _ = st.columns([1, 3])
with left:
    report_clicked = st.button("Standard report", icon=":material/summarize:", disabled=not files,
                               help="Revenue over time, top items, shares, and more, in one go.")
question = st.chat_input("Ask about your data, e.g. “revenue by month”", disabled=not files)
if not files:
    st.caption("Upload a file to start asking questions.")
with guarded("answer the question"):
    if report_clicked:
        ask("Standard report")
    elif question:
        ask(question.strip())
