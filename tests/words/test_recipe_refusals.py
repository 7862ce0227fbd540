"""A recipe's refusal is a message id with values (context "recipe_error"), said in the
reader's language; its English (`str(exc)`, what the model reads) is the catalogue's own.

Every key the recipes raise is in the catalogue of every language; each is filled in (no
placeholder left, every value shown) with no English left in uk/ru/zh beyond the values;
the id and values survive the refusal line, pickling and the step record.
"""

from __future__ import annotations

import json
import pickle
import random
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from analyst import recipes
from analyst.catalogue import keys, po_path
from analyst.recipes.columns import RecipeError, require
from analyst.record import REFUSAL_MARKER, Refusal, Step, read_refusal

LANGUAGES = ("en", "uk", "ru", "zh")
CONTEXT = "recipe_error"
KEYS = keys(CONTEXT, "en")
RECIPES = Path(recipes.__file__).parent
# Values written without a Latin letter, so any Latin letter left in uk/ru/zh is the template's.
SAMPLE = {"column": "Σ∆", "close": "Σδ", "columns": ["Ωμ", "Σδ", "Κλ"], "line": "Ωρενδα",
          "figure": "Ψ", "choices": ["Φα", "Φβ"], "bad": ["Ξι"], "by": "Ζ", "compare": "Θ",
          "year": 2026, "freq": "Λ", "item": "Τοβαρ", "amount": "Συμα", "method": "Μ",
          "months": 9, "first": "Ιαν", "last": "Σεπ", "scope": "Ωω", "extreme": "Ηψ",
          "quarters": ["Κα", "Κβ"], "pairs": 7}
# Codes the user or the model passes (the ABC classes and thresholds: as the notes allow).
ALLOWED_LATIN = {"ABC", "A", "B"}
# A parameter and its values as the model writes them, named in that refusal only.
CODES = {"bad_budget_scope": {"scope", "to", "date", "year"}}


def _templates(language: str) -> dict[str, str]:
    with po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    return {str(m.id): str(m.string) for m in catalog if m.context == CONTEXT}


TEMPLATES = {language: _templates(language) for language in LANGUAGES}


def _fields(key: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(TEMPLATES["en"][key]) if f}


def _raised_keys() -> set[str]:
    found: set[str] = set()
    for path in RECIPES.glob("*.py"):
        found |= set(re.findall(r'RecipeError\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_key_the_recipes_raise_is_in_the_catalogue_of_every_language():
    raised = _raised_keys()
    assert len(raised) >= 25
    assert raised == set(KEYS)
    for language in LANGUAGES:
        assert set(keys(CONTEXT, language)) == raised, language
        for key in raised:  # the same placeholders in every language
            got = {f for _, f, _, _ in string.Formatter().parse(TEMPLATES[language][key]) if f}
            assert got == _fields(key), (language, key)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_is_said_filled_in_with_no_english_left(key, language):
    values = {f: SAMPLE[f] for f in _fields(key)}
    text = Refusal(key, values).text(language)
    assert text and text != key and "{" not in text and "}" not in text
    left = text
    for value in values.values():
        for shown in (value if isinstance(value, list) else [value]):
            assert str(shown) in text, (key, language, shown)
            left = left.replace(str(shown), " ")
    if language == "en":
        assert str(RecipeError(key, **values)) == text  # one source for the English
        assert "Error" not in text
        return
    latin = set(re.findall(r"[A-Za-z][A-Za-z&]*", left))
    assert latin <= ALLOWED_LATIN | CODES.get(key, set()), (key, language, latin)


def _random_name(rng: random.Random) -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyzабвгдєжзиіїйклмнопрстуфхцчшщюя价格收入 _-'\""
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))).strip() or "x"


@pytest.mark.parametrize("seed", range(12))
def test_a_refusal_keeps_its_id_and_values_through_the_line_pickling_and_the_record(seed):
    import pandas as pd

    rng = random.Random(seed)
    names = list(dict.fromkeys(_random_name(rng) for _ in range(rng.randint(1, 6))))
    wanted = _random_name(rng) + "?"
    frame = pd.DataFrame({n: [1.0, 2.0] for n in names})
    with pytest.raises(RecipeError) as caught:
        require(frame, wanted)
    exc = caught.value
    assert exc.key in ("column_missing", "column_missing_close")
    assert exc.values["column"] == wanted and exc.values["columns"] == names
    assert str(exc).startswith(f"Column '{wanted}' is not in the table.")
    again = pickle.loads(pickle.dumps(exc))  # noqa: S301 - our own object
    assert (again.key, again.values, str(again)) == (exc.key, exc.values, str(exc))
    # As the planner's step code prints it in the sandbox.
    line = REFUSAL_MARKER + " " + json.dumps(exc.to_dict(), default=str, ensure_ascii=False)
    refusal = read_refusal("some output\n" + line + "\nTraceback ...")
    assert refusal == Refusal(exc.key, exc.values)
    assert refusal.text("en") == str(exc)
    for language in ("uk", "ru", "zh"):
        said = refusal.text(language)
        assert wanted in said and all(n in said for n in names) and "Column" not in said
    step = Step(1, "d", "code", refusal=refusal)
    assert Step.from_dict(json.loads(json.dumps(step.to_dict()))) == step


def test_an_unreadable_or_missing_refusal_line_is_none():
    assert read_refusal("") is None
    assert read_refusal(REFUSAL_MARKER + " {not json") is None
    assert read_refusal(REFUSAL_MARKER + ' {"values": {}}') is None
    assert Step.from_dict(Step(1, "d", "c").to_dict()).refusal is None
