"""Through the command line, on finance files it has never seen (generated here): a P&L
workbook (months as real Excel dates, title rows, sections, SUM subtotals, costs stored as
negatives in accounting format) and a wide CSV with quarters over months and TBD cells.

`ingest --json` tells the layout, the period columns in order and each statement row's
kind (the SUM formulas computed); `ask --offline --json` on the wide CSV exits 0 with the
exact figures. The P&L's ask and report through the command line are in
test_finance_sweep_pnl_cli.py (and the pack's report of formula workbooks in
test_finance_pack_cli.py): the same checks of this workbook were run twice.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_ask_report_cli import analyst
from tests.ingest.finance_books import PNL_KINDS, pnl_workbook


@pytest.fixture(scope="module")
def pnl(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    return pnl_workbook(tmp_path_factory.mktemp("data") / "pnl_2025.xlsx", negative_costs=True, seed=11)


def _money(value: float) -> str:
    return f"{value:,.2f}"


def test_ingest_json_tells_the_statement(pnl, tmp_path: Path) -> None:
    path, info = pnl
    run = analyst("ingest", str(path), "--json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    cards = json.loads(run.stdout)
    wide = next(c for c in cards if c["long_table"])
    tidy = next(c for c in cards if c["wide_table"] == wide["table"])
    assert wide["layout"] == "statement"
    assert wide["period_columns"] == [f"{m} 2025" for m in ("Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")]
    assert wide["total_columns"] == ["FY 2025"]
    assert [r["kind"] for r in wide["row_kinds"]] == list(PNL_KINDS)
    assert wide["rows"] == len(PNL_KINDS)  # data rows: every statement row, no title rows
    assert tidy["rows"] == 7 * 12
    value = next(c for c in tidy["columns"] if c["name"] == "Value")
    assert round(value["sum"], 2) == round(sum(sum(v) for v in info["lines"].values()), 2)


def test_a_wide_csv_is_answered_from_its_tidy_table(tmp_path: Path) -> None:
    lines = ["Account,Jan 2026,Feb 2026,Mar 2026,Q1 2026"]
    expected = {}
    for k in range(6):
        row = [round(100.5 * (k + 1) + m * 10.25, 2) for m in range(3)]
        cells = [f"{v:.2f}" for v in row]
        if k == 2:
            cells[1], row[1] = "TBD", 0.0
        expected[f"Acct {k}"] = row
        lines.append(",".join([f"Acct {k}", *cells, f"{sum(row):.2f}"]))
    path = tmp_path / "wide_q1.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = analyst("ingest", str(path), "--json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    cards = json.loads(run.stdout)
    assert cards[0]["layout"] == "wide" and cards[0]["total_columns"] == ["Q1 2026"]
    run = analyst("ask", str(path), "total value by month", "--offline", "--json", "--backend", "local",
                  "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)["answer"]
    for m in range(3):
        assert _money(sum(v[m] for v in expected.values())) in answer, answer
