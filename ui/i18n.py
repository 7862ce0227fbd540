"""The language of the app's own words: English, Ukrainian, Russian or Chinese.

`t(key, lang)` is the label in a language (English when it lacks one), from the product's
message catalogue (`analyst.words`, context "ui"); `t(key, count=n)` the form for n items
("21 рядок", "22 рядки", "25 рядків"). Which language:
the Settings choice ("Interface language"), else automatic: the language of the user's
last question, else that of the data (the offline analyst answers the same way, so the
labels around an answer match its words).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from analyst.report.formats import format_int
from analyst.words import LANGUAGES, say

CHOICES = {"auto": "Automatic", "en": "English", "uk": "Українська", "ru": "Русский", "zh": "中文"}
PREF_KEY = "pref_ui_language"  # the Settings choice (kept apart from the widget's key)
WIDGET_KEY = "w_ui_language"  # the Settings selectbox
AUTO_KEY = "ui_language_auto"  # what "Automatic" means now, set by the pages
STANDARD_REPORT = "Standard report"  # the stored question of the standard report (not shown as is)


def t(key: str, lang: str | None = None, count: int | None = None, **values: Any) -> str:
    """The label `key` in `lang` (default: the interface language now), values filled in;
    with `count`, the plural form for that many, `{n}` being the count in the language's
    number style unless given."""
    lang = lang or current()
    if count is not None:
        values.setdefault("n", format_int(count, lang))
    return say(lang, "ui", key, plural=count, **values)


def choice() -> str:
    """The Settings choice: "auto" or a language code."""
    # A choice just made is in the widget's key before any script line runs, while the
    # page copies it to PREF_KEY only at the selectbox: the sidebar and the page's text above
    # the selectbox are already in the new language.
    value = st.session_state.get(WIDGET_KEY, st.session_state.get(PREF_KEY, "auto"))
    return value if value in CHOICES else "auto"


def current() -> str:
    """The interface language in effect for this browser tab."""
    chosen = choice()
    if chosen != "auto":
        return chosen
    auto = st.session_state.get(AUTO_KEY, "en")
    return auto if auto in LANGUAGES else "en"


def follow_question(question: str) -> None:
    """A new question sets the automatic language (the answer will be in it too)."""
    if question and question != STANDARD_REPORT:
        from analyst.planner.phrases import language_of

        st.session_state[AUTO_KEY] = language_of(question)


def follow_session(messages: Sequence[Any], files: Sequence[Any]) -> None:
    """The automatic language of an open session: its last question's, else its data's."""
    questions = [m.text for m in messages
                 if m.role == "user" and m.text and m.text != STANDARD_REPORT]
    if questions:
        follow_question(questions[-1])
        return
    st.session_state[AUTO_KEY] = _data_language(files)


def _data_language(files: Sequence[Any]) -> str:
    from analyst.datacard import DataCard
    from analyst.planner.phrases import data_language

    try:
        cards = [DataCard.from_dict(c) for record in files for c in record.cards or []]
        return data_language(cards) if cards else "en"
    except Exception:  # noqa: BLE001 - an odd stored card only costs the labels' language
        return "en"
