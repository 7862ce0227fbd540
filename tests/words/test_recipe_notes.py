"""Recipe notes are message ids with values (context "recipe"), said in the reader's language.

Each converted note renders filled in en/uk/ru/zh with no English left in uk/ru/zh, its
counted forms follow the language's plural rule (uk/ru: 1, 2, 5, 21, 22, 25, 111), the
English the sandbox writes is the catalogue's own, and the notes recipes emit on many
generated tables keep their id and values through the figures line, the step record, the
SQLite store and the workspace's answer log.
"""

from __future__ import annotations

import json
import random
import re
import string

import numpy as np
import pandas as pd
import pytest
from babel.messages.pofile import read_po

from analyst import recipes
from analyst.brain.narrate.narrative import ordered_notes
from analyst.catalogue import keys, po_path
from analyst.events import Answer, RecipeCall, Step
from analyst.recipes.notes import NoteId, Word, as_losses, note
from analyst.record.figures import figures_sent
from analyst.words.note import RecipeNote
from analyst.words.note import Word as Said
from analyst.words.number_formats import format_value
from sandbox import ExecutionResult
from tests.record.steps import kept_and_read_back

LANGUAGES = ("en", "uk", "ru", "zh")
KEYS = keys("recipe", "en")
WORDS = keys("recipe_word", "en")
COUNTS = (1, 2, 5, 21, 22, 25, 111)
# uk and ru: one (1, 21), few (2-4, 22), many (5-20, 25, 111)
FORM = {1: 0, 2: 1, 5: 2, 21: 0, 22: 1, 25: 2, 111: 2}
# Values written without a Latin letter, so any Latin letter left in uk/ru/zh is the template's.
SAMPLE = {"column": "Σ∆", "amount": "Ωμ", "label": "(∅)", "first": "2026-01-01",
          "last": "2026-03-31", "date": "2026-03-11", "periods": "2026-02, 2026-04",
          "examples": "'№1', '—'", "names": "Ωμ, Σ∆", "by": "Ωμ", "item": "Ωμ",
          "month": "2026-03", "year": 2026, "n": 3, "qty": "Κλ", "unit": "Ψχ",
          "revenue": "Ρσ", "cost": "Ξφ", "shown": 25, "a": 12,
          "b": 1030, "c": 406}
ALLOWED_LATIN = {"ISO", "A", "B", "C"}  # the standard's own name; the ABC classes


def _forms(language: str) -> dict[str, tuple[str, ...]]:
    with po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    return {str(m.id[0] if isinstance(m.id, (tuple, list)) else m.id):
            tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)
            for m in catalog if m.context == "recipe"}


FORMS = {language: _forms(language) for language in LANGUAGES}
COUNTED = sorted(k for k in KEYS if len(FORMS["en"][k]) == 2)


def _fields(key: str) -> set[str]:
    return {f for form in FORMS["en"][key]
            for _, f, _, _ in string.Formatter().parse(form) if f}


def _values(key: str, rows: int = 3, word: type = Said) -> dict:
    """Values of `key`'s placeholders; `word` the sandbox's `Word` for `note()`, the
    host's for a `RecipeNote`."""
    values: dict = {}
    for field in _fields(key):
        if field == "rows":
            values[field] = rows
        elif field == "total":
            values[field] = -12345.5
        elif field == "how":
            values[field] = word("iso_dates")
        elif field == "period":
            values[field] = word("month")
        elif field == "what":
            values[field] = word("gross margin")
        else:
            values[field] = SAMPLE[field]
    return values


def _english_left(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]+", text) if w not in ALLOWED_LATIN]


def test_the_recipe_context_has_notes_and_words_and_counted_ones():
    assert len(KEYS) >= 15 and len(WORDS) >= 10 and len(COUNTED) >= 8
    for language in LANGUAGES:
        assert set(FORMS[language]) == set(KEYS), language
        expected = {"en": 2, "uk": 3, "ru": 3, "zh": 1}[language]
        for key in COUNTED:
            assert len(FORMS[language][key]) == expected and all(FORMS[language][key]), (language, key)


@pytest.mark.parametrize("key", KEYS)
def test_every_note_renders_filled_in_every_language_with_no_english_left(key):
    made = note(key, 3 if key in COUNTED else None, **_values(key, word=Word))
    said = RecipeNote.from_dict(made.to_dict())
    # The sandbox writes the catalogue's English: one source for the English text.
    assert str(said) == str(made) == said.render("en")
    for language in LANGUAGES:
        text = said.render(language)
        assert text and "{" not in text and "}" not in text, (language, text)
        for value in ("Σ∆", "Ωμ", "2026-03-11", "'№1'"):
            if value in "".join(map(str, made.values.values())):
                assert value in text, (language, text)
        if language != "en":
            assert not _english_left(text), (language, text)
            assert text != str(made)
        # Every placeholder of the English one is in each form (a value is never lost).
        for form in FORMS[language][key]:
            named = {f for _, f, _, _ in string.Formatter().parse(form) if f}
            # uk/ru/zh say "the period" where English names it ("the last month").
            assert named >= _fields(key) - {"period"}, (language, key, form)


