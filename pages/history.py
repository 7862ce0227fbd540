"""History: past sessions with their files and dates; reopen, rename, delete."""

from __future__ import annotations

import streamlit as st

from ui import state
from ui.clock import browser_zone, stamp

st.title("History")
store = state.store()
sessions = store.list_sessions(state.owner(), with_work_only=True)
if not sessions:
    st.info("No analyses yet. They appear here as soon as you upload a file.")
    st.stop()

zone = browser_zone(st.context.timezone, st.context.timezone_offset)
if zone is None:
    st.caption("Times are in UTC.")

current = st.session_state.get("sid")
for record in sessions:
    with st.container(border=True):
        info, actions = st.columns([3, 3])
        mark = " (open)" if record.id == current else ""
        info.markdown(f"**{record.title}**{mark}")
        files = ", ".join(record.files) if record.files else "no files"
        info.caption(f"{files} · last used {stamp(record.updated, zone)}")
        reopen, rename, delete = actions.columns(3)
        if reopen.button("Open", key=f"open_{record.id}", icon=":material/open_in_new:"):
            state.open_session(record.id)
            st.switch_page("pages/analyze.py")
        with rename.popover("Rename", icon=":material/edit:"):
            title = st.text_input("New title", value=record.title, key=f"rename_{record.id}")
            if st.button("Save", key=f"save_{record.id}"):
                store.rename_session(record.id, record.owner, title)
                st.rerun()
        with delete.popover("Delete", icon=":material/delete:"):
            st.write("Delete this analysis, its files and its charts? This cannot be undone.")
            if st.button("Delete for good", key=f"delete_{record.id}", type="primary"):
                if record.id == current:
                    state.new_session()
                store.delete_session(record.id, record.owner)
                st.rerun()
