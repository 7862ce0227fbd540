"""How a column was read is a typed record (`ColumnReading`, `ColumnCard.currency`): the planner
takes a column's currency from it, never by parsing the English note the model reads.

Generated CSVs (clean ones take the Arrow fast path, ones with a total row the general path)
and workbooks under currency formats, in several currencies, decimal marks and date orders.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from openpyxl import Workbook

from analyst.brain.plan.columns import column_currency
from analyst.datacard import ColumnCard, DataCard
from analyst.ingest.reading import ColumnReading

SIGNS = [("грн", "UAH"), ("$", "USD"), ("€", "EUR"), ("₽", "RUB"), ("£", "GBP")]
DATES = [("%d.%m.%Y", "31.01.2026"), ("%d/%m/%Y", "31/01/2026"), ("%d-%m-%Y", "31-01-2026")]


def _csv(seed: int, sign: str, comma: bool, total: bool) -> tuple[str, float]:
    rng = random.Random(seed)
    sep = ";" if comma else ","
    rows, amount = [], 0.0
    for i in range(rng.randint(5, 40)):
        value = round(rng.uniform(1, 9000), 2)
        amount += value
        text = f"{value:.2f}".replace(".", ",") if comma else f"{value:.2f}"
        cell = f"{text} {sign}" if sign in ("грн", "₽") else f"{sign}{text}"
        rows.append(f"{10 + i % 18:02d}.01.2026{sep}Item {i}{sep}{cell}")
    if total:
        rows.append(f"{sep}Total{sep}{amount:.2f}".replace(".", "," if comma else "."))
    return "Date" + sep + "Item" + sep + "Amount\n" + "\n".join(rows) + "\n", amount


@pytest.mark.parametrize("seed", range(10))
def test_a_currency_in_the_cells_is_a_field_of_the_card(ingest, seed: int) -> None:
    sign, code = SIGNS[seed % len(SIGNS)]
    comma, total = bool(seed % 2), seed % 3 == 0
    content, _ = _csv(seed, sign, comma, total)
    card, frame = ingest(f"ledger{seed}.csv", content)
    amount = card.column("Amount")
    assert amount.role == "money"
    assert amount.currency == sign
    assert column_currency(amount) == code
    # The model's phrase is written from the same record, not the other way round.
    expected = ColumnReading(decimal_comma=comma, currency=sign).text()
    assert amount.note == expected
    assert card.column("Date").note == "dates as %d.%m.%Y"
    assert card.column("Date").currency is None and card.column("Item").currency is None
    again = DataCard.from_dict(card.to_dict())
    assert again.column("Amount") == amount


def test_the_planner_does_not_read_the_note() -> None:
    """A note that happens to say "currency XYZ" gives no currency; the field does."""
    card = ColumnCard("Amount", "float64", "money", 0, 3, note="currency EUR")
    assert column_currency(card) is None
    assert column_currency(replace(card, currency="€")) == "EUR"
    # A sheet's currency format says money, not which currency.
    formatted = ColumnCard("Amount", "float64", "money", 0, 3, note="currency format in the workbook")
    assert column_currency(formatted) is None


@pytest.mark.parametrize("sign", [s for s, _ in SIGNS])
def test_a_card_stored_before_the_field_keeps_its_currency(sign: str) -> None:
    old = {"name": "Сума", "dtype": "float64", "role": "money", "missing": 0, "unique": 4,
           "note": f"decimal comma, currency {sign}"}
    assert ColumnCard.from_dict(old).currency == sign
    formatted = {**old, "note": "currency format in the workbook"}
    assert ColumnCard.from_dict(formatted).currency is None
    assert ColumnCard.from_dict({**old, "currency": None}).currency is None


@pytest.mark.parametrize("fmt,example", DATES)
@pytest.mark.parametrize("rows", [8, 3000])
def test_dates_read_with_their_format_on_both_paths(ingest, fmt: str, example: str, rows: int) -> None:
    lines = [f"{example},{i}.5" for i in range(rows)]
    card, frame = ingest(f"d{rows}.csv", "Day,Value\n" + "\n".join(lines) + "\n")
    assert card.column("Day").note == f"dates as {fmt}"
    assert str(frame["Day"].iloc[0].date()) == "2026-01-31"


@pytest.mark.parametrize("seed", range(4))
def test_a_workbook_currency_format_says_money_without_a_currency(ingest, tmp_path, seed: int) -> None:
    rng = random.Random(seed)
    book = Workbook()
    sheet = book.active
    sheet.append(["Region", "Total", "Zip"])
    for i in range(rng.randint(4, 20)):
        sheet.append([f"R{i}", rng.randint(100, 9000), rng.randint(100, 9999)])
    for row in sheet.iter_rows(min_row=2):
        row[1].number_format = '"$"#,##0'
        row[2].number_format = "00000"
    path = tmp_path / f"book{seed}.xlsx"
    book.save(path)
    card, frame = ingest(path.name, path.read_bytes())
    total, zip_ = card.column("Total"), card.column("Zip")
    assert total.role == "money" and total.note == "currency format in the workbook"
    assert total.currency is None
    assert zip_.role == "id" and zip_.note == "leading zeros as the workbook shows them"
    assert all(len(z) == 5 for z in frame["Zip"])
