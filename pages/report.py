"""Report: the pinned results in order; edit, reorder, remove; build; preview; download."""

from __future__ import annotations

import streamlit as st

from ui import state
from ui.errors import guarded
from ui.i18n import STANDARD_REPORT, t
from ui.plain import literal, name_text
from ui.progressbar import stage_bar
from ui.reportgen import build, recurring_template

session = state.current_session()
st.title(t("report_title_page"))
if session is None:
    st.info(t("nothing_yet"))
    st.page_link("pages/analyze.py", label=t("go_analyze"), icon=":material/query_stats:")
    st.stop()

store = state.store()
pins = store.pins(session.id)
messages = store.messages(session.id)
has_standard = any(m.data.get("question") == STANDARD_REPORT for m in messages)

if not pins:
    st.info(t("no_pins") + (t("no_pins_standard") if has_standard else "."))
for n, pin in enumerate(pins):
    with st.container(border=True):
        title_col, buttons = st.columns([6, 2])
        title = title_col.text_input(t("section_title"), value=pin.title, key=f"title_{pin.id}")
        up, down, remove = buttons.columns(3)
        # A click's callback runs before the page's next run, which then shows the change.
        up.button("", icon=":material/arrow_upward:", key=f"up_{pin.id}", disabled=n == 0,
                  help=t("move_up"), on_click=store.move_pin, args=(session.id, pin.id, -1))
        down.button("", icon=":material/arrow_downward:", key=f"down_{pin.id}",
                    disabled=n == len(pins) - 1, help=t("move_down"), on_click=store.move_pin,
                    args=(session.id, pin.id, +1))
        remove.button("", icon=":material/delete:", key=f"rm_{pin.id}", help=t("remove"),
                      on_click=store.remove_pin, args=(session.id, pin.id))
        narrative = st.text_area(t("narrative"), value=pin.narrative, key=f"text_{pin.id}", height=100)
        if title != pin.title or narrative != pin.narrative:
            store.update_pin(session.id, pin.id, title=title, narrative=narrative)
        if pin.question:
            asked = t("standard_report") if pin.question == STANDARD_REPORT else pin.question
            st.caption(t("from_question", q=asked, n=pin.step.number))

st.divider()
report_title = st.text_input(t("report_name"), value="", placeholder=t("report_name_auto"),
                             key="report_title")
include_code = st.toggle(t("include_code"), value=True)
can_build = bool(pins) or has_standard
if st.button(t("generate"), type="primary", icon=":material/picture_as_pdf:", disabled=not can_build):
    bar = st.progress(0.0, text=t("building"))
    with guarded("build the report"):
        analysis = state.analysis(session)
        built = build(analysis, messages, pins, report_title, include_code, progress=stage_bar(bar))
        st.session_state["built"] = (session.id, built)
    bar.empty()

if st.button(t("save_recurring"), icon=":material/event_repeat:", disabled=not can_build,
             help=t("save_recurring_help"), key="save_recurring"):
    with guarded("save the recurring report"):
        template, left_out = recurring_template(state.analysis(session), messages, pins,
                                                report_title or None)
        state.templates().save(template)
        st.success(literal(t("saved_recurring", title=template.title or ", ".join(template.files))))
        if left_out:
            st.warning(literal(t("not_kept", titles=", ".join(left_out))))

kept = st.session_state.get("built")  # (session id, Built) of the last report made here
if kept and kept[0] == session.id:
    report = kept[1]
    st.success(t("ready", title=name_text(report.title)))
    pdf_col, xlsx_col = st.columns(2)
    pdf_col.download_button(t("download_pdf"), report.pdf, file_name=report.file_name("pdf"),
                            mime="application/pdf", icon=":material/download:", on_click="ignore",
                            key="download_pdf", type="primary")
    xlsx_col.download_button(t("download_xlsx"), report.xlsx, file_name=report.file_name("xlsx"),
                             mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                             icon=":material/download:", on_click="ignore", key="download_xlsx")
    if report.first_page_png:
        st.image(report.first_page_png, caption=t("first_page"), width=480)
