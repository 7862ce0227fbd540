"""Exact duplicate rows are counted exactly, however the columns are typed (the cheap row
hash is only a filter: repeats and collisions alike are confirmed by every column)."""

from __future__ import annotations

import datetime as dt
import random

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from analyst.ingest.arrow_profile import column_cards, duplicate_rows


def _table(seed: int) -> pa.Table:
    rng = random.Random(seed)
    rows = rng.randint(50, 3000)
    kinds = rng.sample(["int", "float", "text", "date", "bool", "sparse"], rng.randint(1, 6))
    columns = {}
    for n, kind in enumerate(kinds):
        few = rng.randint(1, 6)  # few distinct values, so repeats happen by chance too
        if kind == "int":
            values = [rng.randint(-few, few) for _ in range(rows)]
        elif kind == "float":
            values = [rng.choice([0.0, -0.0, 1.5, float("nan"), None, 2.25][:few + 1]) for _ in range(rows)]
        elif kind == "text":
            values = [rng.choice(["Київ", "北京", "North", "", None, "north"][:few + 1]) for _ in range(rows)]
        elif kind == "date":
            values = [dt.datetime(2026, 1, 1) + dt.timedelta(days=rng.randint(0, few)) for _ in range(rows)]
        elif kind == "bool":
            values = [rng.choice([True, False, None]) for _ in range(rows)]
        else:
            values = [None if rng.random() < 0.9 else rng.randint(0, 3) for _ in range(rows)]
        columns[f"{kind}{n}"] = values
    frame = pd.DataFrame(columns)
    planted = frame.sample(n=min(rows, rng.randint(0, 40)), replace=True, random_state=seed)
    return pa.Table.from_pandas(pd.concat([frame, planted], ignore_index=True), preserve_index=False)


def _expected(table: pa.Table) -> int:
    frame = table.to_pandas()
    for name in frame.columns:  # pandas tells -0.0 from 0.0 nowhere else: say it here too
        if frame[name].dtype.kind == "f":
            frame[name] = frame[name].where(frame[name] != 0, 0.0)
    return int(frame.duplicated().sum())


@pytest.mark.parametrize("seed", range(40))
def test_the_count_equals_a_full_comparison_of_every_column(seed):
    table = _table(seed)
    cards = column_cards(table, {}, {})
    assert duplicate_rows(table, cards) == _expected(table)


def test_a_million_distinct_rows_have_no_duplicates_and_one_repeat_is_found():
    rng = np.random.default_rng(3)
    n = 1_000_000
    table = pa.table({"a": rng.integers(0, 1000, n), "b": rng.integers(0, 1000, n),
                      "c": pa.array(np.char.add("x", rng.integers(0, 100, n).astype(str)))})
    expected = int(table.to_pandas().duplicated().sum())
    assert duplicate_rows(table, column_cards(table, {}, {})) == expected
    repeated = pa.concat_tables([table, table.slice(5, 1)])
    assert duplicate_rows(repeated, column_cards(repeated, {}, {})) == expected + 1
