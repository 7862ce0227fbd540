"""How an uploaded file was read: every assumption in view, each next to the way to correct it.

A file just read is shown open (what was assumed, the correction form, a preview); once the
conversation has moved on it folds into one line that still names the main assumptions.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import streamlit as st

from analyst.store import FileRecord, SessionRecord
from ui.corrections import correction_form
from ui.render import number_columns
from ui.tables import preview

# Assumption sentence (from analyst.ingest, English) -> what the user can do about it.
_HINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^Header on row|title|merged header", re.IGNORECASE),
     "Wrong? Change **Header row** below."),
    (re.compile(r"decimal separator|could be read either way", re.IGNORECASE),
     "Wrong? Change **Decimal separator** below."),
    (re.compile(r"^Dates in|read as dates|day first|month first", re.IGNORECASE),
     "Wrong? Change **Date order** below."),
    (re.compile(r"^Excluded as (a )?total", re.IGNORECASE),
     "Left out so the total is not counted twice; every sum is computed from the rows."),
    (re.compile(r"sheet", re.IGNORECASE), "Another sheet? Choose it under **Sheet** below."),
)


def hint(assumption: str) -> str | None:
    """The correction that goes with one assumption, or None when there is nothing to change."""
    return next((text for pattern, text in _HINTS if pattern.search(assumption)), None)


def short_summary(card: dict[str, Any]) -> str:
    """One line for the folded card: rows, header row, totals left out, decimal comma."""
    parts = [f"{card.get('rows', 0):,} rows"]
    if (card.get("header_row") or 1) > 1:
        parts.append(f"header on row {card['header_row']}")
    excluded = len(card.get("excluded_rows") or [])
    if excluded:
        parts.append(f"{excluded} row(s) left out")
    if any("comma read as the decimal" in a.lower() for a in card.get("assumptions") or []):
        parts.append("decimal comma")
    return " · ".join(parts)


def data_card_view(session: SessionRecord, record: FileRecord, workspace: Path, *,
                   fresh: bool) -> None:
    """The file's cards; open (`fresh`) right after reading, else folded to one line."""
    cards = record.cards or [{}]
    label = f"Data: {record.name} — " + "; ".join(short_summary(c) for c in cards)
    if not fresh:
        with st.expander(label, icon=":material/table_view:"):
            _body(session, record, cards, workspace, fresh=False)
        return
    with st.container(border=True):
        _body(session, record, cards, workspace, fresh=True)


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
        with st.expander(f"Preview{name}: the first {len(frame)} of {card.get('rows', 0):,} rows",
                         expanded=fresh):
            roles = {c.get("name"): c.get("role") for c in card.get("columns") or []}
            st.dataframe(frame, width="stretch", hide_index=True, height="auto",
                         column_config=number_columns(frame, roles))
        excluded = card.get("excluded_rows") or []
        if len(excluded) > 1:
            with st.expander(f"Rows left out of the table ({len(excluded)})"):
                st.markdown("\n".join(f"- line {r['line']}: {r['reason']} — “{r['text']}”"
                                      for r in excluded[:50]))


def _assumptions(card: dict[str, Any]) -> None:
    where = f", sheet “{card['sheet']}”" if card.get("sheet") else ""
    names = [c.get("name", "") for c in card.get("columns") or []]
    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    st.markdown(f"**{card.get('source_file', '')}**{where}: {card.get('rows', 0):,} rows, "
                f"{len(names):,} columns ({shown})")
    assumptions = list(card.get("assumptions") or [])
    if not assumptions:
        return
    lines = []
    for text in assumptions:
        fix = hint(text)
        lines.append(f"- {_escape(text)}" + (f"  \n  :gray[{fix}]" if fix else ""))
    st.markdown("What I assumed when reading it:\n" + "\n".join(lines))


def _escape(text: str) -> str:
    # File contents quoted in an assumption must not turn into markdown or maths.
    return re.sub(r"([\\`*_\[\]<>$|~#])", r"\\\1", text)
