"""The form that corrects how a file was read (sheet, header row, decimals, date order)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from analyst.store import FileRecord, SessionRecord
from ui import uploads

DECIMALS = {"Automatic": None, "Comma (1 234,56)": ",", "Point (1,234.56)": "."}
DATE_ORDERS = {
    "Automatic": None,
    "Day first (31.01.2026)": "DMY",
    "Month first (01/31/2026)": "MDY",
    "Year first (2026-01-31)": "YMD",
}


def correction_form(session: SessionRecord, record: FileRecord) -> None:
    card: dict[str, Any] = record.cards[0] if record.cards else {}
    options = dict(record.options)
    with st.form(key=f"fix_{record.id}", border=False):
        st.caption("Something read wrongly? Correct it and read the file again.")
        sheets = list(card.get("sheets") or [])
        # No empty slot where the sheet would be: a CSV or a one-sheet book has nothing to pick.
        cols = st.columns(4) if len(sheets) > 1 else [None, *st.columns(3)]
        sheet = None
        if len(sheets) > 1:
            current = options.get("sheet") or card.get("sheet")
            sheet = cols[0].selectbox("Sheet", sheets,
                                      index=sheets.index(current) if current in sheets else 0)
        header = cols[1].number_input("Header row", min_value=1, max_value=1000, step=1,
                                      value=int(options.get("header_row") or card.get("header_row") or 1))
        decimal = cols[2].selectbox("Decimal separator", list(DECIMALS),
                                    index=_index(DECIMALS, options.get("decimal")))
        order = cols[3].selectbox("Date order", list(DATE_ORDERS),
                                  index=_index(DATE_ORDERS, options.get("date_order")))
        if st.form_submit_button("Read the file again", icon=":material/refresh:"):
            # What the form shows is what is used: every value is sent, not only changes.
            chosen = {"sheet": sheet, "header_row": int(header), "decimal": DECIMALS[decimal],
                      "date_order": DATE_ORDERS[order]}
            chosen = {k: v for k, v in chosen.items() if v is not None}
            uploads.ingest(session, record.name, None, chosen)
            st.rerun()


def _index(choices: dict[str, Any], value: Any) -> int:
    return next((i for i, v in enumerate(choices.values()) if v == value and v is not None), 0)
