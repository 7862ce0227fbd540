"""A date shown as an example of a date order reads as an example, never as a date from the
user's file: the card says "(31 January 2026 would be written 01/31/2026)", the form offers
"Month first (e.g. 01/31/2026)", in every language. The example is written the way the
column was read, so it still shows the order.

CSV files are generated with dates in seven formats (sometimes holding 31 January 2026
itself) and read by the real ingester."""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

import pytest

from analyst.ingest import ingest_file
from analyst.words import LANGUAGES, say
from analyst.words.note import Note, render
from sandbox import Workspace
from ui.corrections import DATE_ORDERS

FORMATS = ["%d.%m.%Y", "%m/%d/%Y", "%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%Y/%m/%d", "%d.%m.%y"]
THE_DAY = {"en": "31 January 2026", "uk": "31 січня 2026", "ru": "31 января 2026",
           "zh": "2026年1月31日"}
# A bracket that holds nothing but a date: what a user takes for a value of the file.
BARE_DATE = re.compile(r"[(（]\s*[\d./-]{6,}\s*[)）]")


def _file(tmp: Path, seed: int) -> tuple[Path, str]:
    rng = random.Random(seed)
    fmt = FORMATS[seed % len(FORMATS)]
    days = [dt.date(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 500)) for _ in range(rng.randint(6, 30))]
    days.append(dt.date(2025, 3, 25))  # a day past 12: the order is not in doubt
    if rng.random() < 0.5:
        days.append(dt.date(2026, 1, 31))  # the example day itself may be in the file
    sep = rng.choice([",", ";"])
    lines = [sep.join(["Date", "Amount"])] + [f"{d.strftime(fmt)}{sep}{rng.randint(1, 900)}" for d in days]
    path = tmp / f"dates {seed}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, fmt


@pytest.mark.parametrize("seed", range(21))
def test_the_cards_date_example_is_said_as_an_example(tmp_path: Path, seed: int) -> None:
    path, fmt = _file(tmp_path, seed)
    [card] = ingest_file(path, Workspace(tmp_path / "ws").ensure())
    [note] = [a for a in card.assumptions if isinstance(a, Note) and a.key == "dates"]
    example = str(note.values["example"])
    if fmt != "%d.%m.%y":  # a two-digit year is read into a four-digit one
        assert dt.datetime.strptime(example, fmt) == dt.datetime(2026, 1, 31), (fmt, example)
    for lang in LANGUAGES:
        said = render(note, lang)
        assert THE_DAY[lang] in said and example in said, said
        assert not BARE_DATE.search(said), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_forms_date_orders_show_their_dates_as_examples(lang: str) -> None:
    labels = [say(lang, "ui", key) for key in DATE_ORDERS]
    for label in labels[1:]:
        assert not BARE_DATE.search(label), label
        assert re.search(r"\d", label), label  # the example is still there
    assert len(set(labels)) == len(labels)
