"""Reading a file again with corrected options (AppTest): its tables are replaced, never doubled."""

from __future__ import annotations

import pandas as pd
from streamlit.testing.v1 import AppTest

from analyst.store import Store
from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")
COMMA_SENTENCE = "Comma read as the decimal separator in 'Revenue'."


def _reread(at: AppTest, **choices: str) -> AppTest:
    """Set the correction form's select boxes by label, then press "Read the file again"."""
    for label, value in choices.items():
        next(s for s in at.selectbox if s.label == label).set_value(value)
    next(b for b in at.button if b.label == "Read the file again").click().run()
    assert not at.exception
    return at


def _tables(at: AppTest, data_dir) -> tuple[list[str], list[str]]:
    """The tables answers would use, and the Parquet files in the workspace's input/."""
    sid = at.session_state["sid"]
    cards = at.session_state["analysis"].cards
    parquet = sorted(p.stem for p in (Store(data_dir).workspace_dir(sid) / "input").glob("*.parquet"))
    return [c.table for c in cards], parquet


def _card_text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_correcting_the_decimal_separator_twice_keeps_one_table_with_the_right_sum(app_env):
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    assert not at.exception
    assert COMMA_SENTENCE in _card_text(at)

    _reread(at, **{"Decimal separator": "Point (1,234.56)"})
    assert _tables(at, app_env) == (["sales"], ["sales"])
    assert "Read sales.csv: sales (18 rows)." in [s.value for s in at.success]
    # The card says what this reading assumed: the comma is no longer taken as a decimal mark.
    assert COMMA_SENTENCE not in _card_text(at)
    (record,) = Store(app_env).files(at.session_state["sid"])
    assert record.options == {"header_row": 2, "decimal": "."}
    revenue = next(c for c in record.cards[0]["columns"] if c["name"] == "Revenue")
    assert revenue["sum"] is None  # "1182,50" is not a number with a decimal point

    _reread(at, **{"Decimal separator": "Comma (1 234,56)"})
    assert _tables(at, app_env) == (["sales"], ["sales"])
    (card,) = at.session_state["analysis"].cards
    assert next(c for c in card.columns if c.name == "Revenue").sum == 33912.0
    table = pd.read_parquet(at.session_state["analysis"].workspace.root / card.parquet_path)
    assert round(float(table["Revenue"].sum()), 2) == 33912.0  # the total row stays out
    (record,) = Store(app_env).files(at.session_state["sid"])
    assert record.options["decimal"] == ","
    assert len(record.cards) == 1 and record.cards[0]["table"] == "sales"

    # The next answer reads the corrected table.
    at.chat_input[0].set_value("total revenue").run()
    assert not at.exception
    answer = "\n".join(m.value for m in at.chat_message[1].markdown)
    assert "33,912" in answer
