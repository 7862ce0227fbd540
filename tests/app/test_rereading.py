"""Reading a file again with corrected options (AppTest): its tables are replaced, never doubled."""

from __future__ import annotations

import io

import pandas as pd
from openpyxl import Workbook
from streamlit.testing.v1 import AppTest

from analyst.store import Store
from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
    assert record.cards[0].column("Revenue").sum is None  # "1182,50" is not a number with a decimal point

    _reread(at, **{"Decimal separator": "Comma (1 234,56)"})
    assert _tables(at, app_env) == (["sales"], ["sales"])
    (card,) = at.session_state["analysis"].cards
    assert next(c for c in card.columns if c.name == "Revenue").sum == 33912.0
    table = pd.read_parquet(at.session_state["analysis"].workspace.root / card.parquet_path)
    assert round(float(table["Revenue"].sum()), 2) == 33912.0  # the total row stays out
    (record,) = Store(app_env).files(at.session_state["sid"])
    assert record.options["decimal"] == ","
    assert len(record.cards) == 1 and record.cards[0].table == "sales"

    # The next answer reads the corrected table.
    at.chat_input[0].set_value("total revenue").run()
    assert not at.exception
    answer = "\n".join(m.value for m in at.chat_message[1].markdown)
    assert "33,912" in answer


def _months_workbook() -> bytes:
    """One sheet per month with the same columns; March has a title line above its header."""
    book = Workbook()
    book.remove(book.active)
    for number, month in enumerate(("January", "February", "March"), start=1):
        sheet = book.create_sheet(month)
        if month == "March":
            sheet.append(["March sales (preliminary)"])
        sheet.append(["Date", "Product", "Revenue"])
        for day in range(1, 5):
            sheet.append([f"2026-{number:02d}-{day:02d}", "Widget", 100.0 * number + day])
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def _by_table(at: AppTest) -> dict[str, tuple[int, float]]:
    """Table -> (rows, Revenue sum) of the tables answers would use."""
    return {c.table: (c.rows, next(col.sum for col in c.columns if col.name == "Revenue"))
            for c in at.session_state["analysis"].cards}


def test_a_combined_workbook_can_be_read_again_whole_or_one_sheet_at_a_time(app_env):
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("months.xlsx", _months_workbook(), XLSX))
    at.run()
    assert not at.exception
    whole = {"months_all_sheets": (12, 2430.0), "months_january": (4, 410.0),
             "months_february": (4, 810.0), "months_march": (4, 1210.0)}
    assert _by_table(at) == whole

    picker = next(s for s in at.selectbox if s.label == "Sheet")
    assert picker.options == ["All sheets (joined)", "January", "February", "March"]
    assert picker.value == "All sheets (joined)"  # as it was read, not January alone
    # Pressed without a change: the same four tables, each sheet's header found again.
    _reread(at)
    assert _by_table(at) == whole
    sid = at.session_state["sid"]
    (record,) = Store(app_env).files(sid)
    assert "sheet" not in record.options and "header_row" not in record.options
    assert {c.table: c.header_row for c in record.cards}["months_march"] == 2

    _reread(at, Sheet="February")
    # That sheet only. (Its name is the file's first table's, as `add_file(replace=True)`
    # maps tables by position: not asserted here, the content is what matters.)
    ((_name, figures),) = _by_table(at).items()
    assert figures == (4, 810.0)
    (record,) = Store(app_env).files(sid)
    assert record.options["sheet"] == "February" and record.cards[0].sheet == "February"
    picker = next(s for s in at.selectbox if s.label == "Sheet")
    assert picker.value == "February"

    _reread(at, Sheet=picker.options[0])  # every sheet again, the automatic way
    assert _by_table(at)["months_all_sheets"] == (12, 2430.0)
    assert len(_by_table(at)) == 4
    # February's header row is not forced on the other sheets (March's header is on row 2).
    (record,) = Store(app_env).files(sid)
    assert record.options == {}
