"""How an uploaded file was read: every assumption in view, each next to the way to correct it.

A file just read is shown open (what was assumed, the correction form, a preview); once the
conversation has moved on it folds into one line that still names the main assumptions.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import streamlit as st

from analyst.assumptions_i18n import translate_assumption
from analyst.datacard import assumptions_of
from analyst.store import FileRecord, SessionRecord
from analyst.words.note import Note
from ui.corrections import correction_form
from ui.i18n import current, t
from ui.questions import suggestion_buttons
from ui.render import number_columns
from ui.tables import preview

# Assumption sentence (from analyst.ingest, English) -> the label of what the user can do.
_HINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^Header on row|title|merged header", re.IGNORECASE),
     "hint_header"),
    (re.compile(r"decimal separator|could be read either way", re.IGNORECASE),
     "hint_decimal"),
    (re.compile(r"^Dates in|read as dates|day first|month first", re.IGNORECASE),
     "hint_dates"),
    (re.compile(r"^Excluded as (a )?total", re.IGNORECASE),
     "hint_total"),
    (re.compile(r"sheet", re.IGNORECASE), "hint_sheet"),
)


def hint(assumption: str) -> str | None:
    """The correction that goes with one assumption, or None when there is nothing to change."""
    key = next((key for pattern, key in _HINTS if pattern.search(assumption)), None)
    return t(key) if key else None


def short_summary(card: dict[str, Any]) -> str:
    """One line for the folded card: rows, header row, totals left out, decimal comma."""
    parts = [t("n_rows", count=card.get("rows") or 0)]
    if (card.get("header_row") or 1) > 1:
        parts.append(t("header_on_row", n=card["header_row"]))
    excluded = len(card.get("excluded_rows") or [])
    if excluded:
        parts.append(t("rows_left_out", n=excluded))
    if any("comma read as the decimal" in a.lower() for a in card.get("assumptions") or []):
        parts.append(t("decimal_comma"))
    return " · ".join(parts)


def data_card_view(session: SessionRecord, record: FileRecord, workspace: Path, *,
                   fresh: bool, several: bool = False) -> None:
    """The file's cards; open (`fresh`) right after reading, else folded to one line.

    Under an open card, questions its table answers, as buttons (inside a folded one);
    `several`: other files are open too, so each question names its table."""
    cards = record.cards or [{}]
    label = t("data", name=record.name) + "; ".join(short_summary(c) for c in cards)
    if not fresh:
        with st.expander(label, icon=":material/table_view:"):
            _body(session, record, cards, workspace, fresh=False)
            suggestion_buttons(cards, workspace, f"f{record.id}", several=several)
        return
    with st.container(border=True):
        _body(session, record, cards, workspace, fresh=True)
    suggestion_buttons(cards, workspace, f"f{record.id}", several=several)


def _body(session: SessionRecord, record: FileRecord, cards: list[dict[str, Any]],
          workspace: Path, *, fresh: bool) -> None:
    for card in cards:
        _assumptions(card)
    correction_form(session, record)
    for card in cards:
        frame = preview(workspace, card.get("parquet_path", ""))
        if frame is None:
            continue
        name = f" ({card['table']})" if len(cards) > 1 and card.get("table") else ""
        with st.expander(t("preview", name=name, shown=len(frame), total=f"{card.get('rows', 0):,}"),
                         expanded=fresh):
            roles = {c.get("name"): c.get("role") for c in card.get("columns") or []}
            # A missing value is an empty cell, as in the user's spreadsheet (not "None").
            st.dataframe(frame, width="stretch", hide_index=True, height="auto", placeholder="",
                         column_config=number_columns(frame, roles))
        excluded = card.get("excluded_rows") or []
        if len(excluded) > 1:
            with st.expander(t("left_out_title", n=len(excluded))):
                st.markdown("\n".join(f"- line {r['line']}: {r['reason']} — “{r['text']}”"
                                      for r in excluded[:50]))


def _assumptions(card: dict[str, Any]) -> None:
    where = t("sheet_of", sheet=card["sheet"]) if card.get("sheet") else ""
    names = [c.get("name", "") for c in card.get("columns") or []]
    shown = ", ".join(names[:8]) + (t("and_more", n=len(names) - 8) if len(names) > 8 else "")
    counts = t("card_line", rows=t("n_rows", count=card.get("rows") or 0),
               cols=t("n_columns", count=len(names)), shown=shown)
    st.markdown(f"**{card.get('source_file', '')}**{where}: {counts}")
    assumptions = list(assumptions_of(card))
    if not assumptions:
        return
    lines = []
    lang = current()
    for text in assumptions:
        # The hint patterns read the ingester's English; only the shown sentence is translated.
        fix = hint(text)
        shown = text.render(lang) if isinstance(text, Note) else translate_assumption(text, lang)
        lines.append(f"- {_escape(shown)}" + (f"  \n  :gray[{fix}]" if fix else ""))
    st.markdown(t("assumed") + "\n" + "\n".join(lines))


def _escape(text: str) -> str:
    # File contents quoted in an assumption must not turn into markdown or maths.
    return re.sub(r"([\\`*_\[\]<>$|~#])", r"\\\1", text)
