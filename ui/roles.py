"""The data card's "Column roles" form: the user marks a column as the amount, the date, a
category or an id (`analyst.ingest.roles`).

The choice is one more reading option (`IngestOptions.roles`), so it is applied the way a
corrected decimal separator is: the file is read again from its kept original, the cards
in the store and the workspace say the new role, and it survives a reload.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from analyst.store import FileRecord, SessionRecord
from ui import uploads
from ui.i18n import t
from ui.plain import literal

CHOICES = ("auto", "amount", "date", "category", "id")


def roles_form(session: SessionRecord, record: FileRecord) -> None:
    names = list(dict.fromkeys(c.name for card in record.cards for c in card.columns))
    if not names:
        return
    options = dict(record.options)
    roles: dict[str, str] = dict(options.get("roles") or {})
    st.markdown(f"**{t('roles_title')}**")
    st.caption(t("roles_caption"))
    if roles:
        # The names are the user's text: never markdown.
        st.caption(t("role_set_by_you", roles=", ".join(
            f"{literal(name)}: {t('role_' + role)}" for name, role in roles.items())))
    with st.form(key=f"roles_{record.id}", border=False):
        left, right = st.columns(2)
        column = left.selectbox(t("role_column"), names, key=f"role_column_{record.id}")
        labels = [t("role_" + c) for c in CHOICES]
        shown = right.selectbox(t("role_choice"), labels, key=f"role_choice_{record.id}")
        if st.form_submit_button(t("role_apply"), icon=":material/label:"):
            choice = CHOICES[labels.index(shown)]
            if choice == "auto":
                roles.pop(str(column), None)
            else:
                roles[str(column)] = choice
            chosen: dict[str, Any] = {k: v for k, v in options.items() if k != "roles"}
            if roles:
                chosen["roles"] = roles
            uploads.ingest(session, record.name, None, chosen)
            st.rerun()
