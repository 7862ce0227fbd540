"""Figures with stray words stay figures; total rows in any phrasing are left out and reported."""

from __future__ import annotations

import random

import openpyxl
import pandas as pd
import pytest

from analyst.ingest import ingest_file
from tests.ingest.conftest import cents, english

TOKENS = ("TBD", "see note", "—", "?", "pending", "see note 3", "н/д", "待定", "to be confirmed")


def _ledger(seed: int, rows: int = 24) -> list[tuple[str, float]]:
    rng = random.Random(seed)
    return [(f"Client {i}", round(rng.uniform(10, 9000), 2)) for i in range(rows)]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
@pytest.mark.parametrize("seed", range(4))
def test_a_revenue_column_with_stray_words_keeps_its_total(workspace, tmp_path, fmt, seed):
    rng = random.Random(seed)
    rows = _ledger(seed)
    stray = rng.sample(range(len(rows)), 3)
    words = rng.sample(TOKENS, 3)
    cells = [(name, words[stray.index(i)] if i in stray else value) for i, (name, value) in enumerate(rows)]
    expected = round(sum(v for i, (_n, v) in enumerate(rows) if i not in stray), 2)
    path = tmp_path / f"ledger.{fmt}"
    if fmt == "csv":
        path.write_text("Client,Revenue\n" + "\n".join(f"{n},{v}" for n, v in cells) + "\n", encoding="utf-8")
    else:
        book = openpyxl.Workbook()
        book.active.append(["Client", "Revenue"])
        for row in cells:
            book.active.append(list(row))
        book.save(path)
    (card,) = ingest_file(path, workspace)
    frame = pd.read_parquet(workspace.root / card.parquet_path)
    column = card.column("Revenue")
    assert column.dtype == "float64"
    assert column.missing == 3  # the words are missing values now ("—" always was)
    assert cents(column.sum) == expected == round(frame["Revenue"].sum(), 2)
    counted = [a for a in english(card.assumptions)
               if "'Revenue' are not numbers" in a or "'Revenue' is not a number" in a]
    real_words = [w for w in words if w != "—"]
    if real_words:
        assert counted and counted[0].startswith(f"{len(real_words)} value{'' if len(real_words) == 1 else 's'} ")
        assert any(repr(w) in counted[0] for w in real_words)


def test_a_text_column_with_some_numbers_stays_text(ingest):
    lines = ["Item,Note"] + [f"i{k},{'approved' if k % 2 else 'waiting for invoice'}" for k in range(10)]
    lines += ["i11,12", "i12,40"]
    card, _frame = ingest("notes.csv", "\n".join(lines) + "\n")
    assert card.column("Note").dtype == "str"


LABELLED = ["Total: Account", "Grand total", "Итого", "Разом", "Gesamt", "合计", "Итого:", "TOTAL:",
            "Total: all campaigns", "Всього", "Summe"]


@pytest.mark.parametrize("label", LABELLED)
@pytest.mark.parametrize("where", ["last", "first"])
def test_total_rows_in_any_phrasing_are_excluded(ingest, label, where):
    rng = random.Random(label)
    rows = [(f"Campaign {k}", rng.randint(100, 9000), rng.randint(1, 300), round(rng.uniform(5, 500), 2))
            for k in range(8)]
    total = (label, sum(r[1] for r in rows), sum(r[2] for r in rows), round(sum(r[3] for r in rows), 2))
    body = [total] + rows if where == "first" else rows + [total]
    text = "Campaign,Impressions,Clicks,Spend USD\n" + "\n".join(",".join(map(str, r)) for r in body) + "\n"
    card, frame = ingest("ads.csv", text)
    assert card.rows == 8
    assert card.column("Impressions").sum == sum(r[1] for r in rows)
    assert cents(card.column("Spend USD").sum) == round(sum(r[3] for r in rows), 2)
    assert [r.reason for r in card.excluded_rows] == ["total row"]
    assert any("Excluded as total row" in a for a in english(card.assumptions))


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_an_unlabelled_row_of_sums_is_excluded(workspace, tmp_path, seed, fmt):
    rng = random.Random(seed)
    rows = [(f"SKU-{k}", rng.randint(1, 50), round(rng.uniform(1, 999), 2)) for k in range(rng.randint(4, 15))]
    sums = (None, sum(r[1] for r in rows), round(sum(r[2] for r in rows), 2))
    path = tmp_path / f"stock.{fmt}"
    if fmt == "csv":
        lines = ["Product,Units,Amount"] + [",".join("" if v is None else str(v) for v in r) for r in [*rows, sums]]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        book = openpyxl.Workbook()
        for r in [("Product", "Units", "Amount"), *rows, sums]:
            book.active.append(list(r))
        book.save(path)
    (card,) = ingest_file(path, workspace)
    assert card.rows == len(rows)
    assert card.column("Units").sum == sums[1]
    assert cents(card.column("Amount").sum) == sums[2]
    assert [(r.line, r.reason) for r in card.excluded_rows] == [(len(rows) + 2, "total row")]
    assert any("sums of the rows above" in a for a in english(card.assumptions))


def test_a_row_that_happens_to_equal_a_sum_is_kept_when_labelled(ingest):
    card, _frame = ingest("labelled.csv", "Product,Units\nA,1\nB,2\nC,3\nD,6\n")
    assert card.rows == 4 and not card.excluded_rows
