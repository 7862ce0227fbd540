"""Acceptance sweep (issue 11, point 3), `analyst ingest FILE --json` on finance shapes the
code has never seen, generated here: a CSV with "Jan 2026 … Mar 2026, Q1 2026" and a totals
row in six phrasings (or unlabelled); a revenue column with one stray token; a workbook with
real Excel date headers; two- and three-row merged headers (period over measure). Each card
must say: rows = data rows, the key column's sum without the totals, layout, the period
columns in order and the total columns.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.cli.test_ask_report_cli import analyst
from tests.ingest.finance_books import SHORT, TOTAL_WORDS, merged_measures, months_wide


def _cards(path: Path, cwd: Path) -> list[dict]:
    run = analyst("ingest", str(path), "--json", cwd=cwd)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    return json.loads(run.stdout)


@pytest.mark.parametrize("word", [*TOTAL_WORDS, ""])
def test_a_wide_csv_with_a_totals_row(tmp_path: Path, word: str) -> None:
    rng = random.Random(word)
    regions = ("North", "South", "East", "West")[: 2 + len(word) % 3]
    values = {r: [round(rng.uniform(10, 9000), 2) for _ in range(3)] for r in regions}
    lines = ["Region,Jan 2026,Feb 2026,Mar 2026,Q1 2026"]
    lines += [f"{r},{v[0]},{v[1]},{v[2]},{round(sum(v), 2)}" for r, v in values.items()]
    sums = [round(sum(v[m] for v in values.values()), 2) for m in range(3)]
    lines.append(f"{word},{sums[0]},{sums[1]},{sums[2]},{round(sum(sums), 2)}")
    path = tmp_path / "regions.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    wide = _cards(path, tmp_path)[0]
    assert wide["layout"] == "wide"
    assert wide["rows"] == len(regions)  # the totals row is not data
    assert wide["period_columns"] == ["Jan 2026", "Feb 2026", "Mar 2026"]
    assert wide["total_columns"] == ["Q1 2026"]
    for m, month in enumerate(wide["period_columns"]):
        column = next(c for c in wide["columns"] if c["name"] == month)
        assert round(column["sum"], 2) == sums[m]


@pytest.mark.parametrize("token", ["TBD", "see note", "—", "?", "pending"])
def test_a_stray_token_leaves_the_column_numeric(tmp_path: Path, token: str) -> None:
    rng = random.Random(token)
    values = [round(rng.uniform(10, 900), 2) for _ in range(6)]
    at = len(token) % 6
    cells = [token if i == at else f"{v:.2f}" for i, v in enumerate(values)]
    path = tmp_path / "sales.csv"
    path.write_text("Product,Revenue\n" + "".join(f"P{i},{c}\n" for i, c in enumerate(cells)),
                    encoding="utf-8")
    [card] = _cards(path, tmp_path)
    revenue = next(c for c in card["columns"] if c["name"] == "Revenue")
    assert card["rows"] == 6 and revenue["missing"] == 1
    assert revenue["dtype"].startswith("float")
    assert round(revenue["sum"], 2) == round(sum(v for i, v in enumerate(values) if i != at), 2)


@pytest.mark.parametrize("months", [3, 12])
def test_excel_date_headers_are_months(tmp_path: Path, months: int) -> None:
    path, info = months_wide(tmp_path / "months.xlsx", months=months, seed=months)
    wide = _cards(path, tmp_path)[0]
    assert wide["layout"] == "wide" and wide["rows"] == len(info["values"])
    assert wide["period_columns"] == [f"{SHORT[m]} 2025" for m in range(months)]
    assert wide["total_columns"] == ["FY 2025"]
    first = next(c for c in wide["columns"] if c["name"] == "Jan 2025")
    assert round(first["sum"], 2) == round(sum(v[0] for v in info["values"].values()), 2)


@pytest.mark.parametrize("rows", [2, 3])
def test_merged_headers_join_period_and_measure(tmp_path: Path, rows: int) -> None:
    path, info = merged_measures(tmp_path / f"merged{rows}.xlsx", rows=rows, seed=rows)
    wide = _cards(path, tmp_path)[0]
    assert [c["name"] for c in wide["columns"]] == info["names"]
    assert wide["layout"] == "wide" and wide["rows"] == len(info["values"])
    assert wide["period_columns"] == info["names"][1:]
    revenue = next(c for c in wide["columns"] if c["name"] == "Jan 2026 Revenue")
    assert round(revenue["sum"], 2) == round(sum(v[1] for v in info["values"].values()), 2)
