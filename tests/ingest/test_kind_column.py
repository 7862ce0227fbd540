"""A statement with a column naming each line's kind ("Type": Revenue, Cost of sales,
Operating expenses) and no headings is read with those kinds as the lines' sections, so a
line whose own name says nothing ("Hosting", "Licences") is placed by the file's word for it,
then reconciled with the file's own result rows. A column that only looks like one (a
"Department" of Sales and Marketing, a "Type" of Fixed and Variable) is never read so: the
sales team's salaries are not revenue.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from analyst.ingest import ingest_file
from analyst.ingest.statement import kind_column
from sandbox import Workspace

KINDS = {  # header, revenue, cost of sales, operating expenses, below the operating line
    "en": ("Type", "Revenue", "Cost of sales", "Operating expenses", "Finance and tax"),
    "en-kind": ("Line kind", "Income", "Direct costs", "Admin expenses", "Interest and tax"),
    "de": ("Art", "Umsatzerlöse", "Materialaufwand", "Betriebliche Aufwendungen", "Zinsen und Steuern"),
    "uk": ("Тип", "Доходи", "Собівартість", "Операційні витрати", "Фінансові витрати і податки"),
    "ru": ("Вид статьи", "Выручка", "Себестоимость", "Операционные расходы", "Проценты и налоги"),
    "zh": ("类型", "营业收入", "营业成本", "期间费用", "财务费用及税金"),
}
# Lines whose names alone place them nowhere, or in the wrong place.
LINES = [("Platform fees", 1, [900.0, 950.0, 1000.0]), ("Bundles", 1, [300.0, 310.0, 320.0]),
         ("Hosting", 2, [200.0, 210.0, 220.0]), ("Licences", 2, [50.0, 50.0, 50.0]),
         ("People", 3, [400.0, 400.0, 410.0]), ("Premises", 3, [100.0, 100.0, 100.0]),
         ("Bank", 4, [10.0, 12.0, 14.0])]


def _book(path: Path, header: str, kinds: tuple[str, ...], sign: float) -> Path:
    months = ["Jan 2025", "Feb 2025", "Mar 2025"]
    book = openpyxl.Workbook()
    ws = book.active
    ws.append(["Profit and loss 2025"])
    ws.append(["Line", header, *months])

    def total(kind: int) -> list[float]:
        return [sum(v[m] for _, k, v in LINES if k == kind) for m in range(3)]

    for label, kind, values in LINES:
        ws.append([label, kinds[kind], *[v * (sign if kind > 1 else 1.0) for v in values]])
        if (label, kind) == ("Bundles", 1):
            ws.append(["Total revenue", None, *total(1)])
    revenue, cogs, opex, below = total(1), total(2), total(3), total(4)
    ws.append(["Gross profit", None, *[revenue[m] - cogs[m] for m in range(3)]])
    ws.append(["Operating profit", None, *[revenue[m] - cogs[m] - opex[m] for m in range(3)]])
    ws.append(["Net profit", None, *[revenue[m] - cogs[m] - opex[m] - below[m] for m in range(3)]])
    book.save(path)
    return path


def _sections(cards) -> dict[str, str | None]:
    wide = next(c for c in cards if c.row_kinds)
    return {r.label: r.section for r in wide.row_kinds if r.kind == "line"}


@pytest.mark.parametrize("sign", [1.0, -1.0], ids=["costs-positive", "costs-negative"])
@pytest.mark.parametrize("words", list(KINDS))
def test_a_kind_column_places_every_line_and_the_reading_reconciles(tmp_path, words, sign):
    header, *kinds = KINDS[words]
    cards = ingest_file(_book(tmp_path / "pnl.xlsx", header, ("", *kinds), sign),
                        Workspace(tmp_path / "ws"))
    assert _sections(cards) == {label: kinds[kind - 1] for label, kind, _ in LINES}
    wide = next(c for c in cards if c.row_kinds)
    assert all(r.agrees is not False for r in wide.row_kinds)  # every result row reproduced
    keys = [getattr(a, "key", None) for a in wide.assumptions]
    assert "statement_unreconciled" not in keys


@pytest.mark.parametrize(("header", "values"), [
    ("Department", ["Sales", "Marketing", "Operations"]),  # not headed as a kind
    ("Type", ["Fixed", "Variable", "Fixed"]),  # headed so, but no P&L kind among its values
    ("Type", ["Revenue", "Revenue", "Revenue"]),  # one kind: nothing to tell apart
    ("Type", ["Revenue", "Cost of sales", "Q3 plan"]),  # a value that is no kind
])
def test_a_column_that_only_looks_like_a_kind_column_is_not_read_as_one(header, values):
    frame = pd.DataFrame({"Line": ["Salaries", "Travel", "Software"], header: values})
    assert kind_column(frame, "Line", ["Line", header]) is None


@pytest.mark.parametrize("words", list(KINDS))
def test_the_kind_column_is_found_by_its_header_and_values(words):
    header, *kinds = KINDS[words]
    frame = pd.DataFrame({"Line": ["a", "b", "c", "d", "e"],
                          header: [kinds[0], kinds[1], None, kinds[2], kinds[3]]})
    assert kind_column(frame, "Line", ["Line", header]) == header
