"""Analyst: the frame of the Streamlit app (page config, sign-in, navigation)."""

from __future__ import annotations

import streamlit as st

from ui import startup, state
from ui.i18n import t
from ui.plain import literal, name_text

st.set_page_config(page_title="Analyst", page_icon=":material/analytics:", layout="wide")
startup.prepare()  # secrets.toml values reach every layer; leftover containers are removed

if state.auth_configured() and not state.signed_in():
    st.title("Analyst")
    st.write(t("sign_in_intro"))
    st.button(t("sign_in"), on_click=st.login, type="primary")
    st.stop()

# Explicit pages: st.navigation turns Streamlit's automatic pages/ discovery off.
navigation = st.navigation([
    # In the interface language: the user's choice, never a question's (ui.i18n).
    st.Page("pages/analyze.py", title=t("nav_analyze"), icon=":material/query_stats:", default=True),
    st.Page("pages/report.py", title=t("nav_report"), icon=":material/description:"),
    st.Page("pages/recurring.py", title=t("nav_recurring"), icon=":material/event_repeat:"),
    st.Page("pages/history.py", title=t("nav_history"), icon=":material/history:"),
    st.Page("pages/settings.py", title=t("set_title"), icon=":material/settings:"),
])

session = state.current_session()  # keeps ?s=<id> in the address bar on every page
with st.sidebar:
    if session is not None:
        st.caption(t("open_session", title=name_text(session.title)))
        if st.button(t("new_analysis"), icon=":material/add:"):
            state.new_session()
            st.switch_page("pages/analyze.py")
    problems = state.settings().problems
    if problems:
        st.warning(t("set_app_problems", count=len(problems)), icon=":material/warning:")
    if state.auth_configured():
        st.caption(t("signed_in_as", user=literal(state.owner())))
        st.button(t("sign_out"), on_click=st.logout)

navigation.run()
