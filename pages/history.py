"""History: past sessions with their files and dates; reopen, rename, delete."""

from __future__ import annotations

import streamlit as st

from ui import state
from ui.clock import browser_zone, stamp
from ui.i18n import t
from ui.plain import name_text

st.title(t("history_title"))
store = state.store()
sessions = store.list_sessions(state.owner(), with_work_only=True)
if not sessions:
    st.info(t("history_empty"))
    st.stop()

zone = browser_zone(st.context.timezone, st.context.timezone_offset)
if zone is None:
    st.caption(t("times_in_utc"))

current = st.session_state.get("sid")
for record in sessions:
    with st.container(border=True):
        info, actions = st.columns([3, 3])
        mark = " " + t("history_open_mark") if record.id == current else ""
        info.markdown(f"**{name_text(record.title)}**{mark}")
        files = (", ".join(name_text(f) for f in record.files) if record.files
                 else t("history_no_files"))
        info.caption(t("history_last_used", files=files, when=stamp(record.updated, zone)))
        reopen, rename, delete = actions.columns(3)
        if reopen.button(t("history_open"), key=f"open_{record.id}", icon=":material/open_in_new:"):
            state.open_session(record.id)
            st.switch_page("pages/analyze.py")
        with rename.popover(t("history_rename"), icon=":material/edit:"):
            title = st.text_input(t("history_new_title"), value=record.title, key=f"rename_{record.id}")
            if st.button(t("history_save"), key=f"save_{record.id}"):
                store.rename_session(record.id, record.owner, title)
                st.rerun()
        with delete.popover(t("history_delete"), icon=":material/delete:"):
            st.write(t("history_delete_confirm"))
            if st.button(t("history_delete_for_good"), key=f"delete_{record.id}", type="primary"):
                if record.id == current:
                    state.new_session()
                state.open_analyses().forget(record.id)  # its sandbox stops with it
                store.delete_session(record.id, record.owner)
                st.rerun()
