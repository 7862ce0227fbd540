"""Records saved before notes carried their ids: English text, shown translated only when it is,
whole, the English of a note whose words follow from its id; anything else as it was stored.

The records are built the old way: a figures line with "notes" and no "note_data", a
workspace history line and a SQLite step record whose figures have no "note_data". Nothing
is parsed: a note naming a column or counting rows stays the stored English.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3

import pytest

from analyst.brain.narrate.narrative import ordered_notes
from analyst.catalogue import message
from analyst.events import Answer, RecipeCall, Step
from analyst.record.figures import StepFigures, old_note
from analyst.store import Store, workspace_state
from analyst.words.note import RecipeNote, Word, render

LANGUAGES = ("uk", "ru", "zh")
# Every note whose English is fixed by its id, and each word it may take, as old versions wrote them.
FIXED = [("note_costs_negative", {}), ("note_amounts_negative", {}), ("note_negative_cogs", {}),
         ("note_negative_opex", {}), ("note_no_cogs", {}), ("note_no_opex", {}),
         *[(key, {"what": w}) for key in ("note_margin_high", "note_margin_low", "note_share_high")
           for w in ("gross margin", "operating margin", "net margin", "share", "share of costs")],
         *[("note_only_one", {"period": w}) for w in ("month", "week", "quarter")]]
# Old English that names the user's data: it is never read back, so it stays as stored.
NAMED = ["3 row(s) have a negative 'Revenue' (returns or corrections), totalling -12.00; they are "
         "netted into the totals.", "Loss-making month(s): 2026-03.",
         "1 row has no 'Region'; it is grouped as '(blank)'.", "Something the model wrote."]


def _old(key: str, words: dict[str, str]) -> str:
    """The English an earlier version printed for this note: the catalogue's text, filled."""
    return message("en", "recipe", key).format(
        **{k: message("en", "recipe_word", w) for k, w in words.items()})


def _english_left(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", text)


def _old_figures(notes: list[str]) -> dict:
    """A figures dict as versions before note_data wrote it."""
    return {"recipe": "pnl_summary", "title": "P&L", "figures": {"revenue": 1.0},
            "notes": notes, "head": [], "tail": [], "rows": 1}


def test_every_fixed_note_is_its_recipe_note_again_and_said_in_each_language():
    assert len(FIXED) >= 20
    for key, words in FIXED:
        text = _old(key, words)
        got = old_note(text)
        assert isinstance(got, RecipeNote) and got.key == key and str(got) == text
        assert {k: v.key for k, v in got.values.items()} == words
        for language in LANGUAGES:
            said = render(got, language)
            assert said == RecipeNote(key, **{k: Word(w) for k, w in words.items()}).render(language)
            assert said != text and not _english_left(said), (language, said)


@pytest.mark.parametrize("seed", range(6))
def test_anything_else_is_shown_as_it_was_stored(seed):
    rng = random.Random(seed)
    key, words = rng.choice(FIXED)
    text = _old(key, words)
    near = [text + " ", text.rstrip("."), text.replace(" ", "  ", 1), text.upper(),
            text + " " + rng.choice(NAMED), rng.choice(NAMED)]
    for other in near:
        got = old_note(other)
        assert got == other and not isinstance(got, RecipeNote)
        assert all(render(got, language) == other for language in LANGUAGES)


@pytest.mark.parametrize("seed", range(4))
def test_old_records_in_the_store_the_workspace_and_the_figures_line(seed, tmp_path):
    rng = random.Random(seed)
    fixed = [_old(k, w) for k, w in rng.sample(FIXED, 3)]
    notes = [*fixed, *rng.sample(NAMED, 2)]
    rng.shuffle(notes)
    old = _old_figures(notes)

    # A step record as versions before `send_figures` wrote it: the figures printed last.
    line = Step.from_dict({"number": 1, "description": "P&L", "code": "", "recipe": "pnl_summary",
                           "result": {"ok": True, "stdout": f"output\nANALYST_FIGURES {json.dumps(old)}\n"}
                           }).figures
    step = Step(number=1, description="P&L", code="", figures=StepFigures.from_dict(old),
                origin=RecipeCall(recipe="pnl_summary", params={}, language="uk"))
    answer = Answer(question="?", text="", steps=(step,))

    # The workspace's history as an earlier version wrote it: figures without note_data.
    record = answer.to_dict()
    for s in record["steps"]:
        s["figures"] = old
    (tmp_path / "ws" / workspace_state.STATE_DIR).mkdir(parents=True)
    (tmp_path / "ws" / workspace_state.STATE_DIR / workspace_state.HISTORY).write_text(
        json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    (logged,) = workspace_state.load_answers(tmp_path / "ws")

    # The SQLite store: the step's record rewritten as an earlier version stored it.
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    store.add_message(session.id, "user", "?")
    store.add_answer(session.id, answer)
    with sqlite3.connect(store.db_path) as conn:
        (row_id, saved), = conn.execute("SELECT id, record FROM steps").fetchall()
        data = json.loads(saved)
        data["figures"] = old
        conn.execute("UPDATE steps SET record = ? WHERE id = ?", (json.dumps(data), row_id))
    (stored,) = [m.answer for m in Store(tmp_path / "data").messages(session.id)
                 if m.role == "assistant"]

    for figures in (line, logged.steps[0].figures, stored.steps[0].figures):
        assert figures is not None
        assert [str(n) for n in figures.notes] == notes  # the English is what was stored
        for n in figures.notes:
            assert isinstance(n, RecipeNote) == (str(n) in fixed), n
        for language in LANGUAGES:
            said = [render(n, language) for n in figures.notes]
            for text, got in zip(notes, said, strict=True):
                if text in fixed:
                    assert got != text and not _english_left(got), (language, got)
                else:
                    assert got == text
        # A fixed note found again ranks by its id, like a fresh one.
        ranked = ordered_notes(figures.notes)
        assert {getattr(n, "key", None) for n in ranked} >= {old_note(t).key for t in fixed}
