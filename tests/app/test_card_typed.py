"""The Analyze page gets each file's data cards as typed `DataCard`s (AppTest): the record
it reads (`ui.state.file_record`, the store's files) holds the very cards the analysis
uses, and the card shown on the page is the one made from them."""

from __future__ import annotations

import random

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from analyst.datacard import DataCard
from tests.app.samples import ROOT, messy_csv
from ui import state
from ui.cardview import card_text

APP = str(ROOT / "app.py")


def _csv(rng: random.Random) -> bytes:
    sep, decimal = rng.choice([(",", "."), (";", ",")])
    lines = [sep.join(["Month", "Store", "Takings"])]
    for i in range(rng.randint(4, 20)):
        amount = f"{rng.uniform(10, 900):.2f}".replace(".", decimal)
        lines.append(sep.join([f"2026-{1 + i % 12:02d}-01", rng.choice(["Kyiv", "Lviv", "深圳"]), amount]))
    return "\n".join(lines).encode()


@pytest.fixture()
def bare_settings():
    # Outside a script run `ui.state` keeps its settings in the bare session state: read
    # them again from this test's environment, and leave none behind.
    st.session_state.pop("_settings", None)
    yield
    st.session_state.pop("_settings", None)


@pytest.mark.parametrize("seed", range(3))
def test_the_page_reads_each_file_s_cards_as_data_cards(app_env, bare_settings, seed: int) -> None:
    rng = random.Random(seed)
    uploads = [(f"shop {seed}-{i}.csv", _csv(rng), "text/csv") for i in range(rng.randint(1, 3))]
    uploads.append(("sales.csv", messy_csv(), "text/csv"))
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(uploads)
    at.run()
    assert not at.exception
    sid = at.session_state["sid"]
    used = at.session_state["analysis"].cards
    shown = "\n".join(m.value for m in at.markdown)
    for name, _, _ in uploads:
        record = state.file_record(sid, name)
        assert record is not None
        assert record.cards and all(isinstance(c, DataCard) for c in record.cards)
        assert list(record.cards) == [c for c in used if c.source_file == name]
        for card in record.cards:
            assert card_text(card, "en", False)[0] in shown  # the card as the page shows it
