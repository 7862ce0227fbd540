"""A unit note in the title lines scales the figures it governs, exactly, and the card says so.

Tables are generated (seeded): a title line, sometimes a unit line, a header and rows of
figures with one or two decimals, written as CSV (comma or semicolon) or .xlsx. With a unit
note in en/uk/ru/de/zh above the header, every figure is read at full value to the cent
(1,335.6 thousand is exactly 1335600) and the card names the factor; with no note, or with
"thousands" only in a data row label, a column header or a sentence that is no unit note,
the figures are read as written.
"""

from __future__ import annotations

import csv
import io
import random
from decimal import Decimal

import openpyxl
import pandas as pd
import pytest

from analyst.datacard import DataCard
from analyst.words.note import Note

# (note above the header, factor)
NOTES: tuple[tuple[str, int], ...] = (
    ("(in thousands)", 1_000),
    ("in thousands of USD", 1_000),
    ("Amounts in thousands of euros", 1_000),
    ("$000", 1_000),
    ("USD '000", 1_000),
    ("(USD thousands)", 1_000),
    ("in millions", 1_000_000),
    ("(USD millions)", 1_000_000),
    ("(тис. грн)", 1_000),
    ("тис. грн", 1_000),
    ("в тисячах гривень", 1_000),
    ("млн грн", 1_000_000),
    ("тыс. руб.", 1_000),
    ("(в тысячах рублей)", 1_000),
    ("млн руб.", 1_000_000),
    ("in Tausend EUR", 1_000),
    ("TEUR", 1_000),
    ("Angaben in Mio. EUR", 1_000_000),
    ("千元", 1_000),
    ("（单位：千元）", 1_000),
    ("单位：万元", 10_000),
    ("单位：百万元", 1_000_000),
)
# Titles with a word of size that is no unit of the figures below.
NOT_NOTES = (
    "Thousands of happy customers",
    "Top thousand products",
    "Sales report 2025",
    "Звіт про продажі тисяч магазинів",
    "Tausende Kunden",
    "千家门店销售表",
    "Revenue 2000-2025",
)
TITLES = ("Profit and loss 2025", "Звіт про фінансові результати", "Отчёт о прибылях", "GuV 2025", "2025年利润表")
LABELS = ("Revenue", "Cost of sales", "Gross profit", "Operating expenses", "Operating profit", "Tax")


def _figures(rng: random.Random, rows: int) -> list[list[str]]:
    places = rng.choice((1, 2))
    return [[f"{Decimal(rng.randint(-99_999, 999_999)).scaleb(-places):.{places}f}" for _ in range(2)]
            for _ in range(rows)]


def _table(rng: random.Random, above: list[str], header: list[str], labels: list[str]) -> tuple[list[list], list]:
    figures = _figures(rng, len(labels))
    lines: list[list] = [[t] for t in above] + [header]
    lines += [[label, *row] for label, row in zip(labels, figures, strict=True)]
    return lines, figures


def _write(lines: list[list], kind: str, tmp_path) -> tuple[str, bytes | None]:
    if kind == "xlsx":
        book = openpyxl.Workbook()
        sheet = book.active
        for line in lines:
            sheet.append([float(c) if _is_number(c) else c for c in line])
        path = tmp_path / "statement.xlsx"
        book.save(path)
        return "statement.xlsx", None
    out = io.StringIO()
    csv.writer(out, delimiter=";" if kind == "semicolon" else ",").writerows(lines)
    return "statement.csv", out.getvalue().encode("utf-8")


def _is_number(cell: str) -> bool:
    try:
        Decimal(cell)
    except ArithmeticError:
        return False
    return True


def _read(ingest, tmp_path, lines, kind) -> tuple[DataCard, pd.DataFrame]:
    name, content = _write(lines, kind, tmp_path)
    return ingest(name, content if content is not None else None)


def _exact(frame: pd.DataFrame, columns: list[str], figures: list[list[str]], factor: int) -> None:
    for j, column in enumerate(columns):
        want = [float(Decimal(row[j]) * factor) for row in figures]
        assert frame[column].tolist() == want, (column, frame[column].tolist()[:3], want[:3])


KINDS = ("comma", "semicolon", "xlsx")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("note", "factor"), NOTES)
def test_a_unit_note_above_the_header_scales_every_figure_exactly(ingest, tmp_path, note, factor, kind):
    rng = random.Random(f"{note}{kind}")
    title = rng.choice(TITLES)
    # The note alone on its line, or at the end of the title line itself.
    above = [title, note] if rng.random() < 0.5 else [f"{title}, {note}"]
    lines, figures = _table(rng, above, ["Line", "2024", "2025"], list(LABELS))
    card, frame = _read(ingest, tmp_path, lines, kind)
    _exact(frame, ["2024", "2025"], figures, factor)
    said = [a for a in card.assumptions if isinstance(a, Note) and a.key == "unit_scaled"]
    assert len(said) == 1 and said[0].values["factor"] == factor, card.assumptions
    assert str(factor) in str(said[0])
    for language in ("uk", "ru", "zh"):
        assert str(factor) in said[0].render(language)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("title", NOT_NOTES)
