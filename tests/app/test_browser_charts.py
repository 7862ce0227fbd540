"""In real headless Chromium: "revenue by month" shows a Vega-Lite chart; hovering a bar
shows its month and its value written as the answer writes it."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from analyst.words.number_formats import format_money
from tests.app import browser_fixtures
from tests.app.browser_fixtures import _last_message, _settled, _upload, chat_box, open_app
from tests.app.samples import messy_csv

pytestmark = pytest.mark.browser
_patient, app_url = browser_fixtures._patient, browser_fixtures.app_url  # the shared fixtures


def _months() -> dict[str, float]:
    """The truth by plain pandas: revenue per month of the messy file ("Jan 2026": 3,...)."""
    lines = messy_csv().decode().splitlines()[2:-1]
    rows = [line.split(";") for line in lines]
    frame = pd.DataFrame({"date": pd.to_datetime([r[0] for r in rows], format="%d.%m.%Y"),
                          "revenue": [float(r[3].replace(",", ".")) for r in rows]})
    sums = frame.groupby(frame["date"].dt.to_period("M"))["revenue"].sum()
    return {p.strftime("%b %Y"): float(v) for p, v in sums.items()}


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_hovering_a_month_shows_the_month_and_its_formatted_value(page, app_url, tmp_path):
    csv = tmp_path / "sales.csv"
    csv.write_bytes(messy_csv())
    open_app(page, app_url)
    _upload(page, csv)
    _settled(page, page.get_by_text("What I assumed when reading it"))
    box = chat_box(page)
    box.fill("revenue by month")
    box.press("Enter")
    _settled(page, page.locator('[data-testid="stChatMessage"]').filter(has_text="33,912"))
    answer = _last_message(page)
    answer.get_by_role("tab", name="Interactive chart").click()
    chart = _settled(page, answer.locator('[data-testid="stVegaLiteChart"]'))
    bars = chart.locator("g.mark-rect path")  # Vega draws each bar as an SVG path
    bars.first.wait_for()
    truth = _months()
    tooltip = page.locator("#vg-tooltip-element")
    seen: dict[str, str] = {}
    for i in range(bars.count()):
        bars.nth(i).hover()
        tooltip.wait_for(state="visible")
        text = tooltip.inner_text()
        month = next((m for m in truth if m in text), None)
        assert month is not None, text
        seen[month] = text
    assert set(seen) == set(truth), seen
    for month, text in seen.items():
        # The value as the answer writes it: thousands separator, two decimals.
        assert format_money(truth[month], None, "en") in text, text
        assert not re.search(r"\d\.\d{3,}", text)  # never 12.9064516129
