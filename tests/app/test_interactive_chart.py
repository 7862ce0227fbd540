"""The "Interactive chart" tab draws the step's chart record with Vega-Lite (st.altair_chart).

Spec: asked in several phrasings and languages, a result by month and a breakdown by
category each come with a Vega-Lite chart whose data is inline, whose tooltip shows every
value exactly as the table and answer write it, whose category bars are sorted largest
first, and whose titles are the question's language.
"""

from __future__ import annotations

import json
import re
import sqlite3

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

from analyst.charting.check import notice
from analyst.store import Store
from analyst.words.number_formats import format_money
from tests.app.samples import ROOT

APP = str(ROOT / "app.py")
CATEGORIES = ("Кава", "Tea", "华东 goods", "x<b>y</b>", "Пирог", "Juice")


def _sales(seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = 240
    return pd.DataFrame({
        "Date": (pd.Timestamp("2025-01-01") + pd.to_timedelta(rng.integers(0, 360, rows), unit="D")
                 ).strftime("%Y-%m-%d"),
        "Category": rng.choice(CATEGORIES[: 3 + seed % 4], rows),
        "Revenue": rng.gamma(2.0, 700.0, rows).round(2),
    })


def _charts(at: AppTest) -> list[tuple[dict, list[dict]]]:
    """Each Vega-Lite chart's spec and the rows it draws. Streamlit moves the spec's inline
    values into the element itself (Arrow bytes): still nothing the browser fetches."""
    out = []
    for element in at.get("vega_lite_chart"):
        spec = json.loads(element.proto.spec)
        assert "url" not in json.dumps(spec) and "data" not in spec
        rows = pa.ipc.open_stream(element.proto.data.data).read_pandas()
        out.append((spec, rows.to_dict("records")))
    return out


@pytest.mark.parametrize(("seed", "question", "language"), [
    (1, "revenue by month", "en"),
    (2, "виручка по місяцях", "uk"),
    (3, "выручка по месяцам", "ru"),
])
def test_a_result_by_month_is_a_vega_lite_chart_with_formatted_tooltips(
        app_env, seed: int, question: str, language: str) -> None:
    frame = _sales(seed)
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", frame.to_csv(index=False).encode(),
                                                "text/csv")).run()
    at.chat_input[0].set_value(question).run()
    assert not at.exception
    ((spec, values),) = _charts(at)
    months = frame.assign(m=pd.to_datetime(frame["Date"]).dt.to_period("M")).groupby("m")["Revenue"].sum()
    assert [v["value"] for v in values] == pytest.approx(list(months), rel=1e-12)
    # The tooltip's value is the text field, written as the answer writes money.
    assert [v["text"] for v in values] == [format_money(x, None, language) for x in months]
    assert any(t["field"] == "text" for t in spec["encoding"]["tooltip"])
    answer = "\n".join(m.value for m in at.chat_message[1].markdown)
    assert values[-1]["text"].replace("\u00a0", " ") in answer.replace("\u00a0", " ")
    assert spec["encoding"]["x"]["sort"] == [v["label"] for v in values]  # in time order
    if language != "en":
        assert spec["title"] != "Revenue by month" and spec["encoding"]["x"]["title"] != "Month"


@pytest.mark.parametrize(("seed", "question"), [(4, "revenue by category"),
                                                (5, "виручка за категоріями")])
def test_a_breakdown_draws_its_bars_sorted_largest_first(app_env, seed: int, question: str) -> None:
    frame = _sales(seed)
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", frame.to_csv(index=False).encode(),
                                                "text/csv")).run()
    at.chat_input[0].set_value(question).run()
    assert not at.exception
    ((spec, values),) = _charts(at)
    truth = frame.groupby("Category")["Revenue"].sum().sort_values(ascending=False)
    assert [v["label"] for v in values] == list(truth.index)  # x<b>y</b> stays text
    assert spec["encoding"]["y"]["sort"] == list(truth.index)
    assert [v["value"] for v in values] == pytest.approx(list(truth), rel=1e-12)


@pytest.mark.parametrize(("seed", "question", "language", "change"), [
    (6, "revenue by month", "en", 0.01),
    (7, "виручка за категоріями", "uk", 1000.0),
])
def test_a_kept_chart_that_disagrees_with_its_table_is_not_drawn_and_the_reader_is_told(
        app_env, seed: int, question: str, language: str, change: float) -> None:
    frame = _sales(seed)
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", frame.to_csv(index=False).encode(),
                                                "text/csv")).run()
    at.chat_input[0].set_value(question).run()
    assert len(_charts(at)) == 1
    # The kept record's chart now says another number than its table (a cent or more).
    with sqlite3.connect(Store(app_env).db_path) as db:
        (step_id, record), = db.execute("SELECT id, record FROM steps").fetchall()
        data = json.loads(record)
        data["chart"]["marks"][0]["value"] += change
        db.execute("UPDATE steps SET record = ? WHERE id = ?", (json.dumps(data), step_id))
    at.run()
    assert not at.exception
    assert _charts(at) == []  # neither drawn nor replaced by another chart of the table
    assert notice(language) in [i.value for i in at.info]
    assert at.dataframe  # the table is still shown


def _styled_rows(element) -> set[int]:
    """The rows of a st.dataframe that its Styler paints (the cells' CSS ids name them)."""
    styler = element.proto.arrow_data.styler
    return {int(r) for r in re.findall(r"_row(\d+)_col\d+", styler.styles)} if styler.styles else set()


@pytest.mark.parametrize(("seed", "question"), [(8, "revenue by category"),
                                                (9, "виручка по місяцях")])
def test_clicking_a_bar_highlights_its_rows_in_the_table_under_the_chart(
        app_env, seed: int, question: str) -> None:
    frame = _sales(seed)
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", frame.to_csv(index=False).encode(),
                                                "text/csv")).run()
    at.chat_input[0].set_value(question).run()
    assert not at.exception
    # The chart and its table share the first tab: no click away from each other.
    first = at.tabs[0]
    (chart,) = first.get("vega_lite_chart")
    (table,) = first.dataframe
    spec = json.loads(chart.proto.spec)
    assert {"name": "pick", "select": {"type": "point", "fields": ["row"]}} in spec["params"]
    assert _styled_rows(table) == set()
    rows = [v["row"] for v in _charts(at)[0][1]]
    key = chart.proto.id.rsplit("-", 1)[-1]
    rng = np.random.default_rng(seed)
    for _ in range(3):
        picked = list(rng.choice(rows, int(rng.integers(1, len(rows) + 1)), replace=False))
        at.session_state[key] = {"selection": {"pick": [{"row": r} for r in picked]}}
        at.run()
        assert not at.exception
        (table,) = at.tabs[0].dataframe
        x = table.value.columns[0]
        shown = table.value[x].astype(str).tolist()
        # The painted rows are exactly the rows of the bars clicked (months as the table
        # words them: the row keys are their periods, in the table's order).
        assert len(_styled_rows(table)) == len(picked)
        if x == "month":  # one row a period, in time order like the chart's points
            assert _styled_rows(table) == {rows.index(r) for r in picked}
        else:
            assert {shown[i] for i in _styled_rows(table)} == set(picked)
