"""Report: the pinned results in order; edit, reorder, remove; build; preview; download."""

from __future__ import annotations

import streamlit as st

from ui import state
from ui.errors import guarded
from ui.reportgen import build

st.title("Report")
session = state.current_session()
if session is None:
    st.info("Nothing to report yet: upload a file and ask a question on the Analyze page.")
    st.page_link("pages/analyze.py", label="Go to Analyze", icon=":material/query_stats:")
    st.stop()

store = state.store()
pins = store.pins(session.id)
messages = store.messages(session.id)
has_standard = any(m.data.get("question") == "Standard report" for m in messages)

if not pins:
    st.info("No result is pinned yet. Use “Add to report” under a result on the Analyze page"
            + (", or build the standard report below." if has_standard else "."))
for n, pin in enumerate(pins):
    with st.container(border=True):
        title_col, buttons = st.columns([6, 2])
        title = title_col.text_input("Section title", value=pin.title, key=f"title_{pin.id}")
        up, down, remove = buttons.columns(3)
        if up.button("", icon=":material/arrow_upward:", key=f"up_{pin.id}", disabled=n == 0,
                     help="Move up"):
            store.move_pin(session.id, pin.id, -1)
            st.rerun()
        if down.button("", icon=":material/arrow_downward:", key=f"down_{pin.id}",
                       disabled=n == len(pins) - 1, help="Move down"):
            store.move_pin(session.id, pin.id, +1)
            st.rerun()
        if remove.button("", icon=":material/delete:", key=f"rm_{pin.id}", help="Remove from the report"):
            store.remove_pin(session.id, pin.id)
            st.rerun()
        narrative = st.text_area("Narrative", value=pin.narrative, key=f"text_{pin.id}", height=100)
        if title != pin.title or narrative != pin.narrative:
            store.update_pin(session.id, pin.id, title=title, narrative=narrative)
        if pin.question:
            st.caption(f"From the question “{pin.question}”, step {pin.step.number}.")

st.divider()
report_title = st.text_input("Report title", value="", placeholder="Automatic: from the file names",
                             key="report_title")
include_code = st.toggle("Include the code of every step in the appendix", value=True)
can_build = bool(pins) or has_standard
if st.button("Generate report", type="primary", icon=":material/picture_as_pdf:", disabled=not can_build):
    with guarded("build the report"), st.spinner("Building the PDF and the Excel workbook…"):
        analysis = state.analysis(session)
        built = build(analysis, messages, pins, report_title, include_code)
        st.session_state["built"] = (session.id, built)

built = st.session_state.get("built")
if built and built[0] == session.id:
    report = built[1]
    st.success(f"“{report.title}” is ready.")
    name = "".join(c if c.isalnum() or c in " -_" else "_" for c in report.title).strip() or "report"
    pdf_col, xlsx_col = st.columns(2)
    pdf_col.download_button("Download PDF", report.pdf, file_name=f"{name}.pdf",
                            mime="application/pdf", icon=":material/download:", on_click="ignore",
                            key="download_pdf", type="primary")
    xlsx_col.download_button("Download Excel", report.xlsx, file_name=f"{name}.xlsx",
                             mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                             icon=":material/download:", on_click="ignore", key="download_xlsx")
    if report.first_page_png:
        st.image(report.first_page_png, caption="First page", width=480)
