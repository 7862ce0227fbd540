"""Recurring reports: the saved ones, each run again on this month's file; import/export."""

from __future__ import annotations

import streamlit as st

from analyst.errors import user_message
from analyst.recurring.files import TemplateError, dumps, loads
from analyst.report.text import download_name
from analyst.words.note import render
from ui import state
from ui.errors import guarded
from ui.i18n import current, t
from ui.plain import literal, name_text
from ui.recurring import run_on_upload
from ui.uploads import show_messages

TYPES = ["csv", "txt", "tsv", "xlsx", "xlsm", "xlsb", "xls", "ods", "parquet"]

st.title(t("recurring_title"))
library = state.templates()

imported = st.file_uploader(t("recurring_import"), type=["json"], key="template_import")
if imported is not None and st.session_state.get("imported_id") != imported.file_id:
    st.session_state["imported_id"] = imported.file_id
    try:
        template = loads(imported.getvalue().decode("utf-8", "replace"), imported.name)
        library.save(template)
        st.success(literal(t("recurring_imported", title=template.title or imported.name)))
    except TemplateError as exc:  # a broken rule is said in the reader's language
        st.error(literal(user_message(exc, current()) or str(exc)))

items = library.items()
if not items:
    st.info(t("recurring_none"))
show_messages()
for tid, template in items:
    name = template.title or ", ".join(template.files)
    with st.container(border=True):
        st.subheader(name_text(name))
        st.caption(literal(t("recurring_saved_on", date=template.run_date,
                             files=", ".join(template.files), n=len(template.questions))))
        upload = st.file_uploader(t("recurring_new_file"), type=TYPES, key=f"new_{tid}")
        asked = st.session_state.get(f"asked_{tid}")
        answers: dict[str, str] = st.session_state.get(f"answers_{tid}", {})
        run = False
        if asked:
            with st.form(f"form_{tid}"):
                st.write(t("recurring_which"))
                for q in asked.questions:
                    st.selectbox(t("recurring_column", column=name_text(q.column), role=q.role,
                                   section=name_text(q.section)), q.candidates,
                                 key=f"q_{tid}_{q.column}")
                if st.form_submit_button(t("recurring_answer"), type="primary"):
                    answers = {**answers, **{q.column: st.session_state[f"q_{tid}_{q.column}"]
                                             for q in asked.questions}}
                    st.session_state[f"answers_{tid}"] = answers
                    run = True
        left, middle, right = st.columns(3)
        run = left.button(t("recurring_run"), type="primary", key=f"run_{tid}",
                          disabled=upload is None) or run
        middle.download_button(t("recurring_export"), dumps(template), on_click="ignore",
                               file_name=download_name(name, "json"), mime="application/json",
                               key=f"export_{tid}")
        right.button(t("recurring_delete"), key=f"delete_{tid}", on_click=library.remove,
                     args=(tid,))  # removed before the page's next run lists the rest
        if run and upload is not None:
            with guarded("run the recurring report"), st.spinner(t("building")):
                earlier = asked.session_id if asked else None
                outcome = run_on_upload(template, upload.name, upload.getvalue(), answers,
                                        earlier)
                st.session_state[f"asked_{tid}"] = outcome if outcome.questions else None
                st.session_state[f"done_{tid}"] = outcome if outcome.built else None
            st.rerun()
        done = st.session_state.get(f"done_{tid}")
        if done is not None and done.built is not None:
            st.success(t("ready", title=name_text(done.built.title)))
            for problem in done.problems:
                st.warning(literal(render(problem, current())))
            st.download_button(t("download_pdf"), done.built.pdf, on_click="ignore",
                               file_name=done.built.file_name("pdf"), mime="application/pdf",
                               icon=":material/download:", key=f"pdf_{tid}", type="primary")
