"""The data card's preview: the first rows of a clean table, exactly as pandas reads them."""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest

from ui.tables import dates_without_midnight, preview


def _table(rng: random.Random, rows: int) -> pd.DataFrame:
    days = pd.date_range("2025-01-01", periods=rows, freq="D")
    frame = pd.DataFrame({
        "Date": days if rng.random() < 0.5 else days + pd.Timedelta(hours=rng.randint(1, 23)),
        "Region": [rng.choice(["North", "Південь", "东部", None]) for _ in range(rows)],
        "Revenue": [rng.choice([np.nan, round(rng.uniform(-50, 5000), 2)]) for _ in range(rows)],
        "Units": pd.array([rng.choice([None, rng.randint(0, 99)]) for _ in range(rows)], dtype="Int64"),
    })
    return frame


@pytest.mark.parametrize("seed", range(8))
def test_the_preview_is_the_first_rows_as_pandas_reads_them(tmp_path, seed):
    rng = random.Random(seed)
    rows = rng.choice([0, 1, 5, 19, 20, 21, 3000])
    path = tmp_path / "input" / "t.parquet"
    path.parent.mkdir()
    _table(rng, rows).to_parquet(path, row_group_size=rng.choice([1, 7, 1000]))
    shown = preview(tmp_path, "input/t.parquet", rows=20)
    expected = dates_without_midnight(pd.read_parquet(path).head(20))
    pd.testing.assert_frame_equal(shown.reset_index(drop=True), expected.reset_index(drop=True))


def test_a_table_written_again_is_previewed_again(tmp_path):
    path = tmp_path / "t.parquet"
    pd.DataFrame({"a": [1, 2, 3]}).to_parquet(path)
    assert preview(tmp_path, "t.parquet")["a"].tolist() == [1, 2, 3]
    pd.DataFrame({"a": [7, 8, 9, 10, 11]}).to_parquet(path)
    assert preview(tmp_path, "t.parquet")["a"].tolist() == [7, 8, 9, 10, 11]


def test_a_changed_preview_frame_does_not_change_the_next_one(tmp_path):
    pd.DataFrame({"a": [1, 2]}).to_parquet(tmp_path / "t.parquet")
    shown = preview(tmp_path, "t.parquet")
    shown.loc[:, "a"] = 0
    assert preview(tmp_path, "t.parquet")["a"].tolist() == [1, 2]


@pytest.mark.parametrize("content", [b"", b"PAR1garbage", b"not parquet at all"])
def test_a_broken_or_missing_table_has_no_preview(tmp_path, content):
    (tmp_path / "t.parquet").write_bytes(content)
    assert preview(tmp_path, "t.parquet") is None
    assert preview(tmp_path, "missing.parquet") is None
    assert preview(tmp_path, "../outside.parquet") is None
