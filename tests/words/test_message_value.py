"""A message is one value (issue 27, point 2): a frozen `Message(key, values, count)` that
pickles, copies and goes to JSON as it is, is words only where it is shown, and reads back
what earlier versions stored."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from analyst.datacard import ColumnCard, DataCard, assumptions_in, assumptions_of
from analyst.words.note import (
    Items,
    Labels,
    Message,
    Name,
    NameList,
    Names,
    Note,
    Parts,
    RecipeNote,
    SettingNote,
    Word,
)

LANGUAGES = ("en", "uk", "ru", "zh")
RNG = random.Random(27)


def _name() -> str:
    return RNG.choice(["Revenue", "Виручка", "Выручка", "收入", "Region 2", "a'b"]) + str(RNG.randint(1, 99))


def samples() -> list[Message]:
    n = RNG.randint(2, 5000)
    return [
        Note("separator", delimiter=Word("sep_semicolon")),
        Note("unreadable_chars", n, n=n),
        Note("empty_column", label=Name(_name())),
        Note("two_sentences", first=Note("encoding_utf8"),
             second=Note("unreadable_chars", 1, n=1)),
        Note("sheets_joined", n, sheets=Names([_name(), _name()]), count=n, label=Name("Sheet")),
        Note("as_written", text=f"{_name()} read as text."),
        SettingNote("language", value=repr(_name())),
        RecipeNote("note_negative", 3, column=_name(), rows=3, total=-12.5),
    ]


@pytest.mark.parametrize("seed", range(3))
def test_a_message_is_not_text_and_survives_pickling_copying_and_json(seed: int) -> None:
    RNG.seed(seed)
    for message in samples():
        assert not isinstance(message, str)
        for again in (pickle.loads(pickle.dumps(message)), copy.deepcopy(message),  # noqa: S301
                      type(message).from_dict(json.loads(json.dumps(message.to_dict())))):
            assert again == message and type(again) is type(message)
            assert hash(again) == hash(message)
            for lang in LANGUAGES:
                assert again.render(lang) == message.render(lang)
        with pytest.raises(AttributeError):
            message.key = "other"  # type: ignore[misc]


def test_nested_values_keep_their_kinds_through_json() -> None:
    parts = Parts([Note("encoding_utf8"), Note("separator", delimiter=Word("tab"))])
    values = {"a": Names(["x", "y"]), "b": NameList(["x"]), "c": Labels(["FY 2025"]),
              "d": Items(parts), "e": parts, "f": Name("z"), "g": Word("semicolon"),
              "h": Note("encoding_utf8")}
    for key, value in values.items():
        note = Note("as_written", text="")
        loaded = Note.from_dict(json.loads(json.dumps({**note.to_dict(), "values": {
            key: Note("x", **{key: value}).to_dict()["values"][key]}})))
        assert type(loaded.values[key]) is type(value) and loaded.values[key] == value


def _card(assumptions: tuple[Message, ...]) -> DataCard:
    column = ColumnCard(name="Revenue", dtype="float64", role="measure", missing=0, unique=3)
    return DataCard(table="t", source_file="t.csv", source_sha256="0" * 64, sheet=None, sheets=(),
                    rows=3, columns=(column,),
                    header_row=1, encoding="utf-8", delimiter=";", assumptions=assumptions)


@pytest.mark.parametrize("seed", range(3))
def test_a_card_writes_each_assumption_once_and_reads_it_back(seed: int) -> None:
    RNG.seed(seed)
    notes = tuple(samples()[:6])
    data = json.loads(json.dumps(_card(notes).to_dict()))
    assert "notes" not in data and data["assumptions"] == [n.to_dict() for n in notes]
    assert DataCard.from_dict(data).assumptions == notes
    for lang in LANGUAGES:
        assert assumptions_in(data, lang) == [n.render(lang) for n in notes]


@pytest.mark.parametrize("seed", range(3))
def test_a_card_stored_in_the_old_shape_still_loads(seed: int) -> None:
    """Before: the English sentences, and beside them a parallel "notes" list (None for a
    sentence without a message); before that, the sentences alone."""
    RNG.seed(seed)
    notes = samples()[:4]
    plain = f"Column {_name()} was read as text."
    old = {"assumptions": [n.english for n in notes] + [plain],
           "notes": [n.to_dict() for n in notes] + [None]}
    loaded = assumptions_of(old)
    assert loaded[:4] == tuple(notes) and loaded[4] == Note("as_written", text=plain)
    for lang in LANGUAGES:
        said = assumptions_in(old, lang)
        assert said[:4] == [n.render(lang) for n in notes] and said[4] == plain
    oldest = {"assumptions": [plain, "Header row 1."]}
    assert [a.english for a in assumptions_of(oldest)] == [plain, "Header row 1."]
    card = _card(tuple(notes)).to_dict() | old
    assert DataCard.from_dict(card).assumptions == loaded
