"""The language of the app's own words: English, Ukrainian, Russian or Chinese.

`t(key, lang)` is the label in a language (English when it lacks one), from the product's
message catalogue (`analyst.words`, context "ui"); `t(key, count=n)` the form for n items
("21 рядок", "22 рядки", "25 рядків").

Which language is the user's choice alone: the Settings choice ("Interface language"),
else the browser's language (`st.context.locale`), else English. A question in another
language gets its answer in that language, and nothing else: the labels, the sidebar and
earlier answers stay as they are (an answer's own words are in `Answer.language`).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from analyst.words import normalise, say
from analyst.words.number_formats import format_int

CHOICES = {"auto": "Automatic", "en": "English", "uk": "Українська", "ru": "Русский", "zh": "中文"}
PREF_KEY = "pref_ui_language"  # the Settings choice (kept apart from the widget's key)
WIDGET_KEY = "w_ui_language"  # the Settings selectbox
BROWSER_KEY = "ui_browser_language"  # the browser's language, as it said at the tab's first run
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
    if BROWSER_KEY not in st.session_state:
        # Read once per tab: a page run says hundreds of labels. A client that sends no
        # locale (None) is asked again on the next run.
        locale = st.context.locale
        if locale is None:
            return "en"
        st.session_state[BROWSER_KEY] = browser_language(locale)
    return str(st.session_state[BROWSER_KEY])


def browser_language(locale: str | None) -> str:
    """The interface language for a browser's `navigator.language` ("uk-UA", "zh-Hant-TW",
    "ru"): one of ours, else English (a German browser reads English best of the four)."""
    return normalise(locale)
