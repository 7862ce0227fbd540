"""Approval mode: show the code of every step first; it runs only after "Run these steps".

The offline analyst plans deterministically, so the plan is shown first
(`Analysis.plan`: nothing runs, nothing is recorded), then run for real once approved. (The model's steps depend
on earlier results and cannot be listed ahead; with a model the code is shown as it runs.)
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from analyst.store import SessionRecord
from ui import state
from ui.i18n import t
from ui.runner import run_live

KEY = "pending_plan"


def plan_first(session: SessionRecord, question: str, brain: str) -> bool:
    """Collect the plan of an offline question; True when it now waits for approval."""
    if brain != "offline" or question == "Standard report":
        return False
    planned = [(step.description, step.code) for step in state.analysis(session).plan(question)]
    if not planned:
        return False  # nothing to approve: the answer explains why
    st.session_state[KEY] = {"sid": session.id, "question": question, "steps": planned}
    return True


def pending_view(session: SessionRecord, workspace: Path) -> bool:
    """Show a plan waiting for approval; True while it waits (the page shows nothing more)."""
    pending = st.session_state.get(KEY)
    if not pending or pending["sid"] != session.id:
        return False
    with st.chat_message("user"):
        st.markdown(pending["question"])
    with st.chat_message("assistant"):
        st.markdown(t("approval_intro"))
        for description, code in pending["steps"]:
            st.markdown(f"**{description}**")
            st.code(code, language="python")
        run, cancel = st.columns([1, 5])
        go = run.button(t("run_steps"), type="primary", key="approve_run")
        if cancel.button(t("cancel"), key="approve_cancel"):
            st.session_state.pop(KEY, None)
            st.rerun()
    if go:
        st.session_state.pop(KEY, None)
        question = pending["question"]
        analysis = state.analysis(session)  # it keeps the question before it runs
        with st.chat_message("assistant"):
            run_live(session.id, question,
                     lambda: analysis.ask(question, brain="offline"), workspace)
        st.rerun()
    return True
