"""A message is one value, never a `str` that hides an id (issue 27): no class of the product
subclasses `str`, `int` or `float`, and a recipe's notes and titles (made in the sandbox,
`analyst.recipes.notes`) pickle, copy and cross as JSON as values, their English what `str()`,
`print` and the model read, their words in every language the same after the crossing."""

from __future__ import annotations

import ast
import copy
import dataclasses
import json
import pickle
import random
import warnings
from pathlib import Path

import pandas as pd
import pytest

from analyst import recipes
from analyst.recipes.notes import NoteId, TitleId, say
from analyst.words.note import Name, Note, RecipeNote, RecipeTitle, Word

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("analyst", "sandbox", "ui", "pages", "app.py")
LANGUAGES = ("en", "uk", "ru", "zh")
TEXT_TYPES = {"str", "int", "float"}


def text_subclasses(source: str) -> list[str]:
    """The classes `source` defines on `str`, `int` or `float` (also as `builtins.str`)."""
    with warnings.catch_warnings():  # an odd escape in a string is not this test's business
        warnings.simplefilter("ignore")
        tree = ast.parse(source)
    return [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            and any((b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute)
                     else None) in TEXT_TYPES for b in node.bases)]


def test_no_product_class_is_a_str_int_or_float() -> None:
    files = [f for p in PRODUCT for f in ((ROOT / p).rglob("*.py") if (ROOT / p).is_dir()
                                          else [ROOT / p])]
    assert len(files) > 200
    found = {f"{f.relative_to(ROOT)}:{name}" for f in files
             for name in text_subclasses(f.read_text(encoding="utf-8"))}
    assert not found, sorted(found)


@pytest.mark.parametrize("base", ["str", "int", "float", "builtins.str", "Base, float"])
def test_the_scan_finds_a_text_subclass(base: str) -> None:
    source = f"import builtins\nclass Base: ...\n\nclass Hidden({base}):\n    key: str\n"
    assert text_subclasses(source) == ["Hidden"]
    assert text_subclasses("class Fine(Base):\n    text: str\n") == []


def _table(rng: random.Random) -> pd.DataFrame:
    n = rng.randint(12, 40)
    dates = pd.date_range("2025-11-03", periods=n, freq=rng.choice(["D", "W", "5D"]))
    amounts = [round(rng.uniform(-80, 900), 2) for _ in range(n)]
    return pd.DataFrame({
        "Дата": [d.strftime("%d.%m.%Y") if rng.random() < 0.9 else "—" for d in dates],
        "Сума": [f"{a:.2f}".replace(".", ",") if rng.random() < 0.8 else None for a in amounts],
        "Товар": [rng.choice(["A", "Б", "中", None]) for _ in range(n)],
    })


def _results(seed: int) -> list[recipes.RecipeResult]:
    rng = random.Random(seed)
    df = _table(rng)
    return [recipes.kpi_summary(df, "Сума", date="Дата"),
            recipes.period_dynamics(df, "Дата", "Сума", freq=rng.choice("MWQ")),
            recipes.top_n(df, "Товар", "Сума", n=rng.randint(2, 3)),
            recipes.abc_analysis(df, "Товар", "Сума")]


@pytest.mark.parametrize("seed", range(4))
def test_a_recipe_s_notes_and_titles_are_values_that_survive_pickling_copying_and_json(
        seed: int) -> None:
    for result in _results(seed):
        said = [*result.notes, result.title]
        if result.chart is not None:
            said += [result.chart.title] + ([result.chart.note] if result.chart.note else [])
        assert result.notes and all(isinstance(n, NoteId) for n in said), (result.name, said)
        for made in said:
            assert not isinstance(made, str) and str(made) in repr(made)
            with pytest.raises(dataclasses.FrozenInstanceError):
                made.key = "other"  # type: ignore[misc]
            host = RecipeTitle if isinstance(made, TitleId) else RecipeNote
            crossed = host.from_dict(json.loads(json.dumps(made.to_dict())))
            copies = (pickle.loads(pickle.dumps(made)), copy.deepcopy(made))  # noqa: S301
            for again in copies:
                assert again == made and type(again) is type(made) and hash(again) == hash(made)
            for lang in LANGUAGES:
                assert crossed.render(lang) == say(made, lang) == say(copies[0], lang)
        # What code and the model read: the English, as print() and json.dumps() give it.
        data = json.loads(json.dumps(result.to_dict()))
        assert data["notes"] == [str(n) for n in result.notes] == list(result.texts())
        assert data["title"] == str(result.title) and result.summary().startswith(data["title"])
        assert all(str(n) in str(result.notes) for n in result.notes)
        assert [RecipeNote.from_dict(d).render("uk") for d in data["note_data"]] == list(
            result.texts("uk"))


def test_a_name_and_a_word_of_an_assumption_are_values() -> None:
    note = Note("dates", name=Name("Дата"), how=Word("day-first"), example="31.01.2026",
                tail=Word("dates_both_ways"))
    assert not isinstance(note.values["name"], str) and not isinstance(note.values["how"], str)
    for again in (pickle.loads(pickle.dumps(note)), Note.from_dict(json.loads(json.dumps(  # noqa: S301
            note.to_dict())))):
        assert again == note and again.values["name"] == Name("Дата")
        assert [again.render(lang) for lang in LANGUAGES] == [note.render(lang) for lang in LANGUAGES]
    assert "'Дата'" in note.render("zh") and "day-first" not in note.render("uk")
