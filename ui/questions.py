"""Questions offered as buttons: the suggested questions under a data card, and the readings
(or questions that work) an offline answer offers back. A click asks the question on the
page's next run; a suggested question carries its query, which runs as it is (its text,
said in words, is not read again)."""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import streamlit as st

from analyst.brain.understand.place import with_place
from analyst.brain.understand.query import Query
from analyst.brain.understand.suggest import suggestions
from analyst.brain.understand.values import category_values
from analyst.datacard import DataCard
from ui import state
from ui.i18n import current, t
from ui.plain import literal

ASK_KEY = "ask_again"
"""The question the Analyze page asks on its next run (also "Run again on the new version")."""
ASKING_KEY = "asking_message"
"""The id of the stored question the page asks on this run (shown live, not as history)."""
QUERY_KEY = "ask_query"
"""The query (`Query.to_dict()`) a clicked suggestion carries: what the page runs for it."""


def ask_soon(question: str, query: dict[str, Any] | None = None) -> None:
    """Ask `question` on the page's next run, and keep it in the store now; `query`: the
    query a suggested question was made for, run as it is.

    Called from a widget's callback, which Streamlit runs before the page's script: a page
    reloaded a moment after the question was sent has it in the history already (the
    `Analysis` then takes this message as the question, `Store.add_question`). In approval
    mode the question is kept only once its plan is approved, as before.
    """
    st.session_state[ASK_KEY] = question
    st.session_state.pop(ASKING_KEY, None)
    if query is not None:
        st.session_state[QUERY_KEY] = query
    else:
        st.session_state.pop(QUERY_KEY, None)
    if state.preference("approval"):
        return
    session = state.current_session()
    if session is not None:
        st.session_state[ASKING_KEY] = state.store().add_question(session.id, question).id


def carried(analysis: Any, query: dict[str, Any],
            question: str) -> Callable[[], Generator[Any, None, None]]:
    """The events of a clicked suggestion: its carried query run offline, as it is."""
    return partial(analysis.ask_query, question, Query.from_dict(query))


@st.cache_data(show_spinner=False, max_entries=256)
def _suggested(root: str, card_json: str, language: str) -> list[tuple[str, dict[str, Any]]]:
    card = DataCard.from_dict(json.loads(card_json))
    return [(s.question, s.query.to_dict())
            for s in suggestions(card, language, category_values(root, card))]


def suggested_questions(cards: Sequence[DataCard], workspace: Path,
                        several: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """4-6 (question, query) for the first of `cards` (one file's tables) that has any;
    `several`: other files are open too. Where the question needs saying which table it
    is about, it names it as the user knows it (`place`)."""
    language = current()
    readable = [c for c in cards if c.parquet_path
                # a wide table's tidy twin is the one questions read
                and not (c.layout == "wide" and c.long_table)]
    for card in readable:
        try:
            found = _suggested(str(workspace), json.dumps(card.to_dict(), sort_keys=True,
                                                          default=str), language)
        except (KeyError, TypeError, ValueError):
            continue  # a card of an older version: no suggestions rather than a failure
        if found:
            where = place(card, readable, several)
            return [(with_place(q, where), query) for q, query in found]
    return []


def place(card: DataCard, readable: Sequence[DataCard], several: bool) -> list[str]:
    """The file and sheet a question is about, as the user named them: the file when other
    files are open, the sheet when the file has other tables on other sheets; nothing when
    nothing the user knows tells the tables apart (never the table's internal name)."""
    parts = []
    if several and card.source_file:
        parts.append(card.source_file)
    sheet = card.sheet
    if len(readable) > 1 and sheet and [c.sheet for c in readable].count(sheet) == 1:
        parts.append(str(sheet))
    return parts


def suggestion_buttons(cards: Sequence[DataCard], workspace: Path, key: str, *,
                       several: bool = False) -> None:
    """The suggested questions of a file's tables, each a button that runs its query."""
    questions = suggested_questions(cards, workspace, several)
    if not questions:
        return
    st.caption(t("suggested"))
    columns = st.columns(min(3, len(questions)))
    for i, (question, query) in enumerate(questions):
        with columns[i % len(columns)]:
            st.button(literal(question), key=f"{key}_suggest{i}", on_click=ask_soon,
                      args=(question, query), help=t("suggested_help"), width="stretch")


def option_buttons(options: Sequence[str], key: str) -> None:
    """An answer's offered questions (two readings to choose from, or questions that work)."""
    if not options:
        return
    for i, option in enumerate(options):
        st.button(literal(option), key=f"{key}_option{i}", on_click=ask_soon, args=(option,),
                  icon=":material/help:")
