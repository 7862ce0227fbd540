"""Reading a question skips the places that cannot match (issue 28: `find_phrase` tries a
word only when it begins with the phrase's first letter; `value_hits` tries a value only when
its first letter begins a word of the question), and never one that can: every way a word
says a phrase or a value (whole, a prefix "кожн*", a plural, a case ending, an adjective
"rainy", a word of kin "men" for "Male") is still found, at every place in the question, in
en/uk/ru/zh. Milliseconds each."""

from __future__ import annotations

import itertools

import pytest

from analyst.brain.understand.clues import period_group
from analyst.brain.understand.columns import value_hits
from analyst.brain.understand.text import find_phrase, words

FILLER = {"en": ["show", "me", "the", "total", "please"], "uk": ["покажи", "мені", "суму", "будь", "ласка"],
          "ru": ["покажи", "мне", "сумму", "пожалуйста", "все"], "zh": ["请", "给", "我", "看", "总"]}

# (phrase, what the question says): whole words, prefixes, plurals made singular.
PHRASES = [("by month*", "by months"), ("per week", "per weeks"), ("кожн* місяць", "кожного місяць"),
           ("кажд* день", "каждый день"), ("每 月", "每 月"), ("categor*", "categories"),
           ("day", "days"), ("order", "orders")]


@pytest.mark.parametrize(("phrase", "said", "language", "at"), [
    (p, s, lang, at) for (p, s), lang, at in itertools.product(PHRASES, FILLER, range(4))])
def test_a_phrase_is_found_at_every_place(phrase: str, said: str, language: str, at: int) -> None:
    filler = FILLER[language]
    toks = filler[:at] + said.split() + filler[at:]
    span = find_phrase(phrase, toks, set())
    assert span == list(range(at, at + len(said.split()))), (phrase, toks, span)
    # A word already used is never taken again; the same phrase said later still is.
    again = toks + ["and"] + said.split()
    later = find_phrase(phrase, again, set(span))
    assert later == list(range(len(toks) + 1, len(again))), (phrase, again, later)
    # Said with its first letter changed it is not the phrase.
    changed = [("x" + t[1:]) if i == at else t for i, t in enumerate(toks)]
    assert find_phrase(phrase, changed, set()) is None, changed


@pytest.mark.parametrize("language", list(FILLER))
@pytest.mark.parametrize(("said", "unit"), [
    ("by month", "month"), ("per week", "week"), ("по місяцях", "month"), ("по дням", "day"),
    ("按 月", "month"), ("for each day", "day")])
def test_a_period_marker_and_its_stem_are_read_wherever_said(said: str, unit: str,
                                                             language: str) -> None:
    toks = FILLER[language][:2] + words(said) + FILLER[language][2:]
    found = period_group(toks, set())
    assert found is not None and found[0] == unit, (toks, found)


# value, the word(s) a question says it with.
VALUES = [("Europe", "europe"), ("rain", "rainy"), ("Male", "men"), ("Male", "чоловіки"),
          ("female", "женщин"), ("Регіон Північ", "регіоні північ"), ("北部", "北部"),
          ("New York", "new york"), ("category", "categories"), ("child", "children")]


@pytest.mark.parametrize("language", list(FILLER))
@pytest.mark.parametrize(("value", "said"), VALUES)
def test_a_category_value_is_found_however_it_is_said(value: str, said: str, language: str) -> None:
    others = ["Zeta", "Omega", "Asia", "sun", "Other value"]
    for at in range(3):
        toks = FILLER[language][:at] + words(said) + FILLER[language][at:]
        hits = value_hits(toks, {"col": [*others, value]}, set())
        assert [(h.column, h.value) for h in hits] == [("col", value)], (toks, hits)
        assert hits[0].span[0] == at
