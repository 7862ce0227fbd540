"""A statement's subtotal rows with no label (a row whose figures equal the sum of the lines
above it since the last heading) are left out of the table as sums, and the card lists
each as the subtotal it is: in `row_kinds` in its place (row None, its file row in `line`),
`excluded_rows` with the reason "subtotal row", the JSON card alike. A blank-label sum row
of a table that is not a statement stays a "total row".
"""

from __future__ import annotations

import json

import pandas as pd
import pytest

from analyst.datacard import DataCard
from analyst.ingest import ingest_file
from analyst.words.note import Note
from tests.ingest.finance_books import PNL_LABELS, pnl_sheet

# language, file, month spelling, costs' sign, quarters and FY columns
VARIANTS = [("en", "csv", "en", "positive", False), ("en", "xlsx", "excel", "negative", True),
            ("uk", "csv", "uk", "parentheses", False), ("uk", "xlsx", "uk", "positive", False),
            ("ru", "csv", "ru", "negative", True), ("de", "xlsx", "de", "negative", False),
            ("zh", "csv", "zh", "positive", True), ("zh", "xlsx", "iso", "parentheses", False)]


@pytest.mark.parametrize(("language", "suffix", "spelling", "sign", "quarters"), VARIANTS)
def test_blank_label_subtotals_are_subtotals_on_the_card(workspace, tmp_path, language, suffix,
                                                         spelling, sign, quarters):
    path, info = pnl_sheet(tmp_path / f"pnl_{language}.{suffix}", language=language,
                           spelling=spelling, sign=sign, subtotals="blank", quarters=quarters,
                           seed=len(VARIANTS) + len(language + suffix))
    cards = ingest_file(path, workspace)
    wide = next(c for c in cards if c.long_table)
    assert wide.layout == "statement" and wide.rows == info["rows"]
    # Every statement row in the file's order, the blank sums in their places as subtotals.
    assert [r.kind for r in wide.row_kinds] == info["row_kinds"]
    assert [r.label for r in wide.row_kinds] == info["labels"]
    blank = [r for r in wide.row_kinds if r.row is None]
    assert len(blank) == 3 and all(r.kind == "subtotal" and r.label == "" for r in blank)
    # The clean table's rows are still numbered 0..rows-1 in order.
    assert [r.row for r in wide.row_kinds if r.row is not None] == list(range(wide.rows))
    # Each blank subtotal is the excluded row of its file line, said as a subtotal row,
    # under the section of the lines it adds up.
    excluded = {r.line: r for r in wide.excluded_rows}
    for row in blank:
        assert excluded[row.line].reason == "subtotal row"
    labels = PNL_LABELS[language]
    assert [r.section for r in blank] == [labels[0], labels[4], labels[10]]
    said = {a.key: a for a in wide.assumptions if isinstance(a, Note)}
    assert "excluded_subtotals" in said and "excluded_sums" not in said
    assert "4 subtotals" in str(said["layout_statement"])  # with the gross profit
    # The JSON card says the same, and reads back.
    data = json.loads(json.dumps(wide.to_dict()))
    kinds = [(r["row"], r["kind"], r["line"]) for r in data["row_kinds"]]
    assert [k for _row, k, _line in kinds] == info["row_kinds"]
    assert [(row, line) for row, kind, line in kinds if row is None] == [(None, r.line) for r in blank]
    assert DataCard.from_dict(data) == wide
    # The tidy table: the lines only, their sums to the cent.
    long = next(c for c in cards if c.wide_table == wide.table)
    frame = pd.read_parquet(workspace.root / long.parquet_path)
    got = frame.groupby(frame.columns[0], sort=False)["Value"].sum()
    for line, figures in info["lines"].items():
        want = sum(v for v in figures if v is not None)
        assert round(abs(float(got[line])), 2) == round(want, 2), line


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_a_blank_sum_row_of_a_table_that_is_no_statement_stays_a_total_row(workspace, tmp_path, suffix):
    rows = [["Region", "Jan 2026", "Feb 2026", "Mar 2026"], ["North", 10.5, 20.25, 30.0],
            ["South", 1.5, 2.75, 3.0], ["East", 100.0, 200.0, 300.5]]
    rows.append(["", *[round(sum(r[j] for r in rows[1:]), 2) for j in (1, 2, 3)]])
    path = tmp_path / f"regions.{suffix}"
    if suffix == "csv":
        path.write_text("\n".join(",".join(str(c) for c in r) for r in rows) + "\n", encoding="utf-8")
    else:
        import openpyxl

        book = openpyxl.Workbook()
        for r in rows:
            book.active.append(r)
        book.save(path)
    [wide, _long] = ingest_file(path, workspace)
    assert wide.layout == "wide" and wide.rows == 3 and wide.row_kinds == ()
    assert [r.reason for r in wide.excluded_rows] == ["total row"]
