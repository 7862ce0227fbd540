"""The product's words: one gettext catalogue per language, read with Babel.

`locale/<lang>/LC_MESSAGES/analyst.po` holds every user-facing text of that language. A
message is found by its context (which part of the product says it: "ui", "chart", ...)
and a symbolic id ("add_to_report"); counted messages have plural forms, chosen by the
catalogue's own Plural-Forms rule (Ukrainian and Russian have three: 1 / 2-4 / 5-20).

The .po files are the source. They are compiled once per process, in memory, with Babel
(`write_mo`) and read with the standard library's `gettext`, which does the context and
plural look-ups. A text a language lacks (untranslated or fuzzy) falls back to English;
one English lacks too reads as its id, so a missing word is visible, never a crash.
The same compiled bytes are written next to the sandbox's recipes (`write_mo_files`), where
only the standard library is installed.
"""

from __future__ import annotations

import gettext
import io
import threading
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("words") / "locale"
"""The catalogues live with the words that say them (`analyst/words/locale`); this reader is a
module of its own so the recipes, which the words build on, can read it too (no circle)."""
DOMAIN = "analyst"
LANGUAGES = ("en", "uk", "ru", "zh")
"""The product's languages; English is the reference and the fallback."""
CATALOGUES = (*LANGUAGES, "ja")
"""Japanese has the report's own labels only (a report about Japanese data); the rest of
its words are English."""

_LOCK = threading.Lock()


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def compiled(language: str) -> bytes:
    """The .mo bytes of `language`'s catalogue (compiled from its .po with Babel)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with _LOCK, po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


@cache
def translations(language: str) -> gettext.NullTranslations:
    """`language`'s catalogue, English behind it for what it lacks."""
    code = language if language in CATALOGUES else "en"
    found = gettext.GNUTranslations(io.BytesIO(compiled(code)))
    if code != "en":
        found.add_fallback(translations("en"))
    return found


def message(language: str, context: str, key: str) -> str:
    """The text of `key` in `context` ("" placeholders unfilled); its id when none has it."""
    return translations(language).pgettext(context, key)


def plural_message(language: str, context: str, key: str, count: int) -> str:
    """The form of `key` for `count` items in `language` (its Plural-Forms rule)."""
    return translations(language).npgettext(context, key, key, count)


@cache
def keys(context: str, language: str = "en") -> tuple[str, ...]:
    """The ids of `context`'s messages that `language` has a text for, in its catalogue's
    order (English leaves a few empty: the recipes' notes, whose English is the recipes' own
    sentence)."""
    from babel.messages.pofile import read_po

    with _LOCK, po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    return tuple(str(m.id[0] if isinstance(m.id, (tuple, list)) else m.id)
                 for m in catalog if m.id and m.context == context and m.string)


def write_mo_files(folder: Path) -> None:
    """Compiled catalogues under `folder/<lang>/LC_MESSAGES/analyst.mo` (for the sandbox,
    whose Python has the standard library's gettext but not Babel)."""
    for language in CATALOGUES:
        target = folder / language / "LC_MESSAGES"
        target.mkdir(parents=True, exist_ok=True)
        (target / f"{DOMAIN}.mo").write_bytes(compiled(language))
