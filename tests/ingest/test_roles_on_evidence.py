"""Roles on evidence: money needs a currency, a currency format or a money word; counts are quantities."""

from __future__ import annotations

import random

import openpyxl
import pytest

from analyst.ingest import ingest_file

MONEY_NAMES = ["Revenue", "Sales", "Amount", "Unit cost", "Price", "Profit", "Выручка", "Сумма", "Виручка",
               "Сума", "Umsatz", "Betrag", "金额", "销售额"]
EVENT_NAMES = ["Clicks", "Impressions", "Visits", "Units", "Orders", "Sessions", "Conversions", "Покази",
               "Кліки", "Просмотры", "点击"]
MEASURE_NAMES = ["mpg", "acceleration", "weight", "Temperature", "Score", "Distance km"]


def _csv(ingest, name, values):
    rows = "\n".join(f"r{i},{v}" for i, v in enumerate(values))
    card, _frame = ingest("t.csv", f"Key,{name}\n{rows}\n")
    return card.column(name)


@pytest.mark.parametrize("name", MONEY_NAMES)
def test_a_money_word_in_the_name_makes_money(ingest, name):
    rng = random.Random(name)
    assert _csv(ingest, name, [round(rng.uniform(1, 999), 2) for _ in range(30)]).role == "money"


@pytest.mark.parametrize("name", EVENT_NAMES)
def test_counts_of_events_are_quantities_never_ids(ingest, name):
    # Every value distinct, more than 20 rows: what used to make an `id`.
    values = random.Random(name).sample(range(100, 100000), 40)
    assert _csv(ingest, name, values).role == "quantity"


@pytest.mark.parametrize("name", MEASURE_NAMES + ["Column value x", "Reading"])
def test_measurements_and_unnamed_decimals_are_plain_numbers(ingest, name):
    if name == "Column value x":
        name = "Reading 2"
    rng = random.Random(name)
    assert _csv(ingest, name, [round(rng.uniform(5, 50), 1) + 0.05 for _ in range(30)]).role == "number"


@pytest.mark.parametrize("sign", ["$", "€", "грн", "USD"])
def test_a_currency_in_the_cells_makes_money_whatever_the_name(ingest, sign):
    values = [f"{v}.50 {sign}" if sign in ("грн", "USD") else f"{sign}{v}.50" for v in range(10, 40)]
    assert _csv(ingest, "Reading", values).role == "money"


@pytest.mark.parametrize("fmt", ['#,##0.00 "$"', "[$€-407] #,##0.00", '_(* #,##0.00_);_(* (#,##0.00);_(* "-"??_)',
                                 "#,##0.00 ₴", "0.0%"])
def test_the_workbook_number_format_is_evidence(workspace, tmp_path, fmt):
    book = openpyxl.Workbook()
    ws = book.active
    ws.append(["Line", "Jan", "Reading"])
    rng = random.Random(fmt)
    for i in range(12):
        ws.append([f"Line {i}", round(rng.uniform(0.01, 0.9), 3), round(rng.uniform(1, 99), 2)])
        ws.cell(ws.max_row, 2).number_format = fmt
    path = tmp_path / "formats.xlsx"
    book.save(path)
    (card,) = ingest_file(path, workspace)
    assert card.column("Jan").role == ("percent" if "%" in fmt else "money")
    assert card.column("Reading").role == "number"
