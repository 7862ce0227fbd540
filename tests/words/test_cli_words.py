"""The command line's own messages (context "cli"): in every language, counts in their
forms, and no English word left in a translation beyond what the user types (options,
commands, file names)."""

from __future__ import annotations

import re

import pytest

from analyst.catalogue import keys
from analyst.commands.language import words

OWN_WORDS = re.compile(r"--[\w-]+|`[^`]*`|python -m analyst \w+ \S+|\{\w+[^}]*\}|app\.py|"
                       r"pages/|\b(?:Analyst|Excel)\b")
COUNTED = {"done": {"seconds": 2.5}, "excluded_rows": {}, "card_missing": {}}


def test_every_cli_message_is_translated_with_no_english_left() -> None:
    english = keys("cli", "en")
    assert len(english) >= 25
    for language in ("uk", "ru", "zh"):
        assert keys("cli", language) == english
        for key in english:
            values = {"n": 3, "seconds": 2.5} if key in COUNTED else {}
            text = words(language, key, 3, **values) if key in COUNTED else words(
                language, key)
            assert text != words("en", key, 3, **values) if key in COUNTED else True
            assert re.findall(r"[A-Za-z]{2,}", OWN_WORDS.sub(" ", text)) == [], (
                language, key, text)


@pytest.mark.parametrize("n", [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1000])
def test_counted_cli_messages_take_the_form_of_their_number(n: int) -> None:
    sections = {"uk": ("розділ", "розділи", "розділів"), "ru": ("раздел", "раздела", "разделов")}
    form = (0 if n % 10 == 1 and n % 100 != 11
            else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2)
    for language, nouns in sections.items():
        done = words(language, "done", n, seconds=1.25, n=n)
        assert done.endswith(f"({n:,} {nouns[form]}).".replace(",", "\u00a0")), done
        assert "1,2 с" in done  # the language's decimal mark
    assert words("en", "done", n, seconds=1.25, n=n).endswith(
        f"({n:,} section{'s' if n != 1 else ''}).")
    assert "1.2 s" in words("en", "done", n, seconds=1.25, n=n)