@pytest.mark.parametrize("word", WORDS)
def test_every_word_is_translated(word):
    for language in ("uk", "ru", "zh"):
        text = RecipeNote("note_text_dates", column="Σ", how=Said(word)).render(language)
        assert not _english_left(text), (language, text)


def _literals(form: str) -> list[str]:
    return [text for text, _, _, _ in string.Formatter().parse(form) if text.strip()]


@pytest.mark.parametrize("key", COUNTED)
def test_counted_notes_use_real_plural_forms(key):
    for language in ("uk", "ru"):
        forms = FORMS[language][key]
        assert forms[0] != forms[2], (language, key)  # a real plural, not "(s)"
        for n in COUNTS:
            said = RecipeNote(key, n, **_values(key, rows=n)).render(language)
            chosen = forms[FORM[n]]
            assert all(part in said for part in _literals(chosen)), (language, n, said)
            for other in forms:
                if _literals(other) != _literals(chosen) and not set(_literals(other)) <= set(
                        _literals(chosen)):
                    assert not all(part in said for part in _literals(other)), (language, n, said)
            assert re.search(rf"(^|\s){n}(\s|$)", said), said
    one, many = (str(RecipeNote(key, n, **_values(key, rows=n))) for n in (1, 5))
    assert "(s)" not in one + many and one != many
    assert all(part in one for part in _literals(FORMS["en"][key][0]))
    assert all(part in many for part in _literals(FORMS["en"][key][1]))


FIGURED = sorted(k for k in KEYS if _fields(k) & {"rows", "total", "n", "year"})


@pytest.mark.parametrize("key", FIGURED)
def test_figures_are_written_in_the_language_s_style(key):
    """Counts and amounts read as the product's one number style prints them in each
    language (`words.number_formats`): "1\u00a0448" and "-12\u00a0345,50" in uk/ru, "1,448" and
    "-12,345.50" in en/zh."""
    for n in (*COUNTS, 1448, 123456):
        for total in (-12345.5, 0.25, 1234567.891):
            values = _values(key, rows=n)
            values.update({k: v for k, v in (("total", total), ("n", n)) if k in values})
            said = RecipeNote(key, n if key in COUNTED else None, **values)
            for language in LANGUAGES:
                text = said.render(language)
                if "rows" in values or "n" in values:
                    assert re.search(rf"(^|[^\d,.\u00a0]){re.escape(format_value(n, 'int', language=language))}"
                                     r"($|[^\d,.\u00a0])", text), (language, text)
                if "total" in values:
                    assert format_value(total, "number", language=language) in text, (language, text)
                if "year" in values:
                    assert "2026" in text and "2\u00a0026" not in text and "2,026" not in text
                if language in ("uk", "ru") and n >= 1000:
                    assert f"{n:,}" not in text, (language, text)  # no English grouping left


def test_ukrainian_and_russian_rows_agree_with_their_number():
    say = {n: RecipeNote("note_blank", n, rows=n, column="Товар", label="(blank)") for n in COUNTS}
    assert [say[n].render("uk").split()[1] for n in COUNTS] == [
        "рядок", "рядки", "рядків", "рядок", "рядки", "рядків", "рядків"]
    assert [say[n].render("ru").split()[1] for n in COUNTS] == [
        "строка", "строки", "строк", "строка", "строки", "строк", "строк"]
    assert str(say[1]).startswith("1 row has no 'Товар'; it is")
    assert str(say[21]).startswith("21 rows have no 'Товар'; they are")
    big = RecipeNote("note_missing", 1448, rows=1448, column="Сума")
    assert big.render("uk").startswith("1\u00a0448 рядків") and str(big).startswith("1,448 rows")


# -- notes the recipes emit on generated tables -------------------------------------------

def _table(rng: random.Random) -> pd.DataFrame:
    n = rng.randint(8, 60)
    start = pd.Timestamp("2025-01-01") + pd.Timedelta(days=rng.randint(0, 400))
    dates = [start + pd.Timedelta(days=int(d)) for d in sorted(rng.sample(range(200), n))]
    amounts = [round(rng.uniform(-50, 900), 2) for _ in range(n)]
    # Column names without Latin letters: any Latin word in a uk/ru/zh note is the note's.
    fmt = rng.choice(["%Y-%m-%d", "%d.%m.%Y", None])
    text = rng.random() < 0.5
    df = pd.DataFrame({
        "дата": [d if fmt is None else d.strftime(fmt) for d in dates],
        "сума": [(f"{a:.2f}".replace(".", ",") if text else a) for a in amounts],
        "товар": [rng.choice(["А", "Б", "В", "Г", None]) for _ in range(n)],
        "замовлення": [rng.choice([f"№{i}" for i in range(n)] + [None]) for _ in range(n)],
    }).astype({"дата": object, "сума": object})
    for i in rng.sample(range(n), rng.randint(0, 3)):
        df.loc[i, "дата"] = "—"
    for i in rng.sample(range(n), rng.randint(0, 2)):
        df.loc[i, "сума"] = rng.choice(["—", None])
    return df


