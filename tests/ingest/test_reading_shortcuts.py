"""The reading's shortcuts (stop 45) change nothing that is read: every generated file reads
to the same card and the same table with them as without them.

- `numbers._too_few_digits`: a column with too few digits is text at once;
- `clean._reading_holds`: a number column's first reading is kept, not read again;
- `header._has_value`: a row's emptiness without every cell's kind.

Without them is the code as it was (each replaced by the long way), in the same process.
"""

from __future__ import annotations

import datetime as dt
import math
import random
from pathlib import Path

import pandas as pd
import pytest

from analyst.ingest import clean, header, numbers
from analyst.ingest.child import _Folder
from analyst.ingest.pipeline import ingest_file

WORDS = ["North", "South", "Widget A", "n/a", "TBD", "see note 3", "", "—", "Anna", "x1", "A-12"]


def _cell(rng: random.Random, kind: str, comma: bool) -> str:
    value = rng.uniform(-50_000, 50_000)
    if kind == "money":
        text = f"{value:,.2f}"
        return text.replace(",", " ").replace(".", ",") if comma else text
    if kind == "plain":
        text = f"{value:.2f}"
        return text.replace(".", ",") if comma else text
    if kind == "ambiguous":  # "1,234": a thousands group or a decimal comma
        return f"{rng.randint(1, 999)},{rng.randint(100, 999)}"
    if kind == "integer":
        return str(rng.randint(0, 10_000))
    if kind == "percent":
        return f"{value / 1000:.1f}%"
    if kind == "parentheses":
        return f"({abs(value):,.0f})" if value < 0 else f"{value:,.0f}"
    if kind == "date":
        return (dt.date(2024, 1, 1) + dt.timedelta(days=rng.randint(0, 700))).strftime("%d/%m/%Y")
    if kind == "code":
        return f"{rng.randint(0, 99999):05d}"
    return rng.choice(WORDS)


KINDS = ["money", "plain", "ambiguous", "integer", "percent", "parentheses", "date", "code", "text"]


def _file(folder: Path, seed: int) -> Path:
    rng = random.Random(seed)
    rows = rng.choice([3, 40, 900, 5_100])  # past `clean.FIRST_CELLS` too
    comma = seed % 2 == 0
    # Every fourth file: a column that cannot tell its separator beside one that can (the
    # file's hint then decides it, and a reading made without the hint must not be kept).
    kinds = ["money", "ambiguous"] if seed % 4 == 0 else []
    kinds += [rng.choice(KINDS) for _ in range(rng.randint(2, 6) - len(kinds))]
    columns = {}
    for j, kind in enumerate(rng.sample(kinds, len(kinds))):
        cells = [_cell(rng, kind, comma) for _ in range(rows)]
        for _ in range(rng.choice([0, 0, 1, 3, rows // 8, rows // 4 + 1])):  # stray words among figures
            cells[rng.randrange(rows)] = rng.choice(WORDS)
        columns[f"{kind} {j}"] = cells
    path = folder / f"file{seed}.csv"
    pd.DataFrame(columns).to_csv(path, index=False, sep=";" if comma else ",")
    return path


def _read(path: Path, into: Path) -> tuple[list[dict], list[pd.DataFrame]]:
    cards = ingest_file(path, _Folder(into))
    tables = [pd.read_parquet(p) for p in sorted(into.glob("*.parquet"))]
    # (where each table was written differs: the folders do)
    return [{k: v for k, v in card.to_dict().items() if k != "parquet_path"} for card in cards], tables


@pytest.mark.parametrize("seed", range(24))
def test_a_file_reads_the_same_with_and_without_the_shortcuts(seed: int, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = _file(tmp_path, seed)
    fast = _read(path, tmp_path / "fast")
    monkeypatch.setattr(numbers, "_too_few_digits", lambda filled: filled.empty)
    monkeypatch.setattr(clean, "_reading_holds", lambda known, col, hint: False)
    monkeypatch.setattr(header, "_has_value", lambda row: header._filled(row) > 0)
    slow = _read(path, tmp_path / "slow")
    assert fast[0] == slow[0]
    assert len(fast[1]) == len(slow[1])
    for a, b in zip(fast[1], slow[1], strict=True):
        pd.testing.assert_frame_equal(a, b)


@pytest.mark.parametrize("value", [
    None, math.nan, float("nan"), "", " ", "\u00a0", "\t\n", "x", " 0 ", 0, 0.0, -1.5, True, False,
    dt.date(2024, 1, 1), dt.datetime(2024, 1, 1, 12), dt.time(8, 30), "nan", "—", b"", b"1",
    pd.Timestamp("2024-01-01"), 10**30])
def test_a_blank_cell_is_what_its_kind_says(value: object) -> None:
    assert header._blank(value) == (header.cell_kind(value) == "empty")


@pytest.mark.parametrize("seed", range(60))
def test_a_column_turned_away_for_its_digits_is_not_one_of_numbers(seed: int) -> None:
    """Whatever `_too_few_digits` turns away, the long way reads as no number column."""
    rng = random.Random(seed)
    size = rng.choice([1, 4, 20, 300])
    share = rng.random()
    cells = [(_cell(rng, rng.choice(KINDS[:6]), rng.random() < 0.3) if rng.random() < share
              else rng.choice(WORDS)) for _ in range(size)]
    column = pd.Series(cells, dtype="string")
    if numbers._too_few_digits(column[~numbers.missing_mask(column.astype("str"))]):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(numbers, "_too_few_digits", lambda filled: filled.empty)
            assert numbers.parse_numbers(column) is None, cells
