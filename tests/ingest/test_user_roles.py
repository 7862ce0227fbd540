"""Roles the user sets (issue 12, point 7), at the ingester: `IngestOptions.roles` is
applied to the cards after reading, kept through `to_dict`/`from_dict`, told to the model
(`to_prompt`) and read by the offline planner and the data report; a role that cannot hold
is not applied and the card says why, in every language."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.brain.plan.columns import is_ledger, sales_columns
from analyst.brain.understand.periods import date_source
from analyst.datacard import DataCard
from analyst.ingest import IngestOptions, ingest_file
from analyst.ingest.roles import user_roles
from sandbox import Workspace
from tests.ingest.conftest import english

NAMES = [("takings", "branch"), ("reading_kwh", "meter"), ("Обсяг", "Філія"), ("读数值", "门店")]


def frame(amount: str, group: str, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = 40
    return pd.DataFrame({
        "day": pd.date_range("2024-03-01", periods=n, freq="2D").strftime("%Y-%m-%d"),
        "logged": pd.date_range("2023-01-01", periods=n, freq="7D").strftime("%d.%m.%Y"),
        group: rng.choice(["A1", "B2", "C3"], n),
        "visitors": rng.integers(10, 500, n),
        amount: rng.uniform(10, 900, n).round(3),
    })


def read(tmp_path: Path, df: pd.DataFrame, roles: dict[str, str] | None) -> DataCard:
    path = tmp_path / "t.csv"
    df.to_csv(path, index=False)
    ws = Workspace(tmp_path / ("ws" + str(len(list(tmp_path.iterdir()))))).ensure()
    [card] = ingest_file(path, ws, IngestOptions(roles=roles) if roles else None)
    return card


@pytest.mark.parametrize(("amount", "group"), NAMES, ids=[n[0] for n in NAMES])
def test_the_marked_amount_is_the_planners_and_the_reports(tmp_path, amount, group):
    df = frame(amount, group, len(amount))
    before = read(tmp_path, df, None)
    assert before.column(amount).role != "money" and sales_columns(before) is None
    card = read(tmp_path, df, {amount: "amount"})
    column = card.column(amount)
    assert column.role == "money" and column.set_by_user
    assert column.sum == pytest.approx(df[amount].sum(), rel=1e-12)
    cols = sales_columns(card)
    assert cols is not None and cols.amount == amount and cols.chosen and is_ledger(cols)
    from analyst.brain.plan.data_report import measures_of  # after the planner: a cycle otherwise

    assert measures_of(card)[0] == amount
    assert f"'{amount}' | float64 | money (set by the user)" in card.to_prompt(False)
    assert DataCard.from_dict(card.to_dict()) == card
    assert user_roles(card) == {amount: "amount"}
    assert f"You marked '{amount}' as the amount." in english(card.assumptions)


def test_the_marked_date_is_the_period_of_answers(tmp_path):
    df = frame("takings", "branch", 3)
    card = read(tmp_path, df, {"logged": "date", "branch": "id"})
    assert card.column("branch").role == "id"
    logged = card.column("logged")
    assert logged.role == "date" and logged.set_by_user
    source = date_source(card, {c.name: c for c in card.columns}, [])
    assert source is not None and source.column == "logged"
    dates = pd.to_datetime(df["logged"], format="%d.%m.%Y")
    assert (logged.first, logged.last) == (dates.min().date().isoformat(),
                                           dates.max().date().isoformat())


@pytest.mark.parametrize(("roles", "key"), [
    ({"branch": "amount"}, "cannot be the amount"),
    ({"visitors": "date"}, "cannot be the date"),
])
@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
def test_a_role_that_cannot_hold_is_not_applied_and_said(tmp_path, roles, key, language):
    df = frame("takings", "branch", 4)
    before = read(tmp_path, df, None)
    card = read(tmp_path, df, roles)
    [(name, _)] = roles.items()
    assert card.column(name) == before.column(name)
    note = card.assumptions[-1]
    assert key in str(note) and f"'{name}'" in str(note)
    shown = note.render(language)
    assert f"'{name}'" in shown and (language == "en" or key not in shown)


def test_a_column_not_in_the_table_is_ignored(tmp_path):
    df = frame("takings", "branch", 5)
    assert read(tmp_path, df, {"gone": "amount"}) == read(tmp_path, df, None)
