"""One message catalogue per language: every text in every language, plurals by the
catalogue's own rules (Ukrainian and Russian: 1 / 2-4 / 5-20, then again by the last digits)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from analyst.catalogue import po_path
from analyst.words import LANGUAGES, normalise, say

COUNTS = (1, 2, 5, 21, 22, 25, 111)
# The noun forms a count takes: 1, 21 -> one; 2, 22 -> few; 5, 25, 111 -> many.
FORM = {1: 0, 2: 1, 5: 2, 21: 0, 22: 1, 25: 2, 111: 2}


def _catalog(language: str):
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def _messages(language: str) -> dict[tuple[str | None, str], tuple[str, ...]]:
    out = {}
    for message in _catalog(language):
        if not message.id:
            continue  # the header
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        out[(message.context, key)] = tuple(forms)
    return out


def test_every_message_has_every_language_with_the_same_placeholders() -> None:
    english = _messages("en")
    assert len(english) > 100
    for language in LANGUAGES:
        catalog = _messages(language)
        assert set(catalog) == set(english), language
        for key, forms in catalog.items():
            assert all(forms), (language, key)  # nothing untranslated, English included
            allowed = {n for f in english[key] for n in re.findall(r"\{(\w+)", f)}
            for form in forms:
                # A translation says no figure the English does not give it (it may leave
                # one out: a Chinese title needs no period word).
                assert set(re.findall(r"\{(\w+)", form)) <= allowed or not english[key][0], (
                    language, key, form)


def test_counted_messages_have_the_languages_plural_forms() -> None:
    for language, forms in (("en", 2), ("uk", 3), ("ru", 3), ("zh", 1)):
        catalog = _catalog(language)
        assert catalog.num_plurals == forms
        plural = [m for m in catalog if m.id and isinstance(m.id, tuple)]
        assert plural, language
        assert all(len(m.string) == forms for m in plural), language


@pytest.mark.parametrize("n", COUNTS)
def test_ukrainian_and_russian_rows_and_columns_take_the_form_of_their_count(n: int) -> None:
    rows = {"uk": ("рядок", "рядки", "рядків"), "ru": ("строка", "строки", "строк")}
    columns = {"uk": ("стовпець", "стовпці", "стовпців"), "ru": ("столбец", "столбца", "столбцов")}
    for language in ("uk", "ru"):
        assert say(language, "ui", "n_rows", plural=n, n=n) == f"{n} {rows[language][FORM[n]]}"
        assert say(language, "ui", "n_columns", plural=n, n=n) == (
            f"{n} {columns[language][FORM[n]]}")
    assert say("en", "ui", "n_rows", plural=n, n=n) == (f"{n} row" if n == 1 else f"{n} rows")
    assert say("zh", "ui", "n_rows", plural=n, n=n) == f"{n} 行"


def test_a_language_without_a_text_falls_back_to_english_and_an_unknown_id_reads_as_itself() -> None:
    assert say("de", "ui", "add_to_report") == "Add to report"
    assert say(None, "ui", "add_to_report") == "Add to report"
    assert say("uk", "ui", "no_such_label") == "no_such_label"


def test_language_codes_are_normalised_in_one_place() -> None:
    for code, expected in (("uk-UA", "uk"), ("zh_CN", "zh"), ("RU", "ru"), ("de", "en"),
                           (None, "en"), ("", "en"), ("en-GB", "en")):
        assert normalise(code) == expected


def test_japanese_has_every_report_label_and_english_for_the_rest() -> None:
    english, japanese = _messages("en"), _messages("ja")
    report = {key for key in english if key[0] == "report"}
    assert report and set(japanese) == report
    assert all(all(forms) for forms in japanese.values())
    from analyst.report.labels import labels_for

    assert labels_for("ja")["contents"] == "目次" and labels_for("ja")["language"] == "ja"
    assert labels_for("ja-JP")["page"].format(page=1, total=3) == "1 / 3 ページ"
    assert labels_for("de") == labels_for("en") and labels_for("en")["contents"] == "Contents"
    assert labels_for("uk")["value"] == "Значення"  # (was English before the catalogue)
