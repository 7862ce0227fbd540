"""How an uploaded file was read: every assumption in view, each next to the way to correct it.

A file just read is shown open (what was assumed, the correction form, a preview); once the
conversation has moved on it folds into one line that still names the main assumptions.
"""

from __future__ import annotations

import re
from pathlib import Path

import streamlit as st

from analyst.datacard import DataCard
from analyst.store import FileRecord, SessionRecord
from analyst.words.note import Note, Word, render
from ui.corrections import correction_form, has_sheet_choice
from ui.i18n import current, t
from ui.plain import name_text
from ui.questions import suggestion_buttons
from ui.render import number_columns
from ui.roles import roles_form
from ui.tables import preview

# What the user can correct, by the assumption's catalogue id (analyst.ingest writes `Note`s).
_HINTS: dict[str, str] = {
    **dict.fromkeys(("header_row", "header_row_chosen", "header_merged", "header_periods_row",
                     "header_periods_rows", "no_header", "skipped_above"), "hint_header"),
    **dict.fromkeys(("decimal_comma", "ambiguous_thousands", "thousands"), "hint_decimal"),
    **dict.fromkeys(("dates", "excel_serials"), "hint_dates"),
    "excluded_sums": "hint_total",
    **dict.fromkeys(("sheet_chosen", "sheet_chosen_by_user", "sheets_read", "sheet_empty", "sheets_empty",
                     "sheets_not_joined", "sheets_also_joined", "sheets_joined"), "hint_sheet"),
}


def hint(assumption: Note, sheet_choice: bool = True, lang: str | None = None) -> str | None:
    """The correction that goes with one assumption, or None when there is nothing to change
    (or an old card's plain sentence, whose meaning is not known). The form has
    a Sheet to choose only on a workbook of several sheets (`sheet_choice`): elsewhere a
    sheet's assumption points to nothing."""
    key = _hint_key(assumption)
    if key == "hint_sheet" and not sheet_choice:
        return None
    return t(key, lang) if key else None


def _hint_key(note: Note) -> str | None:
    if note.key == "excluded":
        # Only a total row can be re-included from the form; footnotes and subtotals cannot.
        return "hint_total" if note.values.get("reason") == Word("total row") else None
    if note.key == "two_sentences":
        first = note.values.get("first")
        return _hint_key(first) if isinstance(first, Note) else None
    if note.key == "sheet_prefix":
        rest = note.values.get("rest")
        return (_hint_key(rest) if isinstance(rest, Note) else None) or "hint_sheet"
    return _HINTS.get(note.key)


def short_summary(card: DataCard) -> str:
    """One line for the folded card: rows, header row, totals left out, decimal comma."""
    parts = [t("n_rows", count=card.rows)]
    if (card.header_row or 1) > 1:
        parts.append(t("header_on_row", n=card.header_row))
    if card.excluded_rows:
        parts.append(t("rows_left_out", n=len(card.excluded_rows)))
    if any(a.key == "decimal_comma" for a in card.assumptions):
        parts.append(t("decimal_comma"))
    return " · ".join(parts)


def data_card_view(session: SessionRecord, record: FileRecord, workspace: Path, *,
                   fresh: bool, several: bool = False) -> None:
    """The file's cards; open (`fresh`) right after reading, else folded to one line.

    Under an open card, questions its table answers, as buttons (inside a folded one);
    `several`: other files are open too, so each question names its table."""
    cards = record.cards
    label = t("data", name=name_text(record.name)) + "; ".join(short_summary(c) for c in cards)
    if not fresh:
        with st.expander(label, icon=":material/table_view:"):
            _body(session, record, cards, workspace, fresh=False)
            suggestion_buttons(cards, workspace, f"f{record.id}", several=several)
        return
    with st.container(border=True):
        _body(session, record, cards, workspace, fresh=True)
    suggestion_buttons(cards, workspace, f"f{record.id}", several=several)


def _body(session: SessionRecord, record: FileRecord, cards: tuple[DataCard, ...],
          workspace: Path, *, fresh: bool) -> None:
    for card in cards:
        for block in card_text(card, current(), has_sheet_choice(cards[0])):
            st.markdown(block)
    correction_form(session, record)
    roles_form(session, record)
    for card in cards:
        frame = preview(workspace, card.parquet_path)
        if frame is None:
            continue
        name = f" ({card.table})" if len(cards) > 1 and card.table else ""
        with st.expander(t("preview", name=name, shown=len(frame), total=f"{card.rows:,}"),
                         expanded=fresh):
            roles = {c.name: c.role for c in card.columns}
            # A missing value is an empty cell, as in the user's spreadsheet (not "None").
            st.dataframe(frame, width="stretch", hide_index=True, height="auto", placeholder="",
                         column_config=number_columns(frame, roles))
        if len(card.excluded_rows) > 1:
            with st.expander(t("left_out_title", n=len(card.excluded_rows))):
                st.markdown("\n".join(f"- line {r.line}: {r.reason} — “{name_text(r.text)}”"
                                      for r in card.excluded_rows[:50]))


def card_text(card: DataCard, lang: str, sheet_choice: bool) -> list[str]:
    """Markdown blocks for one table of the card: its file, sheet and size, then each
    assumption with the control that corrects it (`sheet_choice`: the form offers a Sheet)."""
    where = t("sheet_of", lang, sheet=name_text(card.sheet)) if card.sheet else ""
    # A file's, a sheet's and a column's name are any text the file holds: shown, never markup.
    names = [name_text(c.name) for c in card.columns]
    shown = ", ".join(names[:8]) + (t("and_more", lang, n=len(names) - 8) if len(names) > 8 else "")
    counts = t("card_line", lang, rows=t("n_rows", lang, count=card.rows),
               cols=t("n_columns", lang, count=len(names)), shown=shown)
    head = f"**{name_text(card.source_file)}**{where}: {counts}"
    assumptions = list(card.assumptions)
    if not assumptions:
        return [head]
    lines = []
    for text in assumptions:
        fix = hint(text, sheet_choice, lang)
        shown = render(text, lang)  # an old card's plain sentence is shown as it was written
        lines.append(f"- {_escape(shown)}" + (f"  \n  :gray[{fix}]" if fix else ""))
    return [head, t("assumed", lang) + "\n" + "\n".join(lines)]


def _escape(text: str) -> str:
    # File contents quoted in an assumption must not turn into markdown or maths.
    return re.sub(r"([\\`*_\[\]<>$|~#])", r"\\\1", text)