def test_titles_that_name_no_unit_leave_the_figures_as_written(ingest, tmp_path, title, kind):
    rng = random.Random(f"{title}{kind}")
    lines, figures = _table(rng, [title], ["Line", "2024", "2025"], list(LABELS))
    card, frame = _read(ingest, tmp_path, lines, kind)
    _exact(frame, ["2024", "2025"], figures, 1)
    assert not [a for a in card.assumptions if isinstance(a, Note) and a.key == "unit_scaled"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(4))
def test_thousands_in_a_row_label_is_data_not_a_unit(ingest, tmp_path, kind, seed):
    rng = random.Random(seed)
    labels = list(LABELS) + [rng.choice(("Revenue (in thousands)", "Доход, тыс. руб.", "收入（千元）"))]
    lines, figures = _table(rng, [rng.choice(TITLES)], ["Line", "2024", "2025"], labels)
    card, frame = _read(ingest, tmp_path, lines, kind)
    _exact(frame, ["2024", "2025"], figures, 1)
    assert not [a for a in card.assumptions if isinstance(a, Note) and a.key == "unit_scaled"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("header", ("Units (thousands)", "Units, in thousands", "Обсяг, тис. шт.", "Menge in Tausend"))
def test_a_unit_in_a_column_header_scales_that_column_only(ingest, tmp_path, kind, header):
    rng = random.Random(f"{header}{kind}")
    lines, figures = _table(rng, ["Sales by product"], ["Product", header, "Price"], ["A", "B", "C", "D", "E"])
    card, frame = _read(ingest, tmp_path, lines, kind)
    _exact(frame, [header], figures, 1_000)
    _exact(frame, ["Price"], [row[1:] for row in figures], 1)
    said = [a for a in card.assumptions if isinstance(a, Note) and a.key.startswith("unit_scaled")]
    assert [(a.key, a.values["names"]) for a in said] == [("unit_scaled_header", (header,))], card.assumptions


@pytest.mark.parametrize("kind", ("comma", "xlsx"))
def test_two_different_units_in_the_titles_scale_nothing(ingest, tmp_path, kind):
    rng = random.Random(kind)
    lines, figures = _table(rng, ["Revenue in thousands", "Headcount in millions"], ["Line", "2024", "2025"],
                            list(LABELS))
    card, frame = _read(ingest, tmp_path, lines, kind)
    _exact(frame, ["2024", "2025"], figures, 1)


@pytest.mark.parametrize("kind", ("comma", "xlsx"))
def test_years_codes_and_percents_under_a_unit_note_stay_as_written(ingest, tmp_path, kind):
    lines = [["Sales (in thousands)"], ["Year", "Account", "Store code", "Revenue", "Margin %"],
             ["2023", "4000", "17", "1335.6", "12.5"], ["2024", "4010", "18", "1410.2", "13.1"],
             ["2025", "4020", "19", "1502.9", "11.8"]]
    card, frame = _read(ingest, tmp_path, lines, kind)
    assert frame["Revenue"].tolist() == [1335600.0, 1410200.0, 1502900.0]
    assert frame["Year"].tolist() == [2023, 2024, 2025]
    assert frame["Account"].tolist() == [4000, 4010, 4020]
    assert frame["Store code"].astype(str).tolist() == ["17", "18", "19"]
    assert frame["Margin %"].tolist() == [12.5, 13.1, 11.8]


@pytest.mark.parametrize(("note", "factor"), (("(in thousands)", 1_000), ("тыс. руб.", 1_000), ("单位：万元", 10_000)))
def test_a_large_file_with_a_unit_note_is_scaled_as_a_small_one_is(ingest, tmp_path, note, factor):
    # Over a megabyte a CSV takes the columnar path: it must not read the figures as written.
    rng = random.Random(note)
    labels = [f"Store {i}" for i in range(40_000)]
    # Not years across the top: a 40,000-line statement is another test's matter.
    lines, figures = _table(rng, ["Sales by store", note], ["Store", "Revenue", "Cost"], labels)
    card, frame = _read(ingest, tmp_path, lines, "comma")
    _exact(frame, ["Revenue", "Cost"], figures, factor)


@pytest.mark.parametrize("header", ("Units (thousands)", "Обсяг, тис. шт."))
def test_a_large_file_with_a_unit_in_a_column_header_scales_that_column_as_a_small_one_does(ingest, tmp_path, header):
    rng = random.Random(header)
    labels = [f"Store {i}" for i in range(40_000)]
    lines, figures = _table(rng, ["Sales by store"], ["Store", header, "Price"], labels)
    card, frame = _read(ingest, tmp_path, lines, "comma")
    _exact(frame, [header], figures, 1_000)
    _exact(frame, ["Price"], [row[1:] for row in figures], 1)