def _results(seed: int) -> list[recipes.RecipeResult]:
    rng = random.Random(seed)
    df = _table(rng)
    return [
        recipes.kpi_summary(df, "сума", date="дата", order_id="замовлення"),
        recipes.period_dynamics(df, "дата", "сума", freq=rng.choice("MWQ")),
        recipes.top_n(df, "товар", "сума", n=rng.randint(2, 5)),
    ]


CONVERTED = {"note_negative", "note_blank", "note_missing", "note_text_numbers",
             "note_text_dates", "note_unreadable_numbers", "note_unreadable_dates",
             "note_no_order", "note_covers", "note_undated", "note_empty_periods",
             "note_only_one", "note_partial_last", "note_partial_first"}


def _sent(result: recipes.RecipeResult) -> ExecutionResult:
    # As the planner's step code sends it from the sandbox (JSON, text for the rest).
    return ExecutionResult(figures=json.loads(json.dumps({
        "recipe": result.name, "title": result.title, "figures": result.figures,
        "notes": list(result.notes), "note_data": recipes.notes.note_data(result.notes),
        "definition": result.definition, "head": [], "tail": [], "rows": len(result.table),
    }, default=str, ensure_ascii=False)))


@pytest.mark.parametrize("seed", range(12))
def test_recipes_emit_ids_that_survive_the_figures_line_and_the_record(seed, tmp_path):
    results = _results(seed)
    seen: set[str] = set()
    steps = []
    for number, result in enumerate(results, 1):
        for n in result.notes:
            if isinstance(n, NoteId):
                seen.add(n.key)
        figures = figures_sent(_sent(result))
        assert figures is not None
        assert [str(n) for n in figures.notes] == [str(n) for n in result.notes]
        for sent, got in zip(result.notes, figures.notes, strict=True):
            if isinstance(sent, NoteId):
                assert isinstance(got, RecipeNote) and got.to_dict() == sent.to_dict()
                for language in ("uk", "ru", "zh"):
                    # "(blank)" and "2026 Q3" are labels of the table's own rows, quoted
                    # as they are there.
                    said = re.sub(r"\(blank\)|\d{4} Q[1-4]", "", got.render(language))
                    assert not _english_left(said), said
            else:
                pytest.fail(f"{result.name} wrote a note as text: {sent!r}")
        steps.append(Step(number=number, description=str(result.title), code="",
                          origin=RecipeCall(recipe=result.name, params={}, language="uk"),
                          figures=figures))
    assert seen & CONVERTED
    answer = Answer(question="?", text="", steps=tuple(steps))
    stored, logged = kept_and_read_back(answer, tmp_path)
    for again in (stored, logged):
        assert again == answer
        for before, after in zip(answer.steps, again.steps, strict=True):
            assert before.figures is not None and after.figures is not None
            assert after.figures.to_dict() == before.figures.to_dict()
            kinds = [type(n) for n in after.figures.notes]
            assert kinds == [type(n) for n in before.figures.notes]


def test_ranking_by_id_puts_what_changes_the_numbers_first():
    plain = "Something the model wrote."
    notes = [plain, RecipeNote("note_covers", first="2026-01-01", last="2026-02-01"),
             RecipeNote("note_negative", 2, rows=2, column="x", total=-1.0),
             RecipeNote("note_partial_last", period=Said("month"), label="2026-02", date="2026-02-01")]
    ordered = ordered_notes(notes)
    assert [getattr(n, "key", n) for n in ordered] == [
        "note_partial_last", "note_negative", plain, "note_covers"]


def test_a_computed_profit_s_negative_rows_are_sales_at_a_loss():
    for rows in (1, 3, 22):
        notes = (note("note_negative", rows, rows=rows, column="Gross profit", total=-5.0),
                 note("note_negative", rows, rows=rows, column="Revenue", total=-5.0))
        lost, kept = as_losses(notes, "Gross profit")
        assert isinstance(lost, NoteId) and lost.key == "note_loss_rows" and lost.count == rows
        assert "sold at a loss (negative 'Gross profit'" in str(lost) and kept == notes[1]
        assert "збиток" in RecipeNote.from_dict(lost.to_dict()).render("uk")


def test_a_text_column_of_numbers_says_how_it_was_read():
    # A text column of numbers in the uk style: the note says how it was read, in uk.
    rng = np.random.default_rng(3)
    values = [f"{v:,.2f}".replace(",", " ").replace(".", ",") for v in rng.uniform(1e3, 1e6, 30)]
    result = recipes.kpi_summary(pd.DataFrame({"a": values}), "a")
    (read,) = [n for n in result.notes if isinstance(n, NoteId) and n.key == "note_text_numbers"]
    said = RecipeNote.from_dict(read.to_dict())
    assert "десяткова кома" in said.render("uk") and "decimal comma" in str(said)
