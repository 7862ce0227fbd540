"""Money in several currencies is never added up across them.

A ledger with "Amount" beside "Currency" (EUR, USD, GBP) had "total amount" stated as one sum
of all three (by the key figures), "total amount by customer" and "revenue by month" alike.
A figure of such money is now stated per currency or for one currency; any other is
declined naming the currencies. Generated ledgers (currency codes or symbols, column names
in four languages); the offline path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

LAYOUTS = [("Amount", "Currency", ["EUR", "USD", "GBP"]),
           ("Total", "Curr", ["USD", "CAD"]),
           ("Сума", "Валюта", ["UAH", "EUR", "USD"]),
           ("Betrag", "Währung", ["€", "$"]),
           ("金额", "币种", ["CNY", "USD"])]
MIXED = ["total {a}", "total {a} by customer", "average {a}", "revenue by month",
         "total sales", "what is the total {a} for Acme"]


def _ledger(seed: int, tmp_path: Path) -> tuple[pd.DataFrame, str, str, Path]:
    rng = random.Random(seed)
    amount, currency, codes = LAYOUTS[seed % len(LAYOUTS)]
    rows = [(f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
             rng.choice(["Acme", "Globex", "Initech"]), round(rng.uniform(100, 5000), 2),
             rng.choice(codes)) for _ in range(rng.randint(40, 150))]
    frame = pd.DataFrame(rows, columns=["Date", "Customer", amount, currency])
    path = tmp_path / f"ledger{seed}.csv"
    frame.to_csv(path, index=False)
    return frame, amount, currency, path


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("phrase", MIXED)
def test_amounts_of_several_currencies_are_not_added_together(opened, tmp_path, seed, phrase):
    frame, amount, currency, path = _ledger(seed, tmp_path)
    answer = ask(opened(f"l{seed}", path), phrase.format(a=amount.lower()))
    assert not answer.ok and not answer.steps, answer.text[:300]
    assert currency in answer.text, answer.text[:300]  # declined for the currencies
    assert f"{frame[amount].sum():,.2f}" not in answer.text


@pytest.mark.parametrize("seed", range(5))
def test_per_currency_or_one_currency_is_answered(opened, tmp_path, seed):
    frame, amount, currency, path = _ledger(seed, tmp_path)
    analysis = opened(f"l{seed}", path)
    got = figures(ask(analysis, f"total {amount.lower()} by {currency.lower()}"))
    want = frame.groupby(currency)[amount].sum()
    assert {r[currency]: r[amount] for r in got.head} == pytest.approx(want.to_dict())
    code = str(frame[currency].iloc[0])
    if code.isalpha():  # a symbol is no word to ask by
        got = figures(ask(analysis, f"total {amount.lower()} in {code}"))
        assert close(got.figures["value"], frame[frame[currency] == code][amount].sum())


def test_one_currency_is_added_up_as_ever(opened, tmp_path):
    frame, amount, _, path = _ledger(0, tmp_path)
    frame["Currency"] = "EUR"
    frame.to_csv(path, index=False)
    answer = ask(opened("single", path), "total amount")
    assert answer.ok and f"{frame[amount].sum():,.2f}" in answer.text, answer.text


@pytest.mark.parametrize("seed", range(5))
def test_the_standard_report_states_each_currency_apart(opened, tmp_path, seed):
    """The standard report (and so the PDF) had led with the amounts of all currencies added."""
    frame, amount, currency, path = _ledger(seed, tmp_path)
    events = list(opened(f"l{seed}", path).standard_report())
    answer = events[-1].answer
    assert answer is not None and answer.ok and answer.steps, events[-1].message
    total = float(frame[amount].sum())
    assert f"{total:,.2f}" not in answer.text and f"{total:,.0f}" not in answer.text
    assert not any(s.recipe for s in answer.steps if s.recipe != "query"), answer.text[:300]
    per = frame.groupby(currency)[amount].sum()
    first = answer.steps[0].figures
    assert first is not None and {r[currency]: r[amount] for r in first.head} == pytest.approx(
        per.to_dict())


def test_a_suggestion_clicked_adds_no_currencies_together(opened, tmp_path):
    from analyst.brain.understand.query import Query

    frame, amount, _, path = _ledger(0, tmp_path)
    analysis = opened("l0", path)
    table = analysis.cards[0].table
    answer = list(analysis.ask_query("Total amount", Query(table, "sum", (amount,))))[-1].answer
    assert answer is not None and not answer.ok and not answer.steps, answer
    assert f"{frame[amount].sum():,.2f}" not in answer.text
