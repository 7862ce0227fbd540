"""Analyze: upload files, check how they were read, ask questions, pin results."""

from __future__ import annotations

import streamlit as st

from analyst.store import SessionRecord
from ui import i18n, state, uploads
from ui.approval import pending_view, plan_first
from ui.cardview import data_card_view
from ui.errors import guarded
from ui.i18n import STANDARD_REPORT, t
from ui.questions import ASK_KEY, ASKING_KEY, QUERY_KEY, ask_soon, carried
from ui.render import history_view
from ui.runner import follow_other_run, run_live, running, settled, stop_clicked

st.title(t("analyze_title"))
st.markdown(t("intro"))
offline = state.preference("offline") or not state.model_configured()
if not state.model_configured():
    st.info(t("no_model"), icon=":material/cloud_off:")
elif offline:
    st.info(t("offline_on"), icon=":material/cloud_off:")

limit = state.settings().max_upload_mb
uploaded = st.file_uploader(
    t("uploader"), accept_multiple_files=True,
    type=["csv", "txt", "tsv", "xlsx", "xlsm", "xlsb", "xls", "ods", "parquet"], key="uploader",
    max_upload_size=limit, help=t("uploader_help", mb=limit),
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
    data_card_view(session, record, workspace, fresh=fresh, several=len(files) > 1)

# Answers computed from a file replaced since are marked as from its earlier version.
table_names = {card.parquet_path: record.name for record in files for card in record.cards
               if card.parquet_path}
# The question this run asks is shown live below, not as an unanswered one.
answering_elsewhere = running(session.id)
history_view(messages, workspace, session.id, file_names=table_names,
             asking=st.session_state.pop(ASKING_KEY, None), running=answering_elsewhere)
if answering_elsewhere:
    follow_other_run(session.id)

if pending_view(session, workspace):
    st.stop()


def ask(session: SessionRecord, question: str, query: dict | None = None) -> None:
    analysis = state.analysis(session)
    brain = "offline" if offline else "llm"
    if question == STANDARD_REPORT:
        # Asked by a button in the interface language: answered in it (the PDF report
        # speaks the data's language; this is an answer on the screen).
        language = i18n.current()

        def make():
            return analysis.standard_report(language=language)
    elif query is not None and not state.preference("approval"):
        # A clicked suggestion runs the query it carries (approval mode plans its text).
        make = carried(analysis, query, question)
    else:
        # Read per-tab choices here: the brain runs in a worker thread without st.session_state.
        config, privacy = state.llm_config(), state.preference("privacy")

        def make():
            return analysis.ask(question, brain=brain, llm_config=config, privacy=privacy)
    if state.preference("approval") and plan_first(session, question, brain):
        st.rerun()
    st.session_state.pop("just_read", None)
    # The question is kept before it runs: by the click's callback (ui.questions.ask_soon),
    # else by the `Analysis` (its answer log's `begin`), once either way.
    with st.chat_message("user"):
        st.markdown(t("standard_report") if question == STANDARD_REPORT else question)
    with st.chat_message("assistant"):
        st.button(t("stop"), icon=":material/stop_circle:", key="stop", help=t("stop_help"),
                  on_click=stop_clicked)
        run_live(session.id, question, make, workspace)
    st.rerun()


left, _ = st.columns([1, 3])
with left:
    st.button(t("standard_report"), icon=":material/summarize:", disabled=not files,
              key="standard_report", help=t("standard_report_help"), on_click=ask_soon,
              args=(STANDARD_REPORT,))


def _typed() -> None:
    # A callback runs before the page's script: the question is stored at once.
    typed = str(st.session_state.get("question") or "").strip()
    if typed:
        ask_soon(typed)


st.chat_input(t("ask_placeholder"), disabled=not files, key="question", on_submit=_typed)
if not files:
    st.caption(t("upload_first"))
with guarded("answer the question"):
    again = st.session_state.pop(ASK_KEY, None)  # typed or clicked (ui.questions.ask_soon)
    carried_query = st.session_state.pop(QUERY_KEY, None)
    if again:
        ask(session, again, carried_query)
