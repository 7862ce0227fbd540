"""A missing value is an empty cell in every table the app shows (issue 16, point 6): the
data card's preview and the tables under answers never say "None", "nan", "NaT" or "<NA>".

AppTest on the real Analyze page (local sandbox), over generated tables with missing
values in text, number, whole-number and date columns (and dates written as text), in
several places of the file; what is checked is what the page would draw: each cell's value
when it is there, else the table's placeholder.
"""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from tests.app.samples import ROOT

APP = str(ROOT / "app.py")
WORDS = {"none", "nan", "nat", "<na>", "null", "n/a"}


def _table(seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = int(rng.integers(30, 60))
    frame = pd.DataFrame({
        "Date": pd.date_range("2025-01-05", periods=rows, freq="5D").strftime("%Y-%m-%d"),
        "Customer": rng.choice(["Acme", "Globex", "Initech", "Umbrella"], rows),
        "Region": rng.choice(["North", "South"], rows),
        "Revenue": rng.gamma(2.0, 80.0, rows).round(2),
        "Units": rng.integers(1, 20, rows).astype("float"),
        "Note": rng.choice(["rush", "gift", "repeat"], rows),
    })
    for column in frame.columns:  # blanks in every column, the first rows included
        holes = rng.choice(rows, int(rng.integers(2, 6)), replace=False)
        holes[0] = int(rng.integers(0, 3))
        frame.loc[holes, column] = None
    return frame


def _shown(element) -> list[str]:
    """The cells as drawn: the value, or the placeholder for a missing one."""
    frame = element.value
    placeholder = element.proto.placeholder if element.proto.HasField("placeholder") else None
    cells = []
    for column in frame.columns:
        for value in frame[column]:
            missing = value is None or (not isinstance(value, str) and pd.isna(value))
            cells.append(str(placeholder) if missing else str(value))
    return cells


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_preview_cell_says_none_nan_or_nat(app_env, seed):
    frame = _table(seed)
    out = io.StringIO()
    frame.to_csv(out, index=False)
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("orders.csv", out.getvalue().encode(), "text/csv"))
    at.run()
    assert not at.exception
    assert at.dataframe, "the data card's preview is shown"
    for question in ("top 5 rows by revenue", "total revenue by customer",
                     "number of rows per month"):
        at.chat_input[0].set_value(question).run()
        assert not at.exception
    assert len(at.dataframe) >= 4  # the preview and a table under each answer
    for element in at.dataframe:
        bad = [c for c in _shown(element) if c.strip().lower() in WORDS]
        assert not bad, (element.value.head(), bad)
