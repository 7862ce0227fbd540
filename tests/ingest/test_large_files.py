"""Large exports (past the sample) are read by the columnar path with the same results.

Files of a few megabytes: big enough that only the head and tail are inspected in Python.
"""

from __future__ import annotations

from decimal import Decimal

import pandas as pd

from analyst.ingest import IngestOptions, ingest_file
from analyst.ingest.fast import FAST_FROM, read_fast
from tests.ingest.conftest import english

ROWS = 40_000


def kyiv_export(rows: int = ROWS, subtotal_at: int | None = None) -> tuple[str, list[str], list[str]]:
    """Title line, semicolons, decimal commas, dd.mm.yyyy dates and a totals row."""
    lines = ["Звіт про продажі 2026", "Дата;Номер;Регіон;Кількість;Сума;Коментар"]
    amounts, days = [], []
    for i in range(rows):
        day = f"{i % 28 + 1:02d}.{i % 12 + 1:02d}.2026"
        amount = f"{(i * 7919) % 1_000_000 / 100:.2f}"
        days.append(day)
        amounts.append(amount)
        lines.append(f"{day};{100000 + i};{['Київ', 'Львів', 'Одеса'][i % 3]};{i % 7 + 1};"
                     f"{amount.replace('.', ',')};{'терміново' if i % 5 == 0 else ''}")
        if subtotal_at is not None and i == subtotal_at:
            lines.append(";;Разом Київ;;1,00;")
    total = sum(Decimal(a) for a in amounts)
    lines.append(f"Разом;;;;{str(total).replace('.', ',')};")
    lines.append("Сформовано автоматично")
    return "\n".join(lines) + "\n", amounts, days


def test_large_semicolon_export_read_exactly(workspace, tmp_path):
    content, amounts, _days = kyiv_export()
    path = tmp_path / "big.csv"
    path.write_text(content, encoding="utf-8")
    assert path.stat().st_size > FAST_FROM
    (card,) = ingest_file(path, workspace)
    frame = pd.read_parquet(workspace.root / card.parquet_path)
    assert card.rows == len(frame) == ROWS
    assert list(frame.columns) == ["Дата", "Номер", "Регіон", "Кількість", "Сума", "Коментар"]
    assert card.header_row == 2 and card.delimiter == ";"
    assert Decimal(str(card.column("Сума").sum)) == sum(Decimal(a) for a in amounts)
    assert card.column("Сума").role == "money" and card.column("Сума").dtype == "float64"
    assert card.column("Кількість").sum == sum(i % 7 + 1 for i in range(ROWS))
    assert card.column("Номер").role == "id"
    assert card.date_range == ("2026-01-01", "2026-12-28")
    assert frame["Дата"].iloc[0] == pd.Timestamp("2026-01-01")
    assert card.column("Коментар").missing == ROWS - ROWS // 5
    assert [(r.line, r.reason) for r in card.excluded_rows] == [(ROWS + 3, "total row"), (ROWS + 4, "footnote")]
    text = " ".join(english(card.assumptions))
    assert "Header on row 2" in text and "Comma read as the decimal separator in 'Сума'" in text
    assert "Разом" in text


def test_large_file_same_card_as_the_general_path(workspace, tmp_path):
    # The same rows, small enough for the general path, give the same columns and types.
    small, _, _ = kyiv_export(rows=200)
    big, _, _ = kyiv_export()
    (small_path := tmp_path / "small.csv").write_text(small, encoding="utf-8")
    (big_path := tmp_path / "big.csv").write_text(big, encoding="utf-8")
    (general,) = ingest_file(small_path, workspace)
    (fast,) = ingest_file(big_path, workspace)
    assert [(c.name, c.role) for c in general.columns] == [(c.name, c.role) for c in fast.columns]
    assert [c.dtype for c in fast.columns] == ["datetime64[s]", "int64", "str", "int64", "float64", "str"]


def test_subtotal_in_the_middle_is_still_excluded(workspace, tmp_path):
    content, amounts, _ = kyiv_export(subtotal_at=ROWS // 2)
    path = tmp_path / "sub.csv"
    path.write_text(content, encoding="utf-8")
    (card,) = ingest_file(path, workspace)
    assert card.rows == ROWS
    assert Decimal(str(card.column("Сума").sum)) == sum(Decimal(a) for a in amounts)
    first = card.excluded_rows[0]
    assert (first.line, first.reason) == (ROWS // 2 + 4, "total row")


def test_large_bookkeeping_export_with_dollars_and_parentheses(workspace, tmp_path):
    lines = ["Date,Invoice,Customer,Amount,Margin"]
    expected = Decimal(0)
    for i in range(ROWS):
        cents = (i * 104729) % 500_000 - 100_000
        value = Decimal(cents) / 100
        expected += value
        shown = f"${abs(value):,.2f}"
        lines.append(f'{i % 12 + 1:02d}/{i % 28 + 1:02d}/2026,INV-{i},Customer {i % 97},'
                     f'"{shown if value >= 0 else "(" + shown + ")"}",{i % 40}.5%')
    lines.append(f'Total,,,"${expected:,.2f}",')
    path = tmp_path / "books.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (card,) = ingest_file(path, workspace, IngestOptions(date_order="MDY"))
    assert card.rows == ROWS
    assert Decimal(str(card.column("Amount").sum)) == expected
    assert card.column("Amount").role == "money" and "$" in card.column("Amount").note
    assert card.column("Margin").role == "percent"
    assert card.column("Margin").max == 0.395
    assert card.date_range == ("2026-01-01", "2026-12-28")
    assert [r.reason for r in card.excluded_rows] == ["total row"]


def test_which_path_reads_which_file():
    # Columnar for a clean export; the general path for subtotals inside the body.
    clean, _, _ = kyiv_export()
    assert read_fast(clean.encode("utf-8"), IngestOptions(), "big.csv") is not None
    with_subtotal, _, _ = kyiv_export(subtotal_at=ROWS // 2)
    assert read_fast(with_subtotal.encode("utf-8"), IngestOptions(), "sub.csv") is None
    assert read_fast(b"a,b\n1,2\n", IngestOptions(), "small.csv") is None
