"""The table shown under a month answer says its months as the text and the chart do
("Jul 2025", "лип. 2025", "июль 2025", "2025年7月"), never "2025-07" (issue 16, point 6).

AppTest on the real Analyze page (local sandbox): order lines are uploaded and a month
question asked in each language; every table the page shows is checked.
"""

from __future__ import annotations

import io
import re

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from analyst.recipes.labels import month_label
from tests.app.samples import ROOT
from tests.query.test_first_hour_queries import _orders

APP = str(ROOT / "app.py")
ISO_MONTH = re.compile(r"\d{4}-\d{2}")


def _cells(at: AppTest) -> list[str]:
    return [str(v) for frame in (d.value for d in at.dataframe)
            for column in frame.columns for v in frame[column].dropna()]


@pytest.mark.parametrize(("seed", "question", "language"), [
    (21, "number of rows per month", "en"), (22, "average revenue by month", "en"),
    (23, "кількість рядків за місяцями", "uk"), (24, "средняя выручка по месяцам", "ru"),
    (25, "每月的行数", "zh"),
])
def test_a_month_answers_table_says_months_as_its_text(app_env, seed, question, language):
    frame = _orders(seed, "Order ID")
    out = io.StringIO()
    frame.to_csv(out, index=False)
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("orders.csv", out.getvalue().encode(), "text/csv"))
    at.run()
    at.chat_input[0].set_value(question).run()
    assert not at.exception
    months = sorted(pd.to_datetime(frame["Date"]).dt.to_period("M").astype(str).unique())
    said = [month_label(m, language) for m in months]
    answer = "\n".join(m.value for msg in at.chat_message if msg.avatar == "assistant"
                       for m in msg.markdown)
    assert said[0] in answer.replace("\\", "")  # the text's own words for the months
    tables = [d.value for d in at.dataframe]
    shown = [list(t[c]) for t in tables for c in t.columns if set(t[c].astype(str)) == set(said)]
    assert shown and shown[0] == said, [list(t.iloc[:, 0]) for t in tables]
    # No month cell of any table on the page is left as "2025-07" (the data card's preview
    # shows the file's own dates, "2025-07-14", which are days, not months).
    assert not [c for c in _cells(at) if ISO_MONTH.fullmatch(c)], _cells(at)[:20]
