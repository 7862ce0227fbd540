""""When" asks for a date: the answer names the date of the row asked for, or declines.

Found on vega_datasets' stocks table: "when did AAPL peak" stated AAPL's highest price and
no date ("when" was a filler word). Now a question that starts with "when" and ranks is the
row of the extreme with its date; one that does not rank is declined by name. Generated
price tables (names, sizes, values vary) and the real stocks file; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask

STOCKS = Path(__import__("vega_datasets").__file__).parent / "_data" / "stocks.csv"
HEADS = [("symbol", "date", "price"), ("Ticker", "Trade date", "Close"),
         ("Product", "Day", "Units")]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(("phrase", "highest"), [
    ("when was the highest {m} of {s}", True), ("when was the lowest {m} for {s}", False),
    ("when did {s} reach its highest {m}", True), ("when did {s} peak", True)])
def test_when_names_the_date_of_the_extreme(opened, tmp_path: Path, seed: int, phrase: str,
                                            highest: bool) -> None:
    rng = random.Random(seed)
    name, date, measure = HEADS[seed % len(HEADS)]
    names = ["AAPL", "MSFT", "IBM"] if seed % 3 != 2 else ["Chair", "Desk", "Lamp"]
    days = pd.date_range("2021-01-01", periods=rng.randint(30, 120), freq="D")
    frame = pd.DataFrame([(n, d.date().isoformat(), round(rng.uniform(5, 900), 2))
                          for n in names for d in days], columns=[name, date, measure])
    path = tmp_path / "prices.csv"
    frame.to_csv(path, index=False)
    subject = names[seed % len(names)]
    own = frame[frame[name] == subject]
    row = own.loc[own[measure].idxmax() if highest else own[measure].idxmin()]
    answer = ask(opened(f"prices{seed}", path), phrase.format(m=measure.lower(), s=subject))
    if answer.ok:
        assert row[date] in answer.text, (phrase, row.to_dict(), answer.text[:300])


@pytest.mark.parametrize("question", ["when did AAPL peak", "when was the highest price of GOOG",
                                      "when was the lowest AMZN price", "when did we sell MSFT",
                                      "when was IBM bought"])
def test_on_the_stocks(opened, question: str) -> None:
    frame = pd.read_csv(STOCKS, parse_dates=["date"])
    answer = ask(opened("stocks", STOCKS), question)
    if not answer.ok:
        return
    symbol = next(s for s in frame["symbol"].unique() if s in question)
    own = frame[frame["symbol"] == symbol]
    row = own.loc[own["price"].idxmin() if "lowest" in question else own["price"].idxmax()]
    assert row["date"].date().isoformat() in answer.text, answer.text[:300]
