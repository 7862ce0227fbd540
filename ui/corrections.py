"""The form that corrects how a file was read (sheet, header row, decimals, date order)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from analyst.datacard import DataCard
from analyst.store import FileRecord, SessionRecord
from ui import uploads
from ui.i18n import t

DECIMALS = {"Automatic": None, "Comma (1 234,56)": ",", "Point (1,234.56)": "."}
ALL_SHEETS = "All sheets (joined)"
ALL_DATA_SHEETS = "All data sheets (automatic)"
DATE_ORDERS = {
    "Automatic": None,
    "Day first (31.01.2026)": "DMY",
    "Month first (01/31/2026)": "MDY",
    "Year first (2026-01-31)": "YMD",
}


def correction_form(session: SessionRecord, record: FileRecord) -> None:
    card = record.cards[0] if record.cards else None
    options = dict(record.options)
    with st.form(key=f"fix_{record.id}", border=False):
        st.caption(t("fix_caption"))
        # No empty slot where the sheet would be: a CSV or a one-sheet book has nothing to pick.
        choice = card is not None and has_sheet_choice(card)
        cols = st.columns(4 if choice else 3)
        header_col, decimal_col, order_col = cols[-3:]
        sheet, other_sheet = None, False
        if choice:
            choices = sheet_choices(record)
            current = options.get("sheet")
            current = current if current in choices else choices[0]
            # Options are the shown words (no format_func): the automatic choice is the app's
            # and speaks the UI's language; sheet names are the user's and stay as they are.
            labels = [t(choices[0]), *choices[1:]]
            shown_sheet = cols[0].selectbox(t("Sheet"), labels, index=choices.index(current))
            picked = choices[labels.index(shown_sheet)]
            sheet = None if picked == choices[0] else picked
            other_sheet = picked != current
        # Unknown (sheets joined with their headers on different rows): left empty, so each
        # sheet keeps its own detected header unless the user types one.
        shown = options.get("header_row") or (card.header_row if card else None)
        header = header_col.number_input(t("Header row"), min_value=1, max_value=1000, step=1,
                                         value=int(shown) if shown else None,
                                         placeholder=t("Automatic"))
        decimal = _pick(decimal_col, "Decimal separator", DECIMALS, options.get("decimal"))
        order = _pick(order_col, "Date order", DATE_ORDERS, options.get("date_order"))
        if st.form_submit_button(t("read_again"), icon=":material/refresh:"):
            # What the form shows is what is used: every value is sent, not only changes.
            # Except the header row shown for another sheet: the new sheet(s) get theirs found.
            kept = None if header is None or (other_sheet and header == shown) else int(header)
            chosen = {"sheet": sheet, "header_row": kept,
                      "decimal": DECIMALS[decimal], "date_order": DATE_ORDERS[order]}
            # The roles set on the card are a choice of their own: a new reading keeps them.
            chosen["roles"] = options.get("roles")
            chosen = {k: v for k, v in chosen.items() if v is not None}
            uploads.ingest(session, record.name, None, chosen)
            st.rerun()


def has_sheet_choice(card: DataCard) -> bool:
    """Does the form offer a Sheet to choose for the file of `card`? Only a workbook of more
    than one visible sheet: the card may only point to the control when it is there."""
    return len(card.sheets) > 1


def sheet_choices(record: FileRecord) -> list[str]:
    """Every sheet read the automatic way first (no sheet override), then each sheet by name.

    The automatic way reads every data sheet as a table and joins sheets with the same
    columns (`<file>_all_sheets`); offering only sheet names would make "Read the file
    again" quietly drop all months but the first.
    """
    sheets = [str(s) for s in record.cards[0].sheets] if record.cards else []
    joined = any(c.sheet is None for c in record.cards) and len(record.cards) > 1
    return [ALL_SHEETS if joined else ALL_DATA_SHEETS, *sheets]


def _pick(column: Any, label: str, choices: dict[str, Any], value: Any) -> str:
    """A select box in the UI's language; returns the English key of the choice."""
    keys = list(choices)
    labels = [t(k) for k in keys]
    shown = column.selectbox(t(label), labels, index=_index(choices, value))
    return keys[labels.index(shown)]


def _index(choices: dict[str, Any], value: Any) -> int:
    return next((i for i, v in enumerate(choices.values()) if v == value and v is not None), 0)
