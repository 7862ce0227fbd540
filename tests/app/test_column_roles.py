"""Issue 12, point 7 (AppTest): the user marks a column as the amount on the data card; the
choice is kept with the session (store and workspace, after a reload), and the offline
answer and the standard report use that column.

The generated tables have a decimal column the ingester reads as a plain number (its name
says nothing of money, it has three decimals), so before the choice there is no amount:
"revenue by branch" has no column to use and the report is a data report."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from pypdf import PdfReader
from streamlit.testing.v1 import AppTest

from analyst.store import Store
from analyst.store.log import SessionFiles
from tests.app.samples import ROOT

APP = str(ROOT / "app.py")

VARIANTS = [
    # (file, amount column, branch column, seed)
    ("branches.csv", "takings", "branch", 5),
    ("kasa.csv", "wplywy_netto", "punkt", 8),
]


def table(amount: str, branch: str, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = 48
    return pd.DataFrame({
        "day": pd.date_range("2025-01-01", periods=n, freq="5D").strftime("%Y-%m-%d"),
        branch: rng.choice(["Lviv", "Kyiv", "Odesa"], n),
        "visitors": rng.integers(10, 500, n),
        amount: rng.uniform(100, 5000, n).round(3),
    })


def _set_role(at: AppTest, column: str, role: str) -> None:
    next(s for s in at.selectbox if s.label == "Column").set_value(column)
    next(s for s in at.selectbox if s.label == "Role").set_value(role)
    next(b for b in at.button if b.label == "Use this role").click().run()
    assert not at.exception


def _answer(at: AppTest) -> str:
    return "\n".join(m.value for m in at.chat_message[-1].markdown)


def _pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)
                    .split())


@pytest.mark.parametrize(("name", "amount", "branch", "seed"), VARIANTS,
                         ids=[v[0] for v in VARIANTS])
def test_a_decimal_column_marked_as_the_amount_is_used_by_answers_and_the_report(
        app_env: Path, name: str, amount: str, branch: str, seed: int) -> None:
    frame = table(amount, branch, seed)
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.file_uploader(key="uploader").set_value((name, frame.to_csv(index=False).encode(),
                                                "text/csv"))
    at.run()
    assert not at.exception
    (card,) = at.session_state["analysis"].cards
    assert card.column(amount).role == "number"  # the ingester's guess: not money

    _set_role(at, amount, "Amount")
    (card,) = at.session_state["analysis"].cards
    assert card.column(amount).role == "money" and card.column(amount).set_by_user
    sid = at.session_state["sid"]
    (record,) = Store(app_env).files(sid)
    assert record.options == {"roles": {amount: "amount"}}
    assert record.cards[0].column(amount).role == "money"
    # The session's one file log (the store's rows, whole records) keeps the choice.
    (saved,) = SessionFiles(Store(app_env), sid).records()
    assert saved.options == {"roles": {amount: "amount"}}
    # Markdown characters of the user's names are escaped on the card ("wplywy\\_netto").
    texts = ("\n".join(m.value for m in at.markdown) + "\n".join(c.value for c in at.caption)
             ).replace("\\", "")
    assert f"You marked '{amount}' as the amount." in texts
    assert f"{amount}: Amount" in texts  # the card lists the roles the user set

    at.chat_input[0].set_value(f"revenue by {branch}").run()
    assert not at.exception
    text = _answer(at)
    by_branch = frame.groupby(branch)[amount].sum().sort_values(ascending=False)
    for place, total in by_branch.items():
        assert f"{total:,.2f}" in text, (place, total, text)

    # The choice survives a reload (a new browser session of the same ?s=).
    again = AppTest.from_file(APP, default_timeout=120)
    again.query_params["s"] = sid
    again.run()
    assert not again.exception
    next(b for b in again.button if b.key == "standard_report").click().run()
    assert not again.exception
    (card,) = again.session_state["analysis"].cards  # rebuilt from the workspace
    assert card.column(amount).role == "money" and card.column(amount).set_by_user
    again.switch_page("pages/report.py").run()
    next(b for b in again.button if b.label == "Generate report").click().run()
    assert not again.exception
    pdf = _pdf_text(again.session_state["built"][1].pdf)
    assert f"Total {amount} {frame[amount].sum():,.2f}" in pdf, pdf[:1500]
    assert "Data report" not in pdf  # a sales report of the marked amount
    for place, total in by_branch.items():
        assert f"{total:,.2f}" in pdf, (place, total)


def test_setting_the_role_back_to_as_read_forgets_it(app_env: Path) -> None:
    frame = table("takings", "branch", 11)
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.file_uploader(key="uploader").set_value(("b.csv", frame.to_csv(index=False).encode(),
                                                "text/csv"))
    at.run()
    _set_role(at, "takings", "Amount")
    _set_role(at, "branch", "Id")
    (card,) = at.session_state["analysis"].cards
    assert card.column("branch").role == "id" and card.column("takings").role == "money"
    # Reading the file again with another option keeps the roles.
    next(b for b in at.button if b.label == "Read the file again").click().run()
    (record,) = Store(app_env).files(at.session_state["sid"])
    assert record.options["roles"] == {"takings": "amount", "branch": "id"}
    _set_role(at, "takings", "As read")
    (card,) = at.session_state["analysis"].cards
    assert card.column("takings").role == "number" and not card.column("takings").set_by_user
    (record,) = Store(app_env).files(at.session_state["sid"])
    assert record.options["roles"] == {"branch": "id"}
    # A role that cannot hold is not applied, and the card says why.
    _set_role(at, "branch", "Amount")
    (card,) = at.session_state["analysis"].cards
    assert card.column("branch").role == "category"
    texts = "\n".join(m.value for m in at.markdown)
    assert "'branch' cannot be the amount: it does not hold numbers" in texts
