"""Through the command line, on finance files it has never seen (generated here): a P&L
workbook (months as real Excel dates, title rows, sections, SUM subtotals, costs stored as
negatives in accounting format) and a wide CSV with quarters over months and TBD cells.

`ingest --json` tells the layout, the period columns in order and each statement row's
kind; `ask --offline --json` exits 0 with the exact figures; `report --offline` writes the
year's revenue, operating profit and gross margin into the PDF.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

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


def test_ask_offline_json_gives_the_exact_pnl_figures(pnl, tmp_path: Path) -> None:
    path, info = pnl
    run = analyst("ask", str(path), "what is the gross margin?", "--offline", "--json",
                  "--backend", "local", "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["ok"] and data["brain"] == "offline"
    revenue, cogs, opex = sum(info["revenue"]), sum(info["cogs"]), sum(info["opex"])
    figures = data["steps"][0]["figures"]["figures"]
    assert round(figures["revenue"], 2) == round(revenue, 2)
    assert round(figures["gross_profit"], 2) == round(revenue - cogs, 2)
    assert round(figures["operating_profit"], 2) == round(revenue - cogs - opex, 2)
    assert _money(revenue) in data["answer"]
    assert f"{(revenue - cogs) / revenue * 100:.1f}%" in data["answer"]


def test_report_offline_has_the_years_revenue_operating_profit_and_gross_margin(pnl, tmp_path: Path) -> None:
    path, info = pnl
    out = tmp_path / "pnl.pdf"
    run = analyst("report", str(path), "-o", str(out), "--offline", "--backend", "local",
                  "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    revenue, cogs, opex = sum(info["revenue"]), sum(info["cogs"]), sum(info["opex"])
    assert _money(revenue) in text
    assert _money(revenue - cogs - opex) in text
    assert f"{(revenue - cogs) / revenue * 100:.1f}%" in text
    assert "Financial report: pnl_2025" in text


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
